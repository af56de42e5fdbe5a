import SVGCommands
import SVGGeometry
import SVGQuery
import SVGTree
import Testing

@Suite struct MoveTests {
  @Test func moveUpdatesTransformAndIsWrittenBack() throws {
    var s = try editable(
      """
      <g id="g" transform="scale(2)"><rect id="r" x="10" y="10" width="10" height="10"/></g>
      <circle id="c" cx="150" cy="150" r="10" transform="translate(5 5) rotate(10)"/>
      """)
    #expect(try s.names(at: 30, 30) == ["r"])
    // 20 document units is 10 units in the scaled group.
    try s.apply(script: "moveBy(r, 20, 0)")
    #expect(try s.attribute("r", "transform") == "translate(10 0)")
    #expect(try s.names(at: 30, 30).isEmpty)
    #expect(try s.names(at: 50, 30) == ["r"])
    try s.apply(script: "moveBy(r, 0, 20)")
    #expect(try s.attribute("r", "transform") == "translate(10 10)")
    try s.apply(script: "moveBy(c, -5, 0)")
    #expect(try s.attribute("c", "transform") == "translate(0 5) rotate(10)")

    let reread = try Scene(document: try Document(string: s.current.serialized()))
    #expect(reread.elements(at: Point(50, 50)).map(\.element.name) == ["r"])
    #expect(reread.elements(at: Point(30, 30)).isEmpty)
  }

  @Test func moveUseMovesTheInstance() throws {
    var s = try editable(
      ##"<defs><rect id="t" width="10" height="10"/></defs><use id="u" href="#t" x="20"/>"##)
    #expect(try s.names(at: 25, 5) == ["u"])
    try s.apply(script: "moveBy(u, 100, 0)")
    #expect(try s.names(at: 125, 5) == ["u"])
    #expect(try s.attribute("t", "transform") == nil)
  }

  @Test func reorderChangesZOrderAndIsWrittenBack() throws {
    var s = try editable(StackingTests.body)
    #expect(try s.names(at: 50, 50) == ["c", "b", "a"])
    try s.apply(script: "moveToIndex(a, 2)")
    #expect(try s.names(at: 50, 50) == ["a", "c", "b"])
    try s.apply(script: "moveToIndex(a, 0)")
    #expect(try s.names(at: 50, 50) == ["c", "b", "a"])
    try s.apply(script: "moveToIndex(b, 2)")
    #expect(try s.names(at: 50, 50) == ["b", "c", "a"])
    let reread = try Scene(document: try Document(string: s.current.serialized()))
    #expect(reread.elements(at: Point(50, 50)).map(\.element.name) == ["b", "c", "a"])
    #expect(s.current.serialized().contains("<!-- a comment -->"))
  }

  @Test func badMovesAreRefused() throws {
    let s = try editable(
      #"<g id="g"><rect id="a" width="10" height="10" transform="rotate(("/><rect id="s" width="5" height="5" style="transform: scale(2)"/></g>"#
    )
    for (script, message) in [
      ("moveToIndex(a, 5)", "out of range"), ("moveToIndex(a, -1)", "out of range"),
      ("moveBy(a, 1, 1)", "invalid transform"), ("moveBy(s, 1, 1)", "transform in its style"),
      ("moveBy(/, 1, 1)", "cannot be moved"),
    ] {
      var copy = s
      let error = try #require(throws: CommandError.self) { try copy.apply(script: script) }
      #expect(error.message.contains(message), "\(script): \(error.message)")
      #expect(copy.current.serialized() == s.current.serialized())
    }
  }
}
