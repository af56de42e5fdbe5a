import SVGGeometry
import SVGTree

/// Resolves `fill` and `stroke` (and their opacities, rules, widths, dashes) to render
/// values for a shape with fill bounding box `bounds`.
enum PaintResolver {
  /// Whether `fill` or `stroke` names a paint server, which may need the shape's box.
  static func needsBounds(_ style: StyleValues) -> Bool {
    style[.fill].map(containsURL) == true || style[.stroke].map(containsURL) == true
  }

  /// Whether `text` holds `url(`, by its bytes (no generic substring search, which costs
  /// more here than reading the whole style).
  private static func containsURL(_ text: String) -> Bool {
    let pattern: StaticString = "url("
    let u = pattern.utf8Start
    var matched = 0
    for b in text.utf8 {
      if b == u[matched] {
        matched += 1
        if matched == pattern.utf8CodeUnitCount { return true }
      } else {
        // No proper prefix of "url(" is also its suffix: a mismatch restarts the match.
        matched = b == u[0] ? 1 : 0
      }
    }
    return false
  }

  static func fill(
    _ style: StyleValues, bounds: Rect?, builder: RenderTreeBuilder, state: BuildState
  )
    throws(RenderError) -> Fill?
  {
    let paint = style.paint(.fill) ?? .color(.black)
    guard let p = try resolve(paint, style: style, bounds: bounds, builder: builder, state: state)
    else {
      return nil
    }
    let rule: FillRule = style.keyword(.fillRule) == "evenodd" ? .evenOdd : .nonZero
    return Fill(paint: p, opacity: style.opacity(.fillOpacity), rule: rule)
  }

  static func stroke(
    _ style: StyleValues, bounds: Rect?, builder: RenderTreeBuilder, state: BuildState
  )
    throws(RenderError) -> Stroke?
  {
    guard let paint = style.paint(.stroke),
      let p = try resolve(paint, style: style, bounds: bounds, builder: builder, state: state)
    else { return nil }
    var stroke = outline(style, paint: p, viewport: state.viewport)
    stroke?.opacity = style.opacity(.strokeOpacity)
    return stroke
  }

  /// The stroke's geometry (width, caps, joins, dashes) with `paint`; nil when the width is
  /// not positive. Hit testing needs it for unpainted strokes too (`pointer-events: stroke`).
  static func outline(_ style: StyleValues, paint p: RenderPaint, viewport: Size) -> Stroke? {
    var stroke = Stroke(paint: p)
    stroke.width = style.length(.strokeWidth, viewport: viewport, default: 1)
    guard stroke.width > 0 else { return nil }
    switch style.keyword(.strokeLinecap) {
    case "round": stroke.cap = .round
    case "square": stroke.cap = .square
    default: stroke.cap = .butt
    }
    switch style.keyword(.strokeLinejoin) {
    case "round": stroke.join = .round
    case "bevel": stroke.join = .bevel
    case "miter-clip": stroke.join = .miterClip
    case "arcs": stroke.join = .arcs
    default: stroke.join = .miter
    }
    let limit = style.number(.strokeMiterlimit, default: 4)
    stroke.miterLimit = limit >= 1 ? limit : 4
    stroke.dashes = dashes(style, viewport: viewport)
    if stroke.dashes != nil {
      stroke.dashOffset = style.length(.strokeDashoffset, viewport: viewport, default: 0)
    }
    stroke.nonScaling = style.keyword(.vectorEffect) == "non-scaling-stroke"
    return stroke
  }

  /// `stroke-dasharray`: nil for none, for a negative value, or when all are zero; an odd
  /// count is repeated to make it even.
  static func dashes(_ style: StyleValues, viewport: Size) -> [Double]? {
    guard let text = style[.strokeDasharray]?.trimmingSpaces, text != "none", !text.isEmpty
    else { return nil }
    guard let list = try? LengthList(parsing: text) else {
      style.context.warn("invalid stroke-dasharray \"\(text)\"", at: style.id)
      return nil
    }
    let ctx = style.lengthContext(viewport)
    var values = list.lengths.map { $0.resolve(in: ctx, axis: .other) }
    guard !values.isEmpty, values.allSatisfy({ $0 >= 0 }), values.contains(where: { $0 > 0 })
    else { return nil }
    if values.count % 2 == 1 { values += values }
    return values
  }

  /// A paint value to a render paint; nil paints nothing.
  static func resolve(
    _ paint: Paint, style: StyleValues, bounds: Rect?, builder: RenderTreeBuilder, state: BuildState
  ) throws(RenderError) -> RenderPaint? {
    switch paint {
    case .none:
      return nil
    case .color(let c):
      return .color(c)
    case .currentColor:
      return .color(style.color)
    case .contextFill, .contextStroke:
      guard let context = state.contextPaint else {
        builder.context.warn("context-fill/context-stroke outside a marker or use", at: style.id)
        return nil
      }
      let isStroke = paint == .contextStroke
      return context.paint(stroke: isStroke, in: state.absoluteTransform)
    case .reference(let iri, let fallback):
      switch try PaintServerElement.resolve(
        iri, for: style.id, bounds: bounds, builder: builder, state: state)
      {
      case .paint(let p):
        return p
      case .nothing:
        return nil
      case .missing:
        switch fallback {
        case .color(let c)?: return .color(c)
        case .currentColor?: return .color(style.color)
        case .none?, nil: return nil
        }
      }
    }
  }
}
