import SVGCommands
import SVGGeometry
import SVGTree
import Testing

/// Two regions side by side with a gap between them under a black line, and a corner: the
/// left square spans x 0-45, the right one x 55-100; the line is stroke only.
private func twoRegions(viewBox: String = "0 0 100 100") throws -> Document {
  try Document(
    string: """
      <svg xmlns="http://www.w3.org/2000/svg" width="100" height="100" viewBox="\(viewBox)">\
      <rect id="left" width="45" height="60" fill="#eeeeee"/>\
      <rect id="right" x="55" width="45" height="60" fill="#dddddd"/>\
      <path id="line" d="M50 0V100" stroke="black" stroke-width="2" fill="none"/></svg>
      """)
}

@Suite struct FillAtToleranceTests {
  @Test func aTapOnTheLineFillsTheNearestRegionInBothForms() throws {
    let d = try twoRegions()
    // (48, 30) is on the line, 3 from the left square and 7 from the right one.
    let text = try session(d, "setActiveColor(red)\nfillAt(48, 30, 8)")
    let url = try session(d, "setActiveColor(red)\nsvg://fillAt/48/30/8")
    #expect(text.current.serialized() == url.current.serialized())
    #expect(try computed(text.current, "left", "fill") == "#ff0000")
    #expect(try computed(text.current, "right", "fill") == "#dddddd")
    // Nearer the right one: that one.
    let right = try session(d, "setActiveColor(red)\nfillAt(53, 30, 8)")
    #expect(try computed(right.current, "right", "fill") == "#ff0000")
    #expect(try computed(right.current, "left", "fill") == "#eeeeee")
    // Written in the log, and replayed the same.
    #expect(text.logText == "setActiveColor(255, 0, 0)\nfillAt(48, 30, 8)\n")
    let replayed = try EditableDocument(original: d, log: text.logText)
    #expect(replayed.current.serialized() == text.current.serialized())
  }

  @Test func toleranceIsInDocumentUnits() throws {
    // The same drawing shown at half size: 3 document units are 1.5 CSS pixels.
    let d = try twoRegions(viewBox: "0 0 200 200")
    let s = try session(d, "fillAt(48, 30, 3.5)")
    #expect(try computed(s.current, "left", "fill") == "#000000")
    let e = try failure(d, "fillAt(48, 30, 2.5)")
    #expect(e.message == "nothing with a fill at (48, 30) or within 2.5 of it")
  }

  @Test func withoutToleranceOnlyWhatIsUnderThePoint() throws {
    let d = try twoRegions()
    let e = try failure(d, "fillAt(48, 30)")
    #expect(e.message == "nothing with a fill at (48, 30)")
    #expect(Command.fillAt(Point(48, 30)).description == "fillAt(48, 30)")
    #expect(Command.fillAt(Point(48, 30), tolerance: 0).description == "fillAt(48, 30)")
    #expect(Command.fillAt(Point(48, 30), tolerance: 2.5).url == "svg://fillAt/48/30/2.5")
    // Inside a region the region is filled whatever the tolerance.
    let s = try session(d, "fillAt(60, 30, 40)")
    #expect(try computed(s.current, "right", "fill") == "#000000")
    #expect(try computed(s.current, "left", "fill") == "#eeeeee")
  }

  @Test func aCornerBetweenRegionsFillsTheNearest() throws {
    // Below both squares (y 60-100) is empty page: (46, 62) is 2 from the left square's
    // corner (45, 60) and 9.2 from the right one's.
    let s = try session(try twoRegions(), "fillAt(46, 62, 5)")
    #expect(try computed(s.current, "left", "fill") == "#000000")
  }

  @Test func outsideTheDrawingIsItsOwnError() throws {
    let d = try twoRegions()
    let e = try failure(d, "fillAt(150, 30, 8)")
    #expect(e.message == "(150, 30) is outside the drawing, (0, 0) to (100, 100)")
    #expect(e.location.column == 8)
    #expect(try failure(d, "svg://fillAt/-1/30").message.contains("outside the drawing"))
    #expect(try failure(d, "fillAt(30, 80)").message == "nothing with a fill at (30, 80)")
  }

  @Test func aNegativeToleranceIsRefused() throws {
    let e = try #require(throws: CommandError.self) { try CommandScript.parse("fillAt(1, 2, -3)") }
    #expect(e.message.contains("expected 0 or more"))
    #expect(e.location.column == 14)
  }
}
