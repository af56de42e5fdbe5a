import SVGGeometry
import SVGTree

/// A resolved clip-path reference: nil `clip` ignores the property.
struct ClipResolution { var clip: ClipPath? }

/// `<clipPath>`: the clip region is the union of its children's shapes, each filled with
/// its own `clip-rule` (fill, stroke, opacity, filters and masks play no part).
///
/// Valid children are the basic shapes (not `line`, which has no area), `text`, and `use`
/// pointing straight at a shape; anything else is ignored with a diagnostic. A child may
/// have its own `clip-path`, and the `clipPath` element may have one too (the regions
/// intersect). An invalid `clipPath` (wrong element, unusable transform, object units on
/// an element without a box, a reference cycle) means the clipped element is not drawn.
enum ClipPathElement {
  /// Resolves `clip-path: url(#ref)` on `id`, whose object bounding box is `box` (in its user
  /// space, which the clip is expressed in). nil when the element must not be rendered.
  static func resolve(
    _ ref: FuncIRI, for id: NodeID, box: Rect?, builder: RenderTreeBuilder,
    state: BuildState
  ) throws(RenderError) -> ClipResolution? {
    let context = builder.context
    switch try context.maskingTarget(
      ref, property: "clip-path", elementName: "clipPath", from: id)
    {
    case .ignored:
      return ClipResolution(clip: nil)
    case .invalid:
      return nil
    case .element(let target, let clipID):
      return try context.building(in: target, at: id) {
        (builder) throws(RenderError) -> ClipResolution? in
        try target.instantiating(clipID) { () throws(RenderError) -> ClipResolution? in
          try build(clipID, box: box, builder: builder, state: state).map {
            ClipResolution(clip: $0)
          }
        }
      }
    }
  }

  private static func build(
    _ clipID: NodeID, box: Rect?, builder: RenderTreeBuilder, state: BuildState
  ) throws(RenderError) -> ClipPath? {
    let context = builder.context
    let style = context.style(clipID)
    guard var transform = style.usableTransform(strict: true, viewport: state.viewport) else {
      context.warn("clipPath has an unusable transform; clipped element not rendered", at: clipID)
      return nil
    }
    var outer: ClipPath?
    if let ref = style.reference(.clipPath) {
      guard
        let resolved = try resolve(
          ref, for: clipID, box: box, builder: builder, state: state)
      else { return nil }
      outer = resolved.clip
    }
    if style.node.attribute("clipPathUnits")?.trimmingSpaces == "objectBoundingBox" {
      guard let box, !box.isEmpty else {
        context.warn(
          "clipPathUnits=objectBoundingBox on an element without a bounding box; "
            + "element not rendered", at: clipID)
        return nil
      }
      transform = transform * Transform(boundingBox: box)
    }
    let inner = BuildState(
      viewport: state.viewport, absoluteTransform: state.absoluteTransform * transform)
    var children: [RenderNode] = []
    for child in context.document.elementChildren(of: clipID) {
      if let node = try clipChild(child, builder: builder, state: inner) { children.append(node) }
    }
    return ClipPath(transform: transform, clipPath: outer, children: children)
  }

  /// One child of a `clipPath`, with its transform and its own `clip-path`.
  private static func clipChild(_ id: NodeID, builder: RenderTreeBuilder, state: BuildState)
    throws(RenderError) -> RenderNode?
  {
    let context = builder.context
    let document = context.document
    guard document.isSVGElement(id) else { return nil }
    let style = context.style(id)
    guard style.isDisplayed, Conditional.passes(id, context: context),
      let transform = style.usableTransform(strict: false, viewport: state.viewport)
    else { return nil }
    let inner = BuildState(
      viewport: state.viewport, absoluteTransform: state.absoluteTransform * transform)
    let content: [RenderNode]
    switch document[id].name {
    case "path", "rect", "circle", "ellipse", "polyline", "polygon":
      content = shape(id, style: style, state: inner).map { [$0] } ?? []
    case "use":
      guard let node = try useChild(id, builder: builder, state: inner) else { return nil }
      content = [node]
    case "text":
      // Built as it would be drawn (transform and clip-path included), then turned into
      // clip geometry.
      let rule = clipRule(style)
      return try builder.build(id, state: state).flatMap { clipGeometry($0, rule: rule) }
    case "title", "desc", "metadata":
      return nil
    case let name:
      context.warn("<\(name)> is not a valid clipPath child; ignored", at: id)
      return nil
    }
    var group = Group(source: id)
    group.transform = transform
    group.absoluteTransform = inner.absoluteTransform
    if let ref = style.reference(.clipPath) {
      guard
        let resolved = try resolve(
          ref, for: id, box: content.fillBounds(), builder: builder, state: inner)
      else { return nil }
      group.clipPath = resolved.clip
    }
    guard !content.isEmpty else { return nil }
    if content.count == 1, transform.isIdentity, group.clipPath == nil { return content[0] }
    group.children = content
    return .group(group)
  }

