import SVGGeometry
import SVGTree

extension RenderTree {
  /// Builds the render tree of `document`. Content that cannot be drawn is dropped with a
  /// diagnostic; only a broken limit (``Limits/maxReferences``) is an error.
  public init(document: Document, options: RenderOptions = RenderOptions()) throws(RenderError) {
    self = try Self.build(document: document, options: options).tree
  }

  /// Builds the render tree of `document` as ``init(document:options:)`` does, with the
  /// styles of `cascade` when given instead of running the cascade: the cascade kept of an
  /// earlier state of an edited document, updated for this one (`Document.restyle`). Returns
  /// the cascade to keep for the next state.
  package static func build(
    document: Document, options: RenderOptions, cascade: KeptCascade? = nil
  ) throws(RenderError) -> (tree: RenderTree, cascade: KeptCascade) {
    guard let root = document.root else { throw RenderError("the document has no root element") }
    let context = BuildContext(document: document, options: options, cascade: cascade)
    if context.cancellation?.checkBudget == nil {
      context.split = SplitBuild.plan(document, root: root)
    }
    let builder = RenderTreeBuilder(context: context)
    let (size, group) = try builder.buildRoot(root)
    let tree = RenderTree(
      size: size, root: group, diagnostics: document.diagnostics + context.diagnostics)
    return (tree, context.keptCascade)
  }
}

/// The position in the tree while building: the nearest viewport (for percentages) and
/// the transform from the current user space to document coordinates.
struct BuildState {
  var viewport: Size
  var absoluteTransform: Transform
  /// What `context-fill` and `context-stroke` mean here: set inside marker content and
  /// `use` instances, nil elsewhere.
  var contextPaint: ContextPaint? = nil
}

/// Turns source elements into render nodes. One method per kind of element lives in the
/// file named after it; this file holds the dispatch and the group wrapping every
/// element shares.
struct RenderTreeBuilder {
  let context: BuildContext
  var document: Document { context.document }

  /// The root `<svg>`: its size and its viewBox transform.
  func buildRoot(_ root: NodeID) throws(RenderError) -> (Size, Group) {
    let viewBox = ViewportElement.viewBox(of: root, context: context)
    guard let rootViewport = RootViewport.of(root, viewBox: viewBox, context: context) else {
      let fallback = viewBox.map { Size(width: $0.width, height: $0.height) }
      return (fallback ?? Size(width: 100, height: 100), Group(source: root))
    }
    var size = rootViewport.size
    let (width, height) = (size.width, size.height)
    guard context.style(root).isDisplayed, Conditional.passes(root, context: context) else {
      return (size, Group(source: root))
    }
    let viewportTransform =
      ViewportElement.viewBoxTransform(
        of: root, viewBox: viewBox, viewport: Rect(x: 0, y: 0, width: width, height: height),
        context: context) ?? .identity
    let inner = viewBox.map { Size(width: $0.width, height: $0.height) } ?? size
    var group = Group(source: root)
    group.transform = viewportTransform
    group.absoluteTransform = viewportTransform
    let state = BuildState(viewport: inner, absoluteTransform: viewportTransform)
    group.children = try children(of: root, state: state)
    if rootViewport.fitsContent, let fitted = RootViewport.contentSize(of: group) { size = fitted }
    if let wrapped = try wrap(
      [.group(group)], element: root,
      state: BuildState(viewport: size, absoluteTransform: .identity))
    {
      if case .group(let g) = wrapped { return (size, g) }
      var outer = Group(source: root)
      outer.children = [wrapped]
      return (size, outer)
    }
    return (size, Group(source: root))
  }

  /// The render nodes of `parent`'s element children, in paint order.
  func children(of parent: NodeID, state: BuildState) throws(RenderError) -> [RenderNode] {
    if let split = context.split, split.parent == parent, context.mayFork(state) {
      context.split = nil
      return try children(document.elementChildren(of: parent), split: split, state: state)
    }
    var out: [RenderNode] = []
    for child in document[parent].children where document[child].kind == .element {
      if let node = try build(child, state: state) { out.append(node) }
    }
    return out
  }

