import Testing

@testable import SVGTree

@Suite struct AngleTests {
  @Test(arguments: [
    ("45", 45.0), ("45deg", 45), (" -90DEG ", -90), ("100grad", 90), ("0.25turn", 90),
    ("1e1", 10),
  ])
  func parses(text: String, degrees: Double) throws {
    #expect(try Angle(parsing: text).degrees == degrees)
  }

  @Test func radians() throws {
    #expect(abs(try Angle(parsing: "3.141592653589793rad").degrees - 180) < 1e-9)
    #expect(abs(Angle(degrees: 90).radians - .pi / 2) < 1e-12)
  }

  @Test(arguments: ["", "deg", "45 deg", "45px", "45deg 1", "auto"])
  func malformed(text: String) {
    #expect(throws: ValueError.self) { try Angle(parsing: text) }
  }

  @Test func markerOrient() throws {
    #expect(try MarkerOrient(parsing: "auto") == .auto)
    #expect(try MarkerOrient(parsing: " auto-start-reverse ") == .autoStartReverse)
    #expect(try MarkerOrient(parsing: "30") == .angle(Angle(degrees: 30)))
    #expect(try MarkerOrient(parsing: "0.5turn") == .angle(Angle(degrees: 180)))
    #expect(throws: ValueError.self) { try MarkerOrient(parsing: "auto-start") }
    #expect(throws: ValueError.self) { try MarkerOrient(parsing: "autox") }
    #expect(throws: ValueError.self) { try MarkerOrient(parsing: "") }
  }
}
