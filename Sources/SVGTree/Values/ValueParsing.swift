/// Helpers for value parsers built on ``ValueScanner`` (here and in the renderer's filter
/// parsing): errors at the current position and the common `expect` forms.
extension ValueScanner {
  /// The whole input, for error values.
  package var text: String { String(decoding: bytes, as: UTF8.self) }

  /// An error at the current position.
  package func error(_ message: String) -> ValueError {
    ValueError(message, text: text, position: position)
  }

  /// Throws unless only spaces are left.
  package mutating func expectEnd() throws(ValueError) {
    skipSpaces()
    if !isAtEnd { throw error("unexpected '\(remainder)'") }
  }

  /// Consumes `c` or throws `expected 'c'`.
  package mutating func expect(_ c: Unicode.Scalar) throws(ValueError) {
    guard consume(c) else {
      throw error(isAtEnd ? "expected '\(c)'" : "expected '\(c)' before '\(remainder)'")
    }
  }

  /// Reads a number or throws `expected a number`.
  package mutating func expectNumber() throws(ValueError) -> Double {
    guard let v = number() else {
      throw error(isAtEnd ? "expected a number" : "expected a number at '\(remainder)'")
    }
    return v
  }

  /// Reads a run of ASCII letters (a unit or keyword) without digits or `-`, lowercased,
  /// so that `10px-5` splits as `10`, `px`, `-5`.
  mutating func letters() -> String {
    let start = position
    while let c = peek, (c >= 0x61 && c <= 0x7A) || (c >= 0x41 && c <= 0x5A) { advance() }
    return String(decoding: bytes[start..<position], as: UTF8.self).lowercased()
  }

  /// Reads a CSS-style keyword (letters, digits, `-`), lowercased; nil if none is next.
  mutating func keyword() -> String? { identifier()?.lowercased() }
}

extension Double {
  /// The shortest text that reads back as this number, without a trailing `.0`.
  var svgText: String {
    var t = "\(self)"
    if t.hasSuffix(".0") { t.removeLast(2) }
    return t
  }
}
