/// The kinds of token of CSS Syntax Level 3 (§4), without the ones SVG styling never needs.
enum CSSTokenKind: Equatable, Sendable {
  case ident, function, atKeyword, hash, string, badString, url, badURL, delim
  case number, percentage, dimension, whitespace, cdo, cdc
  case colon, semicolon, comma, openSquare, closeSquare, openParen, closeParen
  case openCurly, closeCurly
}

/// One token with its decoded value and its byte range in the source (for re-serialising
/// declaration values as written, and for positions in messages).
struct CSSToken: Sendable {
  var kind: CSSTokenKind
  /// Name of an ident/function/at-keyword/hash (escapes decoded), contents of a string or url,
  /// the character of a delim, the unit of a dimension.
  var value: String = ""
  var number: Double = 0
  /// A hash token whose name would be a valid identifier (the only kind an ID selector takes).
  var isIDHash = false
  var start: Int
  var end: Int

  func isDelim(_ c: Character) -> Bool { kind == .delim && value == String(c) }
}

/// Splits CSS text into tokens. Comments are dropped; `<!--`, `-->`, `<![CDATA[` and `]]>`
/// become CDO/CDC tokens, which the style sheet parser ignores at the top level.
struct CSSTokenizer {
  private var s: ValueScanner

  init(_ text: String) { s = ValueScanner(text) }

  var bytes: [UInt8] { s.bytes }

  mutating func tokenize() -> [CSSToken] {
    var out: [CSSToken] = []
    while let t = next() { out.append(t) }
    return out
  }

  private func at(_ offset: Int) -> UInt8? {
    let i = s.position + offset
    return i < s.bytes.count ? s.bytes[i] : nil
  }

  private static func isNameStart(_ c: UInt8) -> Bool {
    (c >= 0x61 && c <= 0x7A) || (c >= 0x41 && c <= 0x5A) || c == 0x5F || c >= 0x80
  }

  private static func isName(_ c: UInt8) -> Bool {
    isNameStart(c) || (c >= 0x30 && c <= 0x39) || c == 0x2D
  }

  private static func isDigit(_ c: UInt8?) -> Bool { c.map { $0 >= 0x30 && $0 <= 0x39 } ?? false }

  private static func hexValue(_ c: UInt8) -> UInt32? {
    switch c {
    case 0x30...0x39: UInt32(c - 0x30)
    case 0x41...0x46: UInt32(c - 0x41 + 10)
    case 0x61...0x66: UInt32(c - 0x61 + 10)
    default: nil
    }
  }

  private func isValidEscape(_ offset: Int) -> Bool {
    at(offset) == UInt8(ascii: "\\") && at(offset + 1) != 0x0A && at(offset + 1) != nil
  }

  private func startsIdentifier(_ offset: Int = 0) -> Bool {
    guard let c = at(offset) else { return false }
    if c == UInt8(ascii: "-") {
      guard let d = at(offset + 1) else { return false }
      return Self.isNameStart(d) || d == UInt8(ascii: "-") || isValidEscape(offset + 1)
    }
    return Self.isNameStart(c) || isValidEscape(offset)
  }

  private func startsNumber() -> Bool {
    guard let c = at(0) else { return false }
    if c == UInt8(ascii: "+") || c == UInt8(ascii: "-") {
      return Self.isDigit(at(1)) || (at(1) == UInt8(ascii: ".") && Self.isDigit(at(2)))
    }
    if c == UInt8(ascii: ".") { return Self.isDigit(at(1)) }
    return Self.isDigit(c)
  }

