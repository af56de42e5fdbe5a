import SVGGeometry
import Testing

@testable import SVGTree

private typealias PAR = PreserveAspectRatio

@Suite struct PreserveAspectRatioTests {
  @Test func parses() throws {
    #expect(try PAR(parsing: "xMidYMid") == PAR())
    #expect(try PAR(parsing: " xMaxYMin slice ") == PAR(alignment: .xMaxYMin, slice: true))
    #expect(try PAR(parsing: "none") == PAR(alignment: .none))
    #expect(try PAR(parsing: "xMinYMax meet") == PAR(alignment: .xMinYMax))
    #expect(
      try PAR(parsing: "defer xMidYMax slice")
        == PAR(alignment: .xMidYMax, slice: true, isDeferred: true))
    for a in PAR.Alignment.allCases {
      #expect(try PAR(parsing: a.rawValue).alignment == a)
    }
  }

  @Test(arguments: [
    "", "xmidymid", "XMidYMid", "defer", "xMidYMid cover", "xMidYMid meet slice", "meet",
    "xMidYMid,meet", "defer defer xMidYMid",
  ])
  func malformed(text: String) {
    #expect(throws: ValueError.self) { try PAR(parsing: text) }
  }

  @Test func descriptionReadsBack() throws {
    for text in ["xMidYMid", "none", "xMaxYMax slice", "defer xMinYMin"] {
      #expect(try PAR(parsing: text).description == text)
    }
  }

  private let box = Rect(x: 0, y: 0, width: 100, height: 50)
  private let port = Rect(x: 0, y: 0, width: 200, height: 200)

  @Test func meetFitsInsideAndCentres() throws {
    let t = try #require(PAR().transform(viewBox: box, viewport: port))
    #expect(t == Transform(a: 2, b: 0, c: 0, d: 2, e: 0, f: 50))
  }

  @Test func sliceCoversAndAligns() throws {
    let max = try #require(
      PAR(alignment: .xMaxYMax, slice: true).transform(viewBox: box, viewport: port))
    #expect(max == Transform(a: 4, b: 0, c: 0, d: 4, e: -200, f: 0))
    let min = try #require(
      PAR(alignment: .xMinYMin, slice: true).transform(viewBox: box, viewport: port))
    #expect(min == Transform(a: 4, b: 0, c: 0, d: 4, e: 0, f: 0))
  }

  @Test func noneStretches() throws {
    let t = try #require(PAR(alignment: .none).transform(viewBox: box, viewport: port))
    #expect(t == Transform(a: 2, b: 0, c: 0, d: 4, e: 0, f: 0))
  }

  @Test func offsetsOfBothRectsAreHonoured() throws {
    let box = Rect(x: 10, y: 20, width: 100, height: 100)
    let port = Rect(x: 5, y: 7, width: 50, height: 100)
    let t = try #require(PAR(alignment: .xMidYMax).transform(viewBox: box, viewport: port))
    let topLeft = t.apply(Point(10, 20))
    let bottomRight = t.apply(Point(110, 120))
    #expect(topLeft == Point(5, 57))
    #expect(bottomRight == Point(55, 107))
  }

  @Test func emptyRectsGiveNoTransform() {
    #expect(PAR().transform(viewBox: Rect(x: 0, y: 0, width: 0, height: 5), viewport: port) == nil)
    #expect(PAR().transform(viewBox: box, viewport: Rect(x: 0, y: 0, width: 10, height: 0)) == nil)
  }
}
