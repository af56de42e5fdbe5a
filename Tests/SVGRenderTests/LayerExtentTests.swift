import SVGGeometry
import SVGTree
import Testing

@testable import SVGRender

/// A group's layer is clipped to the box of its shapes (`LayerExtent`), when that box is
/// known: never one of a filter or an image.
@Suite struct LayerExtentTests {
  /// The first group with an opacity below 1 in the tree of `content`.
  static func layered(_ content: String) throws -> Group {
    let tree = try RenderTree(
      document: Document(
        string: """
          <svg xmlns="http://www.w3.org/2000/svg" width="100" height="100">\(content)</svg>
          """))
    func find(_ g: Group) -> Group? {
      if g.opacity < 1 { return g }
      for case .group(let child) in g.children { if let found = find(child) { return found } }
      return nil
    }
    return try #require(find(tree.root))
  }

  @Test func theBoxHoldsTheShapesAndTheirStrokesInWholePixels() throws {
    let group = try Self.layered(
      """
      <g opacity="0.5"><rect x="10.5" y="20" width="30" height="10"/>
        <g transform="translate(50 50)"><path d="M0 0h10" stroke="red" stroke-width="4"/></g></g>
      """)
    // Under a scale of 2: the rect's device box (21, 40)-(81, 60) and the line's
    // (100, 100)-(120, 100) grown by its stroke's reach, √2 × the miter limit 4 × the width
    // 4 × 2, each grown by the margin of 2; the union rounded out to whole pixels.
    let reach = 2.0.squareRoot() * 4 * 4 * 2 + 2
    let box = try #require(LayerExtent.box(of: group, .scale(2, 2)))
    #expect(
      box
        == Rect(
          x: 19, y: 38, width: (120 + reach).rounded(.up) - 19,
          height: (100 + reach).rounded(.up) - 38))
  }

  @Test(arguments: [
    """
    <filter id="f"><feGaussianBlur stdDeviation="3"/></filter>
    <g opacity="0.5" filter="url(#f)"><rect width="10" height="10"/></g>
    """,
    """
    <filter id="f"><feOffset dx="20"/></filter>
    <g opacity="0.5"><g filter="url(#f)"><rect width="10" height="10"/></g></g>
    """,
    """
    <g opacity="0.5"><image width="10" height="10"
      href="data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg=="/></g>
    """,
  ])
  func aFilterOrAnImageLeavesTheLayerUnclipped(_ content: String) throws {
    #expect(LayerExtent.box(of: try Self.layered(content), .identity) == nil)
  }
}
