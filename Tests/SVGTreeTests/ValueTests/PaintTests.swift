import Testing

@testable import SVGTree

private func paint(_ text: String) throws(ValueError) -> Paint { try Paint(parsing: text) }

@Suite struct PaintTests {
  @Test func keywords() throws {
    #expect(try paint("none") == .none)
    #expect(try paint(" NONE ") == .none)
    #expect(try paint("currentColor") == .currentColor)
    #expect(try paint("currentcolor") == .currentColor)
    #expect(try paint("context-fill") == .contextFill)
    #expect(try paint("context-stroke") == .contextStroke)
  }

  @Test func colours() throws {
    #expect(try paint("red") == .color(Color(r: 255, g: 0, b: 0)))
    #expect(try paint("\n   green\n  ") == .color(Color(r: 0, g: 128, b: 0)))
    #expect(throws: ValueError.self) { try paint("#CD853F icc-color(acmecmyk, 0.11, 0.48)") }
    #expect(try paint("rgba(0,0,0,0)") == .color(.transparent))
  }

  @Test func references() throws {
    #expect(try paint("url(#lg1)") == .reference(FuncIRI(id: "lg1"), fallback: nil))
    #expect(try paint("  url(  #lg1   )  ") == .reference(FuncIRI(id: "lg1"), fallback: nil))
    let g = FuncIRI(id: "g")
    let red = Color(rgb: 0xFF0000)
    #expect(try paint("url(#g) none") == .reference(g, fallback: PaintFallback.none))
    #expect(try paint("url(#g) red") == .reference(g, fallback: .color(red)))
    #expect(try paint("url(#g) currentColor") == .reference(g, fallback: .currentColor))
    // A fallback takes no icc-color (resvg's suite: the whole value is invalid).
    #expect(throws: ValueError.self) {
      try paint("url(#lg1) green icc-color(acmecmyk, 0.11, 0.48, 0.83, 0.00)")
    }
    #expect(try paint("url('#a b')") == .reference(FuncIRI(id: "a b"), fallback: nil))
    #expect(try paint("url(#g)red") == .reference(g, fallback: .color(red)))
  }

  @Test(arguments: [
    "", "qwe13212", "#qqq", "none red", "red none", "url(#g) url(#h)", "url(#g) red blue",
    "url(#g) qwe", "currentColor red", "context-fill x", "url(#g", "inherit", "url(#g) none none",
  ])
  func malformed(text: String) {
    #expect(throws: ValueError.self) { try paint(text) }
  }

  @Test func descriptionReadsBack() throws {
    let values: [Paint] = [
      .none, .currentColor, .contextFill, .contextStroke, .color(Color(r: 1, g: 2, b: 3)),
      .color(Color(r: 1, g: 2, b: 3, alpha: 0.5)),
      .reference(FuncIRI(id: "g"), fallback: nil),
      .reference(FuncIRI(id: "g"), fallback: PaintFallback.none),
      .reference(FuncIRI(id: "g"), fallback: .color(Color(rgb: 0x102030))),
      .reference(FuncIRI(id: "g"), fallback: .currentColor),
    ]
    for p in values {
      #expect(try paint(p.description) == p)
    }
  }
}
