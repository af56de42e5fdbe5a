import SVGGeometry
import SVGTree
import Testing

@testable import SVGRender

@Suite struct ExportTests {
  @Test func subtreeIsCroppedToTheElementsInk() throws {
    let doc = try Document(
      string: """
        <svg xmlns='http://www.w3.org/2000/svg' width='200' height='100'>
          <rect width='200' height='100' fill='white'/>
          <g transform='translate(50 20)'>
            <rect id='r' x='10' y='10' width='30' height='20' fill='red' stroke='blue' stroke-width='4'/>
          </g>
        </svg>
        """)
    let tree = try RenderTree(document: doc)
    let sub = try #require(tree.subtree(for: doc.element(withID: "r")!))
    // 30x20 plus half the 4-unit stroke on each side.
    #expect(abs(sub.size.width - 34) < 0.01)
    #expect(abs(sub.size.height - 24) < 0.01)
    let bitmap = try sub.rasterize(width: 34, height: 24)
    #expect(bitmap.rgba(x: 17, y: 12) == (255, 0, 0, 255))
    #expect(bitmap.rgba(x: 1, y: 12).b == 255)
  }

  @Test func anElementThatDrawsNothingHasNoSubtree() throws {
    let doc = try Document(
      string:
        "<svg xmlns='http://www.w3.org/2000/svg'><rect id='r' width='10' height='10' fill='none'/></svg>"
    )
    let tree = try RenderTree(document: doc)
    #expect(tree.subtree(for: doc.element(withID: "r")!) == nil)
  }
}