  /// One element and its subtree; nil for what draws nothing. `useSize` is the size a
  /// `use` gives the `svg` it references.
  func build(_ id: NodeID, state: BuildState, useSize: ViewportElement.UseSize? = nil)
    throws(RenderError) -> RenderNode?
  {
    try context.cancellation?.check()
    guard document.isSVGElement(id) else { return nil }
    let style = context.style(id)
    guard style.isDisplayed, Conditional.passes(id, context: context) else { return nil }
    let transform = style.transform(viewport: state.viewport)
    guard transform.isInvertible else { return nil }
    var inner = state
    inner.absoluteTransform = state.absoluteTransform * transform
    let content: [RenderNode]
    switch document.elementName(id) {
    case .g, .a:
      content = try children(of: id, state: inner)
    case .switch:
      content =
        try Conditional.firstPassingChild(of: id, context: context).map {
          child throws(RenderError) in
          try build(child, state: inner).map { [$0] } ?? []
        } ?? []
    case .svg:
      content =
        try ViewportElement.nested(id, builder: self, state: inner, useSize: useSize)
        .map { [$0] } ?? []
    case .use:
      content = try UseElement.build(id, builder: self, state: inner).map { [$0] } ?? []
    case .path, .rect, .circle, .ellipse, .line, .polyline, .polygon:
      content = try ShapeElement.build(id, builder: self, state: inner)
    case .image:
      content = try ImageElement.build(id, builder: self, state: inner).map { [.image($0)] } ?? []
    case .text:
      content = try TextElement.build(id, builder: self, state: inner)
    case .defs, .symbol, .clipPath, .mask, .marker, .pattern, .linearGradient, .radialGradient,
      .solidColor, .stop, .filter, .feBlend, .feColorMatrix, .feComponentTransfer, .feComposite,
      .feConvolveMatrix, .feDiffuseLighting, .feDisplacementMap, .feDistantLight, .feDropShadow,
      .feFlood, .feFuncA, .feFuncB, .feFuncG, .feFuncR, .feGaussianBlur, .feImage, .feMerge,
      .feMergeNode, .feMorphology, .feOffset, .fePointLight, .feSpecularLighting, .feSpotLight,
      .feTile, .feTurbulence, .title, .desc, .metadata, .style, .script, .view, .foreignObject,
      .tspan, .textPath, .tref, nil:
      // Drawn only where referenced or inside their parent (paint servers, clips, masks,
      // markers, filters, text content), or never (metadata, unknown elements).
      return nil
    }
    return try wrap(content, element: id, state: state, transform: transform)
  }

  /// Puts `content` in a group when the element has a transform, opacity, clip-path, mask
  /// or blending; a lone node without any of those is returned as it is. `transform` is
  /// the element's own, already read.
  func wrap(
    _ content: [RenderNode], element id: NodeID, state: BuildState,
    transform: Transform = .identity
  ) throws(RenderError) -> RenderNode? {
    let style = context.style(id)
    var group = Group(source: id)
    group.transform = transform
    group.absoluteTransform = state.absoluteTransform * group.transform
    group.opacity = style.opacity(.opacity)
    if let mode = style.keyword(.mixBlendMode), let m = BlendMode(rawValue: mode) {
      group.blendMode = m
    }
    group.isolate = style.keyword(.isolation) == "isolate"
    // Clips and masks are in the element's user space, inside its transform.
    let inner = BuildState(viewport: state.viewport, absoluteTransform: group.absoluteTransform)
    var knownBox: Rect??
    /// The element's object bounding box, computed once when first needed: a text's
    /// comes from its layout (font cells), others' from what they draw.
    func box() -> Rect? {
      if let knownBox { return knownBox }
      let b = document.elementName(id) == .text ? context.textBoxes[id] : content.fillBounds()
      knownBox = .some(b)
      return b
    }
    if let ref = style.reference(.clipPath) {
      guard
        let clip = try ClipPathElement.resolve(
          ref, for: id, box: box(), builder: self, state: inner)
      else { return nil }
      group.clipPath = clip.clip
    }
    if let ref = style.reference(.mask) {
      guard
        let mask = try MaskElement.resolve(
          ref, for: id, box: box(), builder: self, state: inner)
      else { return nil }
      group.mask = mask.mask
    }
    if let text = style[.filter], text.trimmingSpaces != "none" {
      guard
        let filters = try FilterElement.resolve(
          text, for: id, box: box(), builder: self,
          state: BuildState(viewport: state.viewport, absoluteTransform: group.absoluteTransform))
      else { return nil }
      group.filters = filters
    }
    group.children = content
    if content.isEmpty && !group.needsLayer { return nil }
    if content.count == 1, group.transform.isIdentity, !group.needsLayer { return content[0] }
    return .group(group)
  }
}
