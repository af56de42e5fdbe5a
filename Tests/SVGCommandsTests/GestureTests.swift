import SVGCommands
import SVGGeometry
import SVGQuery
import SVGTree
import Testing

/// The same script in the text form and in the URL form gives the same document.
private func bothForms(_ s: EditableDocument, _ text: String, _ url: String) throws
  -> EditableDocument
{
  var a = s
  try a.apply(script: text)
  var b = s
  try b.apply(script: url)
  #expect(a.current.serialized() == b.current.serialized(), "\(text) vs \(url)")
  #expect(a.logText == b.logText)
  return a
}

@Suite struct MoveAtTests {
  @Test func dragMovesTheElementUnderThePointThroughItsParentsTransform() throws {
    let s = try editable(
      """
      <rect id="back" width="200" height="200" fill="#eee"/>
      <g id="g" transform="scale(2)"><rect id="r" x="10" y="10" width="10" height="10"/></g>
      """)
    // A drag from (30, 30) to (70, 40): the vector (40, 10) is (20, 5) in the scaled group.
    let moved = try bothForms(s, "moveAt(30, 30, 70, 40)", "svg://moveAt/30/30/70/40")
    #expect(try moved.attribute("r", "transform") == "translate(20 5)")
    #expect(try moved.attribute("g", "transform") == "scale(2)")
    #expect(try moved.names(at: 70, 40) == ["r", "back"])
    #expect(try moved.names(at: 30, 30) == ["back"])
    #expect(moved.logText == "moveAt(30, 30, 70, 40)\n")
  }

  @Test func aCloneMovesItsUse() throws {
    let s = try editable(
      ##"<defs><rect id="t" width="10" height="10"/></defs><g id="g"><use id="u" href="#t" x="20"/></g>"##
    )
    let moved = try bothForms(s, "moveAt(25, 5, 125, 105)", "svg://moveAt/25/5/125/105")
    #expect(try moved.attribute("u", "transform") == "translate(100 100)")
    #expect(try moved.attribute("t", "transform") == nil)
    #expect(try moved.attribute("g", "transform") == nil)
    #expect(try moved.names(at: 125, 105) == ["u"])
  }

  @Test func nothingThereAndOutsideTheDrawingAreDifferentErrors() throws {
    let d = try Document(
      string: """
        <svg xmlns="http://www.w3.org/2000/svg" width="200" height="100" viewBox="0 0 400 200">\
        <rect id="r" width="10" height="10"/></svg>
        """)
    let empty = try failure(d, "moveAt(100, 100, 0, 0)")
    #expect(empty.message == "nothing to move at (100, 100)")
    #expect(empty.location == SourceLocation(line: 1, column: 1))
    let outside = try failure(d, "\nmoveAt(401, 100, 0, 0)")
    #expect(outside.message == "(401, 100) is outside the drawing, (0, 0) to (400, 200)")
    #expect(outside.location == SourceLocation(line: 2, column: 8))
    #expect(try failure(d, "svg://moveAt/5/-1/0/0").message.contains("outside the drawing"))
  }

  @Test func undoPutsItBack() throws {
    var s = try editable(#"<rect id="r" width="10" height="10"/>"#)
    let before = s.current.serialized()
    try s.apply(script: "moveAt(5, 5, 50, 50)")
    #expect(try s.names(at: 50, 50) == ["r"])
    try s.undo(1)
    #expect(s.current.serialized() == before)
  }
}

@Suite struct StackingTests {
  /// Three squares on each other in a group, a comment between the first two.
  static let body = """
    <g id="g">
      <rect id="a" width="100" height="100"/>
      <!-- a comment -->
      <rect id="b" width="100" height="100"/>
      <rect id="c" width="100" height="100"/>
    </g>
    """

  @Test func bringToFrontAndSendToBackInBothForms() throws {
    let s = try editable(Self.body)
    #expect(try s.names(at: 50, 50) == ["c", "b", "a"])
    let front = try bothForms(s, "bringToFront(a)", "svg://bringToFront/a")
    #expect(try front.names(at: 50, 50) == ["a", "c", "b"])
    let back = try bothForms(s, "sendToBack(c)", "svg://sendToBack/c")
    #expect(try back.names(at: 50, 50) == ["b", "a", "c"])
    // By index path too, and a no-op when already there.
    let same = try bothForms(s, "bringToFront(/0/2)", "svg://bringToFront/%2F0%2F2")
    #expect(try same.names(at: 50, 50) == ["c", "b", "a"])
    // Written back: other viewers see the order; the comment stays.
    let reread = try Scene(document: try Document(string: front.current.serialized()))
    #expect(reread.elements(at: Point(50, 50)).map(\.element.name) == ["a", "c", "b"])
    #expect(front.current.serialized().contains("<!-- a comment -->"))
    #expect(front.logText == "bringToFront(a)\n")
  }

  @Test func theRootAndMissingElementsAreRefused() throws {
    let d = try Document(
      string: "<svg xmlns='http://www.w3.org/2000/svg' width='10' height='10'><rect id='a'/></svg>")
    let root = try failure(d, "sendToBack(/)")
    #expect(root.message == "the root element cannot be reordered")
    #expect(root.location.column == 12)
    let missing = try failure(d, "bringToFront(nope)")
    #expect(missing.message == "no element with id 'nope'")
    #expect(missing.location.column == 14)
    #expect(try failure(d, "svg://bringToFront/%2F9").message.contains("no element at index path"))
  }
}
