/// The unit of a ``Length``.
public enum LengthUnit: String, Hashable, Sendable, CaseIterable {
  /// A bare number: user units (px).
  case none = ""
  case px, pt, pc, mm, cm
  case inch = "in"
  case em, ex, rem
  case percent = "%"
  case vw, vh, vmin, vmax
}

/// Which viewport dimension a percentage refers to.
package enum LengthAxis: Hashable, Sendable {
  /// Horizontal: `x`, `width`, `cx`, `dx`...
  case x
  /// Vertical: `y`, `height`, `cy`, `dy`...
  case y
  /// Neither: `r`, `stroke-width`, `stroke-dasharray`..., against the normalized diagonal
  /// `sqrt((w² + h²) / 2)`.
  case other
}

/// What relative units resolve against.
package struct LengthContext: Hashable, Sendable {
  /// The element's computed `font-size`, in px (for `em`, `ex`).
  package var fontSize: Double
  /// The root element's `font-size`, in px (for `rem`).
  package var rootFontSize: Double
  /// The nearest viewport (for `%`, and for `vw`/`vh`, which in a standalone SVG document
  /// refer to the same outermost viewport that callers usually pass here).
  package var viewportWidth: Double
  package var viewportHeight: Double
  /// Pixels per inch for physical units (`in`, `cm`, `mm`, `pt`, `pc`) along x and y; CSS
  /// fixes 96, an output resolution (`--dpi`) changes it as rsvg-convert and resvg do.
  package var dpiX: Double
  package var dpiY: Double

  package init(
    fontSize: Double = 16, rootFontSize: Double = 16, viewportWidth: Double,
    viewportHeight: Double, dpiX: Double = 96, dpiY: Double = 96
  ) {
    self.fontSize = fontSize
    self.rootFontSize = rootFontSize
    self.viewportWidth = viewportWidth
    self.viewportHeight = viewportHeight
    self.dpiX = dpiX
    self.dpiY = dpiY
  }
}

/// A CSS/SVG length: a number and a unit, unresolved.
public struct Length: Hashable, Sendable, CustomStringConvertible {
  public var value: Double
  public var unit: LengthUnit

  public init(_ value: Double, _ unit: LengthUnit = .none) {
    self.value = value
    self.unit = unit
  }

  public static let zero = Length(0)

  /// Parses `<number><unit>?` with no space before the unit (`10 %` is an error); units are
  /// ASCII case-insensitive. Surrounding spaces are allowed. Negative values are accepted:
  /// whether they are allowed depends on the attribute, so callers check.
  public init(parsing text: String) throws(ValueError) {
    var s = ValueScanner(text)
    s.skipSpaces()
    self = try Length.parse(&s)
    try s.expectEnd()
  }

  /// Reads one length at the scanner's position (no leading spaces skipped).
  static func parse(_ s: inout ValueScanner) throws(ValueError) -> Length {
    let value = try s.expectNumber()
    if s.consume("%") { return Length(value, .percent) }
    let unitStart = s.position
    var name = s.letters()
    // CSS reads `10px5` as one token with the unit `px5`, not as `10px` then `5`.
    if !name.isEmpty, let c = s.peek, c >= 0x30 && c <= 0x39 {
      name += s.identifier() ?? ""
    }
    guard let unit = LengthUnit(rawValue: name) else {
      throw ValueError("unknown length unit '\(name)'", text: s.text, position: unitStart)
    }
    return Length(value, unit)
  }

  /// The length in user units (at 96 dpi: 1in = 96px, 1pt = 4/3px, 1pc = 16px,
  /// 1mm = 96/25.4px; physical units scale with the context's dpi; 1ex = 0.5em).
  package func resolve(in context: LengthContext, axis: LengthAxis) -> Double {
    let inch: Double
    switch axis {
    case .x: inch = context.dpiX
    case .y: inch = context.dpiY
    case .other:
      inch = ((context.dpiX * context.dpiX + context.dpiY * context.dpiY) / 2).squareRoot()
    }
    switch unit {
    case .none, .px: return value
    case .pt: return value * inch / 72
    case .pc: return value * inch / 6
    case .mm: return value * inch / 25.4
    case .cm: return value * inch / 2.54
    case .inch: return value * inch
    case .em: return value * context.fontSize
    case .ex: return value * context.fontSize / 2
    case .rem: return value * context.rootFontSize
    case .vw: return value * context.viewportWidth / 100
    case .vh: return value * context.viewportHeight / 100
    case .vmin: return value * min(context.viewportWidth, context.viewportHeight) / 100
    case .vmax: return value * max(context.viewportWidth, context.viewportHeight) / 100
    case .percent:
      let (w, h) = (context.viewportWidth, context.viewportHeight)
      switch axis {
      case .x: return value * w / 100
      case .y: return value * h / 100
      case .other: return value * ((w * w + h * h) / 2).squareRoot() / 100
      }
    }
  }

  /// The length as written in SVG: `10`, `2.5mm`, `50%`.
  public var description: String {
    value.svgText + unit.rawValue
  }
}

/// A list of lengths separated by commas and/or spaces: `x`/`y`/`dx`/`dy` on text,
/// `stroke-dasharray` (whose `none` keyword the caller handles before parsing).
package struct LengthList: Hashable, Sendable {
  package var lengths: [Length]

  package init(_ lengths: [Length]) { self.lengths = lengths }

  /// Parses the list; an empty or all-space value gives an empty list. A leading,
  /// trailing or doubled comma is an error, as in SVG's `comma-wsp` grammar.
  package init(parsing text: String) throws(ValueError) {
    var s = ValueScanner(text)
    var lengths: [Length] = []
    s.skipSpaces()
    while !s.isAtEnd {
      lengths.append(try Length.parse(&s))
      s.skipSpaces()
      if s.consume(",") {
        s.skipSpaces()
        if s.isAtEnd || s.peek == UInt8(ascii: ",") { throw s.error("expected a length after ','") }
      }
    }
    self.lengths = lengths
  }
}
