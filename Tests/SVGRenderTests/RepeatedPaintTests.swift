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
