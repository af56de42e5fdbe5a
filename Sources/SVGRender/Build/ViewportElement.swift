import SVGGeometry
import SVGTree

/// Elements that establish a viewport: the root and nested `svg`, and (through `use`)
/// `symbol`. Also the viewBox and preserveAspectRatio reading every such element shares.
enum ViewportElement {
  /// The element's valid `viewBox`, or nil (absent, or invalid with a diagnostic).
  static func viewBox(of id: NodeID, context: BuildContext) -> Rect? {
    guard let text = context.document.attribute("viewBox", of: id) else { return nil }
    do {
      return try ViewBox(parsing: text).rect
    } catch {
      context.warn("invalid viewBox \"\(text)\"; ignored", at: id)
      return nil
    }
  }

  static func preserveAspectRatio(of id: NodeID, context: BuildContext) -> PreserveAspectRatio {
    guard let text = context.document.attribute("preserveAspectRatio", of: id) else {
      return PreserveAspectRatio()
    }
    do {
      return try PreserveAspectRatio(parsing: text)
    } catch {
      context.warn("invalid preserveAspectRatio \"\(text)\"; using xMidYMid meet", at: id)
      return PreserveAspectRatio()
    }
  }

  /// Maps the viewBox into `viewport`; identity plus the viewport's origin without a
  /// viewBox; nil when the viewport is empty (nothing renders).
  static func viewBoxTransform(
    of id: NodeID, viewBox: Rect?, viewport: Rect, context: BuildContext
  ) -> Transform? {
    guard let viewBox else { return .translate(viewport.x, viewport.y) }
    return preserveAspectRatio(of: id, context: context).transform(
      viewBox: viewBox, viewport: viewport)
  }

  /// The `width`/`height` of a `use` that references an `svg`, which replace the svg's own.
  struct UseSize {
    var width: Double?
    var height: Double?
  }

  /// Whether a viewport element clips its content: `overflow` other than `visible` and
  /// `auto` (the user-agent style sheet gives `svg` and `symbol` `overflow: hidden`).
  static func clipsOverflow(_ style: StyleValues) -> Bool {
    let overflow = style.keyword(.overflow) ?? "hidden"
    return overflow != "visible" && overflow != "auto"
  }

  /// A nested `<svg>`: a new viewport at x/y/width/height (a referencing `use`'s
  /// width/height win), clipped unless overflow is visible. Like usvg, an `svg` that sets
  /// neither both `width` and `height` itself nor gets them from a `use` is not clipped.
  static func nested(
    _ id: NodeID, builder: RenderTreeBuilder, state: BuildState, useSize: UseSize? = nil
  ) throws(RenderError) -> RenderNode? {
    let style = builder.context.style(id)
    let vp = state.viewport
    let x = style.attributeLength("x", axis: .x, viewport: vp) ?? 0
    let y = style.attributeLength("y", axis: .y, viewport: vp) ?? 0
    let w =
      useSize?.width ?? style.attributeLength("width", axis: .x, viewport: vp) ?? vp.width
    let h =
      useSize?.height ?? style.attributeLength("height", axis: .y, viewport: vp) ?? vp.height
    let node = style.node
    let hasRectangle =
      useSize.map { $0.width != nil || $0.height != nil } ?? false
      || (node.attribute("width") != nil && node.attribute("height") != nil)
    return try viewportGroup(
      id, viewport: Rect(x: x, y: y, width: w, height: h), childrenOf: id,
      clip: hasRectangle && clipsOverflow(style), builder: builder, state: state)
  }

  /// The group for a viewport element (`svg` or a `symbol` instance) showing the children
  /// of `contentParent`; nil when the viewport is empty, which disables rendering.
  static func viewportGroup(
    _ id: NodeID, viewport: Rect, childrenOf contentParent: NodeID, clip: Bool,
    builder: RenderTreeBuilder, state: BuildState
  ) throws(RenderError) -> RenderNode? {
    let context = builder.context
    guard viewport.width > 0, viewport.height > 0 else { return nil }
    let viewBox = viewBox(of: id, context: context)
    guard let t = viewBoxTransform(of: id, viewBox: viewBox, viewport: viewport, context: context)
    else { return nil }
    var inner = Group(source: id)
    inner.transform = t
    inner.absoluteTransform = state.absoluteTransform * t
    let size =
      viewBox.map { Size(width: $0.width, height: $0.height) }
      ?? Size(width: viewport.width, height: viewport.height)
    var contentState = state
    contentState.viewport = size
    contentState.absoluteTransform = inner.absoluteTransform
    inner.children = try builder.children(of: contentParent, state: contentState)
    guard !inner.children.isEmpty else { return nil }
    guard clip else { return .group(inner) }
    var outer = Group(source: id)
    outer.absoluteTransform = state.absoluteTransform
    outer.clipPath = ClipPath.rectangle(viewport)
    outer.children = [.group(inner)]
    return .group(outer)
  }
}

extension ClipPath {
  /// A clip to one rectangle of the clipped group's user space.
  static func rectangle(_ r: Rect) -> ClipPath {
    var node = PathNode(
      source: nil, path: Shape.rect(x: r.x, y: r.y, width: r.width, height: r.height))
    node.fill = Fill(paint: .color(.black))
    return ClipPath(transform: .identity, clipPath: nil, children: [.path(node)])
  }
}
