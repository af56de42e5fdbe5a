import Foundation
import SVGGeometry
import SVGTree
import TestSupport
import Testing

@testable import SVGRender

/// The object bounding box of `text` for filters, masks and clip paths is its font cells
/// (ascent to descent, one advance per character), as for its paint and as browsers
/// measure it, not the outline of its glyphs: "xx" has no ascender or descender, yet its
/// box reaches from the font's ascent down to its descent.
@Suite(.enabled(if: haveFonts, "suite fonts not found at \(suiteFonts)"))
struct TextBoundingBoxTests {
  private func bitmap(_ body: String) throws -> Bitmap {
    let doc = try Document(
      string: "<svg xmlns='http://www.w3.org/2000/svg' width='200' height='200'>\(body)</svg>")
    var options = RenderOptions()
    options.fontDirectories = [suiteFonts]
    return try RenderTree(document: doc, options: options).rasterize(width: 200, height: 200)
  }

  private let text = "<text x='20' y='100' font-family='Noto Sans' font-size='40'"

  @Test func aFilterRegionCoversTheFontCells() throws {
    let b = try bitmap(
      """
      <filter id='f' x='0' y='0' width='1' height='1'><feFlood flood-color='#00f'/></filter>
      \(text) filter='url(#f)'>xx</text>
      """)
    // Noto Sans: ascent 1.069 em, descent 0.293 em: the flood spans y 57..112.
    #expect(b.rgba(x: 30, y: 60).b == 255)  // above the x-height, below the ascent
    #expect(b.rgba(x: 30, y: 109).b == 255)  // below the baseline, above the descent
    #expect(b.rgba(x: 30, y: 54).a == 0)
    #expect(b.rgba(x: 30, y: 115).a == 0)
  }

  @Test func aClipInBoundingBoxUnitsUsesTheFontCells() throws {
    // The top half of the cells ends at y 84.5, above the glyphs' own middle (89).
    let b = try bitmap(
      """
      <clipPath id='c' clipPathUnits='objectBoundingBox'><rect width='1' height='0.5'/></clipPath>
      \(text) clip-path='url(#c)'>xx</text>
      """)
    #expect((20..<60).contains { b.rgba(x: $0, y: 82).a > 0 })
    for x in 20..<60 { #expect(b.rgba(x: x, y: 87).a == 0) }
  }
}

@Suite struct ClusterBoxTests {
  /// A cluster's box is found without making its path, to the bit.
  @Test func rectangleBoundsAreThePathsBounds() {
    var random = SplitMix(seed: 29)
    func value() -> Double { (random.next() - 0.5) * 2_000 }
    for _ in 0..<2_000 {
      let t = Transform(
        a: value() / 300, b: value() / 900, c: value() / 900, d: value() / 300, e: value(),
        f: value())
      let (x, y, width, height) = (value(), value(), abs(value()) / 7, abs(value()) / 3)
      let path = Path.rectangle(x: x, y: y, width: width, height: height)
      #expect(
        Path.rectangleBounds(x: x, y: y, width: width, height: height, t)
          == path.bounds(transformedBy: t))
    }
  }
}
