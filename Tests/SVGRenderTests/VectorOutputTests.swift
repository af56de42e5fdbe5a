import SVGTree
import Testing

@testable import SVGRender

/// Vector outputs record groups instead of drawing pixels; what needs pixels (masks) must
/// still come out right. Checked by reading cairo's SVG output back with our own renderer.
@Suite struct VectorOutputTests {
  @Test func masksApplyInVectorOutput() throws {
    let source = try Document(
      string: """
        <svg xmlns='http://www.w3.org/2000/svg' width='100' height='100'>
          <mask id='m'><rect width='50' height='100' fill='white'/></mask>
          <rect width='100' height='100' fill='red' mask='url(#m)'/>
        </svg>
        """)
    let tree = try RenderTree(document: source)
    let svg = try tree.vectorData(format: .svg, width: 100, height: 100)
    // cairo writes what it cannot express in SVG as an embedded (data: URL) image.
    var options = RenderOptions()
    options.resources = .dataOnly
    let again = try RenderTree(document: Document(bytes: svg), options: options)
    let bitmap = try again.rasterize(width: 100, height: 100)
    let inside = bitmap.rgba(x: 20, y: 50)
    let outside = bitmap.rgba(x: 80, y: 50)
    #expect(inside.r > 200 && inside.a > 200)
    #expect(outside.a < 20)
  }
}
