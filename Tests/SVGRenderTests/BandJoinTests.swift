import Foundation
import SVGGeometry
import SVGRender
import SVGTree
import TestSupport
import Testing

/// Curves stroked with miter and bevel joins are drawn in bands: where cairo's stroker
/// chords a curve outside a band, the joins at the chord's ends turn with it, but those
/// joins lie at the chord's ends, within the stroke's reach of the chord and of its
/// neighbours, which is what `BandChords` watches. Random open and closed paths of curves and
/// lines meeting at sharp corners, with miter (of random limits) and bevel joins and every
/// cap, under every kind of matrix, crossing the edges of many band splits, must come out as
/// in one band.
@Suite struct BandJoinTests {
  /// `count` paths of 3 to 6 segments (cubic and quadratic curves and lines, turning
  /// sharply) about `scale` × 120 px wide, placed by `placement`, with `join`, from a fixed
  /// seed. Large paths mostly have a curve chorded next to a band (the image is then drawn
  /// again whole); small ones mostly keep their bands, their corners on the band edges.
  static func drawing(
    _ placement: BandChordTests.Placement, join: String, seed: UInt64, count: Int = 30,
    scale: Double = 1
  ) -> String {
    var random = SplitMix(seed: seed)
    func uniform(_ a: Double, _ b: Double) -> Double { a + (b - a) * random.next() }
    func point() -> String { String(format: "%.3f %.3f", uniform(-60, 60), uniform(-40, 40)) }
    var shapes = ""
    for _ in 0..<count {
      let m = placement.matrix(uniform, size: scale)
      let (e, f) = (uniform(20, 380), uniform(20, 380))
      var d = "M \(point())"
      for _ in 0..<Int(uniform(3, 7)) {
        switch uniform(0, 3) {
        case ..<1.2: d += " C \(point()) \(point()) \(point())"
        case ..<2: d += " Q \(point()) \(point())"
        default: d += " L \(point())"
        }
      }
      if uniform(0, 1) < 0.4 { d += " Z" }
      let cap = ["butt", "square", "round"][Int(uniform(0, 3))]
      let matrix = (m + [e, f]).map { String(format: "%.5f", $0) }.joined(separator: " ")
      shapes += """
        <path d="\(d)" fill="none" stroke="#000" \
        stroke-width="\(String(format: "%.3f", uniform(1, 12) * scale))" stroke-linejoin="\(join)" \
        stroke-miterlimit="\(String(format: "%.2f", uniform(1, 8)))" stroke-linecap="\(cap)" \
        transform="matrix(\(matrix))"/>

        """
    }
    return """
      <svg xmlns="http://www.w3.org/2000/svg" width="400" height="400">
      \(shapes)</svg>
      """
  }

  @Test(arguments: BandChordTests.Placement.allCases, ["miter", "bevel"])
  func sharpCornersOfCurvesAreDrawnAsInOneBand(
    _ placement: BandChordTests.Placement, _ join: String
  ) throws {
    for (seed, count, scale): (UInt64, Int, Double) in [(7, 30, 1), (8, 30, 1), (9, 150, 0.3)] {
      let svg = Self.drawing(placement, join: join, seed: seed, count: count, scale: scale)
      let tree = try RenderTree(document: Document(string: svg))
      #expect(tree.isBandable)
      let size = Size(width: 400, height: 400)
      let one = try tree.rasterize(covering: size, bands: 1)
      for bands in [2, 3, 5, 7, 8, 11, 13] {
        let banded = try tree.rasterize(covering: size, bands: bands)
        #expect(
          BandedRasterTests.difference(one, banded) == nil, "seed \(seed), \(bands) bands")
      }
    }
  }
}
