import SVGGeometry
import SVGTree
import Testing

@testable import SVGRender

/// x, y, dx, dy and rotate lists as the SVG 2 text layout algorithm resolves them: one value
/// per addressable character (a Unicode scalar, as resvg counts; Chromium counts UTF-16
/// units, which differ only outside the BMP), a child's list over its parent's, and values
/// past the end of an element's characters ignored.
@Suite struct TextPositionListTests {
  private func input(_ body: String) throws -> TextLayoutInput {
    let doc = try Document(
      string: "<svg xmlns='http://www.w3.org/2000/svg' width='200' height='200'>\(body)</svg>")
    let context = BuildContext(document: doc, options: RenderOptions())
    let text = try #require(doc.selectElements(named: "text").first)
    return TextChunkCollector(text, context: context, viewport: Size(width: 200, height: 200))
      .input
  }

  @Test func aTspanOverridesItsParentOnlyWhereItHasValues() throws {
    let i = try input("<text x='10 20 30 40' y='5'>a<tspan x='100'>bc</tspan>d</text>")
    #expect(i.chunks.map(\.text) == ["a", "b", "c", "d"])
    #expect(i.chunks.map(\.x) == [10, 100, 30, 40])
  }

  @Test func extraValuesOfATspanDoNotSpillOver() throws {
    let i = try input("<text dx='1 2 3 4'>a<tspan dx='10 10 10 10'>b</tspan>cd</text>")
    #expect(i.dx == [1, 10, 3, 4])
    let few = try input("<text dy='1'>ab<tspan dy='5'>cd</tspan></text>")
    #expect(few.dy == [1, 0, 5, 0])
  }

  @Test func rotateRepeatsTheLastValueOfTheNearestList() throws {
    #expect(
      try input("<text rotate='10'><tspan rotate='40 50'>abc</tspan>d</text>").rotate
        == [40, 50, 50, 10])
    #expect(
      try input("<text rotate='10 20 30'>ab<tspan>cd</tspan>e</text>").rotate
        == [10, 20, 30, 30, 30])
  }

  @Test func hiddenCharactersAreNotAddressable() throws {
    // Chromium and SVG 2: characters of a display:none element take no value.
    let hidden = try input("<text x='10 40 70'>a<tspan display='none'>b</tspan>cd</text>")
    #expect(hidden.chunks.map(\.text) == ["a", "c", "d"])
    #expect(hidden.chunks.map(\.x) == [10, 40, 70])
    let foreign = try input("<text x='10 40'>a<tspan systemLanguage='xx'>b</tspan>c</text>")
    #expect(foreign.chunks.map(\.x) == [10, 40])
  }

  @Test func anchorsAndTextPathsHaveNoPositionLists() throws {
    let i = try input("<text x='10'>a<a x='100' rotate='45'>bc</a>d</text>")
    #expect(i.chunks.map(\.text) == ["abcd"])
    #expect(i.rotate == [0, 0, 0, 0])
  }
}
