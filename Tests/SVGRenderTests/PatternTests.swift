import SVGGeometry
import SVGTree
import Testing

@testable import SVGRender

@Suite struct PatternTests {
  private let content = #"<rect width="10" height="10" fill="green"/>"#

  @Test func objectBoundingBoxTileIsInUserSpace() throws {
    let (p, _) = try paint(
      """
      <pattern id="p" x="0.1" y="0.5" width="0.25" height="0.5"
        patternTransform="rotate(10)">\(content)</pattern>
      <rect id="r" x="20" y="40" width="160" height="80" fill="url(#p)"/>
      """)
    let pat = try #require(pattern(p))
    #expect(pat.tile == Rect(x: 36, y: 80, width: 40, height: 40))
    #expect(pat.transform == .rotate(10))
    // Content (user units) starts at the tile's origin.
    #expect(pat.content.transform == .translate(36, 80))
    #expect(pat.content.children.count == 1)
  }

  @Test func contentUnitsScaleByTheBoxWithoutItsOffset() throws {
    let (p, _) = try paint(
      """
      <pattern id="p" patternUnits="userSpaceOnUse" patternContentUnits="objectBoundingBox"
        x="5" width="20" height="20"><rect width="0.1" height="0.1"/></pattern>
      <rect id="r" x="20" y="40" width="160" height="80" fill="url(#p)"/>
      """)
    let pat = try #require(pattern(p))
    #expect(pat.tile == Rect(x: 5, y: 0, width: 20, height: 20))
    #expect(pat.content.transform == .translate(5, 0) * .scale(160, 80))
  }

  @Test func viewBoxOverridesContentUnits() throws {
    let (p, _) = try paint(
      """
      <pattern id="p" patternUnits="userSpaceOnUse" patternContentUnits="objectBoundingBox"
        width="20" height="10" viewBox="0 0 10 10" preserveAspectRatio="xMinYMin meet">
        \(content)</pattern>
      <rect id="r" width="100" height="100" fill="url(#p)"/>
      """)
    let pat = try #require(pattern(p))
    #expect(pat.content.transform == .scale(1, 1))
  }

  @Test func attributesAndChildrenComeThroughHref() throws {
    let (p, _) = try paint(
      """
      <pattern id="base" patternUnits="userSpaceOnUse" width="30" height="15"
        viewBox="0 0 30 15">\(content)</pattern>
      <pattern id="p" xlink:href="#base" x="2"/>
      <rect id="r" width="100" height="100" fill="url(#p)"/>
      """)
    let pat = try #require(pattern(p))
    #expect(pat.tile == Rect(x: 2, y: 0, width: 30, height: 15))
    #expect(pat.content.children.count == 1)
    #expect(pat.content.transform == .translate(2, 0))
  }

  @Test func zeroSizeOrNoContentUsesTheFallback() throws {
    for attributes in [#"width="0" height="10""#, #"height="10""#] {
      let (p, tree) = try paint(
        """
        <pattern id="p" patternUnits="userSpaceOnUse" \(attributes)>\(content)</pattern>
        <rect id="r" width="100" height="100" fill="url(#p) blue"/>
        """)
      #expect(color(p) == Color(r: 0, g: 0, b: 255))
      #expect(tree.warned("zero or negative"))
    }
    let (empty, _) = try paint(
      """
      <pattern id="p" patternUnits="userSpaceOnUse" width="10" height="10"/>
      <rect id="r" width="100" height="100" fill="url(#p)"/>
      """)
    #expect(empty == nil)
  }

  @Test func selfReferenceInContentPaintsNothingThere() throws {
    let (p, tree) = try paint(
      """
      <pattern id="p" patternUnits="userSpaceOnUse" width="10" height="10">
        <rect id="inner" width="10" height="10" fill="url(#p)" stroke="green"/></pattern>
      <rect id="r" width="100" height="100" fill="url(#p)"/>
      """)
    let pat = try #require(pattern(p))
    let inner = try #require(allPaths(pat.content).first)
    #expect(inner.fill == nil)
    #expect(inner.stroke != nil)
    #expect(tree.warned("cycle"))
  }

  @Test func nestedPatternsResolveAgainstTheirOwnShape() throws {
    let (p, _) = try paint(
      """
      <linearGradient id="g">\(twoStops)</linearGradient>
      <pattern id="p" patternUnits="userSpaceOnUse" width="20" height="20">
        <rect x="10" y="10" width="10" height="5" fill="url(#g)"/></pattern>
      <rect id="r" width="100" height="100" fill="url(#p)"/>
      """)
    let pat = try #require(pattern(p))
    let inner = try #require(allPaths(pat.content).first)
    let g = try #require(linear(inner.fill?.paint))
    #expect(g.transform == .translate(10, 10) * .scale(10, 5))
  }

  @Test func tilesRenderAtDeviceResolution() throws {
    // A 2×2 tile scaled up 10 times, drawn 3× larger still: the circle must stay round
    // and sharp rather than be a blurred 2×2 image.
    let text = """
      <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 20 20" width="60" height="60">
      <pattern id="p" patternUnits="userSpaceOnUse" width="2" height="2"
        patternTransform="scale(10)"><rect width="1" height="1" fill="#00f"/></pattern>
      <rect width="20" height="20" fill="url(#p)"/></svg>
      """
    let tree = try RenderTree(document: Document(string: text))
    let bitmap = try tree.rasterize(width: 60, height: 60)
    // Tile cells are 30 px: the first quadrant is blue, the next one transparent.
    #expect(bitmap.rgba(x: 1, y: 1) == (0, 0, 255, 255))
    #expect(bitmap.rgba(x: 29, y: 29) == (0, 0, 255, 255))
    #expect(bitmap.rgba(x: 30, y: 1).a == 0)
    #expect(bitmap.rgba(x: 31, y: 31).a == 0)
  }
}
