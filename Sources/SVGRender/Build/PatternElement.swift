import SVGGeometry
import SVGTree

/// `pattern`: a tile of content repeated over the painted area.
///
/// Every attribute may come from the `href` chain of patterns, and so may the content (from
/// the first pattern in the chain that has element children). The tile is resolved to the
/// painted element's user space (objectBoundingBox units folded in); its content is placed
/// with the tile's origin, the viewBox (which overrides patternContentUnits) or the
/// bounding-box scale for patternContentUnits="objectBoundingBox".
enum PatternElement {
  static func isPattern(_ name: String) -> Bool { name == "pattern" }

  static func resolve(_ id: NodeID, bounds: Rect?, builder: RenderTreeBuilder, state: BuildState)
    throws(RenderError) -> PaintServerResolution
  {
    let context = builder.context
    let chain = try HrefChain(from: id, context: context, accepts: isPattern)
    let units = PaintServerElement.units(
      "patternUnits", chain: chain, from: isPattern, default: .objectBoundingBox,
      context: context)
    let contentUnits = PaintServerElement.units(
      "patternContentUnits", chain: chain, from: isPattern, default: .userSpaceOnUse,
      context: context)
    let viewBox = chain.element(setting: "viewBox", from: isPattern)
      .flatMap { ViewportElement.viewBox(of: $0, context: context) }
    let usesBox =
      units == .objectBoundingBox || (viewBox == nil && contentUnits == .objectBoundingBox)
    let box = bounds.flatMap { $0.isEmpty ? nil : $0 }
    if usesBox && box == nil {
      context.warn(
        "objectBoundingBox pattern on an element without a bounding box; the fallback applies",
        at: id)
      return .missing
    }
    guard let tile = tile(chain: chain, units: units, box: box, context: context, state: state)
    else {
      context.warn("pattern with a zero or negative width or height; the fallback applies", at: id)
      return .missing
    }
    guard
      let source = chain.firstWithChildren(where: { context.document.isSVGElement($0) })
    else {
      context.warn("pattern without content; the fallback applies", at: id)
      return .missing
    }
    var placement = Transform.identity
    if let viewBox {
      guard viewBox.width > 0, viewBox.height > 0 else {
        context.warn("pattern viewBox with zero size; nothing painted", at: id)
        return .nothing
      }
      let aspect = ViewportElement.preserveAspectRatio(
        of: chain.element(setting: "preserveAspectRatio", from: isPattern) ?? id,
        context: context)
      let viewport = Rect(x: 0, y: 0, width: tile.width, height: tile.height)
      guard let t = aspect.transform(viewBox: viewBox, viewport: viewport) else { return .nothing }
      placement = t
    } else if contentUnits == .objectBoundingBox, let box {
      placement = .scale(box.width, box.height)
    }
    let patternTransform = PaintServerElement.transform(
      "patternTransform", chain: chain, from: isPattern, context: context,
      viewport: state.viewport)
    var content = Group(source: id)
    content.transform = .translate(tile.x, tile.y) * placement
    content.absoluteTransform = state.absoluteTransform * patternTransform * content.transform
    let viewport = viewBox.map { Size(width: $0.width, height: $0.height) } ?? state.viewport
    let inner = BuildState(viewport: viewport, absoluteTransform: content.absoluteTransform)
    guard
      let children = try context.instantiating(
        id,
        { () throws(RenderError) in
          try builder.children(of: source, state: inner)
        })
    else { return .nothing }
    guard !children.isEmpty else { return .missing }
    content.children = children
    return .paint(.pattern(Pattern(tile: tile, transform: patternTransform, content: content)))
  }

  /// x, y, width and height in the painted element's user space; nil for an empty tile.
  private static func tile(
    chain: HrefChain, units: PaintUnits, box: Rect?, context: BuildContext, state: BuildState
  ) -> Rect? {
    func value(_ name: String, _ axis: LengthAxis) -> Double {
      PaintServerElement.coordinate(
        name, axis: axis, chain: chain, from: isPattern, units: units, default: .zero,
        context: context, viewport: state.viewport)
    }
    var rect = Rect(
      x: value("x", .x), y: value("y", .y), width: value("width", .x),
      height: value("height", .y))
    guard rect.width > 0, rect.height > 0 else { return nil }
    if units == .objectBoundingBox, let box {
      rect = Rect(
        x: box.x + rect.x * box.width, y: box.y + rect.y * box.height,
        width: rect.width * box.width, height: rect.height * box.height)
    }
    return rect
  }
}
