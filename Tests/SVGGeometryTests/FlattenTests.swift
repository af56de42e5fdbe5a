import Testing

@testable import SVGGeometry

@Suite struct FlattenTests {
  @Test func straightLinesComeBackUnchanged() {
    let p = Path([.move(Point(0, 0)), .line(Point(10, 0)), .line(Point(10, 10)), .close])
    let lines = p.flattened(tolerance: 0.01)
    #expect(
      lines == [Polyline(points: [Point(0, 0), Point(10, 0), Point(10, 10)], isClosed: true)])
  }

  @Test func circleChordsStayWithinTolerance() {
    let r = 100.0
    let c = Shape.circle(cx: 0, cy: 0, r: r)
    for tol in [1.0, 0.1, 0.01] {
      let lines = c.flattened(tolerance: tol)
      #expect(lines.count == 1)
      let pts = lines[0].points
      #expect(lines[0].isClosed)
      #expect(pts.first == Point(100, 0))
      // The cubic circle itself strays ~0.027 from the true circle; allow for that.
      let slack = 0.03
      var ring = pts
      ring.append(pts[0])
      for i in 1..<ring.count {
        let mid = ring[i - 1].lerp(ring[i], 0.5)
        #expect(abs(ring[i].length - r) <= slack)
        #expect(r - mid.length <= tol + slack)
      }
    }
  }

  @Test func smallerToleranceGivesMorePointsAndIsAdaptive() {
    let gentle = Path([.move(Point(0, 0)), .quad(Point(50, 1), Point(100, 0))])
    let sharp = Path([.move(Point(0, 0)), .quad(Point(50, 100), Point(100, 0))])
    let coarse = sharp.flattened(tolerance: 1)[0].points.count
    let fine = sharp.flattened(tolerance: 0.01)[0].points.count
    #expect(fine > coarse)
    #expect(gentle.flattened(tolerance: 0.1)[0].points.count < coarse)
    // Every chord of a quadratic is within tolerance of it: check the sharp one densely.
    let seg = PathSegment.quad(Point(0, 0), Point(50, 100), Point(100, 0))
    let pts = sharp.flattened(tolerance: 0.05)[0].points
    for i in 1..<pts.count {
      let mid = pts[i - 1].lerp(pts[i], 0.5)
      // The closest curve point to a chord midpoint shares its x for this symmetric parabola.
      let t = mid.x / 100
      #expect(seg.point(at: t).distance(to: mid) <= 0.05 + 1e-9)
    }
  }

  @Test func onePolylinePerSubpathAndBadTolerancesFallBack() {
    let p = Path([
      .move(Point(0, 0)), .line(Point(1, 0)), .move(Point(5, 5)), .move(Point(7, 7)),
      .cubic(Point(8, 8), Point(9, 8), Point(10, 7)),
    ])
    let lines = p.flattened(tolerance: -1)
    #expect(lines.count == 3)
    #expect(lines[1] == Polyline(points: [Point(5, 5)], isClosed: false))
    #expect(lines[2].points.last == Point(10, 7))
    #expect(!lines[2].isClosed)
  }
}

/// Inputs the fuzzer (scripts/fuzz path) found.
@Suite struct FlattenFuzzRegressionTests {
  /// A step count over Int.max (control points 1e70 apart) was converted before the cap: a
  /// trap. `M 2 10 T 1e70 0 1000` as the path target read it.
  @Test(arguments: [1e70, 1e100, -1e150])
  func hugeCurvesAreCappedNotTrapped(_ far: Double) {
    let quad = Path([.move(Point(2, 10)), .quad(Point(2, 10), Point(far, 0))])
    let cubic = Path([.move(Point(0, 0)), .cubic(Point(far, 0), Point(0, far), Point(1, 1))])
    for p in [quad, cubic] {
      let lines = p.flattened(tolerance: 0.1)
      #expect(lines.count == 1)
      #expect(lines[0].points.count == 4097)
    }
  }

  /// Farther still the bend itself overflows to infinity: one chord, as before.
  @Test func curvesWhoseBendOverflowsAreOneChord() {
    let p = Path([.move(Point(0, 0)), .cubic(Point(1e300, 0), Point(0, -1e300), Point(1, 1))])
    #expect(p.flattened(tolerance: 0.1)[0].points == [Point(0, 0), Point(1, 1)])
  }
}
