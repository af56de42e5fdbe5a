/// A reference written as a CSS function: `url(#id)`, `url('#id')`, `url("#id")`, as used by
/// `fill`, `stroke`, `clip-path`, `mask`, `filter` and `marker-*`, or into another file:
/// `url(other.svg#id)`.
public struct FuncIRI: Hashable, Sendable, CustomStringConvertible {
  /// The fragment identifier: the referenced element's `id`, without `#`.
  public var id: String
  /// The other document the element is in, as written (`sprites.svg`); nil for an element
  /// of the same document.
  public var file: String?

  public init(id: String, file: String? = nil) {
    self.id = id
    self.file = file
  }

  /// Parses the whole value (spaces allowed around it and inside the parentheses). The
  /// `none` keyword is not a FuncIRI; callers check for it first. A reference must name an
  /// element: `url(other.svg)` without `#id` is an error.
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
    guard !reference.isEmpty else { throw ValueError("empty url()", text: s.text, position: start) }
    guard let hash = reference.lastIndex(of: "#") else {
      throw ValueError(
        "url() of another file must name an element (file.svg#id)", text: s.text, position: start)
    }
    let file = hash == reference.startIndex ? nil : String(reference[..<hash])
    reference = String(reference[reference.index(after: hash)...])
    guard !reference.isEmpty else {
      throw ValueError("url() has an empty fragment", text: s.text, position: start)
    }
    return FuncIRI(id: reference, file: file)
  }

  public var description: String { "url(\(file ?? "")#\(id))" }
}
