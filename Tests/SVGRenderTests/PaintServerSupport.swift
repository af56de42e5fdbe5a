import SVGGeometry
import SVGTree
import Testing

@testable import SVGRender

/// Builds the render tree of `body` inside an `<svg>` with `viewBox`; returns the paint of
/// the fill (or stroke) of the element with id `id`, and the tree.
func paint(
  _ body: String, id: String = "r", stroke: Bool = false, viewBox: String = "0 0 200 200"
) throws -> (RenderPaint?, RenderTree) {
  let text = """
    <svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" \
    viewBox="\(viewBox)">\(body)</svg>
    """
  let document = try Document(string: text)
  let tree = try RenderTree(document: document)
  let target = document.element(withID: id)
  let node = allPaths(tree.root).first { $0.source == target }
  return (stroke ? node?.stroke?.paint : node?.fill?.paint, tree)
}

/// Every path node of a group, depth first.
func allPaths(_ group: Group) -> [PathNode] {
  group.children.flatMap { child -> [PathNode] in
    switch child {
    case .path(let p): [p]
    case .group(let g): allPaths(g)
    case .image: []
    }
  }
}

/// Whether two transforms agree to within `tolerance` in every coefficient.
func close(_ a: Transform, _ b: Transform, tolerance: Double = 1e-9) -> Bool {
  abs(a.a - b.a) < tolerance && abs(a.b - b.b) < tolerance && abs(a.c - b.c) < tolerance
    && abs(a.d - b.d) < tolerance && abs(a.e - b.e) < tolerance && abs(a.f - b.f) < tolerance
}

func linear(_ p: RenderPaint?) -> LinearGradient? {
  if case .linearGradient(let g)? = p { return g }
  return nil
}

func radial(_ p: RenderPaint?) -> RadialGradient? {
  if case .radialGradient(let g)? = p { return g }
  return nil
}

func pattern(_ p: RenderPaint?) -> Pattern? {
  if case .pattern(let g)? = p { return g }
  return nil
}

func color(_ p: RenderPaint?) -> Color? {
  if case .color(let c)? = p { return c }
  return nil
}

extension RenderTree {
  func warned(_ fragment: String) -> Bool {
    diagnostics.contains { $0.message.contains(fragment) }
  }
}

let twoStops = #"<stop offset="0" stop-color="white"/><stop offset="1" stop-color="black"/>"#
