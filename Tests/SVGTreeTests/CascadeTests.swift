import Foundation
import Testing

@testable import SVGTree

@Suite struct CascadeTests {
  private struct Styled {
    let doc: Document
    let styles: [ComputedStyle]

    init(_ svg: String, extra: [StyleSheet] = []) throws {
      doc = try Document(string: svg)
      styles = doc.computeStyles(extraStyleSheets: extra)
    }

    subscript(_ id: String, _ property: String) -> String? {
      guard let n = doc.element(withID: id) else { return "no element \(id)" }
      return styles[n.index][property]
    }
  }

  private func fixture(_ name: String) throws -> Document {
    let url = try #require(Bundle.module.url(forResource: "Fixtures/\(name)", withExtension: nil))
    return try Document(contentsOfFile: url.path)
  }

  @Test func illustratorClassRules() throws {
    let s = try Styled(
      """
      <svg xmlns="http://www.w3.org/2000/svg"><defs><style>.cls-1{fill:#f00}\
      .cls-2,.cls-3{fill:none;stroke:#231f20;stroke-miterlimit:10}.cls-3{stroke-width:2px}\
      </style></defs>
      <path id="a" class="cls-1"/><path id="b" class="cls-2"/><path id="c" class="cls-3 cls-1"/>
      </svg>
      """)
    #expect(s["a", "fill"] == "#f00")
    #expect(s["a", "stroke"] == nil)
    #expect(s["b", "fill"] == "none")
    #expect(s["b", "stroke-miterlimit"] == "10")
    #expect(s["b", "stroke-width"] == nil)
    // .cls-1 and .cls-3 tie on specificity; .cls-2,.cls-3 comes later than .cls-1.
    #expect(s["c", "fill"] == "none")
    #expect(s["c", "stroke-width"] == "2px")
  }

  @Test func inkscapeStyleAttributes() throws {
    let doc = try fixture("inkscape-signalflag-romeo.svg")
    let styles = doc.computeStyles()
    let yellow = try #require(doc.element(withID: "rect2063"))
    #expect(styles[yellow.index]["fill"] == "#ffff00")
    #expect(styles[yellow.index]["stroke"] == "none")
    #expect(styles[yellow.index]["stroke-width"] == "2.0000000")
    let frame = try #require(doc.element(withID: "rect1302"))
    #expect(styles[frame.index]["fill"] == "none")
    #expect(styles[frame.index]["stroke"] == "#000000")
    let group = try #require(doc.element(withID: "g2099"))
    #expect(styles[group.index].isEmpty)
  }

  @Test func readsByPropertyIDFindWhatReadsByNameFind() throws {
    let doc = try fixture("inkscape-signalflag-romeo.svg")
    let styles = doc.computeStyles()
    let ids: [PropertyID] = [
      .fill, .fillOpacity, .fillRule, .stroke, .strokeWidth, .strokeLinecap, .strokeLinejoin,
      .strokeMiterlimit, .strokeDasharray, .opacity, .display, .visibility, .fontSize,
      .fontFamily, .markerStart, .markerEnd, .clipPath, .mask, .filter, .transform,
    ]
    var compared = 0
    for id in ids {
      #expect(Properties.number(id.name) == id.number)
      for style in styles where !style.isEmpty {
        #expect(style[id] == style[id.name], "\(id.name)")
        if style[id] != nil { compared += 1 }
      }
    }
    #expect(compared > 10)
  }

  @Test func styleInsideCDATAInDefs() throws {
    let doc = try fixture("coreldraw-flag-of-canada.svg")
    let styles = doc.computeStyles()
    let red = try #require(doc.element(withID: "_122277456"))
    let white = try #require(doc.element(withID: "_122277384"))
    #expect(styles[red.index]["fill"] == "#DA2724")
    #expect(styles[white.index]["fill"] == "white")
    #expect(doc.styleSheets().count == 1)
  }

  @Test func originsAndImportance() throws {
    let s = try Styled(
      """
      <svg xmlns="http://www.w3.org/2000/svg">
      <style>
        #a { fill: blue; stroke: blue !important; opacity: .1 !important }
        rect { fill: green; stroke-width: 3 }
      </style>
      <rect id="a" fill="red" stroke-width="9"
        style="fill: yellow; stroke: red; opacity: .2 !important"/>
      <rect id="b" fill="red" stroke="red"/>
      </svg>
      """)
    #expect(s["a", "fill"] == "yellow")  // style attribute beats rules
    #expect(s["a", "stroke"] == "blue")  // !important rule beats normal style attribute
    #expect(s["a", "opacity"] == ".2")  // !important style attribute beats !important rule
    #expect(s["a", "stroke-width"] == "3")  // any rule beats a presentation attribute
    #expect(s["b", "fill"] == "green")
    #expect(s["b", "stroke"] == "red")
  }

