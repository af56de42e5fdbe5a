import Foundation
import SVGGeometry
import SVGTree
import Testing

@testable import SVGRender

/// A band draws a stroke whose outline its clip would change, painted with a colour that is
/// not opaque or with a gradient placed in device space, on a scratch image of the whole
/// image's size under no clip (`UnclippedStroke.swift`): no band top raises the hazard for
/// it, and every band top comes out as the whole image. The band plan cuts such a drawing
/// where those strokes are a small share of the work (each band draws all of them), and
/// keeps its edges off them where they are most of it.
@Suite struct UnclippedStrokeTests {
  /// The rounded rectangles of `BandChordTests` placed by `placement`, stroked with
  /// `stroke` (`url(#l)` and `url(#r)` name a linear and a radial gradient) over a
  /// background that is not opaque.
  static func drawing(_ placement: BandChordTests.Placement, stroke: String) -> String {
    BandChordTests.drawing(placement, seed: 5)
      .replacingOccurrences(of: "stroke=\"#000\"", with: stroke)
      .replacingOccurrences(
        of: "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"400\" height=\"400\">",
        with: """
          <svg xmlns="http://www.w3.org/2000/svg" width="400" height="400">
          <linearGradient id="l" x1="0" y1="0" x2="1" y2="1">
            <stop offset="0" stop-color="#c84a1f"/><stop offset="1" stop-color="#1f8ac8"/>
          </linearGradient>
          <radialGradient id="r" gradientUnits="userSpaceOnUse" cx="200" cy="200" r="150">
            <stop offset="0" stop-color="#fff" stop-opacity="0.3"/><stop offset="1" stop-color="#204020"/>
          </radialGradient>
          <pattern id="p" width="8" height="8" patternUnits="userSpaceOnUse">
            <rect width="4" height="8" fill="#a03070"/>
          </pattern>
          <rect width="400" height="400" fill="#3a7fb0" fill-opacity="0.8"/>
          """)
  }

  @Test(
    arguments: BandChordTests.Placement.allCases,
    [
      "stroke=\"#000\" stroke-opacity=\"0.5\"", "stroke=\"url(#l)\"",
      "stroke=\"url(#r)\" stroke-opacity=\"0.7\"",
    ])
  func strokesAreDrawnAsInOneBandAtEveryTop(
    _ placement: BandChordTests.Placement, _ stroke: String
  ) throws {
    let svg = Self.drawing(placement, stroke: stroke)
    let tops = try StrokeMaskTests.tops(svg)
    #expect(tops.differing.isEmpty, "\(tops.differing)")
    #expect(tops.hazards.isEmpty, "\(tops.hazards)")
  }

  /// The same strokes over stars of many edges, which make them a small share of the work,
  /// are cut into bands that draw them unclipped, as one band draws them; alone, they are
  /// most of the work, and the plan draws them in one band rather than have each band draw
  /// them all.
  @Test(arguments: ["stroke=\"#000\" stroke-opacity=\"0.5\"", "stroke=\"url(#l)\""])
  func thePlanWeighsTheStrokesDrawnUnclipped(_ stroke: String) throws {
    let alone = Self.drawing(.rotate, stroke: stroke)
    let stars = (0..<20).map { s -> String in
      let (cx, cy) = (40.0 + Double(s % 5) * 80, 40.0 + Double(s / 5) * 100)
      let points = (0..<200).map { i -> String in
        let r = i % 2 == 0 ? 45.0 : 20.0
        let a = Double(i) * .pi / 100
        return "\(cx + r * cos(a)),\(cy + r * sin(a))"
      }.joined(separator: " ")
      return "<polygon points=\"\(points)\" fill=\"#2a6\"/>"
    }.joined()
    let busy = alone.replacingOccurrences(
      of: "<rect width=\"400\" height=\"400\" fill=\"#3a7fb0\" fill-opacity=\"0.8\"/>",
      with: "<rect width=\"400\" height=\"400\" fill=\"#3a7fb0\" fill-opacity=\"0.8\"/>" + stars)
    #expect(busy != alone)
    for (svg, banded) in [(busy, true), (alone, false)] {
      let tree = try RenderTree(document: Document(string: svg))
      var edges: [Int] = []
      let refusal = tree.bandRefusal(width: 400, height: 400, count: 2, edges: &edges)
      #expect((refusal == nil) == banded, "\(refusal ?? "banded")")
      let one = try tree.rasterize(covering: StrokeMaskTests.size, bands: 1)
      for bands in [2, 3, 5] {
        let drawn = try tree.rasterize(covering: StrokeMaskTests.size, bands: bands)
        #expect(BandedRasterTests.difference(one, drawn) == nil, "\(bands) bands")
      }
    }
  }

  /// A pattern's source is not set the same way on any context: its strokes still raise
  /// the hazard where a band's clip would change them, and no top differs.
  @Test func patternStrokesStillRaiseTheHazard() throws {
    let tops = try StrokeMaskTests.tops(Self.drawing(.rotate, stroke: "stroke=\"url(#p)\""))
    #expect(tops.differing.isEmpty, "\(tops.differing)")
    #expect(!tops.hazards.isEmpty)
  }
}
