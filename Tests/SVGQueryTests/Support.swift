import SVGGeometry
import SVGRender
import SVGTree

@testable import SVGQuery

/// A scene from SVG text with the SVG namespace added to the root.
func scene(_ body: String, size: String = "width=\"200\" height=\"200\"") throws -> Scene {
  let text = "<svg xmlns=\"http://www.w3.org/2000/svg\" \(size)>\(body)</svg>"
  return try Scene(document: try Document(string: text))
}

extension Scene {
  /// The name of the top-most element at a document point, or nil.
  func name(at x: Double, _ y: Double, tolerance: Double = 0) -> String? {
    element(at: Point(x, y), tolerance: tolerance)?.element.name
  }

  func names(at x: Double, _ y: Double) -> [String] {
    elements(at: Point(x, y)).map(\.element.name)
  }
}

/// The path and stroke of the one `<path>` of a drawing (`d`, stroked black with `style`,
/// no fill), as the render tree holds them; nil when it is not stroked.
func strokedPath(_ d: String, style: String) throws -> (path: Path, stroke: Stroke)? {
  let tree = try RenderTree(
    document: try Document(
      string: """
        <svg xmlns="http://www.w3.org/2000/svg" width="200" height="200">
        <path d="\(d)" style="fill:none;stroke:black;\(style)"/></svg>
        """))
  func first(_ node: RenderNode) -> (path: Path, stroke: Stroke)? {
    switch node {
    case .path(let shape): shape.stroke.map { (shape.path, $0) }
    case .group(let g): g.children.lazy.compactMap(first).first
    case .image: nil
    }
  }
  return tree.root.children.lazy.compactMap(first).first
}

/// Rotations, reflections, stretches and skews that the random stroke tests draw under.
let strokeTestTransforms = [
  Transform.identity, Transform(a: 0.8, b: 0.6, c: -0.6, d: 0.8, e: 5, f: 3),
  Transform.scale(3, 3), Transform.scale(1.5, 0.6), Transform.scale(-2, 2),
  Transform(a: 1, b: 0.4, c: -0.3, d: 1.5, e: 3, f: -2),
]
