import SVGGeometry
import SVGTree

/// The paints `context-fill` and `context-stroke` stand for (SVG 2 "context element"): the
/// fill and stroke of the shape a marker is drawn on, or of the `use` element whose
/// instance is being built.
///
/// The paints are kept in the context element's user space together with that space's
/// transform to document coordinates, so content drawn in another user space (a rotated,
/// scaled marker) gets a gradient or pattern that still lines up with the context element.
struct ContextPaint: Sendable {
  /// The context element's resolved fill paint; nil for `none`.
  var fill: RenderPaint?
  /// The context element's resolved stroke paint; nil for `none`.
  var stroke: RenderPaint?
  /// Maps the context element's user space to document coordinates.
  var space: Transform

  /// The paints of a built shape (its fill and stroke, already resolved).
  init(fill: RenderPaint?, stroke: RenderPaint?, space: Transform) {
    self.fill = fill
    self.stroke = stroke
    self.space = space
  }

  /// Resolves `element`'s own `fill` and `stroke` as paints for its content, e.g. for a `use`
  /// element before its instance is built. `bounds` is the element's bounding box in its
  /// user space, for `objectBoundingBox` paint servers; `state` is the element's own state
  /// (its transform applied), so `space` is `state.absoluteTransform`.
  init(of element: NodeID, bounds: Rect?, builder: RenderTreeBuilder, state: BuildState)
    throws(RenderError)
  {
    let style = builder.context.style(element)
    let fill = try PaintResolver.fill(style, bounds: bounds, builder: builder, state: state)
    let stroke = try PaintResolver.stroke(style, bounds: bounds, builder: builder, state: state)
    self.init(fill: fill?.paint, stroke: stroke?.paint, space: state.absoluteTransform)
  }

  /// Whether `element`'s fill or stroke names a paint server. Such a paint may need the
  /// bounding box of the content drawn with it, so a `use` builds its instance once to
  /// measure it, then again with its paints resolved for that box.
  static func needsBounds(of element: NodeID, context: BuildContext) -> Bool {
    let style = context.style(element)
    for property in [PropertyID.fill, .stroke] {
      if case .reference? = style.paint(property) { return true }
    }
    return false
  }

  /// The fill (or stroke) paint mapped into a user space whose transform to document
  /// coordinates is `target`; nil when it paints nothing or cannot be mapped.
  func paint(stroke isStroke: Bool, in target: Transform) -> RenderPaint? {
    guard let paint = isStroke ? stroke : fill else { return nil }
    if case .color = paint { return paint }
    guard let inverse = target.inverted else { return nil }
    return paint.transformed(by: inverse * space)
  }
}

extension RenderPaint {
  /// The same paint for a user space that `t` maps into the paint's current user space
  /// (paint-space coordinates are mapped by `t` after the paint's own transform).
  func transformed(by t: Transform) -> RenderPaint {
    if t.isIdentity { return self }
    switch self {
    case .color:
      return self
    case .linearGradient(var g):
      g.transform = t * g.transform
      return .linearGradient(g)
    case .radialGradient(var g):
      g.transform = t * g.transform
      return .radialGradient(g)
    case .pattern(let p):
      return .pattern(Pattern(tile: p.tile, transform: t * p.transform, content: p.content))
    }
  }
}
