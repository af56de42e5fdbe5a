/// A same-document reference written as a CSS function: `url(#id)`, `url('#id')`,
/// `url("#id")`, as used by `fill`, `stroke`, `clip-path`, `mask`, `filter` and `marker-*`.
public struct FuncIRI: Hashable, Sendable, CustomStringConvertible {
  /// The fragment identifier: the referenced element's `id`, without `#`.
  public var id: String

  public init(id: String) { self.id = id }

  /// Parses the whole value (spaces allowed around it and inside the parentheses). The
  /// `none` keyword is not a FuncIRI; callers check for it first. References to other
  /// documents (`url(other.svg#id)`) are an error: they are not supported.
  public init(parsing text: String) throws(ValueError) {
    var s = ValueScanner(text)
    s.skipSpaces()
    self = try FuncIRI.parse(&s)
    try s.expectEnd()
  }

  /// True when the scanner is at `url(` (ASCII case-insensitive).
  static func isNext(_ s: ValueScanner) -> Bool {
    var probe = s
    return probe.keyword() == "url" && probe.peek == UInt8(ascii: "(")
  }

  /// Reads `url(...)` at the scanner's position.
  static func parse(_ s: inout ValueScanner) throws(ValueError) -> FuncIRI {
    guard s.keyword() == "url" else { throw s.error("expected 'url('") }
    try s.expect("(")
    s.skipSpaces()
    let start = s.position
    var reference: String
    if let quote = s.peek, quote == UInt8(ascii: "'") || quote == UInt8(ascii: "\"") {
      s.advance()
      let begin = s.position
      while let c = s.peek, c != quote { s.advance() }
      if s.isAtEnd { throw s.error("unterminated string in url()") }
      reference = String(decoding: s.bytes[begin..<s.position], as: UTF8.self)
      s.advance()
      s.skipSpaces()
    } else {
      while let c = s.peek, c != UInt8(ascii: ")"), !ValueScanner.isSpace(c) { s.advance() }
      reference = String(decoding: s.bytes[start..<s.position], as: UTF8.self)
      s.skipSpaces()
    }
    try s.expect(")")
    guard reference.hasPrefix("#") else {
      let message =
        reference.isEmpty
        ? "empty url()" : "only same-document references url(#id) are supported"
      throw ValueError(message, text: s.text, position: start)
    }
    reference.removeFirst()
    guard !reference.isEmpty else {
      throw ValueError("url() has an empty fragment", text: s.text, position: start)
    }
    return FuncIRI(id: reference)
  }

  public var description: String { "url(#\(id))" }
}
