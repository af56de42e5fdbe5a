import Testing

@testable import SVGTree

private func length(_ text: String) throws(ValueError) -> Length { try Length(parsing: text) }

@Suite struct LengthTests {
  @Test(arguments: [
    ("10", Length(10)),
    ("  -2.5  ", Length(-2.5)),
    ("1e2px", Length(100, .px)),
    (".5em", Length(0.5, .em)),
    ("1ex", Length(1, .ex)),
    ("1e-1in", Length(0.1, .inch)),
    ("50%", Length(50, .percent)),
    ("3PT", Length(3, .pt)),
    ("2pc", Length(2, .pc)),
    ("4mm", Length(4, .mm)),
    ("4cm", Length(4, .cm)),
    ("+1rem", Length(1, .rem)),
    ("10vw", Length(10, .vw)),
    ("10vmin", Length(10, .vmin)),
  ])
  func parses(text: String, expected: Length) throws {
    #expect(try length(text) == expected)
  }

  @Test(arguments: ["10 %", "10 px", "px", "", "10qq", "10px 5", "1e", "--1", "10px,", "%"])
  func malformed(text: String) {
    #expect(throws: ValueError.self) { try length(text) }
  }

  @Test func unknownUnitIsNamed() {
    let e = #expect(throws: ValueError.self) { try length("12furlongs") }
    #expect(e?.message.contains("furlongs") == true)
    #expect(e?.position == 2)
  }

  @Test func resolvesAbsoluteUnitsAt96DPI() {
    let ctx = LengthContext(viewportWidth: 100, viewportHeight: 100)
    func px(_ l: Length) -> Double { l.resolve(in: ctx, axis: .x) }
    #expect(px(Length(1, .inch)) == 96)
    #expect(abs(px(Length(3, .pt)) - 4) < 1e-12)
    #expect(px(Length(1, .pc)) == 16)
    #expect(abs(px(Length(25.4, .mm)) - 96) < 1e-12)
    #expect(abs(px(Length(2.54, .cm)) - 96) < 1e-12)
    #expect(px(Length(7)) == 7)
    #expect(px(Length(7, .px)) == 7)
  }

  @Test func resolvesFontRelativeUnits() {
    let ctx = LengthContext(fontSize: 20, rootFontSize: 10, viewportWidth: 1, viewportHeight: 1)
    #expect(Length(2, .em).resolve(in: ctx, axis: .other) == 40)
    #expect(Length(2, .ex).resolve(in: ctx, axis: .other) == 20)
    #expect(Length(2, .rem).resolve(in: ctx, axis: .other) == 20)
  }

  @Test func percentagesFollowTheAxis() {
    let ctx = LengthContext(viewportWidth: 200, viewportHeight: 100)
    let half = Length(50, .percent)
    #expect(half.resolve(in: ctx, axis: .x) == 100)
    #expect(half.resolve(in: ctx, axis: .y) == 50)
    let diagonal = ((200.0 * 200 + 100 * 100) / 2).squareRoot()
    #expect(abs(half.resolve(in: ctx, axis: .other) - diagonal / 2) < 1e-12)
    #expect(Length(10, .vw).resolve(in: ctx, axis: .y) == 20)
    #expect(Length(10, .vh).resolve(in: ctx, axis: .x) == 10)
    #expect(Length(10, .vmax).resolve(in: ctx, axis: .x) == 20)
    #expect(Length(10, .vmin).resolve(in: ctx, axis: .x) == 10)
  }

  @Test func descriptionReadsBack() throws {
    for l in [Length(10), Length(2.5, .mm), Length(-50, .percent), Length(1, .inch)] {
      #expect(try length(l.description) == l)
    }
    #expect(Length(10, .percent).description == "10%")
  }

  @Test func lists() throws {
    #expect(try LengthList(parsing: "").lengths.isEmpty)
    #expect(try LengthList(parsing: "  ").lengths.isEmpty)
    #expect(
      try LengthList(parsing: "10px,20% 5, -3em").lengths == [
        Length(10, .px), Length(20, .percent), Length(5), Length(-3, .em),
      ])
    #expect(try LengthList(parsing: "1-2").lengths == [Length(1), Length(-2)])
    #expect(
      try LengthList(parsing: "1px-2%.5 1mm.5").lengths == [
        Length(1, .px), Length(-2, .percent), Length(0.5), Length(1, .mm), Length(0.5),
      ])
    #expect(try LengthList(parsing: "20 40 -20").lengths.count == 3)
  }

  @Test(arguments: ["10,", ",10", "10,,20", "10 % 20", "10 x", "5 5 abc", "10px5"])
  func malformedLists(text: String) {
    #expect(throws: ValueError.self) { try LengthList(parsing: text) }
  }
}
