import SVGGeometry
import SVGTree

/// What `linearGradient` and `radialGradient` share: the href chain, the stops,
/// `gradientUnits`, `gradientTransform` and `spreadMethod`.
struct GradientElement {
  let id: NodeID
  let chain: HrefChain
  let units: PaintUnits
  /// gradientTransform, in gradient units.
  let gradientTransform: Transform
  let spread: SpreadMethod
  let stops: [GradientStop]

  static func isGradient(_ name: String) -> Bool {
    name == "linearGradient" || name == "radialGradient"
  }

  init(_ id: NodeID, context: BuildContext, viewport: Size) throws(RenderError) {
    self.id = id
    chain = try HrefChain(from: id, context: context, accepts: Self.isGradient)
    units = PaintServerElement.units(
      "gradientUnits", chain: chain, from: Self.isGradient, default: .objectBoundingBox,
      context: context)
    gradientTransform = PaintServerElement.transform(
      "gradientTransform", chain: chain, from: Self.isGradient, context: context,
      viewport: viewport)
    spread = Self.spreadMethod(chain: chain, context: context)
    stops =
      chain.firstWithChildren { context.document.isSVGElement($0, named: "stop") }
      .map { GradientStops.read(from: $0, context: context) } ?? []
  }

  /// Resolves the gradient element `id` for a shape with fill bounding box `bounds`.
  static func resolve(_ id: NodeID, bounds: Rect?, context: BuildContext, state: BuildState)
    throws(RenderError) -> PaintServerResolution
  {
    // Inside a `use` instance a stop's style may be the instance's: nothing is kept there.
    let key = KeptGradient.Key(id: id, viewport: state.viewport)
    let keeps = context.instanceStyles.isEmpty
    if keeps, let kept = context.gradients[key] {
      try context.countReference(kept.references)
      return kept.resolution(bounds: bounds, context: context)
    }
    let warnings = context.warnings
    let gradient = try GradientElement(id, context: context, viewport: state.viewport)
    func keep(_ paint: RenderPaint) {
      guard keeps, context.warnings == warnings else { return }
      context.gradients[key] = KeptGradient(
        id: id, paint: paint, units: gradient.units, references: gradient.chain.elements.count - 1)
    }
    guard let first = gradient.stops.first else {
      context.warn("gradient without stops; the fallback applies", at: id)
      return .missing
    }
    // One stop paints its colour everywhere, whatever the geometry or the bounding box.
    guard gradient.stops.count > 1 else {
      keep(.color(first.color))
      return .paint(.color(first.color))
    }
    let isRadial = context.document[id].name == "radialGradient"
    if isRadial, let last = gradient.stops.last,
      RadialGradientElement.radius(gradient, context: context, state: state) <= 0
    {
      // "A value of zero will cause the area to be painted as a single color using the
      // color and opacity of the last gradient stop"; resvg treats a negative r the same.
      keep(.color(last.color))
      return .paint(.color(last.color))
    }
    if gradient.units == .objectBoundingBox && (bounds?.isEmpty ?? true) {
      return KeptGradient.missingBox(id, context)
    }
    let paint =
      isRadial
      ? RadialGradientElement.resolve(gradient, context: context, state: state)
      : LinearGradientElement.resolve(gradient, context: context, state: state)
    keep(paint)
    return KeptGradient(id: id, paint: paint, units: gradient.units, references: 0)
      .resolution(bounds: bounds, context: context)
  }

  /// A coordinate attribute of this gradient, taken only from gradients of the same kind.
  func coordinate(
    _ name: String, axis: LengthAxis, default value: Length, context: BuildContext,
    viewport: Size
  ) -> Double {
    let kind = context.document[id].name
    return PaintServerElement.coordinate(
      name, axis: axis, chain: chain, from: { $0 == kind }, units: units, default: value,
      context: context, viewport: viewport)
  }

  private static func spreadMethod(chain: HrefChain, context: BuildContext) -> SpreadMethod {
    guard let (text, id) = chain.attribute("spreadMethod", from: isGradient) else { return .pad }
    switch text.trimmingSpaces {
    case "pad": return .pad
    case "reflect": return .reflect
    case "repeat": return .repeating
    default:
      context.warn("invalid spreadMethod \"\(text)\"; using pad", at: id)
      return .pad
    }
  }
}

/// A gradient resolved as far as it can be without the bounding box of the shape it
/// paints: the shapes that share one gradient (strawberry_border: 1,980 gradients, each
/// read by its shape) then do not each follow its href chain and read its attributes and
/// stops again. Kept by the build's context for the viewport the gradient's percentages
/// refer to, and only when resolving it reported nothing, so that the diagnostics of a
/// build are the same whether a gradient is kept or not.
struct KeptGradient {
  struct Key: Hashable {
    var id: NodeID
    var viewport: Size
  }

  let id: NodeID
  /// The gradient in gradient space (its transform is gradientTransform), or a colour.
  let paint: RenderPaint
  let units: PaintUnits
  /// The references its href chain counts against the limit, counted again at each use.
  let references: Int

  /// The gradient for a shape whose fill bounding box is `bounds`: in objectBoundingBox
  /// units the unit square is mapped onto that box.
  func resolution(bounds: Rect?, context: BuildContext) -> PaintServerResolution {
    guard units == .objectBoundingBox else { return .paint(paint) }
    if case .color = paint { return .paint(paint) }
    guard let bounds, !bounds.isEmpty else { return Self.missingBox(id, context) }
    return .paint(paint.transformed(by: PaintServerElement.boundingBoxTransform(bounds)))
  }

  /// No bounding box for an objectBoundingBox gradient: the fallback applies.
  static func missingBox(_ id: NodeID, _ context: BuildContext) -> PaintServerResolution {
    context.warn(
      "objectBoundingBox gradient on an element without a bounding box; the fallback applies",
      at: id)
    return .missing
  }
}