  @Test func specificityThenOrder() throws {
    let s = try Styled(
      """
      <svg xmlns="http://www.w3.org/2000/svg">
      <style>
        g#g1 * g * * rect { fill: green }
        g#g1 * * rect { fill: red }
        .x { stroke: red } rect { stroke: blue } .x { stroke: green }
      </style>
      <style>rect.x { opacity: 0.5 } .x.x { opacity: 0.25 }</style>
      <g id="g1"><g><g><g><g><rect id="r" class="x"/></g></g></g></g></g>
      </svg>
      """)
    #expect(s["r", "fill"] == "green")
    #expect(s["r", "stroke"] == "green")
    #expect(s["r", "opacity"] == "0.25")
  }

  @Test func sameDeclarationTwiceLastWins() throws {
    let s = try Styled(
      """
      <svg xmlns="http://www.w3.org/2000/svg"><style>.a{fill:red;fill:blue}</style>
      <rect id="r" class="a" style="stroke:red;stroke:lime;opacity:1 !important;opacity:0"/></svg>
      """)
    #expect(s["r", "fill"] == "blue")
    #expect(s["r", "stroke"] == "lime")
    #expect(s["r", "opacity"] == "1")
  }

  @Test func inheritanceThroughGroups() throws {
    let s = try Styled(
      """
      <svg xmlns="http://www.w3.org/2000/svg">
      <g id="g" fill="red" opacity="0.5" stroke="blue" clip-path="url(#c)" font-size="20">
        <g id="inner" style="stroke:green"><rect id="r"/></g>
        <text id="t" fill="inherit" opacity="inherit" clip-path="inherit">hi</text>
      </g>
      </svg>
      """)
    #expect(s["r", "fill"] == "red")
    #expect(s["r", "stroke"] == "green")
    #expect(s["r", "font-size"] == "20px")  // made absolute by the cascade
    #expect(s["r", "opacity"] == nil)  // not inherited
    #expect(s["r", "clip-path"] == nil)
    #expect(s["inner", "opacity"] == nil)
    #expect(s["t", "opacity"] == "0.5")  // `inherit` works for any property
    #expect(s["t", "clip-path"] == "url(#c)")
    #expect(s["t", "fill"] == "red")
  }

  @Test func initialAndUnset() throws {
    let s = try Styled(
      """
      <svg xmlns="http://www.w3.org/2000/svg">
      <g fill="red" opacity=".5" stroke="blue">
        <rect id="r" style="fill: initial; stroke: unset; opacity: unset"/>
        <g id="g" opacity=".3"><rect id="r2" style="opacity: inherit; stroke-width: inherit"/></g>
      </g>
      </svg>
      """)
    #expect(s["r", "fill"] == "black")
    #expect(s["r", "stroke"] == "blue")
    #expect(s["r", "opacity"] == "1")
    #expect(s["r2", "opacity"] == ".3")
    // Nobody above declares stroke-width: `inherit` takes the initial value.
    #expect(s["r2", "stroke-width"] == "1")
  }

  @Test func inheritFromAParentThatDeclaresNothingIsTheInitialValue() throws {
    // The marker's user-agent `overflow: hidden` is not what `inherit` gives: its parent's
    // computed value is `visible`, the initial value.
    let s = try Styled(
      """
      <svg xmlns="http://www.w3.org/2000/svg">
      <marker id="m" overflow="inherit"/><marker id="n"/>
      <g opacity=".5"><rect id="r" style="display: inherit; opacity: inherit"/></g>
      </svg>
      """)
    #expect(s["m", "overflow"] == "visible")
    #expect(s["n", "overflow"] == nil)
    #expect(s["r", "display"] == "inline")
    #expect(s["r", "opacity"] == ".5")
  }

  @Test func currentColorStaysAString() throws {
    let s = try Styled(
      """
      <svg xmlns="http://www.w3.org/2000/svg"><g fill="currentColor">
      <g color="green"><rect id="r"/></g></g></svg>
      """)
    #expect(s["r", "fill"] == "currentColor")
    #expect(s["r", "color"] == "green")
  }

