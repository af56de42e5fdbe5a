import SVGGeometry
import SVGTree

extension RenderTree {
  /// Builds the render tree of `document`. Content that cannot be drawn is dropped with a
  /// diagnostic; only a broken limit (``Limits/maxReferences``) is an error.
  public init(document: Document, options: RenderOptions = RenderOptions()) throws(RenderError) {
    guard let root = document.root else { throw RenderError("the document has no root element") }
    let context = BuildContext(document: document, options: options)
    let builder = RenderTreeBuilder(context: context)
    let (size, group) = try builder.buildRoot(root)
    self.init(size: size, root: group, diagnostics: document.diagnostics + context.diagnostics)
  }
}

/// The position in the tree while building: the nearest viewport (for percentages) and
/// the transform from the current user space to document coordinates.
struct BuildState {
  var viewport: Size
  var absoluteTransform: Transform
}

/// Turns source elements into render nodes. One method per kind of element lives in the
/// file named after it; this file holds the dispatch and the group wrapping every
/// element shares.
struct RenderTreeBuilder {
  let context: BuildContext
  var document: Document { context.document }

  /// The root `<svg>`: its size and its viewBox transform.
  func buildRoot(_ root: NodeID) throws(RenderError) -> (Size, Group) {
    let style = context.style(root)
    let viewBox = ViewportElement.viewBox(of: root, context: context)
    let fallback = viewBox.map { Size(width: $0.width, height: $0.height) } ?? Size(width: 100, height: 100)
    func dimension(_ name: String, _ axis: LengthAxis, _ whole: Double) -> Double {
      guard let text = style.node.attribute(name), let l = try? Length(parsing: text),
        l.unit != .percent
      else { return whole }
      let v = l.resolve(in: style.lengthContext(fallback), axis: axis)
      return v > 0 ? v : whole
    }
    var width = dimension("width", .x, fallback.width)
    var height = dimension("height", .y, fallback.height)
    // Only one of width/height given: keep the viewBox's aspect ratio.
    if let vb = viewBox, vb.width > 0, vb.height > 0 {
      let hasW = style.node.attribute("width").flatMap { try? Length(parsing: $0) }.map { $0.unit != .percent } ?? false
      let hasH = style.node.attribute("height").flatMap { try? Length(parsing: $0) }.map { $0.unit != .percent } ?? false
      if hasW && !hasH { height = width * vb.height / vb.width }
      if hasH && !hasW { width = height * vb.width / vb.height }
    }
    let size = Size(width: width, height: height)
    let viewportTransform = ViewportElement.viewBoxTransform(
      of: root, viewBox: viewBox, viewport: Rect(x: 0, y: 0, width: width, height: height),
      context: context) ?? .identity
    let inner = viewBox.map { Size(width: $0.width, height: $0.height) } ?? size
    var group = Group(source: root)
    group.transform = viewportTransform
    group.absoluteTransform = viewportTransform
    let state = BuildState(viewport: inner, absoluteTransform: viewportTransform)
    group.children = try children(of: root, state: state)
    if let wrapped = try wrap([.group(group)], element: root, state: BuildState(viewport: size, absoluteTransform: .identity), applyTransform: false) {
      if case .group(let g) = wrapped { return (size, g) }
      var outer = Group(source: root)
      outer.children = [wrapped]
      return (size, outer)
    }
    return (size, Group(source: root))
  }

  /// The render nodes of `parent`'s element children, in paint order.
  func children(of parent: NodeID, state: BuildState) throws(RenderError) -> [RenderNode] {
    var out: [RenderNode] = []
    for child in document[parent].children where document[child].kind == .element {
      if let node = try build(child, state: state) { out.append(node) }
    }
    return out
  }

  /// One element and its subtree; nil for what draws nothing.
  func build(_ id: NodeID, state: BuildState) throws(RenderError) -> RenderNode? {
    guard document.isSVGElement(id) else { return nil }
    let style = context.style(id)
    guard style.isDisplayed, Conditional.passes(id, context: context) else { return nil }
    let transform = style.transform
    let inner = BuildState(viewport: state.viewport, absoluteTransform: state.absoluteTransform * transform)
    let content: [RenderNode]
    switch document[id].name {
    case "g", "a":
      content = try children(of: id, state: inner)
    case "switch":
      content = try Conditional.firstPassingChild(of: id, context: context).map { child throws(RenderError) in
        try build(child, state: inner).map { [$0] } ?? []
      } ?? []
    case "svg":
      content = try ViewportElement.nested(id, builder: self, state: inner).map { [$0] } ?? []
    case "use":
      content = try UseElement.build(id, builder: self, state: inner).map { [$0] } ?? []
    case "path", "rect", "circle", "ellipse", "line", "polyline", "polygon":
      content = try ShapeElement.build(id, builder: self, state: inner)
    case "image":
      content = try ImageElement.build(id, builder: self, state: inner).map { [.image($0)] } ?? []
    case "text":
      context.warn("<text> is not rendered yet", at: id)
      content = []
    default:
      // defs, paint servers, clipPath, mask, marker, symbol, metadata, unknown elements.
      return nil
    }
    return try wrap(content, element: id, state: state)
  }

  /// Puts `content` in a group when the element has a transform, opacity, clip-path, mask
  /// or blending; a lone node without any of those is returned as it is.
  func wrap(
    _ content: [RenderNode], element id: NodeID, state: BuildState, applyTransform: Bool = true
  ) throws(RenderError) -> RenderNode? {
    let style = context.style(id)
    var group = Group(source: id)
    if applyTransform { group.transform = style.transform }
    group.absoluteTransform = state.absoluteTransform * group.transform
    group.opacity = style.opacity("opacity")
    if let mode = style.keyword("mix-blend-mode"), let m = BlendMode(rawValue: mode) {
      group.blendMode = m
    }
    group.isolate = style.keyword("isolation") == "isolate"
    if let ref = style.reference("clip-path") {
      guard let clip = try ClipElement.resolve(ref, for: id, content: content, builder: self, state: state)
      else { return nil }
      group.clipPath = clip.clip
    }
    if let ref = style.reference("mask") {
      guard let mask = try MaskElement.resolve(ref, for: id, content: content, builder: self, state: state)
      else { return nil }
      group.mask = mask.mask
    }
    if let text = style["filter"], text.trimmingSpaces != "none" {
      guard let filters = try FilterElement.resolve(
        text, for: id, content: content, builder: self,
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
