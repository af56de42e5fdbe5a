import SVGGeometry
import TestSupport
import Testing

@testable import SVGQuery

/// The spatial index's walk at a point gives every shape whose box holds the point, top-most
/// first, and of the others only shapes within the rounding of its entries (a 256th of a
/// cell) of the point, or of the grid's nearest point to one outside it: what a hit test
/// relies on to test no shape twice and miss none.
@Suite struct SpatialIndexTests {
  /// Boxes of many sizes (points, slivers, large ones on the every-query list), some
  /// missing, each with an exact box inside its cell box; points inside, outside and on
  /// their edges, and outside the grid.
  @Test func theWalkFindsEveryBoxHoldingThePointInPaintOrder() {
    var rng = SplitMix(seed: 29)
    var bounds: [Rect?] = []
    var exact: [Rect?] = []
    for i in 0..<2000 {
      guard i % 50 != 7 else {
        bounds.append(nil)
        exact.append(nil)
        continue
      }
      let size = i % 97 == 0 ? 400 : i % 5 == 0 ? 0 : rng.next() * 30
      let b = Rect(
        x: rng.next() * 1000 - 10, y: rng.next() * 700 + 3, width: size,
        height: i % 11 == 0 ? 0 : size * (0.2 + rng.next()))
      bounds.append(b)
      exact.append(
        i % 3 == 0
          ? Rect(x: b.x + b.width / 4, y: b.y, width: b.width / 2, height: b.height / 3) : b)
    }
    let records = (0..<UInt32(bounds.count)).map { $0 * 7 }
    let index = SpatialIndex(bounds: bounds, exact: exact, records: records)
    let grid = bounds.compactMap { $0 }.reduce(bounds[0]!) { $0.union($1) }
    // A 256th of a cell: the grid is 45×45.
    let step = max(grid.width, grid.height) / 45 / 256
    var found = 0
    for k in 0..<4000 {
      var p = Point(rng.next() * 1100 - 50, rng.next() * 800 - 50)
      if k % 4 == 0, let b = exact[k % exact.count] {
        // On an edge or corner of a box, where rounding would lose it.
        p = Point(k % 8 == 0 ? b.minX : b.maxX, k % 12 == 0 ? b.maxY : b.minY)
      }
      var cursor = index.cursor(at: p)
      var walked: [Int] = []
      while let c = index.next(&cursor, at: p) {
        #expect(c.record == UInt32(c.shape) * 7)
        walked.append(Int(c.shape))
      }
      #expect(walked == walked.sorted(by: >), "paint order at \(p)")
      #expect(Set(walked).count == walked.count, "a shape twice at \(p)")
      let holding = exact.indices.filter { exact[$0]?.contains(p) == true }
      #expect(Set(holding).isSubset(of: walked), "a box holding \(p) missed")
      let inGrid = Point(
        min(max(p.x, grid.minX), grid.maxX), min(max(p.y, grid.minY), grid.maxY))
      for i in walked where !holding.contains(i) {
        #expect(exact[i]!.insetBy(-2 * step).contains(inGrid), "shape \(i) far from \(p)")
      }
      found += holding.count
    }
    #expect(found > 1000)
  }
}
