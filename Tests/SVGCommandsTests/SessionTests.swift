import SVGCommands
import SVGGeometry
import SVGQuery
import SVGTree
import Testing

private let page = """
  <rect id="back" fill="white" width="100" height="100"/>
  <g id="g"><rect id="a" fill="blue" width="40" height="40"/>
  <!-- between -->
  <rect id="b" fill="green" transform="scale(1)" x="20" y="20" width="40" height="40"/></g>
  <path id="line" d="M0 90 H100" stroke="black" fill="none"/>
  """

@Suite struct FillAtTests {
  @Test func fillsTheTopMostPaintedRegion() throws {
    let d = try document(page)
    let s = try session(
      d, "setActiveColor(255, 0, 0)\nfillAt(30, 30)\nfillAt(5, 5)\nfillAt(80, 20)")
    #expect(try computed(s.current, "b", "fill") == "#ff0000")
    #expect(try computed(s.current, "a", "fill") == "#ff0000")
    #expect(try computed(s.current, "back", "fill") == "#ff0000")
  }

  @Test func skipsShapesWithoutFill() throws {
    let d = try document(page)
    let s = try session(d, "setActiveColor(red)\nfillAt(50, 90)")
    #expect(try computed(s.current, "line", "fill") == "none")
    #expect(try computed(s.current, "back", "fill") == "#ff0000")
  }

  @Test func nothingToFillIsAnError() throws {
    let d = try document(#"<rect id="a" fill="none" stroke="black" width="50" height="50"/>"#)
    let e = try failure(d, "fillAt(25, 25)", after: "setActiveColor(red)")
    #expect(e.message.contains("nothing with a fill at (25, 25)"))
    #expect(try failure(d, "fillAt(500, 500)").location.line == 1)
  }

  @Test func theSceneIsKeptUntilTheDocumentChanges() throws {
    let d = try document(page)
    var s = EditableDocument(d)
    let before = try s.scene()
    #expect(before.element(at: Point(5, 5))?.element.name == "a")
    try s.apply(script: "setActiveColor(red)\nfillAt(5, 5)")
    let after = try s.scene()
    #expect(after.document.serialized() == s.current.serialized())
    #expect(before.document.serialized() == d.serialized())
    let drawn = try after.tree.rasterize(width: 100, height: 100).rgba(x: 5, y: 5)
    #expect([drawn.r, drawn.g, drawn.b, drawn.a] == [255, 0, 0, 255])
    try s.undo()
    #expect(try s.scene().document.serialized() == d.serialized())
  }
}

@Suite struct ArrangementTests {
  @Test func moveByTranslatesInDocumentCoordinates() throws {
    let d = try Document(
      string: """
        <svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 100 100'>
        <g transform="scale(2)"><rect id="a" fill="red" width="10" height="10"/></g></svg>
        """)
    var s = try session(d, "moveBy(a, 20, 10)")
    #expect(
      s.current[try #require(s.current.element(withID: "a"))].attribute("transform")
        == "translate(10 5)")
    try s.apply(script: "moveBy(a, 2, 2)")
    #expect(
      s.current[try #require(s.current.element(withID: "a"))].attribute("transform")
        == "translate(11 6)")
  }

  @Test func moveByErrors() throws {
    let d = try document(#"<rect id="a" style="transform: rotate(5deg)" width="9" height="9"/>"#)
    #expect(try failure(d, "moveBy(a, 1, 1)").message.contains("transform in its style"))
    #expect(try failure(d, "moveBy(/, 1, 1)").message.contains("cannot be moved"))
    #expect(try failure(d, "moveBy(b, 1, 1)").location.column == 8)
  }

  @Test func moveToIndexReordersElementsOnly() throws {
    let d = try document(page)
    let s = try session(d, "moveToIndex(b, 0)")
    let g = try #require(s.current.element(withID: "g"))
    #expect(s.current.elementChildren(of: g).compactMap { s.current[$0].id } == ["b", "a"])
    #expect(try pixel(s.current, 30, 30) == [0, 0, 255, 255])
    let top = try session(d, "moveToIndex(back, 2)")
    let root = try #require(top.current.root)
    #expect(
      top.current.elementChildren(of: root).compactMap { top.current[$0].id }
        == ["g", "line", "back"])
  }

  @Test func indexPathsAddressElements() throws {
    let d = try document(page)
    let s = try session(d, "setFill(/1/0, red)\nsetStroke(/, blue)")
    #expect(try computed(s.current, "a", "fill") == "#ff0000")
    #expect(try computed(s.current, "line", "stroke") == "#0000ff")
  }

