import CCairo
import SVGGeometry
import SVGTree

extension RenderTree {
  /// A drawing of one element alone, cropped to the ink it paints (strokes, markers and
  /// clips included), as `rsvg-convert --export-id` gives. Nil when the element draws
  /// nothing.
  public func subtree(for element: NodeID) -> RenderTree? {
    guard let (node, transform) = Self.find(element, in: .group(root), transform: .identity),
      let ink = Self.inkExtents(of: node, transform: transform)
    else { return nil }
    var group = Group(source: element)
    group.transform = .translate(-ink.x, -ink.y) * transform
    group.absoluteTransform = group.transform
    group.children = [node]
    return RenderTree(
      size: Size(width: ink.width, height: ink.height), root: group, diagnostics: diagnostics)
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

  /// What the node paints, measured by cairo on a recording surface.
  private static func inkExtents(of node: RenderNode, transform: Transform) -> Rect? {
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
