import SVGGeometry
import SVGRender
import SVGTree
import Testing

/// The band plan (`BandPlan`) foresees the band hazard before drawing: it moves an edge past
/// the strokes that would raise it there, or draws the image in one band from the start, so
/// that no image is drawn in bands and then again whole. On the random drawings of the chord
/// and join tests (curves next to band edges under every kind of matrix), no band split the
/// plan keeps may raise the hazard while drawing, its pixels must be those of one band, and
/// the plan must keep even edges, move some and refuse some.
@Suite struct BandPlanTests {
  struct Tally {
    var even = 0
    var moved = 0
    var refused = 0
  }

  static let size = Size(width: 400, height: 400)

  /// Checks every band count on `svg`, adding to `tally`.
  static func check(_ svg: String, _ label: String, _ tally: inout Tally) throws {
    let tree = try RenderTree(document: Document(string: svg))
    let one = try tree.rasterize(covering: size, bands: 1)
    for bands in [2, 3, 5, 7, 13] {
      var edges: [Int] = []
      let refusal = tree.bandRefusal(width: 400, height: 400, count: bands, edges: &edges)
      #expect(refusal != "a band raised the hazard (drawn again whole)", "\(label), \(bands) bands")
      if refusal != nil {
        tally.refused += 1
      } else if edges == (0...bands).map({ 400 * $0 / bands }) {
        tally.even += 1
      } else {
        tally.moved += 1
      }
      let banded = try tree.rasterize(covering: size, bands: bands)
      #expect(BandedRasterTests.difference(one, banded) == nil, "\(label), \(bands) bands")
    }
  }

  @Test func sharpCornersOfCurvesAreForeseen() throws {
    var tally = Tally()
    for placement in BandChordTests.Placement.allCases {
      for join in ["miter", "bevel"] {
        for (seed, count, scale): (UInt64, Int, Double) in [(21, 12, 1), (22, 60, 0.3)] {
          let svg = BandJoinTests.drawing(
            placement, join: join, seed: seed, count: count, scale: scale)
          try Self.check(svg, "\(placement) \(join) seed \(seed)", &tally)
        }
      }
    }
    #expect(tally.even > 0 && tally.moved > 0 && tally.refused > 0, "\(tally)")
  }

  @Test func roundedRectanglesAreForeseen() throws {
    var tally = Tally()
    for placement in BandChordTests.Placement.allCases {
      try Self.check(
        BandChordTests.drawing(placement, seed: 23), "\(placement) seed 23", &tally)
    }
    #expect(tally.even + tally.moved > 0 && tally.refused > 0, "\(tally)")
  }
}