  private mutating func next() -> CSSToken? {
    while at(0) == UInt8(ascii: "/") && at(1) == UInt8(ascii: "*") {
      s.advance(2)
      while !s.isAtEnd && !(at(0) == UInt8(ascii: "*") && at(1) == UInt8(ascii: "/")) {
        s.advance()
      }
      s.advance(2)
    }
    guard let c = s.peek else { return nil }
    let start = s.position
    func token(_ kind: CSSTokenKind, _ length: Int, _ value: String = "") -> CSSToken {
      s.advance(length)
      return CSSToken(kind: kind, value: value, start: start, end: s.position)
    }
    switch c {
    case _ where ValueScanner.isSpace(c):
      s.skipSpaces()
      return CSSToken(kind: .whitespace, start: start, end: s.position)
    case UInt8(ascii: "\""), UInt8(ascii: "'"): return string(quote: c)
    case UInt8(ascii: "#"):
      guard let d = at(1), Self.isName(d) || isValidEscape(1) else { return token(.delim, 1, "#") }
      s.advance()
      let isID = startsIdentifier()
      var t = CSSToken(kind: .hash, value: name(), start: start, end: 0)
      t.isIDHash = isID
      t.end = s.position
      return t
    case UInt8(ascii: "("): return token(.openParen, 1)
    case UInt8(ascii: ")"): return token(.closeParen, 1)
    case UInt8(ascii: "["): return token(.openSquare, 1)
    case UInt8(ascii: "]"):
      if at(1) == UInt8(ascii: "]") && at(2) == UInt8(ascii: ">") { return token(.cdc, 3) }
      return token(.closeSquare, 1)
    case UInt8(ascii: "{"): return token(.openCurly, 1)
    case UInt8(ascii: "}"): return token(.closeCurly, 1)
    case UInt8(ascii: ","): return token(.comma, 1)
    case UInt8(ascii: ":"): return token(.colon, 1)
    case UInt8(ascii: ";"): return token(.semicolon, 1)
    case UInt8(ascii: "<"):
      if s.consume(word: "<!--") || s.consume(word: "<![CDATA[") {
        return CSSToken(kind: .cdo, start: start, end: s.position)
      }
      return token(.delim, 1, "<")
    case UInt8(ascii: "@"):
      if startsIdentifier(1) {
        s.advance()
        return CSSToken(kind: .atKeyword, value: name(), start: start, end: s.position)
      }
      return token(.delim, 1, "@")
    default:
      if startsNumber() { return numeric() }
      if c == UInt8(ascii: "-") && at(1) == UInt8(ascii: "-") && at(2) == UInt8(ascii: ">") {
        return token(.cdc, 3)
      }
      if startsIdentifier() { return identLike() }
      let scalarLength = c < 0x80 ? 1 : (c >= 0xF0 ? 4 : c >= 0xE0 ? 3 : 2)
      let end = min(s.bytes.count, start + scalarLength)
      return token(.delim, end - start, String(decoding: s.bytes[start..<end], as: UTF8.self))
    }
  }

  /// Consumes a name (§4.3.12), decoding escapes.
  private mutating func name() -> String {
    var buf: [UInt8] = []
    while let c = s.peek {
      if Self.isName(c) {
        buf.append(c)
        s.advance()
      } else if isValidEscape(0) {
        s.advance()
        escape(into: &buf)
      } else {
        break
      }
    }
    return String(decoding: buf, as: UTF8.self)
  }

  /// Consumes an escape after its backslash (§4.3.7).
  private mutating func escape(into buf: inout [UInt8]) {
    guard let c = s.peek else {
      buf.append(contentsOf: Array("\u{FFFD}".utf8))
      return
    }
    guard Self.hexValue(c) != nil else {
      buf.append(c)
      s.advance()
      return
    }
    var value: UInt32 = 0
    var count = 0
    while count < 6, let d = s.peek, let h = Self.hexValue(d) {
      value = value * 16 + h
      count += 1
      s.advance()
    }
    if let w = s.peek, ValueScanner.isSpace(w) { s.advance() }
    let scalar = value == 0 ? nil : Unicode.Scalar(value)
    buf.append(contentsOf: Array(String(Character(scalar ?? "\u{FFFD}")).utf8))
  }

