import SVGGeometry
import SVGTree
import Testing

@testable import SVGRender

/// A build parses each `fill` and `stroke` text once (``BuildContext/paints``): elements
/// repeating a text get the paint each would get alone, `currentColor` follows each
/// element's own `color`, and an invalid text is reported at every element that uses it.
@Suite struct RepeatedPaintTests {
  @Test func repeatedPaintTextsResolveForEachElement() throws {
    let tree = try StructureFixture.tree(
      """
      <linearGradient id="g"><stop offset="0" stop-color="red"/>\
      <stop offset="1" stop-color="blue"/></linearGradient>
      <rect width="10" height="10" fill="#00ff00"/>
      <rect width="10" height="10" fill="#00ff00" color="red"/>
      <rect width="10" height="10" fill="currentColor" color="#0000ff"/>
      <rect width="10" height="10" fill="currentColor" color="#ff0000"/>
      <rect width="10" height="10" fill="url(#g)"/>
      <rect width="10" height="10" fill="url(#g)"/>
      <rect id="bad1" width="10" height="10" fill="#12345"/>
      <rect width="10" height="10" fill="#00ff00"/>
      <rect id="bad2" width="10" height="10" fill="#12345"/>
      """)
    let paths = StructureFixture.paths(tree)
    #expect(paths.count == 9)
    let lime = Color(r: 0, g: 255, b: 0)
    #expect(paths[0].fillColor == lime)
    #expect(paths[1].fillColor == lime)
    #expect(paths[2].fillColor == Color(r: 0, g: 0, b: 255))
    #expect(paths[3].fillColor == Color(r: 255, g: 0, b: 0))
    for i in [4, 5] {
      if case .color = paths[i].node.fill?.paint { Issue.record("gradient \(i) drawn as a colour") }
      #expect(paths[i].node.fill != nil)
    }
    #expect(paths[7].fillColor == lime)
    let invalid = tree.diagnostics.filter { $0.message.contains("invalid fill \"#12345\"") }
    #expect(invalid.count == 2)
    #expect(Set(invalid.map(\.location.line)).count == 2)
  }
}

/// A build resolves each gradient once per viewport (``KeptGradient``): every shape that
/// uses it gets its own bounding box mapping, a gradient that reports something reports it
/// at every use, and its href chain counts against the reference limit at every use.
@Suite struct RepeatedGradientTests {
  @Test func eachShapeMapsAKeptGradientOntoItsOwnBox() throws {
    let tree = try StructureFixture.tree(
      """
      <radialGradient id="base" r="0.4"><stop offset="0" stop-color="red"/>\
      <stop offset="1" stop-color="blue"/></radialGradient>
      <radialGradient id="g" xlink:href="#base"/>
      <rect x="10" y="20" width="40" height="10" fill="url(#g)"/>
      <rect x="0" y="0" width="100" height="50" fill="url(#g)"/>
      <line x1="0" y1="0" x2="50" y2="0" stroke="black" fill="url(#g)"/>
      <rect x="0" y="0" width="100" height="50" fill="url(#g)"/>
      """)
    let fills = StructureFixture.paths(tree).map(\.node.fill?.paint)
    #expect(fills.count == 4)
    for (i, box) in [
      (0, Rect(x: 10, y: 20, width: 40, height: 10)), (1, Rect(x: 0, y: 0, width: 100, height: 50)),
      (3, Rect(x: 0, y: 0, width: 100, height: 50)),
    ] {
      let g = try #require(radial(fills[i]))
      #expect(close(g.transform, .translate(box.x, box.y) * .scale(box.width, box.height)))
      #expect(g.radius == 0.4)
      #expect(g.stops.count == 2)
    }
    // The line has no fill box: no fill, and the diagnostic of the first resolution.
    #expect(fills[2] == nil)
    #expect(tree.diagnostics.count { $0.message.contains("without a bounding box") } == 1)
  }

  @Test func aGradientReportsAtEveryUse() throws {
    let tree = try StructureFixture.tree(
      """
      <linearGradient id="g" x2="oops"><stop offset="0" stop-color="red"/>\
      <stop offset="1" stop-color="blue"/></linearGradient>
      <rect width="10" height="10" fill="url(#g)"/>
      <rect width="10" height="10" fill="#12345"/>
      <rect width="10" height="10" fill="url(#g)"/>
      """)
    // Between them, another diagnostic: the same one twice in a row is kept once.
    #expect(tree.diagnostics.count { $0.message.contains("invalid x2") } == 2)
  }

  @Test(arguments: [5, 6]) func aKeptChainCountsAtEveryUse(_ limit: Int) throws {
    // Three uses of a chain of two references: six in all.
    var options = RenderOptions()
    options.limits.maxReferences = limit
    let body = """
      <linearGradient id="a"><stop offset="0" stop-color="red"/>\
      <stop offset="1" stop-color="blue"/></linearGradient>
      <linearGradient id="b" xlink:href="#a"/><linearGradient id="g" xlink:href="#b"/>
      """ + String(repeating: #"<rect width="10" height="10" fill="url(#g)"/>"#, count: 3)
    if limit < 6 {
      #expect(throws: RenderError.self) { try StructureFixture.tree(body, options: options) }
    } else {
      #expect(StructureFixture.paths(try StructureFixture.tree(body, options: options)).count == 3)
    }
  }
}
