import Testing

@testable import SVGGeometry

@Suite struct ContainsTests {
  /// A five-pointed star drawn in one stroke: its centre pentagon is wound twice.
  let star = Shape.polygon([
    Point(50, 0), Point(79.4, 90.5), Point(2.4, 34.5), Point(97.6, 34.5), Point(20.6, 90.5),
  ])

  @Test func starCentreDependsOnTheFillRule() {
    let centre = Point(50, 50)
    #expect(abs(star.windingNumber(at: centre)) == 2)
    #expect(star.contains(centre, rule: .nonZero))
    #expect(!star.contains(centre, rule: .evenOdd))
    // A tip is wound once: inside under both rules.
    #expect(star.contains(Point(50, 15), rule: .nonZero))
    #expect(star.contains(Point(50, 15), rule: .evenOdd))
    #expect(!star.contains(Point(0, 0), rule: .nonZero))
    #expect(!star.contains(Point(50, 95), rule: .evenOdd))
  }

  @Test func openSubpathsAreImplicitlyClosed() {
    let open = Path([.move(Point(0, 0)), .line(Point(10, 0)), .line(Point(10, 10))])
    #expect(open.contains(Point(8, 2), rule: .nonZero))
    #expect(!open.contains(Point(2, 8), rule: .nonZero))
  }

  @Test func curvedEdgesAreFollowedClosely() {
    let c = Shape.circle(cx: 0, cy: 0, r: 10)
    #expect(c.contains(Point(9.99, 0), rule: .nonZero))
    #expect(!c.contains(Point(10.01, 0), rule: .nonZero))
    // Near the diagonal, where the curve bulges well past its chord.
    #expect(c.contains(Point(7.06, 7.06), rule: .nonZero))
    #expect(!c.contains(Point(7.09, 7.09), rule: .nonZero))
    #expect(!c.contains(Point(-7.09, -7.09), rule: .evenOdd))
    #expect(c.contains(Point(-7.06, 7.06), rule: .evenOdd))
  }

  @Test func nestedSubpathsAndDirection() {
    // Two circles wound the same way: the hole stays filled under nonzero only.
    var donut = Shape.circle(cx: 0, cy: 0, r: 10)
    donut.elements += Shape.circle(cx: 0, cy: 0, r: 5).elements
    #expect(donut.contains(Point(1, 1), rule: .nonZero))
    #expect(!donut.contains(Point(1, 1), rule: .evenOdd))
    #expect(donut.contains(Point(7, 0), rule: .evenOdd))
    // Reversing the inner square cuts the hole under nonzero too.
    let holed = Path([
      .move(Point(0, 0)), .line(Point(10, 0)), .line(Point(10, 10)), .line(Point(0, 10)), .close,
      .move(Point(3, 3)), .line(Point(3, 7)), .line(Point(7, 7)), .line(Point(7, 3)), .close,
    ])
    #expect(holed.windingNumber(at: Point(5, 5)) == 0)
    #expect(holed.windingNumber(at: Point(1, 5)) == 1)
  }

  @Test func emptyAndDegeneratePathsContainNothing() {
    #expect(!Path().contains(Point(0, 0), rule: .nonZero))
    #expect(
      !Path([.move(Point(0, 0)), .line(Point(10, 10))]).contains(Point(5, 5), rule: .nonZero))
  }
}
