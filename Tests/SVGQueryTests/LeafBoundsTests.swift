import SVGGeometry
import SVGRender
import TestSupport
import Testing

@testable import SVGQuery

/// The boxes the spatial index's entries hold (``SceneStorage/exactBounds``, which cut a
/// stroke's box to what its cheap test can reach, tighter than its miter limit) hold every
/// point at which their leaf is hit at tolerance 0, and the index finds the top-most leaf
/// hit.
@Suite struct LeafBoundsTests {
  /// Thin triangles and zigzags stroked with miter, bevel and round joins, square and butt
  /// caps, rotated, scaled, mirrored and skewed: sharp corners whose miters reach far.
  static func drawing() throws -> Scene {
    var rng = SplitMix(seed: 3)
    var body = ""
    let joins = ["miter", "bevel", "round", "miter"]
    let transforms = [
      "", "rotate(33 100 100)", "scale(1.5)", "matrix(-1 0 0 1 200 0)", "skewX(20)",
    ]
    for i in 0..<80 {
      let (x, y, r) = (10 + rng.next() * 180, 10 + rng.next() * 180, 5 + rng.next() * 20)
      let d =
        i % 2 == 0
        ? "M\(x) \(y)L\(x + r) \(y + r / 8)L\(x) \(y + r / 4)Z"
        : "M\(x) \(y)L\(x + r / 3) \(y + r)L\(x + 2 * r / 3) \(y)Q\(x + r) \(y + r) \(x + r) \(y)"
      let fill = i % 3 == 0 ? "none" : "red"
      body +=
        "<path d=\"\(d)\" fill=\"\(fill)\" stroke=\"black\" stroke-width=\"\(1 + rng.next() * 5)\""
        + " stroke-linejoin=\"\(joins[i % 4])\" stroke-linecap=\"\(i % 5 == 0 ? "square" : "butt")\""
        + " stroke-miterlimit=\"\(2 + i % 7)\" transform=\"\(transforms[i % 5])\"/>\n"
    }
    return try scene(body, size: "width=\"260\" height=\"260\"")
  }

  /// Points around every leaf's reach box, 4 px beyond it: where a leaf is hit, its exact
  /// box holds the point.
  @Test func everyPointALeafIsHitAtIsInItsExactBox() throws {
    let s = try Self.drawing()
    #expect(s.shapeCount >= SceneStorage.indexedCount)
    let storage = s.storage
    var tester = LeafTester(tolerance: 0)
    defer { tester.finish(storage) }
    var rng = SplitMix(seed: 17)
    var hits = 0
    // Hits outside the box of the path grown by half the stroke's width: at miters and caps.
    var beyondHalf = 0
    for i in storage.leaves.indices {
      guard let reach = storage.leaves[i].canvasBounds?.insetBy(-4),
        let path = storage.hitShapes.paths[i].bounds(transformedBy: storage.leaves[i].toCanvas)
      else { continue }
      let stroke = storage.hitShapes[i].shape.stroke
      let half = storage.hitShapes.strokes[Int(stroke)].width / 2
      let scale = storage.leaves[i].toCanvas.scaleBound
      for _ in 0..<600 {
        let p = Point(
          reach.minX + rng.next() * reach.width, reach.minY + rng.next() * reach.height)
        guard tester.test(i, storage.hitShapes[i], at: p, in: storage) != nil else { continue }
        hits += 1
        if !path.insetBy(-half * scale / 2.0.squareRoot()).contains(p) {
          beyondHalf += 1
        }
        #expect(storage.exactBounds[i]?.contains(p) == true, "leaf \(i) at \(p)")
      }
    }
    #expect(hits > 5000)
    #expect(beyondHalf > 20)
  }

  /// The top-most hit through the index is the first leaf, from the top, that its own test
  /// (clips applied) finds at the point, whatever its box.
  @Test func theIndexFindsTheTopMostLeafHit() throws {
    let s = try Self.drawing()
    let storage = s.storage
    var tester = LeafTester(tolerance: 0)
    defer { tester.finish(storage) }
    var rng = SplitMix(seed: 23)
    var found = 0
    for _ in 0..<3000 {
      let p = Point(rng.next() * 260, rng.next() * 260)
      let top = storage.leaves.indices.reversed().first {
        let record = storage.hitShapes[$0]
        return tester.test($0, record, at: p, in: storage) != nil
          && storage.clipsContain(leaf: $0, record, p)
      }
      let hit = s.hit(at: p, options: HitTestOptions())
      #expect(hit?.leaf == top, "at \(p)")
      if top != nil { found += 1 }
    }
    #expect(found > 300)
  }
}
