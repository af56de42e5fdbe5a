import SVGGeometry
import SVGRender
import SVGTree
import Testing

@testable import SVGQuery

@Suite struct TextHitTests {
  /// Text reaches the render tree as glyph outlines under the `<text>` element; a glyph is
  /// hit anywhere in its box, holes included, but not between glyphs.
  @Test func glyphBoxesAnswer() throws {
    let document = try Document(
      string:
        #"<svg xmlns="http://www.w3.org/2000/svg" width="100" height="50"><text id="t">oo</text></svg>"#
    )
    let root = try #require(document.root)
    let text = try #require(document.element(withID: "t"))
    // Two ring-shaped "glyphs": outer squares with square holes (even-odd by winding).
    var path = Path()
    for x in [10.0, 40.0] {
      path.elements += Shape.rect(x: x, y: 10, width: 20, height: 20).elements
      path.elements +=
        Shape.polygon([
          Point(x + 5, 15), Point(x + 5, 25), Point(x + 15, 25), Point(x + 15, 15),
        ]).elements
    }
    var node = PathNode(source: text, path: path)
    node.fill = Fill(paint: .color(.black))
    var group = Group(source: root)
    group.children = [.path(node)]
    let scene = Scene(
      document: document, tree: RenderTree(size: Size(width: 100, height: 50), root: group))
    #expect(scene.element(at: Point(20, 20))?.part == .text)  // inside the hole
    #expect(scene.element(at: Point(20, 20))?.element.name == "t")
    #expect(scene.element(at: Point(35, 20)) == nil)  // between the glyphs
    #expect(scene.element(at: Point(35, 20), tolerance: 6) != nil)
  }
}
