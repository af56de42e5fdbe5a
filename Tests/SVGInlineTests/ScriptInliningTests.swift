import Foundation
import SVGInline
import SVGTree
import Testing

@Suite struct ScriptInliningTests {
  let js = "var a = 1;\nif (a < 2) { a = \"x\"; }\n"

  @Test(arguments: ["src", "href", "xlink:href"])
  func eachReferenceAttributeIsInlinedAndRemoved(attribute: String) throws {
    let box = try Sandbox()
    try box.write("site/app.js", js)
    let result = try box.inline(
      svg(#"  <script id="s1" type="text/ecmascript" \#(attribute)="app.js"/>"#))
    #expect(result.text.contains(#"<script id="s1" type="text/ecmascript"><![CDATA["#))
    #expect(!result.text.contains("app.js"))
    #expect(try result.scriptTexts() == [js])
    #expect(result.inlined.map(\.reference) == ["app.js"])
    #expect(result.inlined.first?.path == box.canonical("site/app.js"))
    #expect(result.changed)
  }

  @Test func severalScriptsEachGetTheirOwnFile() throws {
    let box = try Sandbox()
    try box.write("site/a.js", "one();")
    try box.write("site/lib/b.js", "two();")
    let result = try box.inline(
      svg(
        """
          <script href="a.js"></script>
          <rect width="5" height="5"/>
          <script type="application/javascript" xlink:href="lib/b.js" />
          <script>inline();</script>
          <script src="a.js"/>
        """))
    #expect(try result.scriptTexts() == ["one();", "two();", "inline();", "one();"])
    #expect(
      result.text.contains(#"<script type="application/javascript"><![CDATA[two();]]></script>"#))
    #expect(result.inlined.count == 3)
    #expect(result.filesRead.count == 3)  // the SVG, a.js once, b.js
  }

  @Test func cdataTerminatorAndMarkupInTheScriptSurvive() throws {
    let box = try Sandbox()
    let tricky = "if (a < b && c > d) x = \"]]>\"; y = '<![CDATA[' + ']]]]>';\n</script>"
    try box.write("site/t.js", tricky)
    let result = try box.inline(svg(#"<script href="t.js"/>"#))
    #expect(try result.scriptTexts() == [tricky])
  }

  @Test func utf8ByteOrderMarkIsDroppedAndTextKept() throws {
    let box = try Sandbox()
    try box.write("site/bom.js", [0xEF, 0xBB, 0xBF] + Array("var s = \"héllo ☃\";".utf8))
    let result = try box.inline(svg(#"<script href="bom.js"/>"#))
    #expect(try result.scriptTexts() == ["var s = \"héllo ☃\";"])
    #expect(!String(decoding: result.bytes, as: UTF8.self).contains("\u{FEFF}"))
  }

  @Test func utf16WithByteOrderMarkIsConverted() throws {
    let box = try Sandbox()
    let text = "var s = \"ü€\";"
    var bytes: [UInt8] = [0xFF, 0xFE]
    for unit in text.utf16 { bytes += [UInt8(unit & 0xFF), UInt8(unit >> 8)] }
    try box.write("site/le.js", bytes)
    let result = try box.inline(svg(#"<script href="le.js"/>"#))
    #expect(try result.scriptTexts() == [text])
  }

  @Test func invalidUTF8AndControlCharactersAreRefusedClearly() throws {
    let box = try Sandbox()
    try box.write("site/latin1.js", [0x76, 0x61, 0x72, 0x20, 0xE9, 0x3B])
    let latin = try #require(try box.failure(svg(#"<script href="latin1.js"/>"#)))
    #expect(latin.description.contains("not valid UTF-8"))
    try box.write("site/nul.js", "a\u{0}b")
    let nul = try #require(try box.failure(svg(#"<script href="nul.js"/>"#)))
    #expect(nul.description.contains("U+0000"))
  }

  @Test func nonUTF8SVGTakesOnlyASCIIText() throws {
    let box = try Sandbox()
    try box.write("site/ascii.js", "ok();")
    try box.write("site/accent.js", "café();")
    let head =
      #"<?xml version="1.0" encoding="ISO-8859-1"?><svg xmlns="http://www.w3.org/2000/svg">"#
    let ok = try box.inline(head + #"<script href="ascii.js"/></svg>"#)
    #expect(try ok.scriptTexts() == ["ok();"])
    let error = try #require(try box.failure(head + #"<script href="accent.js"/></svg>"#))
    #expect(error.description.contains("ISO-8859-1"))
  }

  @Test func everythingOutsideTheScriptIsKeptByteForByte() throws {
    let box = try Sandbox()
    try box.write("site/app.js", "run();")
    let before = """
      <?xml version='1.0' standalone='no'?>
      <!DOCTYPE svg [ <!ENTITY me "Ink &amp; path"> <!-- a <script src="no.js"/> here --> ]>
      <!-- <script src="commented.js"/> -->
      <svg   xmlns = 'http://www.w3.org/2000/svg'
           width="10"  height='10'>\r
      \t<title>&me; &#233;</title>
      <![CDATA[ <script src="cdata.js"/> ]]>
      <?pi <script src="pi.js"/> ?>
      <text x='1' y="2" title='a > b'>x &lt; y</text>
      """
    let after = """

        <g/>
      </svg>
      """
    let result = try box.inline(
      before + #"<script  type = 'text/ecmascript'   src = "app.js" />"# + after)
    let expected = before + "<script  type = 'text/ecmascript'><![CDATA[run();]]></script>" + after
    #expect(result.text == expected)
  }

  @Test func prefixedScriptElementKeepsItsPrefix() throws {
    let box = try Sandbox()
    try box.write("site/p.js", "p();")
    let text = """
      <svg:svg xmlns:svg="http://www.w3.org/2000/svg"><svg:script src="p.js"/></svg:svg>
      """
    let result = try box.inline(text)
    #expect(result.text.contains("<svg:script><![CDATA[p();]]></svg:script>"))
  }

  @Test func scriptContentIsReplacedWithAWarning() throws {
    let box = try Sandbox()
    try box.write("site/app.js", "real();")
    let result = try box.inline(svg(#"<script href="app.js">fallback();</script>"#))
    #expect(try result.scriptTexts() == ["real();"])
    #expect(result.warnings.contains { $0.message.contains("replaced") })
  }

  @Test func dataAndInlineScriptsAreLeftAlone() throws {
    let box = try Sandbox()
    let text = svg(#"<script href="data:text/javascript,go()"/><script>x();</script>"#)
    let result = try box.inline(text)
    #expect(result.text == text)
    #expect(!result.changed)
    #expect(result.warnings.isEmpty)
  }

  @Test func sameInputGivesTheSameBytes() throws {
    let box = try Sandbox()
    try box.write("site/a.js", "a();")
    try box.write("site/b.js", "b();")
    let text = svg(#"<script href="b.js"/><script href="a.js"/>"#)
    let first = try box.inline(text)
    let second = try box.inline(text)
    #expect(first.bytes == second.bytes)
    #expect(first.filesRead == second.filesRead)
  }

  @Test func malformedSVGIsAnErrorWithItsLine() throws {
    let box = try Sandbox()
    let error = try #require(
      try box.failure("<svg xmlns='http://www.w3.org/2000/svg'>\n<g>\n</svg>"))
    #expect(error.description.hasPrefix(box.site + "/in.svg:3"))
  }
}