  @Test func onlyPresentationAttributesEnterTheStyle() throws {
    let s = try Styled(
      """
      <svg xmlns="http://www.w3.org/2000/svg" xmlns:x="urn:x">
      <style>#r { height: 160px; transform: scale(2); marker: url(#m) }</style>
      <rect id="r" x="1" width="5" d="M0 0" transform="rotate(4)" marker="url(#n)"
        x:fill="red" fill=" blue " mix-blend-mode="multiply"/>
      <path id="p" marker="url(#n)" font="12px serif" font-kerning="none"/>
      <text id="t" style="font-kerning: none"/>
      </svg>
      """)
    for property in ["x", "width", "d", "height", "mix-blend-mode", "font-size"] {
      #expect(s["r", property] == nil, "\(property)")
    }
    #expect(s["r", "fill"] == "blue")
    #expect(s["r", "transform"] == "scale(2)")
    #expect(s["r", "marker-start"] == "url(#m)")
    #expect(s["r", "marker-end"] == "url(#m)")
    #expect(s["r", "marker"] == nil)
    #expect(s["p", "marker-mid"] == nil)
    #expect(s["p", "font-size"] == nil)
    // font-kerning is a CSS property only (SVG 1.1's attribute is `kerning`).
    #expect(s["p", "font-kerning"] == nil)
    #expect(s["t", "font-kerning"] == "none")
  }

  @Test func presentationAttributesOnlyOnSVGElements() throws {
    let s = try Styled(
      """
      <svg xmlns="http://www.w3.org/2000/svg"><foreignObject>
      <div xmlns="http://www.w3.org/1999/xhtml" id="d" fill="red" style="stroke: blue"/>
      </foreignObject></svg>
      """)
    #expect(s["d", "fill"] == nil)
    #expect(s["d", "stroke"] == "blue")
  }

  @Test func fontShorthand() throws {
    let s = try Styled(
      """
      <svg xmlns="http://www.w3.org/2000/svg">
      <text id="a"
        style="font-size: 30px; font: italic bold 12px/30px 'Times New Roman', serif">a</text>
      <text id="b" style="font-weight: 300; font: 700 condensed small-caps 1.5em Arial">b</text>
      <text id="c" style="font-size: 9px; font: menu">c</text>
      <text id="d" style="font-size: 9px; font: bold italic">d</text>
      <text id="e" style="font: 10px / 2 serif; font-family: sans-serif">e</text>
      <g style="font: 20px serif"><text id="f" style="font: inherit">f</text></g>
      </svg>
      """)
    #expect(s["a", "font-style"] == "italic")
    #expect(s["a", "font-weight"] == "bold")
    #expect(s["a", "font-size"] == "12px")
    #expect(s["a", "line-height"] == "30px")
    #expect(s["a", "font-family"] == "'Times New Roman', serif")
    #expect(s["a", "font-variant"] == "normal")
    #expect(s["b", "font-weight"] == "700")
    #expect(s["b", "font-stretch"] == "condensed")
    #expect(s["b", "font-variant"] == "small-caps")
    #expect(s["b", "font-size"] == "18px")  // 1.5em of the initial 12px (FontSize.initial)
    #expect(s["b", "font-family"] == "Arial")
    #expect(s["c", "font-size"] == "9px")  // system font ignored
    #expect(s["d", "font-size"] == "9px")  // invalid (no size, no family) ignored
    #expect(s["d", "font-weight"] == nil)
    #expect(s["e", "line-height"] == "2")
    #expect(s["e", "font-family"] == "sans-serif")
    #expect(s["f", "font-size"] == "20px")
    #expect(s["f", "font-family"] == "serif")
  }

  @Test func styleElementsThatDoNotApply() throws {
    let s = try Styled(
      """
      <svg xmlns="http://www.w3.org/2000/svg">
      <style type="no-a-css">.fil { fill: red; }</style>
      <style media="print">.fil { stroke: red; }</style>
      <style type="text/css" media="screen, print">.fil { stroke-width: 4 }</style>
      <rect id="r" class="fil" fill="green"/>
      </svg>
      """)
    #expect(s["r", "fill"] == "green")
    #expect(s["r", "stroke"] == nil)
    #expect(s["r", "stroke-width"] == "4")
  }

  @Test func styleAfterUsageAndMediaSkipped() throws {
    let s = try Styled(
      """
      <svg xmlns="http://www.w3.org/2000/svg">
      <rect id="r" class="fil"/>
      <style>
        @media screen { .fil { fill: red } }
        .fil { fill: green; }
      </style>
      </svg>
      """)
    #expect(s["r", "fill"] == "green")
  }

