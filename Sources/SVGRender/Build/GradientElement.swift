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
    let gradient = try GradientElement(id, context: context, viewport: state.viewport)
    guard let first = gradient.stops.first else {
      context.warn("gradient without stops; the fallback applies", at: id)
      return .missing
    }
    // One stop paints its colour everywhere, whatever the geometry or the bounding box.
    guard gradient.stops.count > 1 else { return .paint(.color(first.color)) }
    let isRadial = context.document[id].name == "radialGradient"
    if isRadial, let last = gradient.stops.last,
      RadialGradientElement.radius(gradient, context: context, state: state) <= 0
    {
      // "A value of zero will cause the area to be painted as a single color using the
      // color and opacity of the last gradient stop"; resvg treats a negative r the same.
      return .paint(.color(last.color))
    }
    if gradient.units == .objectBoundingBox && (bounds?.isEmpty ?? true) {
      context.warn(
        "objectBoundingBox gradient on an element without a bounding box; the fallback applies",
        at: id)
      return .missing
    }
    return isRadial
      ? RadialGradientElement.resolve(gradient, bounds: bounds, context: context, state: state)
      : LinearGradientElement.resolve(gradient, bounds: bounds, context: context, state: state)
  }

  /// gradientTransform with, in objectBoundingBox units, the unit square mapped onto the
  /// bounding box: gradient space to the painted element's user space.
  func userTransform(bounds: Rect?) -> Transform {
    guard units == .objectBoundingBox, let bounds else { return gradientTransform }
    return PaintServerElement.boundingBoxTransform(bounds) * gradientTransform
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
