import Testing

@testable import SVGGeometry

@Suite struct ShapeTests {
  @Test func plainRectStartsAtTopLeftClockwise() {
    let p = Shape.rect(x: 1, y: 2, width: 10, height: 5)
    #expect(
      p.elements == [
        .move(Point(1, 2)), .line(Point(11, 2)), .line(Point(11, 7)), .line(Point(1, 7)), .close,
      ])
  }

  @Test func roundedRectStartsAfterTheCornerAndAutoRadiusCopies() {
    let p = Shape.rect(x: 0, y: 0, width: 100, height: 50, rx: 10, ry: nil)
    #expect(p.elements.first == .move(Point(10, 0)))
    #expect(p.elements[1] == .line(Point(90, 0)))
    // ry auto = rx: the first corner ends at (100, 10).
    #expect(endPoint(p.elements[2]) == Point(100, 10))
    #expect(p.elements.last == .close)
    #expect(close(p.bounds, Rect(x: 0, y: 0, width: 100, height: 50)))
  }

  @Test func radiiClampToHalfTheSize() {
    // rx 80 > width/2 = 50, ry auto copies 80 then clamps to height/2 = 25.
    let p = Shape.rect(x: 0, y: 0, width: 100, height: 50, rx: 80, ry: nil)
    #expect(p.elements.first == .move(Point(50, 0)))
    // No zero-length straight edges: four corner arcs only.
    #expect(p.elements.filter { if case .line = $0 { true } else { false } }.isEmpty)
    #expect(endPoint(p.elements[1]) == Point(100, 25))
    // A negative radius counts as auto.
    let q = Shape.rect(x: 0, y: 0, width: 100, height: 50, rx: -3, ry: 5)
    #expect(q.elements.first == .move(Point(5, 0)))
  }

  @Test func invalidSizesGiveEmptyPaths() {
    #expect(Shape.rect(x: 0, y: 0, width: 0, height: 10).isEmpty)
    #expect(Shape.rect(x: 0, y: 0, width: 10, height: -1).isEmpty)
    #expect(Shape.circle(cx: 0, cy: 0, r: 0).isEmpty)
    #expect(Shape.ellipse(cx: 0, cy: 0, rx: nil, ry: nil).isEmpty)
    #expect(Shape.ellipse(cx: 0, cy: 0, rx: 5, ry: 0).isEmpty)
    #expect(Shape.polyline([]).isEmpty)
    #expect(Shape.polygon([]).isEmpty)
  }

  @Test func circleStartsAtThreeOClockAndGoesClockwise() {
    let p = Shape.circle(cx: 10, cy: 20, r: 5)
    #expect(p.elements.first == .move(Point(15, 20)))
    // Clockwise on screen (y down): the next quadrant point is below the centre.
    #expect(endPoint(p.elements[1]) == Point(10, 25))
    #expect(p.windingNumber(at: Point(10, 20)) == 1)
    #expect(close(p.bounds, Rect(x: 5, y: 15, width: 10, height: 10), 1e-9))
  }

  @Test func ellipseAutoRadius() {
    let p = Shape.ellipse(cx: 0, cy: 0, rx: nil, ry: 4)
    #expect(p.elements.first == .move(Point(4, 0)))
    #expect(close(p.bounds, Rect(x: -4, y: -4, width: 8, height: 8)))
  }

  @Test func lineAndPolylines() {
    #expect(
      Shape.line(x1: 1, y1: 2, x2: 3, y2: 4).elements == [.move(Point(1, 2)), .line(Point(3, 4))])
    let pts = [Point(0, 0), Point(10, 0), Point(10, 10)]
    #expect(Shape.polyline(pts).elements.count == 3)
    #expect(
      Shape.polygon(pts).elements == [
        .move(Point(0, 0)), .line(Point(10, 0)), .line(Point(10, 10)), .close,
      ])
    #expect(close(Shape.polygon(pts).length, 20 + 200.0.squareRoot()))
    #expect(close(Shape.polyline(pts).length, 20))
  }
}
