import SVGGeometry
import SVGRender
import SVGTree
import Testing

/// `RenderOptions.dpi` as rsvg-convert's `-d`/`-p` and resvg's `--dpi` treat it: physical
/// units convert at the given resolution, user units stay CSS pixels.
@Suite struct ResolutionTests {
  private func render(_ svg: String, dpi: (Double, Double)) throws -> Bitmap {
    var options = RenderOptions()
    options.dpi = dpi
    let tree = try RenderTree(document: try Document(string: svg), options: options)
    return try tree.rasterize(covering: tree.size)
  }

  /// The columns `x` in row `y` whose pixel is opaque red.
  private func redColumns(_ b: Bitmap, row y: Int) -> ClosedRange<Int>? {
    let xs = (0..<b.width).filter {
      let p = b.rgba(x: $0, y: y)
      return p.r == 255 && p.g == 0 && p.a == 255
    }
    guard let first = xs.first, let last = xs.last else { return nil }
    return first...last
  }

  @Test func physicalRootSidesGrowWithTheResolutionAndPixelSidesStay() throws {
    let svg = #"<svg xmlns="http://www.w3.org/2000/svg" width="1in" height="48px"/>"#
    let tree96 = try RenderTree(document: try Document(string: svg))
    #expect(tree96.size == Size(width: 96, height: 48))
    var options = RenderOptions()
    options.dpi = (192, 300)
    let tree = try RenderTree(document: try Document(string: svg), options: options)
    #expect(tree.size == Size(width: 192, height: 48))
  }

  @Test func userUnitsKeepTheirSizeOnALargerCanvas() throws {
    // No viewBox: the user space is CSS pixels, so a larger resolution enlarges the canvas
    // around the shape, as both peers draw it.
    let svg = """
      <svg xmlns="http://www.w3.org/2000/svg" width="1in" height="1in">
        <rect x="10" y="10" width="40" height="40" fill="red"/></svg>
      """
    let b = try render(svg, dpi: (192, 192))
    #expect(b.width == 192 && b.height == 192)
    #expect(redColumns(b, row: 30) == 10...49)
  }

  @Test func physicalLengthsInTheContentScale() throws {
    let svg = """
      <svg xmlns="http://www.w3.org/2000/svg" width="200" height="100">
        <rect x="0" y="0" width="0.5in" height="10mm" fill="red"/></svg>
      """
    let b = try render(svg, dpi: (192, 96))
    #expect(redColumns(b, row: 5) == 0...95)
    // 10 mm at 96 dpi vertically: 37.8 px, so row 36 is red and row 38 is not.
    #expect(redColumns(b, row: 36) == 0...95)
    #expect(redColumns(b, row: 38) == nil)
  }

  @Test func fontSizesInPointsScaleAndInPixelsStay() throws {
    // `em` lengths read the computed font-size: 12pt is 32 px at 192 dpi, so 2em is 64 px,
    // in the document and in a `use` instance alike; 10px stays 10 px.
    let svg = """
      <svg xmlns="http://www.w3.org/2000/svg" width="200" height="100">
        <defs><rect id="r" width="2em" height="4" fill="red"/></defs>
        <g font-size="12pt"><rect width="2em" height="4" fill="red"/></g>
        <use href="#r" y="10" font-size="12pt"/>
        <rect y="20" width="2em" height="4" font-size="10px" fill="red"/></svg>
      """
    let b = try render(svg, dpi: (192, 192))
    #expect(redColumns(b, row: 2) == 0...63)
    #expect(redColumns(b, row: 12) == 0...63)
    #expect(redColumns(b, row: 22) == 0...19)
    let b96 = try render(svg, dpi: (96, 96))
    #expect(redColumns(b96, row: 2) == 0...31)
    #expect(redColumns(b96, row: 12) == 0...31)
  }

  @Test func aViewBoxFillsTheLargerCanvas() throws {
    let svg = """
      <svg xmlns="http://www.w3.org/2000/svg" width="1in" height="1in" viewBox="0 0 96 96">
        <rect x="10" y="10" width="40" height="40" fill="red"/></svg>
      """
    let b = try render(svg, dpi: (192, 192))
    #expect(redColumns(b, row: 60) == 20...99)
  }
}
