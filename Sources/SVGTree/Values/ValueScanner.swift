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

  /// Consumes `c` if it is next (an ASCII character: a `Unicode.Scalar`, not a `Character`,
  /// whose grapheme breaking cost more than the rest of a transform's parse).
  package mutating func consume(_ c: Unicode.Scalar) -> Bool {
    guard c.isASCII, peek == UInt8(truncatingIfNeeded: c.value) else { return false }
    position += 1
    return true
  }

  /// Consumes `word` if the input continues with it (ASCII, case-sensitive).
  package mutating func consume(word: String) -> Bool {
    let w = word.utf8
    guard bytes.count - position >= w.count, bytes[position...].starts(with: w) else {
      return false
    }
    position += w.count
    return true
  }

  /// Reads an SVG/CSS number (`-1.5e3`, `.5`, `+2`); nil (position unchanged) if none is next.
  ///
  /// One pass over the bytes: the digits are accumulated as they are scanned, and a number
  /// of at most 15 digits without an exponent is computed without allocating. That is exact:
  /// the digits and the power of ten are both representable, so the one division is
  /// correctly rounded, as `Double(String)` (which reads every other number) is.
  package mutating func number() -> Double? {
    let start = position
    let scanned: (end: Int, value: Double?)? = bytes.withUnsafeBufferPointer { b in
      let n = b.count
      var i = start
      var negative = false
      if i < n, b[i] == UInt8(ascii: "+") || b[i] == UInt8(ascii: "-") {
        negative = b[i] == UInt8(ascii: "-")
        i += 1
      }
      /// Reads decimal digits from `i` into `m`: where they end and how many there were.
      func digits(from i: Int, into m: inout UInt64) -> (end: Int, count: Int) {
        var j = i
        while j < n {
          let d = b[j] &- 0x30
          guard d <= 9 else { break }
          m = m &* 10 &+ UInt64(d)
          j += 1
        }
        return (j, j - i)
      }
      var mantissa: UInt64 = 0
      let whole = digits(from: i, into: &mantissa)
      i = whole.end
      var count = whole.count
      var fraction = 0
      if i < n, b[i] == UInt8(ascii: ".") {
        var m = mantissa
        let part = digits(from: i + 1, into: &m)
        if part.count > 0 || count > 0 {
          i = part.end
          mantissa = m
          fraction = part.count
          count += part.count
        }
      }
      guard count > 0 else { return nil }
      // An exponent only when digits follow: `1em` is 1 then a unit, not a bad exponent.
      var exponent = false
      if i < n, b[i] == UInt8(ascii: "e") || b[i] == UInt8(ascii: "E") {
        var j = i + 1
        if j < n, b[j] == UInt8(ascii: "+") || b[j] == UInt8(ascii: "-") { j += 1 }
        if j < n, b[j] &- 0x30 <= 9 {
          while j < n, b[j] &- 0x30 <= 9 { j += 1 }
          i = j
          exponent = true
        }
      }
      guard !exponent, count <= 15 else { return (i, nil) }
      // At most 15 digits: the mantissa fits an Int64, whose conversion is one instruction.
      let v = Double(Int64(truncatingIfNeeded: mantissa)) / Self.powersOfTen[fraction]
      return (i, negative ? -v : v)
    }
    guard let scanned else { return nil }
    if let v = scanned.value {
      position = scanned.end
      return v
    }
    let text = String(decoding: bytes[start..<scanned.end], as: UTF8.self)
    guard let v = Double(text), v.isFinite else { return nil }
    position = scanned.end
    return v
  }

  /// 10 to the power 0 to 15, all exact in a `Double`.
  private static let powersOfTen: [Double] = [
    1, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15,
  ]

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
