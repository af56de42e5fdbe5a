import Foundation
import SVGGeometry
import SVGRender
import SVGTree
import Testing

/// Dashed strokes are banded (`BandChords`): cairo's dashed stroker follows every curve
/// whatever the clip, so no band moves a dash, and what it leaves out lies beyond the
/// stroke's reach of the clip. A drawing with dashed curves must come out of any band split
/// as it does from one band.
@Suite struct BandDashTests {
  /// `count` dashed curves (ellipses, rounded rectangles and open cubics with every join),
  /// from a fixed seed, under rotations, scales and skews, over a grid of dots that spreads
  /// the work evenly over the rows, in a 400 × 400 drawing.
  static func drawing(seed: UInt64, count: Int, size: Double = 0.4) -> String {
    var random = SplitMix(seed: seed)
    func uniform(_ a: Double, _ b: Double) -> Double { a + (b - a) * random.next() }
    func f(_ x: Double) -> String { String(format: "%.3f", x) }
    var shapes = ""
    for y in stride(from: 10, to: 400, by: 20) {
      for x in stride(from: 10, to: 400, by: 20) {
        shapes += "<circle cx='\(x)' cy='\(y).5' r='6' fill='#9bd'/>\n"
      }
    }
    let placements = BandChordTests.Placement.allCases
    for i in 0..<count {
      let m = placements[i % placements.count].matrix(uniform, size: size)
      let matrix = (m + [uniform(40, 360), uniform(40, 360)]).map(f).joined(separator: " ")
      let shape =
        switch i % 3 {
        case 0: "<ellipse rx='\(f(uniform(15, 60)))' ry='\(f(uniform(10, 40)))'"
        case 1: "<rect x='-40' y='-20' width='80' height='40' ry='\(f(uniform(4, 15)))'"
        default:
          "<path d='M-50 0 C -20 -60 \(f(uniform(0, 30))) 50 50 \(f(uniform(-20, 20)))'"
        }
      let join = ["miter", "round", "bevel"][(i / 3) % 3]
      shapes += """
        \(shape) fill='none' stroke='#135' stroke-width='\(f(uniform(1.5, 6)))' \
        stroke-dasharray='\(f(uniform(2, 9))) \(f(uniform(1, 5)))' \
        stroke-dashoffset='\(f(uniform(0, 5)))' stroke-linejoin='\(join)' \
        transform='matrix(\(matrix))'/>

        """
    }
    return """
      <svg xmlns="http://www.w3.org/2000/svg" width="400" height="400">
      \(shapes)</svg>
      """
  }

  /// Drawings of few and of many dashed curves are banded where the plan first puts the
  /// edges (even shares of the work: dashed strokes keep no edge away), and their pixels are
  /// those of one band.
  @Test func dashedCurvesKeepTheFirstEdges() throws {
    var tally = BandPlanTests.Tally()
    for (seed, count): (UInt64, Int) in [(31, 1), (32, 2), (33, 3), (34, 5), (35, 30)] {
      let svg = Self.drawing(seed: seed, count: count)
      #expect(try RenderTree(document: Document(string: svg)).isBandable)
      try BandPlanTests.check(svg, "seed \(seed), \(count) curves", &tally)
    }
    #expect(tally.even == 25 && tally.moved == 0 && tally.refused == 0, "\(tally)")
  }

  /// A band starting at any row, its clip cutting dashed curves of every kind (large ones
  /// too, reaching past the image), draws its rows as the whole image does, and raises no
  /// hazard.
  @Test(arguments: [(UInt64(41), 0.4), (42, 0.8), (43, 1.3)])
  func aBandStartingAtAnyRowLeavesTheDashesInPlace(_ seed: UInt64, _ size: Double) throws {
    let tree = try RenderTree(
      document: Document(string: Self.drawing(seed: seed, count: 12, size: size)))
    let whole = Size(width: 400, height: 400)
    let one = try tree.rasterize(covering: whole, bands: 1)
    let tops = tree.bandTops(
      1..<400, differingFrom: one, covering: whole, depth: 16,
      settle: RenderTree.bandSettleRows)
    #expect(tops.differing.isEmpty, "\(tops.differing)")
    #expect(tops.hazards.isEmpty, "\(tops.hazards)")
  }

