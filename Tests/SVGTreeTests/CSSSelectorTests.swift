import Testing

@testable import SVGTree

@Suite struct CSSSelectorTests {
  static let svg = """
    <svg xmlns="http://www.w3.org/2000/svg" id="root">
      <defs id="defs"><linearGradient id="lg"/></defs>
      <g id="layer1" class="layer main">
        <rect id="r1" class="cls-1 big" x="1" lang="en-US"/>
        <!-- a comment between siblings -->
        <circle id="c1" class="cls-2" data-name="Circle One"/>
        text
        <rect id="r2" class="cls-1" x="2"/>
        <g id="inner">
          <path id="p1" class="cls-3"/>
        </g>
      </g>
      <rect id="r3"/>
    </svg>
    """

  private func ids(_ selector: String) throws -> [String] {
    try selectedIDs(selector, in: Self.svg)
  }

  @Test func typeClassIDAndUniversal() throws {
    #expect(try ids("rect") == ["r1", "r2", "r3"])
    #expect(try ids("RECT") == [])
    #expect(try ids(".cls-1") == ["r1", "r2"])
    #expect(try ids(".cls-1.big") == ["r1"])
    #expect(try ids("#c1") == ["c1"])
    #expect(try ids("rect#r2.cls-1") == ["r2"])
    #expect(try ids("linearGradient") == ["lg"])
    #expect(try ids("*").count == 10)
    #expect(try ids(".layer") == ["layer1"])
  }

  @Test func selectorListsAreInDocumentOrder() throws {
    #expect(try ids(".cls-3,.cls-2 , #r1") == ["r1", "c1", "p1"])
  }

  @Test func attributeSelectors() throws {
    #expect(try ids("[x]") == ["r1", "r2"])
    #expect(try ids("[x=\"2\"]") == ["r2"])
    #expect(try ids("[x='2']") == ["r2"])
    #expect(try ids("[class~=big]") == ["r1"])
    #expect(try ids("[lang|=en]") == ["r1"])
    #expect(try ids("[id^=r]") == ["root", "r1", "r2", "r3"])
    #expect(try ids("[id$='1']") == ["layer1", "r1", "c1", "p1"])
    #expect(try ids("[data-name*=\"le O\"]") == ["c1"])
    #expect(try ids("[data-name='circle one' i]") == ["c1"])
    #expect(try ids("[data-name='circle one']") == [])
    #expect(try ids("[class^='']") == [])
  }

  /// `*=` finds a substring of code points, as Selectors and browsers compare, not of
  /// `Character`s: the `e` of a decomposed `é` is in it.
  @Test func substringSelectorsCompareCodePoints() throws {
    let svg = "<svg xmlns='http://www.w3.org/2000/svg'><g id='a' class='cafe\u{301}'/></svg>"
    #expect(try selectedIDs("[class*='fe']", in: svg) == ["a"])
    #expect(try selectedIDs("[class*='\u{301}']", in: svg) == ["a"])
    #expect(try selectedIDs("[class*='fé']", in: svg) == [])
  }

  @Test func combinators() throws {
    #expect(try ids("g rect") == ["r1", "r2"])
    #expect(try ids("svg > rect") == ["r3"])
    #expect(try ids("#layer1 path") == ["p1"])
    #expect(try ids("#layer1 > path") == [])
    #expect(try ids("rect + circle") == ["c1"])
    #expect(try ids("#r1 + rect") == [])
    #expect(try ids("#r1 ~ rect") == ["r2"])
    #expect(try ids("#r1~*") == ["c1", "r2", "inner"])
    #expect(try ids("svg>g>g>path") == ["p1"])
  }

  @Test func pseudoClasses() throws {
    #expect(try ids(":root") == ["root"])
    #expect(try ids("#layer1 > :first-child") == ["r1"])
    #expect(try ids("#layer1 > :last-child") == ["inner"])
    #expect(try ids(":only-child") == ["root", "lg", "p1"])
    #expect(try ids("#layer1 > :nth-child(2)") == ["c1"])
    #expect(try ids("#layer1 > :nth-child(odd)") == ["r1", "r2"])
    #expect(try ids("#layer1 > :nth-child(2n + 2)") == ["c1", "inner"])
    #expect(try ids("#layer1 > :nth-child(-n+2)") == ["r1", "c1"])
    #expect(try ids("#layer1 > :nth-last-child(1)") == ["inner"])
    #expect(try ids("rect:first-of-type") == ["r1", "r3"])
    #expect(try ids("#layer1 > rect:nth-of-type(2)") == ["r2"])
    #expect(try ids("rect:not(.cls-1)") == ["r3"])
    #expect(try ids("g :not(rect):not(g)") == ["c1", "p1"])
    #expect(try ids(":empty").contains("r1"))
    #expect(try ids("rect:hover") == [])
  }

  @Test func invalidOrUnsupportedSelectorsThrow() throws {
    let doc = try Document(string: Self.svg)
    for bad in [
      "", "rect,", ",rect", "rect >", "> rect", "a::before", "svg|rect", "[x", "[x==1]",
      ":nth-child(2.5n)", ":nth-child(n+)", ":lang()", ":not(g rect)", "#1a", ". cls",
      "rect{", "a !b", ":unknown",
    ] {
      #expect(throws: CSSError.self, "\(bad)") { try doc.select(bad) }
    }
    do {
      _ = try doc.select("g::after")
      Issue.record("no error")
    } catch {
      #expect(error.message.contains("pseudo-element"))
      #expect(error.offset != nil)
    }
  }

  @Test func selectFirst() throws {
    let doc = try Document(string: Self.svg)
    #expect(try doc.selectFirst("rect").map { doc[$0].id } == "r1")
    #expect(try doc.selectFirst("ellipse") == nil)
  }

  @Test func specificity() throws {
    func spec(_ s: String) throws -> Specificity {
      try SelectorList(parsing: s).selectors[0].specificity
    }
    #expect(try spec("*") == Specificity())
    #expect(try spec("rect") == Specificity(types: 1))
    #expect(try spec("g rect.a.b[x]:first-child") == Specificity(classes: 4, types: 2))
    #expect(try spec("#a .b") == Specificity(ids: 1, classes: 1))
    #expect(try spec("rect:not(#x)") == Specificity(ids: 1, types: 1))
    #expect(try spec("g#g1 * g * * rect") > spec("g#g1 * * rect"))
    #expect(try spec("#a") > spec(".a.b.c.d.e.f.g.h.i.j.k"))
  }

  @Test func nthPatterns() {
    let cases: [(String, NthPattern?)] = [
      ("odd", NthPattern(a: 2, b: 1)), ("EVEN", NthPattern(a: 2, b: 0)),
      ("3", NthPattern(a: 0, b: 3)), ("-n+3", NthPattern(a: -1, b: 3)),
      ("n", NthPattern(a: 1, b: 0)), ("+n - 1", NthPattern(a: 1, b: -1)),
      ("3n-2", NthPattern(a: 3, b: -2)), ("2n1", nil), ("n+", nil), ("x", nil),
    ]
    for (text, expected) in cases {
      #expect(SelectorParser.nthPattern(text) == expected, "\(text)")
    }
    #expect(NthPattern(a: -1, b: 3).matches(3))
    #expect(!NthPattern(a: -1, b: 3).matches(4))
    #expect(NthPattern(a: 3, b: -2).matches(1))
  }
}

/// The ids of the elements of `svg` that `selector` selects, in document order.
func selectedIDs(_ selector: String, in svg: String) throws -> [String] {
  let doc = try Document(string: svg)
  return try doc.select(selector).map { doc[$0].id ?? "?" }
}
