import SVGGeometry
import SVGTree

/// A resolved mask reference: nil `mask` ignores the property.
struct MaskResolution { var mask: Mask? }

/// `<mask>`: its content, drawn like any other, multiplies the masked element by its
/// luminance (or, with `mask-type: alpha`, its alpha) inside the mask region.
///
/// `maskUnits` (default `objectBoundingBox`) sets the region's units, `maskContentUnits`
/// (default `userSpaceOnUse`) the content's; the `mask` element's own `transform` has no
/// effect. A `mask` property on the `mask` element masks the result again. An invalid mask
/// (wrong element, empty region, no content, a reference cycle) means the masked element
/// is not drawn, as resvg and browsers do; a missing one is ignored.
enum MaskElement {
  /// Resolves `mask: url(#ref)` on `id`, whose object bounding box is `box` (in its user
  /// space, which the mask is expressed in). nil when the element must not be rendered.
  static func resolve(
    _ ref: FuncIRI, for id: NodeID, box: Rect?, builder: RenderTreeBuilder,
    state: BuildState
  ) throws(RenderError) -> MaskResolution? {
    let context = builder.context
    switch try context.maskingTarget(ref, property: "mask", elementName: "mask", from: id) {
    case .ignored:
      return MaskResolution(mask: nil)
    case .invalid:
      return nil
    case .element(let target, let maskID):
      return try context.building(in: target, at: id) {
        (builder) throws(RenderError) -> MaskResolution? in
        try target.instantiating(maskID) { () throws(RenderError) -> MaskResolution? in
          try build(maskID, box: box, builder: builder, state: state).map {
            MaskResolution(mask: $0)
          }
        }
      }
    }
  }

  private static func build(
    _ maskID: NodeID, box: Rect?, builder: RenderTreeBuilder, state: BuildState
  ) throws(RenderError) -> Mask? {
    let context = builder.context
    let style = context.style(maskID)
    let node = style.node
    let regionInBox = node.attribute("maskUnits")?.trimmingSpaces != "userSpaceOnUse"
    let contentInBox = node.attribute("maskContentUnits")?.trimmingSpaces == "objectBoundingBox"
    let box = box.flatMap { $0.isEmpty ? nil : $0 }
    guard let region = region(of: style, inBox: regionInBox, box: box, state: state) else {
      return nil
    }
    guard region.width > 0, region.height > 0 else {
      context.warn("mask region is empty; masked element not rendered", at: maskID)
      return nil
    }
    var inner: Mask?
    if let ref = style.reference(.mask) {
      guard
        let resolved = try resolve(
          ref, for: maskID, box: box, builder: builder, state: state)
      else { return nil }
      inner = resolved.mask
    }
    let kind: Mask.Kind = style.keyword(.maskType) == "alpha" ? .alpha : .luminance
    var group = Group(source: maskID)
    if contentInBox {
      guard let box else {
        context.warn(
          "maskContentUnits=objectBoundingBox on an element without a bounding box; "
            + "element not rendered", at: maskID)
        return nil
      }
      group.transform = Transform(boundingBox: box)
    }
    group.absoluteTransform = state.absoluteTransform * group.transform
    group.children = try builder.children(
      of: maskID,
      state: BuildState(viewport: state.viewport, absoluteTransform: group.absoluteTransform))
    guard !group.children.isEmpty else {
      context.warn("mask has nothing to draw; masked element not rendered", at: maskID)
      return nil
    }
    return Mask(region: region, kind: kind, content: group, mask: inner)
  }

  /// The mask region (`x`, `y`, `width`, `height`, by default -10%, -10%, 120%, 120%) in the
  /// masked element's user space. nil (with a diagnostic) when object units meet an element
  /// without a bounding box: nothing of it shows.
  private static func region(of style: StyleValues, inBox: Bool, box: Rect?, state: BuildState)
    -> Rect?
  {
    let attributes: [(String, LengthAxis, Double)] = [
      ("x", .x, -0.1), ("y", .y, -0.1), ("width", .x, 1.2), ("height", .y, 1.2),
    ]
    if inBox {
      guard let box else {
        style.context.warn(
          "maskUnits=objectBoundingBox on an element without a bounding box; "
            + "element not rendered", at: style.id)
        return nil
      }
      let f = attributes.map { name, _, fallback in
        fraction(style, name, default: fallback)
      }
      return Rect(
        x: box.x + f[0] * box.width, y: box.y + f[1] * box.height, width: f[2] * box.width,
        height: f[3] * box.height)
    }
    let v = attributes.map { name, axis, fallback in
      style.attributeLength(name, axis: axis, viewport: state.viewport)
        ?? fallback * (axis == .x ? state.viewport.width : state.viewport.height)
    }
    return Rect(x: v[0], y: v[1], width: v[2], height: v[3])
  }

  /// An `objectBoundingBox` coordinate: a number or a percentage of the box.
  private static func fraction(_ style: StyleValues, _ name: String, default value: Double)
    -> Double
  {
    guard let text = style.node.attribute(name) else { return value }
    guard let length = try? Length(parsing: text) else {
      style.context.warn("invalid \(name)=\"\(text)\"; using \(value)", at: style.id)
      return value
    }
    switch length.unit {
    case .percent: return length.value / 100
    default: return length.resolve(in: style.lengthContext(Size(width: 0, height: 0)), axis: .other)
    }
  }
}
