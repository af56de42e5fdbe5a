import SVGGeometry
import Testing

@testable import SVGTree

@Suite struct ViewBoxTests {
  @Test(arguments: [
    ("0 0 100 50", Rect(x: 0, y: 0, width: 100, height: 50)),
    (" -10,-20 , 30.5 40 ", Rect(x: -10, y: -20, width: 30.5, height: 40)),
    ("1-2 3 4", Rect(x: 1, y: -2, width: 3, height: 4)),
  ])
  func parses(text: String, expected: Rect) throws {
    #expect(try ViewBox(parsing: text).rect == expected)
  }

  @Test(arguments: [
    "", "0 0 100", "0 0 100 100 5", "0 0 0 100", "0 0 100 -1", "0 0 a 10", "0,0,,10,10",
    "0 0 10 10,",
  ])
  func malformed(text: String) {
    #expect(throws: ValueError.self) { try ViewBox(parsing: text) }
  }

  @Test func nonPositiveSizeIsExplained() {
    let e = #expect(throws: ValueError.self) { try ViewBox(parsing: "0 0 -5 10") }
    #expect(e?.message.contains("positive") == true)
  }

  @Test func descriptionReadsBack() throws {
    let v = try ViewBox(parsing: "-1.5 2 300 150")
    #expect(v.description == "-1.5 2 300 150")
    #expect(try ViewBox(parsing: v.description) == v)
  }
}
