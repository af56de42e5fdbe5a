import CCairo
import SVGGeometry
import SVGTree

extension RenderTree {
  /// A drawing of one element alone, cropped to the ink it paints (strokes, markers and
  /// clips included), as `rsvg-convert --export-id` gives. Nil when the element draws
  /// nothing.
  ///
  /// With `document`, an element the build folded into its only child (a `<g>` holding one
  /// shape, with no transform, opacity or effect) is found through that child.
  public func subtree(for element: NodeID, in document: Document? = nil) -> RenderTree? {
    guard let (node, transform) = node(for: element, in: document) else { return nil }
    return Self.cropped(node, transform: transform, source: element, diagnostics: diagnostics)
  }

  /// The whole drawing cropped to the ink it paints, as `resvg --export-area-drawing`
  /// gives: the area starts on a whole pixel (the ink's left and top edges rounded down) and
  /// is as many whole pixels as the ink's size rounded up, as resvg measures it. Nil when it
  /// draws nothing.
  public func croppedToInk() -> RenderTree? {
    Self.cropped(
      .group(root), transform: .identity, source: root.source, diagnostics: diagnostics,
      wholePixels: true)
  }

  /// One element alone on the whole drawing's canvas (`resvg --export-id ID
  /// --export-area-page`). Nil when no node is made from `element`.
  public func isolating(_ element: NodeID, in document: Document? = nil) -> RenderTree? {
    guard let (node, transform) = node(for: element, in: document) else { return nil }
    var group = Group(source: element)
    group.transform = transform
    group.absoluteTransform = transform
    group.children = [node]
    return RenderTree(size: size, root: group, diagnostics: diagnostics)
  }

  private static func cropped(
    _ node: RenderNode, transform: Transform, source: NodeID?, diagnostics: [Diagnostic],
    wholePixels: Bool = false
  ) -> RenderTree? {
    guard var ink = inkExtents(of: node, transform: transform) else { return nil }
    if wholePixels {
      ink = Rect(
        x: ink.x.rounded(.down), y: ink.y.rounded(.down), width: ink.width.rounded(.up),
        height: ink.height.rounded(.up))
    }
    var group = Group(source: source)
    group.transform = .translate(-ink.x, -ink.y) * transform
    group.absoluteTransform = group.transform
    group.children = [node]
    return RenderTree(
      size: Size(width: ink.width, height: ink.height), root: group, diagnostics: diagnostics)
  }

  /// The node made from `element` (or, when the build folded it, from its first descendant
  /// that has one), with the transform from its parent's user space to the drawing's pixels.
  private func node(for element: NodeID, in document: Document?) -> (RenderNode, Transform)? {
    if let found = Self.find(element, in: .group(root), transform: .identity) { return found }
    guard let document else { return nil }
    for id in document.descendants(of: element) where document[id].isElement {
      if let found = Self.find(id, in: .group(root), transform: .identity) { return found }
    }
    return nil
  }

  /// The first node made from `element`, with the transform from its parent's user space to
  /// the drawing's pixels.
  private static func find(_ element: NodeID, in node: RenderNode, transform: Transform)
    -> (RenderNode, Transform)?
  {
    if node.source == element { return (node, transform) }
    guard case .group(let g) = node else { return nil }
    let inner = transform * g.transform
    for child in g.children {
      if let found = find(element, in: child, transform: inner) { return found }
    }
    return nil
  }

  /// What the node paints, measured by cairo on a recording surface. Cairo rounds ink
  /// extents out to whole units, so a drawing with nothing drawn through pixels (filters,
  /// masks, patterns) is measured at 256 times its size, to within 1/256 px: a 14.5 px circle
  /// crops to 14.5 px, as rsvg-convert and resvg crop it.
  private static func inkExtents(of node: RenderNode, transform: Transform) -> Rect? {
    let factor = drawsThroughPixels(node) ? 1.0 : 256
    guard let coarse = measure(node, transform: .scale(factor, factor) * transform) else {
      return nil
    }
    func snap(_ v: Double) -> Double { (v / factor * 64).rounded() / 64 }
    let x0 = factor == 1 ? coarse.x : snap(coarse.x)
    let y0 = factor == 1 ? coarse.y : snap(coarse.y)
    let x1 = factor == 1 ? coarse.x + coarse.width : snap(coarse.x + coarse.width)
    let y1 = factor == 1 ? coarse.y + coarse.height : snap(coarse.y + coarse.height)
    guard x1 > x0, y1 > y0 else { return nil }
    return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
  }

  /// Whether drawing `node` makes an image surface sized by the output's pixels.
  private static func drawsThroughPixels(_ node: RenderNode) -> Bool {
    switch node {
    case .group(let g):
      return !g.filters.isEmpty || g.mask != nil || g.children.contains(where: drawsThroughPixels)
    case .path(let p):
      if case .pattern = p.fill?.paint { return true }
      if case .pattern = p.stroke?.paint { return true }
      return false
    case .image: return true
    }
  }

  private static func measure(_ node: RenderNode, transform: Transform) -> Rect? {
    guard let surface = cairo_recording_surface_create(CAIRO_CONTENT_COLOR_ALPHA, nil) else {
      return nil
    }
    defer { cairo_surface_destroy(surface) }
    let cr = cairo_create(surface)!
    cairo_transform(cr, transform)
    CairoRenderer(cr: cr, budget: PixelBudget(maxPixels: Limits.default.maxPixels)).draw(node)
    cairo_destroy(cr)
    var x = 0.0
    var y = 0.0
    var w = 0.0
    var h = 0.0
    cairo_recording_surface_ink_extents(surface, &x, &y, &w, &h)
    guard w > 0, h > 0 else { return nil }
    return Rect(x: x, y: y, width: w, height: h)
  }
}