  private mutating func string(quote: UInt8) -> CSSToken {
    let start = s.position
    s.advance()
    var buf: [UInt8] = []
    while let c = s.peek {
      if c == quote {
        s.advance()
        break
      }
      if c == 0x0A || c == 0x0D || c == 0x0C {
        return CSSToken(kind: .badString, start: start, end: s.position)
      }
      s.advance()
      if c == UInt8(ascii: "\\") {
        if s.peek == 0x0A {
          s.advance()
        } else if s.peek != nil {
          escape(into: &buf)
        }
      } else {
        buf.append(c)
      }
    }
    return CSSToken(
      kind: .string, value: String(decoding: buf, as: UTF8.self), start: start, end: s.position)
  }

  private mutating func numeric() -> CSSToken {
    let start = s.position
    let value = s.number() ?? outOfRangeNumber()
    var t = CSSToken(kind: .number, start: start, end: 0)
    t.number = value
    if startsIdentifier() {
      t.kind = .dimension
      t.value = name()
    } else if s.consume("%") {
      t.kind = .percentage
    }
    t.end = s.position
    return t
  }

  /// A number too large for a Double (`1e999`), which the scanner leaves unread: consumed
  /// here, as the largest finite value of its sign, so the tokenizer always moves on.
  private mutating func outOfRangeNumber() -> Double {
    let negative = s.peek == UInt8(ascii: "-")
    if s.peek == UInt8(ascii: "-") || s.peek == UInt8(ascii: "+") { s.advance() }
    let isDigit = { (c: UInt8?) in c.map { $0 >= 0x30 && $0 <= 0x39 } ?? false }
    while isDigit(s.peek) { s.advance() }
    if s.peek == UInt8(ascii: "."), isDigit(at(1)) { s.advance() }
    while isDigit(s.peek) { s.advance() }
    if s.peek == UInt8(ascii: "e") || s.peek == UInt8(ascii: "E") {
      let signed = at(1) == UInt8(ascii: "-") || at(1) == UInt8(ascii: "+")
      if isDigit(at(signed ? 2 : 1)) {
        s.advance()
        if signed { s.advance() }
        while isDigit(s.peek) { s.advance() }
      }
    }
    return negative ? -.greatestFiniteMagnitude : .greatestFiniteMagnitude
  }

  private mutating func identLike() -> CSSToken {
    let start = s.position
    let n = name()
    guard s.peek == UInt8(ascii: "(") else {
      return CSSToken(kind: .ident, value: n, start: start, end: s.position)
    }
    s.advance()
    if n.lowercased() == "url" {
      var look = 0
      while let w = at(look), ValueScanner.isSpace(w) { look += 1 }
      if at(look) != UInt8(ascii: "\"") && at(look) != UInt8(ascii: "'") {
        return url(start: start)
      }
    }
    return CSSToken(kind: .function, value: n, start: start, end: s.position)
  }

  /// An unquoted `url(...)` (§4.3.6); the opening parenthesis is consumed.
  private mutating func url(start: Int) -> CSSToken {
    s.skipSpaces()
    var buf: [UInt8] = []
    while let c = s.peek {
      s.advance()
      if c == UInt8(ascii: ")") { break }
      if ValueScanner.isSpace(c) {
        s.skipSpaces()
        if s.peek == nil || s.consume(")") { break }
        return badURL(start: start)
      }
      if c == UInt8(ascii: "\"") || c == UInt8(ascii: "'") || c == UInt8(ascii: "(") || c < 0x20 {
        return badURL(start: start)
      }
      if c == UInt8(ascii: "\\") {
        guard s.peek != nil, s.peek != 0x0A else { return badURL(start: start) }
        escape(into: &buf)
      } else {
        buf.append(c)
      }
    }
    return CSSToken(
      kind: .url, value: String(decoding: buf, as: UTF8.self), start: start, end: s.position)
  }

  private mutating func badURL(start: Int) -> CSSToken {
    while let c = s.peek {
      s.advance()
      if c == UInt8(ascii: ")") { break }
      if c == UInt8(ascii: "\\") && s.peek != nil { s.advance() }
    }
    return CSSToken(kind: .badURL, start: start, end: s.position)
  }
}
