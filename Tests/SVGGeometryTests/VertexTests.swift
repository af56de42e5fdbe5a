import Testing

@testable import SVGGeometry

@Suite struct VertexTests {
  @Test func openPolylineTakesSegmentDirectionsAtItsEnds() {
    let v = Path([.move(Point(0, 0)), .line(Point(10, 0)), .line(Point(10, 10))]).vertices
    #expect(v.map(\.point) == [Point(0, 0), Point(10, 0), Point(10, 10)])
    #expect(v[0].incoming == nil && v[0].outgoing == 0 && v[0].isFirst && !v[0].isLast)
    #expect(v[1].incoming == 0 && v[1].outgoing == 90 && v[1].isMiddle)
    #expect(close(v[1].autoAngle, 45))
    #expect(v[2].outgoing == nil && v[2].autoAngle == 90 && v[2].isLast)
  }

  @Test func closedSubpathBisectsAtItsStartAndAgainAtTheClose() {
    let sq = Path([
      .move(Point(0, 0)), .line(Point(10, 0)), .line(Point(10, 10)), .line(Point(0, 10)), .close,
    ])
    let v = sq.vertices
    #expect(v.count == 5)
    #expect(v.last!.point == Point(0, 0) && v.last!.isLast)
    // The closing edge runs up (-90°); the first edge runs right (0°): bisector 315°.
    #expect(close(v[0].incoming!, -90))
    #expect(close(v[0].autoAngle, 315))
    #expect(close(v[1].autoAngle, 45))
    #expect(close(v[2].autoAngle, 135))
    #expect(close(v[3].autoAngle, 225))
    #expect(close(v[4].outgoing!, 0) && close(v[4].autoAngle, 315))
  }

  @Test func zeroLengthSegmentsBorrowNeighbourDirections() {
    let v = Path([
      .move(Point(0, 0)), .line(Point(10, 0)), .line(Point(10, 0)), .line(Point(10, 10)),
    ]).vertices
    #expect(v.count == 4)
    // Leaving the first corner into the zero-length segment: its start looks back (0°).
    #expect(v[1].incoming == 0 && v[1].outgoing == 0)
    // Arriving through the zero-length segment: its end looks ahead (90°).
    #expect(v[2].incoming == 90 && v[2].outgoing == 90)
    let dot = Path([.move(Point(5, 5)), .line(Point(5, 5))]).vertices
    #expect(dot.count == 2 && dot[0].outgoing == 0 && dot[1].incoming == 0)
  }

  @Test func subpathEndsAreOpenEnds() {
    let v = Path([
      .move(Point(0, 0)), .line(Point(10, 0)), .move(Point(20, 0)), .line(Point(20, 10)),
    ]).vertices
    #expect(v.count == 4)
    #expect(v[1].outgoing == nil && v[1].isMiddle && v[1].autoAngle == 0)
    #expect(v[2].incoming == nil && v[2].isMiddle && v[2].autoAngle == 90)
    // Consecutive movetos each make a vertex with no direction.
    let moves = Path([.move(Point(1, 1)), .move(Point(2, 2))]).vertices
    #expect(moves.count == 2 && moves[0].isFirst && moves[1].isLast && moves[0].autoAngle == 0)
    let single = Path([.move(Point(1, 1))]).vertices
    #expect(single.count == 1 && single[0].isFirst && single[0].isLast)
    #expect(Path().vertices.isEmpty)
  }

  @Test func curveDirectionsComeFromControlPoints() {
    let v = Path([.move(Point(0, 0)), .cubic(Point(0, 10), Point(10, 10), Point(10, 0))]).vertices
    #expect(v[0].outgoing == 90 && v[1].incoming == -90)
    // A control point on the start is skipped for the next one.
    let w = Path([.move(Point(0, 0)), .cubic(Point(0, 0), Point(10, 10), Point(10, 0))]).vertices
    #expect(close(w[0].outgoing!, 45))
    let q = Path([.move(Point(0, 0)), .quad(Point(10, 10), Point(20, 0))]).vertices
    #expect(close(q[0].outgoing!, 45) && close(q[1].incoming!, -45))
  }

  @Test func reversalBisectsToAPerpendicular() {
    let v = Path([.move(Point(0, 0)), .line(Point(10, 0)), .line(Point(0, 0))]).vertices
    #expect(close(v[1].autoAngle, 90))
  }
}