  @Test func moveToIndexErrors() throws {
    let d = try document(page)
    #expect(try failure(d, "moveToIndex(a, 2)").message.contains("out of range"))
    #expect(try failure(d, "moveToIndex(a, -1)").location.column == 16)
    #expect(try failure(d, "moveToIndex(/, 0)").message.contains("root"))
  }
}

@Suite struct ResetTests {
  @Test func resetRestoresTheOriginalBytes() throws {
    let d = try document(
      #"<rect id="a" style="fill : blue ;x:1" fill="url(#nope)" width="9" height="9"/>"#)
    var s = try session(
      d, "setFill(a, red)\nsetOpacity(a, 0.5)\nsetStroke(a, green)\nmoveBy(a, 3, 4)")
    try s.apply(script: "reset(a)")
    let id = try #require(d.element(withID: "a"))
    #expect(s.current[id].attributes == d[id].attributes)
    #expect(s.current.serialized() == d.serialized())
    #expect(s.log.count == 5)
  }

  @Test func resetOfAGroupRestoresItsSubtreeAndPlace() throws {
    let d = try document(page)
    var s = try session(d, "fill(g)\nmoveToIndex(b, 0)\nmoveToIndex(g, 0)\nsetFill(back, red)")
    try s.apply(script: "reset(g)")
    #expect(try computed(s.current, "a", "fill") == "blue")
    #expect(try computed(s.current, "back", "fill") == "#ff0000")
    let root = try #require(s.current.root)
    #expect(
      s.current.elementChildren(of: root).compactMap { s.current[$0].id }
        == ["back", "g", "line"])
    try s.apply(script: "resetAll()")
    #expect(s.current.serialized() == d.serialized())
  }
}

@Suite struct AllOrNothingTests {
  @Test func anElementThatDoesNotExist() throws {
    let d = try document(page)
    let e = try failure(d, "setActiveColor(red)\nfill(a)\n  setFill(missing, blue)")
    #expect(e.location == SourceLocation(line: 3, column: 11))
    #expect(e.message == "no element with id 'missing'")
    #expect(try failure(d, "fill(/9)").message == "no element at index path '/9'")
  }

  @Test(arguments: [
    "fill(a)\nunknown(a)", "fill(a)\nfill(a, b)", "fill(a)\nfillAt(x, 1)",
    "fill(a)\nsetFill(a, nocolour)", "fill(a)\nmoveBy(nothere, 1, 1)",
  ])
  func aScriptAppliesAllOrNothing(_ script: String) throws {
    let e = try failure(try document(page), script, after: "setActiveColor(blue)\nfill(b)")
    #expect(e.location.line == 2)
  }
}

@Suite struct UndoAndReplayTests {
  @Test func undoRevertsTheCommandsThatChangedTheDocument() throws {
    let d = try document(page)
    var s = try session(d, "setActiveColor(red)\nfill(a)")
    let afterFirst = s.current.serialized()
    try s.apply(script: "setActiveColor(green)\nfill(b)\nmoveToIndex(b, 0)\nresetAll()\nfill(a)")
    let last = s.current.serialized()
    try s.undo(4)
    #expect(s.current.serialized() == afterFirst)
    // The log only grows; the palette's colour stays.
    #expect(s.log.count == 11)
    #expect(Array(s.log.suffix(4)) == Array(repeating: .undo, count: 4))
    #expect(s.activeColor == Color(r: 0, g: 128, b: 0))
    try s.undo()
    #expect(s.current.serialized() == d.serialized())
    try s.redo(5)
    #expect(s.current.serialized() == last)
    #expect(s.undoHistory.undoable == [2, 4, 5, 6, 7])
  }

  @Test func redoReappliesWhatUndoReverted() throws {
    let d = try document(page)
    let both = try session(d, "fill(a)\nsetActiveColor(red)\nfill(b)").current.serialized()
    // A colour picked after the undo changes nothing redone: fill(b) is red again.
    var s = try session(d, "fill(a)\nsetActiveColor(red)\nfill(b)\nundo()\nsetActiveColor(blue)")
    #expect(try computed(s.current, "b", "fill") == "green")
    try s.apply(script: "redo()")
    #expect(s.current.serialized() == both)
    // A new edit ends what can be redone.
    try s.apply(script: "undo()\nundo()\nredo()\nsetFill(b, yellow)")
    #expect(s.undoHistory.redoable.isEmpty)
    #expect(try failure(d, "redo()", after: s.logText).message.contains("nothing to redo"))
  }

  @Test func nothingToUndoIsAnErrorAtItsLine() throws {
    let d = try document(page)
    let e = try failure(d, "fill(a)\nundo()\n  undo()", after: "setActiveColor(red)")
    #expect(e.message.contains("nothing to undo"))
    #expect(e.location == SourceLocation(line: 3, column: 3))
    #expect(try failure(d, "redo()").message.contains("nothing to redo"))
    var s = try session(d, "fill(a)")
    #expect(throws: CommandError.self) { try s.undo(2) }
    #expect(s.log == [.fill("a")])
  }

  @Test func undoAndRedoHaveBothForms() throws {
    let d = try document(page)
    let s = try session(d, "fill(a)\nsvg://undo\nsvg://redo\nundo()")
    #expect(s.logText == "fill(a)\nundo()\nredo()\nundo()\n")
    #expect(Command.undo.url == "svg://undo")
    #expect(Command.redo.description == "redo()")
  }

  @Test func theLogReplays() throws {
    let d = try document(page)
    let s = try session(
      d,
      "svg://setActiveColor/255/0/0\nfillAt(30,30)\nsetOpacity(/1, .5)\nmoveBy(a, 1, 2)\n"
        + "undo()\nundo()\nredo()")
    #expect(
      s.logText == """
        setActiveColor(255, 0, 0)
        fillAt(30, 30)
        setOpacity(/1, 0.5)
        moveBy(a, 1, 2)
        undo()
        undo()
        redo()

        """)
    let replayed = try EditableDocument(original: d, log: s.logText)
    #expect(replayed.current.serialized() == s.current.serialized())
    #expect(replayed.activeColor == s.activeColor)
    #expect(replayed.log == s.log)
  }
}
