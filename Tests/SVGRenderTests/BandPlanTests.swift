import Foundation
import SVGGeometry
import SVGRender
import SVGTree
import Testing

/// The band plan (`BandPlan`) foresees the band hazard before drawing: it moves an edge past
/// the strokes that would raise it there, or draws the image in one band from the start, so
/// that no image is drawn in bands and then again whole. On the random drawings of the chord
/// and join tests (curves next to band edges under every kind of matrix), no band split the
/// plan keeps may raise the hazard while drawing, its pixels must be those of one band, and
/// the plan must keep its first edges (even shares of the work), move some and refuse some.
/// Their strokes are drawn on a layer here (a group's opacity): a band draws one on the
/// image itself as the whole image does (through its coverage mask, `CoverageMask`, or
/// unclipped, `UnclippedStroke.swift`), and the plan has nothing to move it for.
@Suite struct BandPlanTests {
  struct Tally {
    var even = 0
    var moved = 0
    var refused = 0
  }

  static let size = Size(width: 400, height: 400)

  /// `svg` with its shapes in a translucent group, drawn on a layer.
  static func onLayer(_ svg: String) -> String {
    let root = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"400\" height=\"400\">"
    let out = svg.replacingOccurrences(of: root, with: root + "<g opacity=\"0.6\">")
      .replacingOccurrences(of: "</svg>", with: "</g></svg>")
    #expect(out != svg)
    return out
  }

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
      } else if edges == tree.bandTargets(width: 400, height: 400, count: bands) {
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
          let svg = Self.onLayer(
            BandJoinTests.drawing(placement, join: join, seed: seed, count: count, scale: scale))
          try Self.check(svg, "\(placement) \(join) seed \(seed)", &tally)
        }
      }
    }
    #expect(tally.even > 0 && tally.moved > 0 && tally.refused > 0, "\(tally)")
  }

  /// A drawing whose detail sits in its lowest quarter (a star of many edges there, one
  /// square above) is cut where the work halves, inside that quarter, not at the middle row;
  /// an even drawing is cut near the middle; the pixels are one band's either way.
  @Test func bandsShareTheWork() throws {
    let star = (0..<200).map { i -> String in
      let r = i % 2 == 0 ? 45.0 : 20.0
      let a = Double(i) * .pi / 100
      return "\(200 + r * cos(a)),\(350 + r * sin(a))"
    }.joined(separator: " ")
    let bottom = """
      <svg xmlns="http://www.w3.org/2000/svg" width="400" height="400">
      <rect x="10" y="10" width="20" height="20" fill="red"/>
      <polygon points="\(star)" fill="navy"/>
      <polyline points="\(star)" fill="none" stroke="teal" stroke-width="3"/>
      </svg>
      """
    let even = """
      <svg xmlns="http://www.w3.org/2000/svg" width="400" height="400">
      <rect x="10" y="0" width="380" height="400" fill="green"/>
      </svg>
      """
    for (svg, rows) in [(bottom, 300...400), (even, 190...210)] {
      let tree = try RenderTree(document: Document(string: svg))
      let targets = tree.bandTargets(width: 400, height: 400, count: 2)
      #expect(rows.contains(targets[1]), "\(targets)")
      var edges: [Int] = []
      #expect(tree.bandRefusal(width: 400, height: 400, count: 2, edges: &edges) == nil)
      #expect(edges == targets)
      let one = try tree.rasterize(covering: Self.size, bands: 1)
      let two = try tree.rasterize(covering: Self.size, bands: 2)
      #expect(BandedRasterTests.difference(one, two) == nil)
    }
  }

  @Test func roundedRectanglesAreForeseen() throws {
    var tally = Tally()
    for placement in BandChordTests.Placement.allCases {
      try Self.check(
        Self.onLayer(BandChordTests.drawing(placement, seed: 23)), "\(placement) seed 23",
        &tally)
    }
    #expect(tally.even + tally.moved > 0 && tally.refused > 0, "\(tally)")
  }
}
