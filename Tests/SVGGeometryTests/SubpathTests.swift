import Testing

@testable import SVGGeometry

@Suite struct SubpathTests {
  @Test func closeReturnsToTheStartAndLaterDrawingStartsANewSubpath() {
    let p = Path([.move(Point(1, 1)), .line(Point(5, 1)), .close, .line(Point(1, 9))])
    let subs = p.subpaths
    #expect(subs.count == 2)
    #expect(subs[0].isClosed && subs[0].segments.last == .line(Point(5, 1), Point(1, 1)))
    #expect(subs[1].start == Point(1, 1) && !subs[1].isClosed)
    #expect(subs[1].segments == [.line(Point(1, 1), Point(1, 9))])
  }

  @Test func strayClosesAndImplicitStarts() {
    #expect(Path([.close]).subpaths.isEmpty)
    let p = Path([.line(Point(3, 4))])
    #expect(p.subpaths == [Subpath(start: .zero, segments: [.line(.zero, Point(3, 4))])])
    let twice = Path([.move(Point(0, 0)), .line(Point(1, 0)), .close, .close])
    #expect(twice.subpaths.count == 1)
  }

  @Test func segmentDirectionsAndZeroLength() {
    let s = PathSegment.cubic(Point(0, 0), Point(0, 0), Point(0, 0), Point(0, 0))
    #expect(s.isZeroLength && s.startDirection == nil && s.endDirection == nil)
    let c = PathSegment.cubic(Point(0, 0), Point(0, 0), Point(5, 5), Point(5, 5))
    #expect(c.startDirection == Point(5, 5) && c.endDirection == Point(5, 5))
  }
}
