import SVGGeometry
import SVGTree

/// `<image>`: a raster or SVG image placed in the rectangle `x`, `y`, `width`, `height`
/// with `preserveAspectRatio`. A missing `width` or `height` follows the image's intrinsic
/// size and aspect ratio (SVG 2 `auto`).
enum ImageElement {
  static func build(_ id: NodeID, builder: RenderTreeBuilder, state: BuildState)
    throws(RenderError) -> ImageNode?
  {
    let context = builder.context
    let style = context.style(id)
    guard style.isVisible else { return nil }
    let vp = state.viewport
    let givenWidth = dimension("width", axis: .x, style: style, viewport: vp)
    let givenHeight = dimension("height", axis: .y, style: style, viewport: vp)
    // Checked before loading: an empty image is not rendered, and is not worth a file read.
    if let w = givenWidth, w <= 0 { return empty(id, context: context) }
    if let h = givenHeight, h <= 0 { return empty(id, context: context) }
    guard let href = context.document[id].href, !href.trimmingSpaces.isEmpty else {
      context.warn("<image> without href; not rendered", at: id)
      return nil
    }
    guard let content = try ImageLoader.load(href, for: id, context: context) else { return nil }
    let intrinsic = content.size
    guard intrinsic.width > 0, intrinsic.height > 0 else { return empty(id, context: context) }
    let width =
      givenWidth ?? givenHeight.map { $0 * intrinsic.width / intrinsic.height } ?? intrinsic.width
    let height =
      givenHeight ?? givenWidth.map { $0 * intrinsic.height / intrinsic.width } ?? intrinsic.height
    let viewport = Rect(
      x: style.attributeLength("x", axis: .x, viewport: vp) ?? 0,
      y: style.attributeLength("y", axis: .y, viewport: vp) ?? 0,
      width: width, height: height)
    let aspect = ViewportElement.preserveAspectRatio(of: id, context: context)
    let bounds = Rect(x: 0, y: 0, width: intrinsic.width, height: intrinsic.height)
    guard let transform = aspect.transform(viewBox: bounds, viewport: viewport) else {
      return empty(id, context: context)
    }
    var node = ImageNode(
      source: id, viewport: viewport, contentTransform: transform, content: content)
    switch content {
    case .raster:
      // A raster image fills exactly its placed bounds; only `slice` overflows the viewport.
      node.clip = aspect.slice ? viewport : nil
      let rendering = style.keyword(.imageRendering)
      node.smooth = !["optimizespeed", "pixelated", "crisp-edges"].contains(rendering ?? "")
    case .svg:
      // An SVG image is a document of its own: clipped to its own viewport as placed.
      node.clip = viewport.intersection(bounds.applying(transform))
    }
    return node
  }

  /// `width`/`height`: nil when absent or `auto`.
  private static func dimension(
    _ name: String, axis: LengthAxis, style: StyleValues, viewport: Size
  ) -> Double? {
    guard let text = style.node.attribute(name), text.trimmingSpaces.lowercased() != "auto" else {
      return nil
    }
    return style.attributeLength(name, axis: axis, viewport: viewport)
  }

  private static func empty(_ id: NodeID, context: BuildContext) -> ImageNode? {
    context.warn("<image> has an empty size; not rendered", at: id)
    return nil
  }
}
