/// A cursor over the UTF-8 bytes of an attribute value, with SVG's number grammar.
///
/// Shared by every value parser (path data, transforms, lengths, number lists) so that they
/// all accept the same forms: `1e-3`, `.5.5` (two numbers), `-1-2`, `1,2`, arc flags written
/// without separators (`a1 1 0 00 1 1`).
package struct ValueScanner: Sendable {
  package let bytes: [UInt8]
  package private(set) var position: Int = 0

  package init(_ text: String) { bytes = Array(text.utf8) }
  package init<S: StringProtocol>(_ text: S) { bytes = Array(text.utf8) }

  package var isAtEnd: Bool { position >= bytes.count }
  package var peek: UInt8? { position < bytes.count ? bytes[position] : nil }

  /// The rest of the input, for error messages.
  package var remainder: String {
    String(decoding: bytes[min(position, bytes.count)...], as: UTF8.self)
  }

  package mutating func advance(_ n: Int = 1) { position = min(bytes.count, position + n) }

  package static func isSpace(_ c: UInt8) -> Bool {
    c == 0x20 || c == 0x09 || c == 0x0A || c == 0x0D || c == 0x0C
  }

  package mutating func skipSpaces() {
    while let c = peek, Self.isSpace(c) { position += 1 }
  }

  /// Skips spaces, at most one comma, and spaces again (SVG's `comma-wsp`).
  package mutating func skipCommaSpaces() {
    skipSpaces()
    if peek == UInt8(ascii: ",") {
      position += 1
      skipSpaces()
    }
  }

  /// Consumes `c` if it is next.
  package mutating func consume(_ c: Character) -> Bool {
    guard let a = c.asciiValue, peek == a else { return false }
    position += 1
    return true
  }

  /// Consumes `word` if the input continues with it (ASCII, case-sensitive).
  package mutating func consume(word: String) -> Bool {
    let w = Array(word.utf8)
    guard position + w.count <= bytes.count, Array(bytes[position..<position + w.count]) == w
    else { return false }
    position += w.count
    return true
  }

  /// Reads an SVG/CSS number (`-1.5e3`, `.5`, `+2`); nil (position unchanged) if none is next.
  package mutating func number() -> Double? {
    let start = position
    var i = position
    if i < bytes.count, bytes[i] == UInt8(ascii: "+") || bytes[i] == UInt8(ascii: "-") { i += 1 }
    var digits = 0
    while i < bytes.count, bytes[i] >= 0x30, bytes[i] <= 0x39 { i += 1; digits += 1 }
    if i < bytes.count, bytes[i] == UInt8(ascii: ".") {
      var j = i + 1
      var frac = 0
      while j < bytes.count, bytes[j] >= 0x30, bytes[j] <= 0x39 { j += 1; frac += 1 }
      if frac > 0 || digits > 0 { i = j; digits += frac }
    }
    guard digits > 0 else { return nil }
    // An exponent only when digits follow: `1em` is 1 then a unit, not a bad exponent.
    if i < bytes.count, bytes[i] == UInt8(ascii: "e") || bytes[i] == UInt8(ascii: "E") {
      var j = i + 1
      if j < bytes.count, bytes[j] == UInt8(ascii: "+") || bytes[j] == UInt8(ascii: "-") { j += 1 }
      if j < bytes.count, bytes[j] >= 0x30, bytes[j] <= 0x39 {
        while j < bytes.count, bytes[j] >= 0x30, bytes[j] <= 0x39 { j += 1 }
        i = j
      }
    }
    if let v = Self.shortDecimal(bytes, start, i) {
      position = i
      return v
    }
    let text = String(decoding: bytes[start..<i], as: UTF8.self)
    guard let v = Double(text), v.isFinite else { return nil }
    position = i
    return v
  }

  private static let powersOfTen: [Double] = [
    1, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15,
  ]

  /// The value of `[sign] digits [. digits]` with at most 15 digits and no exponent, computed
  /// without allocating; nil for anything else. Exact: the digits and the power of ten are
  /// both representable, so the one division is correctly rounded, as `Double(String)` is.
  private static func shortDecimal(_ b: [UInt8], _ start: Int, _ end: Int) -> Double? {
    var i = start
    let negative = b[i] == UInt8(ascii: "-")
    if negative || b[i] == UInt8(ascii: "+") { i += 1 }
    var mantissa: UInt64 = 0
    var digits = 0
    var fraction = -1
    while i < end {
      let c = b[i]
      if c == UInt8(ascii: ".") {
        fraction = 0
      } else if c >= 0x30, c <= 0x39 {
        mantissa = mantissa &* 10 &+ UInt64(c &- 0x30)
        digits += 1
        if fraction >= 0 { fraction += 1 }
      } else {
        return nil
      }
      i += 1
    }
    guard digits <= 15 else { return nil }
    let v = Double(mantissa) / powersOfTen[max(fraction, 0)]
    return negative ? -v : v
  }

  /// Reads an arc flag: a single `0` or `1`, which needs no separator after it.
  package mutating func flag() -> Bool? {
    switch peek {
    case UInt8(ascii: "0"): position += 1; return false
    case UInt8(ascii: "1"): position += 1; return true
    default: return nil
    }
  }

  /// Reads an identifier-like run of ASCII letters, digits, `-` and `_`.
  package mutating func identifier() -> String? {
    let start = position
    while let c = peek,
      (c >= 0x61 && c <= 0x7A) || (c >= 0x41 && c <= 0x5A) || (c >= 0x30 && c <= 0x39)
        || c == UInt8(ascii: "-") || c == UInt8(ascii: "_")
    { position += 1 }
    return position > start ? String(decoding: bytes[start..<position], as: UTF8.self) : nil
  }
}