  /// Under a stretch cairo takes for unit scale its box is narrower than the stroke's reach,
  /// and the dashed stroker leaves out dashes that reach into the band (as
  /// `BandedRasterTests` finds for round caps undashed): banded or not, the bytes must be
  /// one band's. (On a layer: a band draws a stroke on the image itself as the whole image
  /// does, `StrokeMaskTests`, `UnclippedStrokeTests`.)
  @Test(arguments: ["matrix(0.5 0 0 2 0 0)", "matrix(0 2 0.5 0 0 0)"])
  func dashesUnderAUnitDeterminantStretchAreDrawnAsInOneBand(_ transform: String) throws {
    let (tree, one) = try BandedRasterTests.checkStretchedCurves(
      transform, "stroke-dasharray=\"30 12\"", groupAttributes: "opacity=\"0.6\"")
    let size = Size(width: 400, height: 400)
    // A band starting at any row draws its rows as the whole image does, or raises the hazard
    // where the stretched dashes reach past cairo's box.
    let tops = tree.bandTops(
      1..<400, differingFrom: one, covering: size, depth: 16, settle: RenderTree.bandSettleRows)
    #expect(tops.differing.isEmpty, "\(tops.differing)")
    #expect(!tops.hazards.isEmpty)
  }

  /// A curve far above a band, whose neighbours do not reach it, is not chorded by the
  /// dashed stroker: the dashes of the segments after it, down in the band, stay where the
  /// whole image has them, and the band draws without raising the hazard.
  @Test func aCurveFarAboveABandLeavesItsDashesInPlace() throws {
    let svg = """
      <svg xmlns="http://www.w3.org/2000/svg" width="400" height="400">
        <path d="M50 20 C 350 20 350 100 50 100 L 60 110 L 60 290 L 70 150 L 80 120"
          fill="none" stroke="black" stroke-width="4" stroke-dasharray="7 5"/>
      </svg>
      """
    let tree = try RenderTree(document: Document(string: svg))
    let size = Size(width: 400, height: 400)
    let one = try tree.rasterize(covering: size, bands: 1)
    let banded = try tree.rasterize(covering: size, bandEdges: [0, 200, 400])
    #expect(banded.map { BandedRasterTests.difference(one, $0) == nil } == true)
  }
  /// cairo's test of a dash against its box leaves out a dash that crosses the box from
  /// above to below (openclipart's kweather.svg lost whole dashes in bands of 16 rows): a
  /// band whose clip is less tall than a dash reaches down the page raises the hazard, a
  /// taller one draws the dashes. (On a layer: a band draws a stroke on the image itself as
  /// the whole image does, `StrokeMaskTests`, `UnclippedStrokeTests`.)
  @Test func aDashTallerThanTheBandRaisesTheHazard() throws {
    let svg = """
      <svg xmlns="http://www.w3.org/2000/svg" width="400" height="400">
        <g opacity="0.6"><path d="M20 20 L 380 380" fill="none" stroke="#333" stroke-width="3"
          stroke-linecap="round" stroke-dasharray="150 40"/></g>
      </svg>
      """
    let tree = try RenderTree(document: Document(string: svg))
    let size = Size(width: 400, height: 400)
    let one = try tree.rasterize(covering: size, bands: 1)
    let thin = tree.bandTops(
      1..<400, differingFrom: one, covering: size, depth: 16, settle: RenderTree.bandSettleRows)
    #expect(thin.differing.isEmpty, "\(thin.differing)")
    #expect(!thin.hazards.isEmpty)
    let tall = tree.bandTops(
      [200], differingFrom: one, covering: size, depth: 180, settle: RenderTree.bandSettleRows)
    #expect(tall.differing.isEmpty && tall.hazards.isEmpty, "\(tall)")
    var edges: [Int] = []
    #expect(tree.bandRefusal(width: 400, height: 400, count: 2, edges: &edges) == nil)
  }
}
