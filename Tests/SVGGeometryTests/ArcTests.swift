import Foundation
import Testing

@testable import SVGGeometry

@Suite struct ArcTests {
  /// The largest distance from `center` minus `r` over points sampled on the cubics.
  func maxRadialError(_ els: [PathElement], from: Point, center: Point, r: Double) -> Double {
    var start = from
    var worst = 0.0
    for el in els {
      guard case .cubic(let c1, let c2, let p) = el else { return .infinity }
      let seg = PathSegment.cubic(start, c1, c2, p)
      for i in 0...20 {
        let q = seg.point(at: Double(i) / 20)
        worst = max(worst, abs(q.distance(to: center) - r))
      }
      start = p
    }
    return worst
  }

  @Test func semicircleSplitsIntoTwoQuarterCubicsOnTheCircle() {
    let els = Arc.cubics(
      from: Point(0, 0), to: Point(20, 0), rx: 10, ry: 10, xAxisRotation: 0, largeArc: false,
      sweep: true)
    #expect(els.count == 2)
    #expect(endPoint(els.last!) == Point(20, 0))
    // Sweep flag 1 goes clockwise on screen: through the top (negative y) from left to right.
    #expect(close(endPoint(els[0])!, Point(10, -10), 1e-9))
    #expect(maxRadialError(els, from: Point(0, 0), center: Point(10, 0), r: 10) < 0.003)
  }

  @Test func sweepZeroGoesTheOtherWay() {
    let els = Arc.cubics(
      from: Point(0, 0), to: Point(20, 0), rx: 10, ry: 10, xAxisRotation: 0, largeArc: false,
      sweep: false)
    #expect(close(endPoint(els[0])!, Point(10, 10), 1e-9))
  }

  @Test func tooSmallRadiiAreScaledUpToJustReach() {
    // rx = 1 cannot span 20 units: scaled to 10, giving the same semicircle.
    let small = Arc.cubics(
      from: Point(0, 0), to: Point(20, 0), rx: 1, ry: 1, xAxisRotation: 0, largeArc: false,
      sweep: true)
    #expect(maxRadialError(small, from: Point(0, 0), center: Point(10, 0), r: 10) < 0.003)
  }

  @Test func largeArcFlagPicksTheLongWayRound() {
    // Radius 10 between points 10√2 apart: a quarter (small) or three quarters (large).
    let from = Point(10, 0)
    let to = Point(0, 10)
    let small = Arc.cubics(
      from: from, to: to, rx: 10, ry: 10, xAxisRotation: 0, largeArc: false, sweep: true)
    let large = Arc.cubics(
      from: from, to: to, rx: 10, ry: 10, xAxisRotation: 0, largeArc: true, sweep: true)
    #expect(small.count == 1)
    #expect(large.count == 3)
    #expect(maxRadialError(small, from: from, center: Point(0, 0), r: 10) < 0.003)
    #expect(maxRadialError(large, from: from, center: Point(10, 10), r: 10) < 0.003)
  }

  @Test func degenerateCases() {
    let same = Arc.cubics(
      from: Point(5, 5), to: Point(5, 5), rx: 3, ry: 3, xAxisRotation: 0, largeArc: true,
      sweep: true)
    #expect(same.isEmpty)
    let zero = Arc.cubics(
      from: Point(0, 0), to: Point(5, 5), rx: 0, ry: 3, xAxisRotation: 0, largeArc: true,
      sweep: true)
    #expect(zero == [.line(Point(5, 5))])
    let negative = Arc.cubics(
      from: Point(0, 0), to: Point(20, 0), rx: -10, ry: -10, xAxisRotation: 0, largeArc: false,
      sweep: true)
    #expect(maxRadialError(negative, from: Point(0, 0), center: Point(10, 0), r: 10) < 0.003)
  }

  @Test func rotatedEllipseStaysOnTheEllipse() {
    // Ellipse rx 20, ry 10 rotated 30°, centre at the origin: from angle 0 to angle 180.
    let phi = 30.0 * .pi / 180
    func on(_ a: Double) -> Point {
      let (u, v) = (20 * cos(a), 10 * sin(a))
      return Point(u * cos(phi) - v * sin(phi), u * sin(phi) + v * cos(phi))
    }
    let els = Arc.cubics(
      from: on(0), to: on(.pi), rx: 20, ry: 10, xAxisRotation: 30, largeArc: false, sweep: true)
    #expect(els.count == 2)
    #expect(close(endPoint(els[0])!, on(.pi / 2), 1e-9))
    var start = on(0)
    let inverse = Transform.rotate(-30)
    for el in els {
      guard case .cubic(let c1, let c2, let p) = el else {
        Issue.record("not a cubic")
        return
      }
      let seg = PathSegment.cubic(start, c1, c2, p)
      for i in 0...10 {
        let q = inverse.apply(seg.point(at: Double(i) / 10))
        #expect(abs((q.x * q.x) / 400 + (q.y * q.y) / 100 - 1) < 0.002)
      }
      start = p
    }
  }
}
