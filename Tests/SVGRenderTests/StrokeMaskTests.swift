import Foundation
import SVGGeometry
import SVGTree
import Testing

@testable import SVGRender

/// A band draws a stroke of an opaque colour whose outline its clip would change through a
/// coverage surface the size of the image (`StrokeMask`), with cairo's own blend: no band
/// top raises the hazard for it, and every band top comes out as the whole image. Strokes
/// on a layer or under a clip path still raise it (other paints: `UnclippedStrokeTests`).
@Suite struct StrokeMaskTests {
  static let size = Size(width: 400, height: 400)

  /// The band tops of `svg` at 400 × 400 that differ from one band, and those that raise the
  /// hazard.
  static func tops(_ svg: String) throws -> (differing: [Int], hazards: [Int]) {
    let tree = try RenderTree(document: Document(string: svg))
    let one = try tree.rasterize(covering: size, bands: 1)
    return tree.bandTops(
      1..<400, differingFrom: one, covering: size, depth: 16,
      settle: RenderTree.bandSettleRows)
  }

  /// Rounded rectangles whose long sides the bands' clips would move (`BandChordTests`),
  /// stroked in an opaque colour, over a background that is not opaque. (Blended with
  /// pixman's rounding instead of cairo's, 189 to 392 of the 399 tops of each differed.)
  @Test(arguments: BandChordTests.Placement.allCases)
  func opaqueStrokesAreDrawnAsInOneBandAtEveryTop(_ placement: BandChordTests.Placement) throws {
    let svg = BandChordTests.drawing(placement, seed: 5)
      .replacingOccurrences(of: "<rect x=\"-40\"", with: "<rect x=\"-40\" fill-opacity=\"0\"")
      .replacingOccurrences(of: "stroke=\"#000\"", with: "stroke=\"#c84a1f\"")
      .replacingOccurrences(
        of: "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"400\" height=\"400\">",
        with: """
          <svg xmlns="http://www.w3.org/2000/svg" width="400" height="400">
          <rect width="400" height="400" fill="#3a7fb0" fill-opacity="0.8"/>
          """)
    let tops = try Self.tops(svg)
    #expect(tops.differing.isEmpty, "\(tops.differing)")
    #expect(tops.hazards.isEmpty, "\(tops.hazards)")
    let tree = try RenderTree(document: Document(string: svg))
    var edges: [Int] = []
    #expect(tree.bandRefusal(width: 400, height: 400, count: 2, edges: &edges) == nil)
  }

  /// A stroke drawn on a layer or under a clip path (which limits the whole image's stroker
  /// too) still raises the hazard where the clip would change it, and no top differs.
  @Test(arguments: [
    ("stroke=\"#000\"", "<g opacity=\"0.5\">"),
    ("stroke=\"#000\" stroke-opacity=\"0.5\"", "<g clip-path=\"url(#c)\">"),
    ("stroke=\"#000\"", "<g clip-path=\"url(#c)\">"),
  ])
  func otherStrokesStillRaiseTheHazard(_ stroke: String, _ group: String) throws {
    let svg = BandChordTests.drawing(.rotate, seed: 5)
      .replacingOccurrences(of: "stroke=\"#000\"", with: stroke)
      .replacingOccurrences(
        of: "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"400\" height=\"400\">",
        with: """
          <svg xmlns="http://www.w3.org/2000/svg" width="400" height="400">
          <clipPath id="c"><circle cx="200" cy="200" r="190"/></clipPath>\(group)
          """
      )
      .replacingOccurrences(of: "</svg>", with: "</g></svg>")
    let tops = try Self.tops(svg)
    #expect(tops.differing.isEmpty, "\(tops.differing)")
    #expect(!tops.hazards.isEmpty)
  }
}
