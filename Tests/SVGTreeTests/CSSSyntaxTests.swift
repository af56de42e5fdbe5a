import Testing

@testable import SVGTree

@Suite struct CSSSyntaxTests {
  private func decls(_ sheet: StyleSheet, _ rule: Int) -> [String] {
    sheet.rules[rule].declarations.map { "\($0.name)=\($0.value)\($0.important ? "!" : "")" }
  }

  @Test func parsesRulesAndDeclarations() {
    let sheet = StyleSheet(parsing: ".cls-1{fill:#f00}.cls-2,.cls-3{fill:none;stroke:#000;}")
    #expect(sheet.rules.count == 2)
    #expect(decls(sheet, 0) == ["fill=#f00"])
    #expect(sheet.rules[1].selectors.selectors.count == 2)
    #expect(decls(sheet, 1) == ["fill=none", "stroke=#000"])
    #expect(sheet.diagnostics.isEmpty)
  }

  @Test func lowercasesNamesButKeepsValuesAsWritten() {
    let sheet = StyleSheet(parsing: "rect { FILL : URL(#Grad1) ; Font-Family: 'Open Sans' }")
    #expect(decls(sheet, 0) == ["fill=URL(#Grad1)", "font-family='Open Sans'"])
  }

  @Test func dropsCommentsAndNormalisesWhitespaceInValues() {
    let sheet = StyleSheet(
      parsing: "/* head */ a /* x */ { stroke-dasharray : 1 /* c */ 2\n\t 3 ; fill:/**/red/**/}")
    #expect(decls(sheet, 0) == ["stroke-dasharray=1 2 3", "fill=red"])
  }

  @Test func recognisesImportant() {
    let sheet = StyleSheet(parsing: "a{fill:red!important;stroke:blue ! IMPORTANT ;opacity:.5}")
    #expect(decls(sheet, 0) == ["fill=red!", "stroke=blue!", "opacity=.5"])
  }

  @Test func keepsSemicolonsAndBracesInsideStringsAndFunctions() {
    let sheet = StyleSheet(
      parsing: #"a{font-family:"a;b}c", serif; fill:url("x;y"); x: f(1;2)} b{fill:red}"#)
    #expect(decls(sheet, 0) == [#"font-family="a;b}c", serif"#, #"fill=url("x;y")"#, "x=f(1;2)"])
    #expect(decls(sheet, 1) == ["fill=red"])
  }

  @Test func skipsAtRulesWithNestedBlocks() {
    let css = """
      @charset "utf-8";
      @import url("other.css") screen;
      @import 'second.css';
      @font-face { font-family: X; src: url(x.woff) }
      @media print { .a { fill: red } @supports (x: y) { .b { fill: blue } } }
      .c { fill: green }
      """
    let sheet = StyleSheet(parsing: css)
    #expect(sheet.rules.count == 1)
    #expect(decls(sheet, 0) == ["fill=green"])
    #expect(sheet.imports == ["other.css", "second.css"])
    #expect(sheet.diagnostics.count == 2)
    #expect(sheet.diagnostics[0].message.contains("@font-face"))
    #expect(sheet.diagnostics[1].location.line == 5)
  }

  @Test func toleratesHTMLCommentAndCDATAMarkers() {
    let sheet = StyleSheet(parsing: "<!-- .a{fill:red} --> <![CDATA[ .b{fill:blue} ]]>")
    #expect(sheet.rules.count == 2)
    #expect(decls(sheet, 1) == ["fill=blue"])
  }

  @Test func dropsOnlyTheBadDeclaration() {
    let sheet = StyleSheet(
      parsing: "a { fill: red; stroke; : blue; 5px: x; opacity: ; color: green; fill-rule e }")
    #expect(decls(sheet, 0) == ["fill=red", "color=green"])
    #expect(sheet.diagnostics.count == 5)
  }

  @Test func dropsDeclarationWithUnterminatedString() {
    let sheet = StyleSheet(parsing: "a { font-family: 'abc\n; fill: red }")
    #expect(decls(sheet, 0) == ["fill=red"])
  }

  @Test func dropsRuleWithBadSelectorButKeepsTheNext() {
    let sheet = StyleSheet(
      parsing: "a:unknown-thing { fill: red } a;b { fill: red } b { fill: blue }")
    #expect(sheet.rules.count == 1)
    #expect(decls(sheet, 0) == ["fill=blue"])
    #expect(sheet.diagnostics.count == 2)
    #expect(sheet.diagnostics[0].message.contains("unknown-thing"))
  }

  @Test func recoversFromUnclosedBlocksAtEnd() {
    let sheet = StyleSheet(parsing: "a { fill: red } b { fill: blue; stroke: green")
    #expect(sheet.rules.count == 2)
    #expect(decls(sheet, 1) == ["fill=blue", "stroke=green"])
    let noBlock = StyleSheet(parsing: "a { fill: red } b")
    #expect(noBlock.rules.count == 1)
    #expect(noBlock.diagnostics.count == 1)
  }

  @Test func strayClosingBraceDropsOnlyWhatCSSDrops() {
    // A stray `}` at the top level becomes part of the next prelude, so that rule is lost.
    let sheet = StyleSheet(parsing: "a { fill: red } } b { fill: blue } c { fill: green }")
    #expect(sheet.rules.count == 2)
    #expect(decls(sheet, 1) == ["fill=green"])
  }

  @Test func parsesStyleAttributeDeclarationLists() {
    let list = Declaration.list(
      parsing: "fill:#ff0000;stroke:none;;stroke-width:2.0000000 ; bad ; opacity:0.5 !important;")
    #expect(list.map(\.name) == ["fill", "stroke", "stroke-width", "opacity"])
    #expect(list[2].value == "2.0000000")
    #expect(list[3].important)
    var diagnostics: [Diagnostic] = []
    _ = Declaration.list(parsing: "fill red; stroke: blue", diagnostics: &diagnostics)
    #expect(diagnostics.count == 1)
    #expect(diagnostics[0].location.column == 1)
  }

  @Test func decodesEscapesInIdentifiers() {
    var t = CSSTokenizer(#".a\:b #\31 23 \66 ill"#)
    let idents = t.tokenize().filter { $0.kind == .ident || $0.kind == .hash }.map(\.value)
    #expect(idents == ["a:b", "123", "fill"])
  }

  @Test func tokenizesNumbersDimensionsAndURLs() {
    var t = CSSTokenizer("2n+1 -1.5e2px 50% url( a b.png ) url(ok.png) -->")
    let kinds = t.tokenize().filter { $0.kind != .whitespace }.map(\.kind)
    #expect(kinds == [.dimension, .number, .dimension, .percentage, .badURL, .url, .cdc])
  }
}

/// Inputs the fuzzer (scripts/fuzz css) found; each once hung or crashed the parser.
@Suite struct CSSFuzzRegressionTests {
  /// A number beyond Double's range left the tokenizer in place, producing empty tokens
  /// forever (an out-of-memory hang from a 40-byte `<style>`).
  @Test(arguments: ["1e999", "-1e999", "+1.5e400px", "1e999%", "a{stroke-width:1e999;fill:red}"])
  func numberOutOfRangeIsConsumed(_ text: String) {
    let sheet = StyleSheet(parsing: text)
    let decls = Declaration.list(parsing: "stroke-width:\(text);fill:red")
    #expect(decls.last?.name == "fill")
    if text.hasPrefix("a{") {
      #expect(sheet.rules.count == 1)
      #expect(sheet.rules.first?.declarations.map(\.name) == ["stroke-width", "fill"])
    }
  }
}
