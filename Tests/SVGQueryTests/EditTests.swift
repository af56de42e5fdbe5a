import SVGGeometry
import SVGRender
import SVGTree
import Testing

@testable import SVGQuery

@Suite struct EditTests {
  @Test func moveUpdatesTransformAndIsWrittenBack() throws {
    var s = try scene(
      """
      <g id="g" transform="scale(2)"><rect id="r" x="10" y="10" width="10" height="10"/></g>
      <circle id="c" cx="150" cy="150" r="10" transform="translate(5 5) rotate(10)"/>
      """)
    let r = try #require(s.element("r"))
    #expect(s.name(at: 30, 30) == "r")
    // 20 document units is 10 units in the scaled group.
    try s.move(r, by: Point(20, 0))
    #expect(s.document[r].attribute("transform") == "translate(10 0)")
    #expect(s.name(at: 30, 30) == nil)
    #expect(s.name(at: 50, 30) == "r")
    try s.move(r, by: Point(0, 20))
    #expect(s.document[r].attribute("transform") == "translate(10 10)")
    let c = try #require(s.element("c"))
    try s.move(c, by: Point(-5, 0))
    #expect(s.document[c].attribute("transform") == "translate(0 5) rotate(10)")

    let text = s.document.serialized()
    let reread = try Scene(document: try Document(string: text))
    #expect(reread.name(at: 50, 50) == "r")
    #expect(reread.name(at: 30, 30) == nil)
  }

  @Test func moveUseMovesTheInstance() throws {
    var s = try scene(
      ##"<defs><rect id="t" width="10" height="10"/></defs><use id="u" href="#t" x="20"/>"##)
    let hit = try #require(s.element(at: Point(25, 5)))
    try s.move(hit.element.node, by: Point(100, 0))
    #expect(s.name(at: 125, 5) == "u")
    #expect(s.document[try #require(s.element("t"))].attribute("transform") == nil)
  }

  @Test func reorderChangesZOrderAndIsWrittenBack() throws {
    var s = try scene(
      """
      <g id="g">
        <rect id="a" width="100" height="100"/>
        <!-- a comment -->
        <rect id="b" width="100" height="100"/>
        <rect id="c" width="100" height="100"/>
      </g>
      """)
    let g = try #require(s.element("g"))
    #expect(s.names(at: 50, 50) == ["c", "b", "a"])
    try s.moveChild(of: g, from: 0, to: 2)
    #expect(s.names(at: 50, 50) == ["a", "c", "b"])
    try s.moveChild(of: g, from: 2, to: 0)
    #expect(s.names(at: 50, 50) == ["c", "b", "a"])
    try s.moveChild(of: g, from: 1, to: 2)
    #expect(s.names(at: 50, 50) == ["b", "c", "a"])
    let reread = try Scene(document: try Document(string: s.document.serialized()))
    #expect(reread.names(at: 50, 50) == ["b", "c", "a"])
    #expect(s.document.serialized().contains("<!-- a comment -->"))
  }

  @Test func badEditsAreRefused() throws {
    var s = try scene(
      #"<g id="g"><rect id="a" width="10" height="10" transform="rotate(("/><rect id="s" width="5" height="5" style="transform: scale(2)"/></g>"#
    )
    let g = try #require(s.element("g"))
    #expect(throws: QueryError.self) { try s.moveChild(of: g, from: 0, to: 5) }
    #expect(throws: QueryError.self) { try s.moveChild(of: g, from: -1, to: 0) }
    #expect(throws: QueryError.self) { try s.move(try #require(s.element("a")), by: Point(1, 1)) }
    #expect(throws: QueryError.self) { try s.move(try #require(s.element("s")), by: Point(1, 1)) }
    #expect(throws: QueryError.self) { try s.move(try #require(s.document.root), by: Point(1, 1)) }
  }
}