  @Test func malformedCSSIsRecovered() throws {
    let s = try Styled(
      """
      <svg xmlns="http://www.w3.org/2000/svg">
      <style><![CDATA[
        .a { fill: ; stroke: red; stroke-width 3; opacity: 0.5 }
        .a:nope { fill: red }
        .a { fill: green
      ]]></style>
      <rect id="r" class="a" style="fill: blue; ; : ; stroke-width: 2; fill"/>
      </svg>
      """)
    #expect(s["r", "stroke"] == "red")
    #expect(s["r", "opacity"] == "0.5")
    #expect(s["r", "stroke-width"] == "2")
    #expect(s["r", "fill"] == "blue")
    #expect(s.doc.styleSheets()[0].diagnostics.count == 3)
  }

  @Test func extraStyleSheetsWinTies() throws {
    let svg = """
      <svg xmlns="http://www.w3.org/2000/svg"><style>.a { fill: red } #r { stroke: red }</style>
      <rect id="r" class="a" style="opacity: .5"/></svg>
      """
    let user = StyleSheet(parsing: ".a { fill: green } rect { stroke: green; opacity: 1 }")
    let s = try Styled(svg, extra: [user])
    #expect(s["r", "fill"] == "green")
    #expect(s["r", "stroke"] == "red")
    #expect(s["r", "opacity"] == ".5")
  }

  @Test func nonElementsGetEmptyStyles() throws {
    let s = try Styled(
      """
      <svg xmlns="http://www.w3.org/2000/svg" fill="red"><!-- c --><text>t</text></svg>
      """)
    #expect(s.styles.count == s.doc.nodes.count)
    for (i, node) in s.doc.nodes.enumerated() where !node.isElement {
      #expect(s.styles[i].isEmpty)
    }
  }

  @Test func manyRulesAndElementsMatchCorrectly() throws {
    var css = ""
    for i in 0..<400 { css += ".cls-\(i){fill:#\(String(format: "%06x", i))}" }
    var body = ""
    for i in 0..<4000 { body += "<path id=\"p\(i)\" class=\"cls-\(i % 400)\"/>" }
    let s = try Styled(
      "<svg xmlns=\"http://www.w3.org/2000/svg\"><style>\(css)</style><g>\(body)</g></svg>")
    #expect(s["p0", "fill"] == "#000000")
    #expect(s["p3999", "fill"] == "#00018f")
    #expect(s["p401", "fill"] == "#000001")
  }
}

@Suite struct FontSizeCascadeTests {
  @Test func relativeSizesResolveOnceAgainstTheParent() throws {
    let doc = try Document(
      string: """
        <svg xmlns='http://www.w3.org/2000/svg' font-size='10'>
          <g id='g' font-size='2em'><g id='h'><text id='t' font-size='150%'>x</text></g></g>
        </svg>
        """)
    let styles = doc.computeStyles()
    func size(_ id: String) -> String? { styles[doc.element(withID: id)!.index]["font-size"] }
    #expect(size("g") == "20px")
    #expect(size("h") == "20px")  // inherited as 20px, not 2em of 20px
    #expect(size("t") == "30px")
  }

  @Test func pointsAreMadePixelsAtTheGivenResolution() throws {
    let doc = try Document(
      string: """
        <svg xmlns='http://www.w3.org/2000/svg'>
          <g id='g' font-size='12pt'><text id='t' font-size='2em'>x</text></g>
          <text id='p' font-size='20px'>y</text>
        </svg>
        """)
    let styles = doc.computeStyles(specified: doc.specifiedStyles(), dpi: 192)
    func size(_ id: String) -> String? { styles[doc.element(withID: id)!.index]["font-size"] }
    #expect(size("g") == "32px")
    #expect(size("t") == "64px")
    #expect(size("p") == "20px")
  }
}

@Suite struct FontSizeKeywordTests {
  @Test func keywordsStepByOnePointTwoFromTheParent() {
    #expect(FontSize.pixels("medium", parent: 20) == 20)
    #expect(abs(FontSize.pixels("xx-large", parent: 12) - 12 * 1.728) < 1e-9)
    #expect(abs(FontSize.pixels("smaller", parent: 12) - 10) < 1e-9)
    #expect(FontSize.pixels("bogus", parent: 12) == 12)
    #expect(FontSize.pixels(nil, parent: FontSize.initial) == 12)
  }
}
