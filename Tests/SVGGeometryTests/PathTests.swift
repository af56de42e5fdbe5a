import Testing

@testable import SVGGeometry

@Suite struct PathTests {
  @Test func appendingWithATransformAppendsTheMappedElements() {
    let t = Transform(a: 2, b: 0.5, c: -1, d: 3, e: 7, f: -4)
    var path = Path([.move(Point(1, 2)), .line(Point(3, 4))])
    let other = Path([
      .move(Point(0, 0)), .quad(Point(1, 1), Point(2, 0)),
      .cubic(Point(3, 1), Point(4, -1), Point(5, 0)), .close,
    ])
    let expected = path.elements + other.applying(t).elements
    path.append(other, applying: t)
    #expect(path.elements == expected)
    #expect(path.elements[3] == .quad(t.apply(Point(1, 1)), t.apply(Point(2, 0))))
    path.append(Path(), applying: t)
    #expect(path.elements == expected)
  }
}
