import SVGGeometry
import SVGTree

/// `<symbol>`: drawn only through `use`, as a new viewport at the use's `x`/`y` whose size is
/// the use's `width`/`height`, else the symbol's own (SVG 2), else 100%. Its `viewBox` and
/// `preserveAspectRatio` map its content into that viewport, clipped unless `overflow` is
/// `visible` or `auto`. The symbol's opacity, clip, mask and blending apply; its
/// `transform` does not (as in usvg).
enum SymbolElement {
  static func instance(
    _ symbol: NodeID, origin: Point, size: ViewportElement.UseSize, builder: RenderTreeBuilder,
    state: BuildState
  ) throws(RenderError) -> RenderNode? {
    let style = builder.context.style(symbol)
    let vp = state.viewport
    let width = size.width ?? style.attributeLength("width", axis: .x, viewport: vp) ?? vp.width
    let height =
      size.height ?? style.attributeLength("height", axis: .y, viewport: vp) ?? vp.height
    let viewport = Rect(x: origin.x, y: origin.y, width: width, height: height)
    guard
      let content = try ViewportElement.viewportGroup(
        symbol, viewport: viewport, childrenOf: symbol, clip: ViewportElement.clipsOverflow(style),
        builder: builder, state: state)
    else { return nil }
    return try builder.wrap([content], element: symbol, state: state)
  }
}
