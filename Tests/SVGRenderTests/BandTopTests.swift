import SVGGeometry
import SVGRender
import SVGTree
import TestSupport
import Testing

/// A band's first row is where cairo's scan converter starts every edge that crosses into
/// the band, so it samples that row where the whole image may have computed it analytically,
/// and the edges that share a pixel column there are sorted afresh; fills whose edges cross
/// or nearly coincide inside a pixel then come out a level or more apart. Bands therefore
/// draw rows above their own and discard them (`BandedRaster.settleRows`). These cases put a
/// band's first row on such fills.
@Suite struct BandTopTests {
  /// A CorelDRAW-like sliver (a vertex repeated 0.06 px away, so two edges nearly coincide
  /// for 170 rows) beside crossing edges: 20 of its 199 band tops differed from the whole
  /// image before bands drew rows above their own (rows 68 to 111).
  @Test(arguments: [68, 73, 80, 86, 92, 99, 104, 111])
  func aBandStartingOnASliverDrawsTheBytesOfTheWholeImage(_ top: Int) throws {
    let tree = try FixtureFiles.tree("band/sliver.svg")
    let size = Size(width: 200, height: 200)
    let whole = try tree.rasterize(covering: size, bands: 1)
    let banded = try #require(try tree.rasterize(covering: size, bandEdges: [0, top, 200]))
    #expect(BandedRasterTests.difference(whole, banded) == nil, "band edge at row \(top)")
  }

  /// Random self-intersecting polygons (fixed seed), each drawn with a band starting at
  /// every row and compared with the whole image down to its last row. Without rows above
  /// the band, some of them differ (checked here too, so the test can fail); with them, none
  /// of these 40 does. It is no proof: 5 of the first 200 of this generator still differ at
  /// some top, where two edges stay in one pixel cell for more rows than a band draws above
  /// its own, and the converter keeps their fresh order (see `BandedRaster`).
  @Test func randomSelfIntersectingPolygonsAtEveryBandTop() throws {
    var random = SplitMix(seed: 14)
    var unsettled = 0
    for _ in 0..<40 {
      let svg = Self.polygon(&random)
      let tree = try RenderTree(document: Document(string: svg))
      let size = Size(width: 100, height: 100)
      let whole = try tree.rasterize(covering: size, bands: 1)
      let settled = tree.bandTops(
        1..<100, differingFrom: whole, covering: size, depth: 100,
        settle: RenderTree.bandSettleRows)
      #expect(settled.differing.isEmpty && settled.hazards.isEmpty, "\(svg)")
      unsettled +=
        tree.bandTops(1..<100, differingFrom: whole, covering: size, depth: 100, settle: 0)
        .differing.count
    }
    #expect(unsettled > 0)
  }

  /// A 100 px polygon of 4 to 12 vertices, some of them repeated a hair apart (a sliver).
  static func polygon(_ random: inout SplitMix) -> String {
    func coordinate() -> Double { (random.next() * 100 * 1000).rounded() / 1000 }
    var points: [(Double, Double)] = []
    for _ in 0..<(4 + Int(random.next() * 9)) {
      if let last = points.last, random.next() < 0.3 {
        let hair = [0, 0.002, 0.02, 0.1][Int(random.next() * 4)]
        points.append((coordinate(), coordinate()))
        points.append((last.0 + hair, last.1 - hair))
      } else {
        points.append((coordinate(), coordinate()))
      }
    }
    let d = "M" + points.map { "\($0.0) \($0.1)" }.joined(separator: " L") + " Z"
    let rule = random.next() < 0.5 ? "evenodd" : "nonzero"
    return """
      <svg xmlns="http://www.w3.org/2000/svg" width="100" height="100"><path d="\(d)" fill-rule="\(rule)" fill="#3a7"/></svg>
      """
  }
}

extension BandTopTests {
  /// A partial redraw is clipped to the rows it draws again, like a band: starting on a row
  /// where a band top differs (the sliver's), it draws the rows above it too and puts them
  /// back, and gives the bytes of the full render.
  @Test(arguments: [68, 80, 99, 111])
  func aPartialRedrawStartingOnASliverGivesTheFullRender(_ top: Int) throws {
    let tree = try FixtureFiles.tree("band/sliver.svg")
    let size = Size(width: 200, height: 200)
    let full = try tree.rasterize(covering: size, bands: 1)
    // A change 10 px high whose rows, with a pixel of margin, start at `top`.
    let change = Rect(x: 0, y: Double(top + 1), width: 200, height: 10)
    let (bitmap, rows) = try tree.rasterize(changedIn: change, onto: full, covering: size)
    #expect(rows.lowerBound == top)
    #expect(BandedRasterTests.difference(full, bitmap) == nil, "redraw from row \(top)")
  }
}
