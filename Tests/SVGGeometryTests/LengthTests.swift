import Foundation
import Testing

@testable import SVGGeometry

@Suite struct LengthTests {
  /// Length of a segment by summing a very fine polyline (an independent estimate).
  func polylineLength(_ seg: PathSegment, steps: Int = 200_000) -> Double {
    var total = 0.0
    var last = seg.start
    for i in 1...steps {
      let q = seg.point(at: Double(i) / Double(steps))
      total += last.distance(to: q)
      last = q
    }
    return total
  }

  @Test func circleLengthIsTwoPiR() {
    let c = Shape.circle(cx: 3, cy: 4, r: 10)
    #expect(abs(c.length - 2 * .pi * 10) / (2 * .pi * 10) < 1e-3)
  }

  @Test func closepathAddsTheClosingSegment() {
    let open = Path([.move(Point(0, 0)), .line(Point(10, 0)), .line(Point(10, 10))])
    var closed = open
    closed.close()
    #expect(close(open.length, 20))
    #expect(close(closed.length, 20 + 200.0.squareRoot()))
    // Movetos add nothing.
    let two = Path([
      .move(Point(0, 0)), .line(Point(3, 4)), .move(Point(100, 100)), .line(Point(100, 101)),
    ])
    #expect(close(two.length, 6))
  }

  @Test func curveLengthsMatchFinePolylines() {
    let quad = PathSegment.quad(Point(0, 0), Point(10, 20), Point(20, 0))
    let cubic = PathSegment.cubic(Point(0, 0), Point(30, -5), Point(-20, 15), Point(10, 10))
    // A cusp: the speed drops to zero mid-curve.
    let cusp = PathSegment.cubic(Point(0, 0), Point(10, 10), Point(0, 10), Point(10, 0))
    for seg in [quad, cubic, cusp] {
      let reference = polylineLength(seg)
      #expect(abs(seg.length - reference) / reference < 1e-6)
    }
  }

  @Test func pointAtLengthOnASquare() throws {
    let sq = Path([
      .move(Point(0, 0)), .line(Point(10, 0)), .line(Point(10, 10)), .line(Point(0, 10)), .close,
    ])
    let a = try #require(sq.point(atLength: 5))
    #expect(close(a.point, Point(5, 0)) && close(a.tangentAngle, 0))
    // A segment boundary takes the later segment's direction.
    let b = try #require(sq.point(atLength: 10))
    #expect(close(b.point, Point(10, 0)) && close(b.tangentAngle, 90))
    // The closing segment runs up the left side.
    let c = try #require(sq.point(atLength: 35))
    #expect(close(c.point, Point(0, 5)) && close(c.tangentAngle, -90))
    let end = try #require(sq.point(atLength: 40))
    #expect(close(end.point, Point(0, 0)) && close(end.tangentAngle, -90))
    // Clamped beyond either end.
    #expect(close(try #require(sq.point(atLength: 1000)).point, Point(0, 0)))
    #expect(close(try #require(sq.point(atLength: -3)).point, Point(0, 0)))
  }

  @Test func pointAtLengthOnACircle() throws {
    let c = Shape.circle(cx: 0, cy: 0, r: 10)
    let quarter = try #require(c.point(atLength: c.length / 4))
    #expect(close(quarter.point, Point(0, 10), 1e-6))
    #expect(angleDistance(quarter.tangentAngle, 180) < 1e-6)
    // An eighth of the way: 45° round, heading down-left.
    let eighth = try #require(c.point(atLength: c.length / 8))
    #expect(abs(eighth.point.length - 10) < 0.003)
    #expect(angleDistance(eighth.tangentAngle, 135) < 0.1)
  }

  @Test func pointAtLengthWithinACubicIsAccurate() throws {
    let seg = PathSegment.cubic(Point(0, 0), Point(30, -5), Point(-20, 15), Point(10, 10))
    let path = Path([.move(seg.start), .cubic(Point(30, -5), Point(-20, 15), Point(10, 10))])
    let total = path.length
    for fraction in [0.1, 0.37, 0.5, 0.9] {
      let r = try #require(path.point(atLength: total * fraction))
      // Walk a fine polyline to the returned point and compare the distance travelled.
      var walked = 0.0
      var last = seg.start
      var best = (d: Double.infinity, at: 0.0)
      for i in 1...100_000 {
        let q = seg.point(at: Double(i) / 100_000)
        walked += last.distance(to: q)
        last = q
        let d = q.distance(to: r.point)
        if d < best.d { best = (d, walked) }
      }
      #expect(best.d < 1e-3)
      #expect(abs(best.at - total * fraction) / total < 1e-3)
    }
  }

  @Test func zeroLengthSegmentsAndEmptyPaths() throws {
    let p = Path([.move(Point(0, 0)), .line(Point(0, 0)), .line(Point(0, 10))])
    let start = try #require(p.point(atLength: 0))
    #expect(close(start.tangentAngle, 90))
    #expect(Path().point(atLength: 0) == nil)
    #expect(Path([.move(Point(1, 1))]).point(atLength: 0) == nil)
    #expect(p.point(atLength: .nan) == nil)
    let dot = try #require(Path([.move(Point(2, 3)), .line(Point(2, 3))]).point(atLength: 5))
    #expect(dot.point == Point(2, 3) && dot.tangentAngle == 0)
  }
}
