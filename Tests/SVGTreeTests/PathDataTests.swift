import SVGGeometry
import Testing

@testable import SVGTree

@Suite struct PathDataTests {
  func parse(_ d: String) -> [PathElement] {
    let r = PathData.parse(d)
    #expect(r.error == nil, "\(d): \(r.error.map(String.init(describing:)) ?? "")")
    return r.path.elements
  }

  @Test func absoluteCommands() {
    #expect(
      parse("M10 20 L30 40 H50 V60 C1 2 3 4 5 6 Q7 8 9 10 Z") == [
        .move(Point(10, 20)), .line(Point(30, 40)), .line(Point(50, 40)), .line(Point(50, 60)),
        .cubic(Point(1, 2), Point(3, 4), Point(5, 6)), .quad(Point(7, 8), Point(9, 10)), .close,
      ])
  }

  @Test func relativeCommands() {
    #expect(
      parse("m10 20 l5 5 h10 v-5 c1 1 2 2 3 3 q1 0 2 2 z") == [
        .move(Point(10, 20)), .line(Point(15, 25)), .line(Point(25, 25)), .line(Point(25, 20)),
        .cubic(Point(26, 21), Point(27, 22), Point(28, 23)), .quad(Point(29, 23), Point(30, 25)),
        .close,
      ])
  }

  @Test func implicitRepeatsAfterMovetoAreLinetos() {
    #expect(parse("M 0 0 10 10 20 0") == [.move(.zero), .line(Point(10, 10)), .line(Point(20, 0))])
    #expect(parse("m 1 1 2 2") == [.move(Point(1, 1)), .line(Point(3, 3))])
    #expect(
      parse("M0 0 h1 2 v3") == [
        .move(.zero), .line(Point(1, 0)), .line(Point(3, 0)), .line(Point(3, 3)),
      ])
    #expect(parse("M0,0L1,1,2,2").count == 3)
  }

  @Test func smoothCubicReflectsThePreviousControlPoint() {
    let els = parse("M0 0 C10 0 20 10 30 10 S50 20 60 10 s10 0 20 0")
    #expect(els[2] == .cubic(Point(40, 10), Point(50, 20), Point(60, 10)))
    #expect(els[3] == .cubic(Point(70, 0), Point(70, 10), Point(80, 10)))
    // Without a preceding C/S the first control point is the current point.
    #expect(parse("M5 5 S10 10 20 5")[1] == .cubic(Point(5, 5), Point(10, 10), Point(20, 5)))
    #expect(
      parse("M0 0 Q5 5 10 0 S15 5 20 0")[2] == .cubic(Point(10, 0), Point(15, 5), Point(20, 0)))
  }

  @Test func smoothQuadReflectsAcrossChains() {
    let els = parse("M0 0 Q10 10 20 0 T40 0 t20 0")
    #expect(els[2] == .quad(Point(30, -10), Point(40, 0)))
    #expect(els[3] == .quad(Point(50, 10), Point(60, 0)))
    #expect(parse("M0 0 T10 0")[1] == .quad(.zero, Point(10, 0)))
    #expect(parse("M0 0 C1 1 2 2 3 0 T10 0")[2] == .quad(Point(3, 0), Point(10, 0)))
  }

  @Test func arcsBecomeCubicsAndFlagsNeedNoSeparators() {
    let spaced = parse("M0 0 A10 10 0 0 1 20 0")
    #expect(spaced.count == 3)
    #expect(
      spaced.last.flatMap { if case .cubic(_, _, let p) = $0 { p } else { nil } } == Point(20, 0))
    #expect(parse("M0 0 a10 10 0 0120 0") == spaced)
    #expect(parse("M0 0 a10,10,0,0,1,20,0") == spaced)
    let tight = parse("M0 0 a1 1 0 00 1 1")
    #expect(tight.count == 2)
    // Zero radius is a line; identical endpoints draw nothing.
    #expect(parse("M0 0 A0 5 0 0 1 5 5") == [.move(.zero), .line(Point(5, 5))])
    #expect(parse("M3 3 A5 5 0 0 1 3 3") == [.move(Point(3, 3))])
  }

  @Test func compactNumbers() {
    #expect(parse("M1e-3.5.5.5") == [.move(Point(0.001, 0.5)), .line(Point(0.5, 0.5))])
    #expect(parse("M-1-2") == [.move(Point(-1, -2))])
    #expect(parse("M0.6.5") == [.move(Point(0.6, 0.5))])
    #expect(parse("M+1E2,2e+1") == [.move(Point(100, 20))])
    #expect(parse(" \n\tM 1 2\r\n") == [.move(Point(1, 2))])
  }

  @Test func numbersMatchTheStandardLibraryBitForBit() {
    let texts = [
      "0.1", "0.3", "123456789012345", "1234567890123456", "-0.000000000000001",
      "9.99999999999999", "0.7", "3.14159265358979", "-2.5e-3", "100000000000000000000",
    ]
    for t in texts {
      let els = parse("M\(t) 0")
      #expect(els == [.move(Point(Double(t)!, 0))], "\(t)")
    }
    #expect(parse("M5. 1") == [.move(Point(5, 1))])
  }

  @Test func closepathReturnsToTheSubpathStart() {
    #expect(
      parse("M10 10 L20 10 z l0 5") == [
        .move(Point(10, 10)), .line(Point(20, 10)), .close, .move(Point(10, 10)),
        .line(Point(10, 15)),
      ])
    #expect(parse("M10 10 h10 z m5 5")[3] == .move(Point(15, 15)))
    #expect(parse("M10 10 h10 Z h5").suffix(2) == [.move(Point(10, 10)), .line(Point(15, 10))])
    #expect(parse("M0 0 L1 1 z z").filter { $0 == .close }.count == 2)
  }

  @Test func emptyDataIsAnEmptyPathWithoutError() {
    for d in ["", "   ", "\n"] {
      let r = PathData.parse(d)
      #expect(r.path.isEmpty && r.error == nil)
    }
  }

  @Test func dataMustStartWithAMoveto() {
    let r = PathData.parse("L 10 10")
    #expect(r.path.isEmpty)
    #expect(r.error?.offset == 0)
    #expect(r.error?.message.contains("moveto") == true)
    #expect(PathData.parse("  10 10").error?.offset == 2)
  }

  @Test func errorsKeepEverythingUpToTheLastCompleteSegment() {
    // SVG 2's own example: the dangling 30 is dropped, the line to 20,20 kept.
    let odd = PathData.parse("M 10,10 L 20,20,30")
    #expect(odd.path.elements == [.move(Point(10, 10)), .line(Point(20, 20))])
    #expect(odd.error?.offset == 18)
    let letter = PathData.parse("M 10 10 L 20 x")
    #expect(letter.path.elements == [.move(Point(10, 10))])
    #expect(letter.error?.offset == 13)
    let unknown = PathData.parse("M 0 0 L 5 5 X 1 1")
    #expect(unknown.path.elements.count == 2)
    #expect(unknown.error?.offset == 12)
    #expect(unknown.error?.message.contains("'X'") == true)
  }

  @Test func malformedArgumentsAndSeparators() {
    let flag = PathData.parse("M0 0 L1 1 A 10 10 0 2 1 5 5")
    #expect(flag.path.elements.count == 2)
    #expect(flag.error?.offset == 20)
    #expect(flag.error?.message.contains("flag") == true)
    #expect(PathData.parse("M,10 10").error?.offset == 1)
    #expect(PathData.parse("M 1 1 z 5 5").error?.offset == 8)
    #expect(PathData.parse("M 0 0 L 1e999 0").path.elements.count == 1)
    #expect(PathData.parse("M 0 0 L 1,,2").error?.offset == 10)
    let bytes = PathData.parse("M 0 0 é")
    #expect(bytes.path.elements.count == 1 && bytes.error?.offset == 6)
    let truncatedCurve = PathData.parse("M0 0 C1 1 2 2 3 3 4 4")
    #expect(truncatedCurve.path.elements.count == 2)
  }

  @Test func largeInputParsesCompletely() {
    var d = "M0 0"
    for i in 0..<20_000 { d += " l\(i % 7).5-\(i % 3)e-1 c1 2 3 4 5 6" }
    let r = PathData.parse(d)
    #expect(r.error == nil)
    #expect(r.path.elements.count == 40_001)
  }
}
