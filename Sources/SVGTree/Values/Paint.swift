/// What `fill` or `stroke` paints with, as written (before the cascade resolves
/// `currentColor` and the renderer resolves references).
public enum Paint: Hashable, Sendable, CustomStringConvertible {
  case none
  case color(Color)
  /// The computed value of the `color` property.
  case currentColor
  /// A paint server (gradient, pattern) by id; `fallback` is used when the reference
  /// does not resolve to a paint server.
  case reference(FuncIRI, fallback: PaintFallback?)
  /// SVG 2: the fill of the element that references a marker or a `use`.
  case contextFill
  /// SVG 2: the stroke of the element that references a marker or a `use`.
  case contextStroke

  /// Parses `none`, `currentColor`, `context-fill`, `context-stroke` (keywords ASCII
  /// case-insensitive), a ``Color`` (not followed by `icc-color(...)`, see
  /// ``Color/init(parsing:)``), or `url(#id)` (or `url(file.svg#id)`) optionally followed by
  /// a fallback `none`, `currentColor` or colour.
  /// `inherit` is not handled here: the cascade deals with it for every property.
  public init(parsing text: String) throws(ValueError) {
    var s = ValueScanner(text)
    s.skipSpaces()
    if FuncIRI.isNext(s) {
      let iri = try FuncIRI.parse(&s)
      s.skipSpaces()
      let fallback = s.isAtEnd ? nil : try PaintFallback.parse(&s)
      self = .reference(iri, fallback: fallback)
    } else {
      var probe = s
      let keyword: Paint? =
        switch probe.keyword() {
        case "none": Paint.none
        case "currentcolor": .currentColor
        case "context-fill": .contextFill
        case "context-stroke": .contextStroke
        default: nil
        }
      if let keyword {
        self = keyword
        s = probe
      } else {
        self = .color(try Color.parse(&s))
      }
    }
    try s.expectEnd()
  }

  public var description: String {
    switch self {
    case .none: return "none"
    case .color(let c): return c.description
    case .currentColor: return "currentColor"
    case .reference(let iri, let fallback):
      return fallback.map { "\(iri) \($0)" } ?? iri.description
    case .contextFill: return "context-fill"
    case .contextStroke: return "context-stroke"
    }
  }
}

/// The fallback after a paint server reference: `url(#g) red`.
public enum PaintFallback: Hashable, Sendable, CustomStringConvertible {
  case none
  case currentColor
  case color(Color)

  static func parse(_ s: inout ValueScanner) throws(ValueError) -> PaintFallback {
    var probe = s
    switch probe.keyword() {
    case "none":
      s = probe
      return .none
    case "currentcolor":
      s = probe
      return .currentColor
    default:
      // No icc-color() here: browsers and resvg reject `url(#g) red icc-color(...)` whole.
      return .color(try Color.parse(&s))
    }
  }

  public var description: String {
    switch self {
    case .none: return "none"
    case .currentColor: return "currentColor"
    case .color(let c): return c.description
    }
  }
}
