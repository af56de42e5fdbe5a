import SVGCommands
import SVGGeometry
import SVGTree
import Testing

/// A recolour wins the cascade however the file paints, in the session's own document, in
/// the SVG it writes (read back by another reader) and in renders.
@Suite struct RecolorCascadeTests {
  /// Checks that `id`'s fill is red in the session, after a write and read, and on screen.
  private func expectRed(_ s: EditableDocument, _ id: String, at p: (Int, Int)) throws {
    #expect(try computed(s.current, id, "fill") == "#ff0000")
    #expect(try computed(reread(s.current), id, "fill") == "#ff0000")
    #expect(try pixel(s.current, p.0, p.1) == [255, 0, 0, 255])
    #expect(try pixel(reread(s.current), p.0, p.1) == [255, 0, 0, 255])
  }

  @Test func illustratorClassFill() throws {
    let d = try document(
      """
      <defs><style>.cls-1{fill:#2b3990;}.cls-2{fill:#be1e2d;}</style></defs>
      <rect id="a" class="cls-1" width="50" height="50"/>
      <rect id="b" class="cls-2" x="50" width="50" height="50"/>
      """)
    let s = try session(d, "setFill(a, #ff0000)")
    try expectRed(s, "a", at: (25, 25))
    #expect(try pixel(s.current, 75, 25) == [190, 30, 45, 255])
  }

  @Test func styleAttributeFill() throws {
    let d = try document(#"<rect id="a" style="fill:blue;stroke:none" width="50" height="50"/>"#)
    let s = try session(d, "setFill(a, red)")
    try expectRed(s, "a", at: (25, 25))
    #expect(try computed(s.current, "a", "stroke") == "none")
  }

  @Test func importantRulesAndInlineImportant() throws {
    let d = try document(
      """
      <style>#a { fill: blue !important } rect { fill: green !important }</style>
      <rect id="a" fill="yellow" style="fill: lime !important" width="50" height="50"/>
      """)
    let s = try session(d, "setFill(a, 255, 0, 0)")
    try expectRed(s, "a", at: (25, 25))
  }

  @Test func gradientFillIsReplaced() throws {
    let d = try document(
      """
      <linearGradient id="g"><stop offset="0" stop-color="blue"/>
      <stop offset="1" stop-color="green"/></linearGradient>
      <rect id="a" fill="url(#g)" width="100" height="100"/>
      """)
    let s = try session(d, "setFill(a, red)")
    try expectRed(s, "a", at: (10, 50))
    #expect(try pixel(s.current, 90, 50) == [255, 0, 0, 255])
  }

  @Test func translucentRegionBecomesAsOpaqueAsTheColour() throws {
    let d = try document(#"<rect id="a" fill="blue" fill-opacity="0.1" width="50" height="50"/>"#)
    let s = try session(d, "setFill(a, red)")
    try expectRed(s, "a", at: (25, 25))
    let half = try session(d, "setFill(a, 255, 0, 0, 0.5)")
    #expect(try pixel(half.current, 25, 25)[3] == 128)
  }

  @Test func groupRecoloursWhatItPaints() throws {
    let d = try document(
      """
      <style>.cls-1 { fill: #00f }</style>
      <g id="g" fill="green">
        <rect id="inherits" width="20" height="20"/>
        <rect id="classed" class="cls-1" x="20" width="20" height="20"/>
        <rect id="attributed" fill="yellow" x="40" width="20" height="20"/>
        <g id="inner" style="fill:purple"><rect id="deep" x="60" width="20" height="20"/></g>
        <rect id="outline" fill="none" stroke="black" x="80" width="20" height="20"/>
        <defs><rect id="template" fill="orange" width="5" height="5"/></defs>
      </g>
      """)
    let s = try session(d, "setActiveColor(red)\nfill(g)")
    for (id, x) in [("inherits", 10), ("classed", 30), ("attributed", 50), ("deep", 70)] {
      try expectRed(s, id, at: (x, 10))
    }
    #expect(try computed(s.current, "outline", "fill") == "none")
    #expect(try pixel(s.current, 90, 10)[3] == 0)
    #expect(try computed(s.current, "template", "fill") == "orange")
  }

  @Test func recolourIsWrittenAsAttributeAndImportantStyle() throws {
    let d = try document(#"<rect id="a" style="stroke:black; fill: blue" width="5" height="5"/>"#)
    let s = try session(d, "setFill(a, #FF0000)")
    let node = s.current[try #require(s.current.element(withID: "a"))]
    #expect(node.attribute("fill") == "#ff0000")
    #expect(node.attribute("fill-opacity") == "1")
    #expect(
      node.attribute("style") == "stroke:black;fill:#ff0000 !important;fill-opacity:1 !important")
  }

  @Test func strokeRecolour() throws {
    let d = try document(
      """
      <style>.s { stroke: blue }</style>
      <rect id="a" class="s" fill="none" stroke-width="10" x="10" y="10" width="80" height="80"/>
      """)
    let s = try session(d, "setStroke(a, red)")
    #expect(try computed(s.current, "a", "stroke") == "#ff0000")
    #expect(try pixel(s.current, 10, 50) == [255, 0, 0, 255])
    #expect(try computed(s.current, "a", "fill") == "none")
  }

  @Test func opacityBeatsClassRules() throws {
    let d = try document(
      """
      <style>.o { opacity: 1 !important }</style>
      <rect id="a" class="o" fill="blue" width="50" height="50"/>
      """)
    let s = try session(d, "setOpacity(a, 0.5)")
    #expect(try computed(s.current, "a", "opacity") == "0.5")
    #expect(try pixel(reread(s.current), 25, 25)[3] == 128)
  }
}
