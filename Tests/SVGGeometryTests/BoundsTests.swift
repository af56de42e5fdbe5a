import Testing

@testable import SVGGeometry

@Suite struct BoundsTests {
  @Test func quarterArcBoundsAreTheQuarterSquare() {
    var p = Path([.move(Point(10, 0))])
    p.elements += Arc.cubics(
      from: Point(10, 0), to: Point(0, 10), rx: 10, ry: 10, xAxisRotation: 0, largeArc: false,
      sweep: true)
    #expect(close(p.bounds, Rect(x: 0, y: 0, width: 10, height: 10), 1e-9))
  }

  @Test func cubicExtremaOutsideTheEndpointsButInsideTheControlPoints() {
    // Endpoints both on y = 0; the curve dips to y = -7.5 at t = 0.5, controls reach -10.
    let p = Path([.move(Point(0, 0)), .cubic(Point(0, -10), Point(10, -10), Point(10, 0))])
    #expect(close(p.bounds, Rect(x: 0, y: -7.5, width: 10, height: 7.5)))
  }

  @Test func cubicBoundsMatchDenseSampling() {
    let seg = PathSegment.cubic(Point(0, 0), Point(40, -5), Point(-20, 15), Point(10, 10))
    var lo = seg.start
    var hi = seg.start
    for i in 0...100_000 {
      let q = seg.point(at: Double(i) / 100_000)
      lo = Point(min(lo.x, q.x), min(lo.y, q.y))
      hi = Point(max(hi.x, q.x), max(hi.y, q.y))
    }
    let b = seg.bounds
    #expect(b.maxX > 10 && b.minY < 0 && b.maxY > 10)  // extrema beyond both endpoints
    #expect(close(b, Rect(corner: lo, hi), 1e-6))
  }

  @Test func quadraticPeak() {
    let p = Path([.move(Point(0, 0)), .quad(Point(10, 20), Point(20, 0))])
    #expect(close(p.bounds, Rect(x: 0, y: 0, width: 20, height: 10)))
  }

  @Test func loneMovetosDoNotCountButZeroLengthSegmentsDo() {
    let p = Path([.move(Point(100, 100)), .move(Point(0, 0)), .line(Point(10, 5))])
    #expect(close(p.bounds, Rect(x: 0, y: 0, width: 10, height: 5)))
    #expect(Path([.move(Point(3, 3))]).bounds == nil)
    #expect(Path().bounds == nil)
    #expect(
      close(Path([.move(Point(3, 4)), .close]).bounds, Rect(x: 3, y: 4, width: 0, height: 0)))
  }

  @Test func transformedBoundsAreExactNotTheBoxOfTheBox() {
    // An ellipse 40 × 20 turned 90° becomes 20 × 40; boxing the box would also give this, so
    // also turn it 45°: the exact box is √(20²/2 + 10²/2)·2 ≈ 31.62 wide, not 42.43.
    let e = Shape.ellipse(cx: 0, cy: 0, rx: 20, ry: 10)
    #expect(
      close(e.bounds(transformedBy: .rotate(90)), Rect(x: -10, y: -20, width: 20, height: 40), 1e-9)
    )
    let exact = 2 * (200.0 + 50).squareRoot()
    let b = e.bounds(transformedBy: .rotate(45))!
    #expect(abs(b.width - exact) < 0.01)
    #expect(abs(b.height - exact) < 0.01)
    #expect(e.bounds!.applying(.rotate(45)).width > exact + 10)
    let moved = e.bounds(transformedBy: .translate(5, 7) * .scale(2, 3))
    #expect(close(moved, Rect(x: -35, y: -23, width: 80, height: 60), 1e-9))
  }
}