  /// Drawn content as clip geometry: every painted path filled black with `rule`, groups
  /// keeping only their transform and clip-path (opacity, masks and blending do not apply).
  private static func clipGeometry(_ node: RenderNode, rule: FillRule) -> RenderNode? {
    switch node {
    case .path(var p):
      guard p.fill != nil || p.stroke != nil else { return nil }
      p.fill = Fill(paint: .color(.black), rule: rule)
      p.stroke = nil
      return .path(p)
    case .group(let g):
      var out = Group(source: g.source)
      out.transform = g.transform
      out.absoluteTransform = g.absoluteTransform
      out.clipPath = g.clipPath
      out.children = g.children.compactMap { clipGeometry($0, rule: rule) }
      return out.children.isEmpty ? nil : .group(out)
    case .image:
      return nil
    }
  }

  private static func clipRule(_ style: StyleValues) -> FillRule {
    style.keyword(.clipRule) == "evenodd" ? .evenOdd : .nonZero
  }

  /// A shape as clip geometry: filled black with its `clip-rule`, never stroked.
  private static func shape(_ id: NodeID, style: StyleValues, state: BuildState) -> RenderNode? {
    guard style.isVisible,
      let path = ShapeElement.geometry(id, style: style, viewport: state.viewport),
      !path.isEmpty
    else { return nil }
    var node = PathNode(source: id, path: path)
    node.fill = Fill(paint: .color(.black), rule: clipRule(style))
    node.antialias = !["crispedges", "optimizespeed"].contains(
      style.keyword(.shapeRendering) ?? "")
    return .path(node)
  }

  /// `use` in a clipPath: valid only when it references a shape directly. The result is in
  /// the `use` element's user space (its `x`/`y` offset applied).
  private static func useChild(_ id: NodeID, builder: RenderTreeBuilder, state: BuildState)
    throws(RenderError) -> RenderNode?
  {
    let context = builder.context
    let document = context.document
    guard let href = document[id].href, let target = context.element(referencedBy: href) else {
      context.warn("<use> in a clipPath references nothing; ignored", at: id)
      return nil
    }
    let shapes: Set<String> = ["path", "rect", "circle", "ellipse", "polyline", "polygon"]
    guard document.isSVGElement(target), shapes.contains(document[target].name) else {
      context.warn(
        "<use> in a clipPath must reference a shape, not <\(document[target].name)>; ignored",
        at: id)
      return nil
    }
    let style = context.style(id)
    let x = style.attributeLength("x", axis: .x, viewport: state.viewport) ?? 0
    let y = style.attributeLength("y", axis: .y, viewport: state.viewport) ?? 0
    let offset = Transform.translate(x, y)
    let inner = BuildState(
      viewport: state.viewport, absoluteTransform: state.absoluteTransform * offset)
    let node = try context.instantiating(target) { () throws(RenderError) -> RenderNode? in
      try clipChild(target, builder: builder, state: inner)
    }
    guard let node else { return nil }
    guard !offset.isIdentity else { return node }
    var group = Group(source: id)
    group.transform = offset
    group.absoluteTransform = inner.absoluteTransform
    group.children = [node]
    return .group(group)
  }
}

extension StyleValues {
  /// The element's transform (about its `transform-origin`, percentages of `viewport`)
  /// when it can be drawn with: nil when it collapses the plane (a zero, non-finite or
  /// singular matrix), or, when `strict`, when it does not parse. (A `clipPath` with a
  /// transform that does not parse is invalid; on other elements it is ignored.)
  func usableTransform(strict: Bool, viewport: Size) -> Transform? {
    guard let text = self[.transform] ?? node.attribute("transform") else { return .identity }
    if strict && (try? TransformList(parsing: text)) == nil { return nil }
    let t = transform(viewport: viewport)
    let scaleX = (t.a * t.a + t.b * t.b).squareRoot()
    let scaleY = (t.c * t.c + t.d * t.d).squareRoot()
    guard [t.a, t.b, t.c, t.d, t.e, t.f].allSatisfy(\.isFinite), scaleX > 1e-7, scaleY > 1e-7,
      t.isInvertible
    else { return nil }
    return t
  }
}
