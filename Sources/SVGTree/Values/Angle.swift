/// An angle, kept in degrees (SVG's unit when none is written).
package struct Angle: Hashable, Sendable, CustomStringConvertible {
  package var degrees: Double

  package init(degrees: Double) { self.degrees = degrees }

  package var radians: Double { degrees * .pi / 180 }

  /// Parses `<number>` or `<number><unit>` with unit `deg`, `grad`, `rad` or `turn`
  /// (case-insensitive, no space before the unit); surrounding spaces are allowed.
  package init(parsing text: String) throws(ValueError) {
    var s = ValueScanner(text)
    s.skipSpaces()
    self = try Angle.parse(&s)
    try s.expectEnd()
  }

  /// Reads one angle at the scanner's position (no leading spaces skipped).
  static func parse(_ s: inout ValueScanner) throws(ValueError) -> Angle {
    let value = try s.expectNumber()
    let unitStart = s.position
    let unit = s.letters()
    switch unit {
    case "", "deg": return Angle(degrees: value)
    case "grad": return Angle(degrees: value * 360 / 400)
    case "rad": return Angle(degrees: value * 180 / .pi)
    case "turn": return Angle(degrees: value * 360)
    default:
      throw ValueError("unknown angle unit '\(unit)'", text: s.text, position: unitStart)
    }
  }

  package var description: String { "\(degrees)deg" }
}

/// The `orient` attribute of `<marker>`.
package enum MarkerOrient: Hashable, Sendable {
  /// Along the path direction at the vertex.
  case auto
  /// Like `auto`, but the start marker points backwards (SVG 2, for arrowheads at both ends).
  case autoStartReverse
  /// A fixed angle in the marker's parent user space.
  case angle(Angle)

  /// Parses `auto`, `auto-start-reverse` (case-sensitive as in SVG) or an ``Angle``.
  package init(parsing text: String) throws(ValueError) {
    var s = ValueScanner(text)
    s.skipSpaces()
    if s.consume(word: "auto-start-reverse") {
      self = .autoStartReverse
    } else if s.consume(word: "auto") {
      self = .auto
    } else {
      self = .angle(try Angle.parse(&s))
    }
    try s.expectEnd()
  }
}
