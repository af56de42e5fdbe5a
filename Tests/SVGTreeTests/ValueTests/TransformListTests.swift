import SVGGeometry
import Testing

@testable import SVGTree

private func transform(_ text: String) throws(ValueError) -> Transform {
  try TransformList(parsing: text).transform
}

private func close(_ t: Transform, _ m: [Double]) -> Bool {
  zip([t.a, t.b, t.c, t.d, t.e, t.f], m).allSatisfy { abs($0 - $1) < 1e-9 }
}

@Suite struct TransformListTests {
  @Test(arguments: [
    ("matrix(1 2 3 4 5 6)", [1.0, 2, 3, 4, 5, 6]),
    ("matrix(1,2,3,4,5,6)", [1, 2, 3, 4, 5, 6]),
    ("matrix(1-2-3-4-5-6)", [1, -2, -3, -4, -5, -6]),
    ("translate(10 20)", [1, 0, 0, 1, 10, 20]),
    ("translate(10)", [1, 0, 0, 1, 10, 0]),
    ("scale(2)", [2, 0, 0, 2, 0, 0]),
    ("scale(2, 3)", [2, 0, 0, 3, 0, 0]),
    ("rotate(90)", [0, 1, -1, 0, 0, 0]),
    ("skewX(45)", [1, 0, 1, 1, 0, 0]),
    ("skewY(45)", [1, 1, 0, 1, 0, 0]),
    ("translate(10 15) translate(0 5)", [1, 0, 0, 1, 10, 20]),
    ("translate(10),scale(2)", [2, 0, 0, 2, 10, 0]),
    ("translate(10) , scale(2)", [2, 0, 0, 2, 10, 0]),
    ("translate(25 215)scale(2)skewX(45)", [2, 0, 2, 2, 25, 215]),
    ("  translate ( 1 , 2 )  ", [1, 0, 0, 1, 1, 2]),
    (
      "rotate(30 10 20)",
      [
        0.8660254037844387, 0.5, -0.5, 0.8660254037844387, 11.339745962155611, -2.3205080756887746,
      ]
    ),
  ])
  func parses(text: String, expected: [Double]) throws {
    let t = try transform(text)
    #expect(close(t, expected), "\(t)")
  }

  @Test func rotateAboutAPointKeepsThePointFixed() throws {
    let t = try transform("rotate(73 40 -12)")
    let p = t.apply(Point(40, -12))
    #expect(abs(p.x - 40) < 1e-9 && abs(p.y + 12) < 1e-9)
  }

  @Test func emptyAndNoneAreIdentity() throws {
    #expect(try transform("") == .identity)
    #expect(try transform("   ") == .identity)
    #expect(try transform("none") == .identity)
    #expect(try TransformList(parsing: "").functions.isEmpty)
  }

  @Test(arguments: [
    "rotate(45 10)", "rotate(1 2 3 4)", "matrix(1 2 3 4 5)", "translate()", "translate(1 2 3)",
    "scale(1 2 3)", "skewX(1 2)", "qwe", "scale(2) text", "rect()", "scale(2) rect()",
    "scale(2", "scale(2,)", "scale(,2)", "scale(2 ,, 3)", "scale(2),", ", scale(2)",
    "scale(2),,scale(3)", "translate(10px)", "Scale(2)", "rotate(45deg)", "none scale(2)",
    "???G", "\u{01}",
  ])
  func malformed(text: String) {
    #expect(throws: ValueError.self) { try transform(text) }
  }

  @Test func errorNamesTheProblem() {
    let e = #expect(throws: ValueError.self) { try transform("translate(5) rotate(45 10)") }
    #expect(e?.message.contains("rotate") == true)
    #expect(e?.message.contains("2") == true)
    #expect(e?.position == 13)
  }

  @Test func keepsFunctionsAndWritesThemBack() throws {
    let list = try TransformList(parsing: "translate(10,20) rotate(45 1 2) scale(2) skewY(-3.5)")
    #expect(
      list.functions == [
        .translate(x: 10, y: 20), .rotate(angle: 45, cx: 1, cy: 2), .scale(x: 2, y: 2),
        .skewY(-3.5),
      ])
    #expect(list.description == "translate(10 20) rotate(45 1 2) scale(2 2) skewY(-3.5)")
    #expect(try TransformList(parsing: list.description) == list)
  }
}
