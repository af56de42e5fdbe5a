import Foundation
import SVGInline
import SVGTree
import Testing

@Suite struct StyleAndImageTests {
  let styles = InlineOptions(styles: true)
  let images = InlineOptions(images: true)

  @Test func xmlStylesheetInstructionBecomesFirstStyleOfTheRoot() throws {
    let box = try Sandbox()
    try box.write("site/a.css", "rect { fill: red }")
    try box.write("site/b.css", "circle { fill: blue }")
    let text = """
      <?xml version="1.0"?>
      <?xml-stylesheet href="a.css" type="text/css"?>
      <?xml-stylesheet type="text/xsl" href="t.xsl"?>
      <?xml-stylesheet href="b.css" media="print"?>
      <svg xmlns="http://www.w3.org/2000/svg">
        <rect/>
      </svg>
      """
    let result = try box.inline(text, options: styles)
    #expect(
      result.text == """
        <?xml version="1.0"?>
        <?xml-stylesheet type="text/xsl" href="t.xsl"?>
        <svg xmlns="http://www.w3.org/2000/svg">
        <style><![CDATA[rect { fill: red }]]></style>
        <style media="print"><![CDATA[circle { fill: blue }]]></style>
          <rect/>
        </svg>
        """)
    #expect(result.inlined.map(\.kind) == [.styleSheet, .styleSheet])
    // Without --styles nothing changes.
    #expect(try box.inline(text).text == text)
  }

  @Test func linkElementBecomesStyleInPlace() throws {
    let box = try Sandbox()
    try box.write("site/s.css", "a > b { x: \"]]>\" }")
    let result = try box.inline(
      svg(
        """
        <link xmlns="http://www.w3.org/1999/xhtml" rel="stylesheet" href="s.css" media="screen"/>
        <g><h:link xmlns:h="http://www.w3.org/1999/xhtml" rel="alternate stylesheet" href="s.css"/></g>
        """), options: styles)
    #expect(
      result.text.contains(
        #"<style media="screen"><![CDATA[a > b { x: "]]]]><![CDATA[>" }]]></style>"#))
    #expect(result.text.contains("rel=\"alternate stylesheet\""))
    #expect(result.warnings.count == 1)
    let document = try Document(bytes: result.bytes)
    let style = try #require(document.selectElements(named: "style").first)
    #expect(document.isSVGElement(style))
    #expect(document.textContent(of: style) == "a > b { x: \"]]>\" }")
  }

  @Test func styleInPrefixedDocumentUsesTheSVGPrefix() throws {
    let box = try Sandbox()
    try box.write("site/s.css", "g{}")
    let result = try box.inline(
      """
      <?xml-stylesheet href="s.css"?>
      <s:svg xmlns:s="http://www.w3.org/2000/svg"/>
      """, options: styles)
    #expect(
      result.text
        == "<s:svg xmlns:s=\"http://www.w3.org/2000/svg\">\n<s:style><![CDATA[g{}]]></s:style>\n</s:svg>"
    )
  }

  @Test func missingStyleSheetIsAnError() throws {
    let box = try Sandbox()
    let error = try #require(
      try box.failure(
        "<?xml-stylesheet href=\"gone.css\"?>\n<svg xmlns=\"http://www.w3.org/2000/svg\"/>",
        options: styles))
    #expect(error.description.contains("in.svg:1: <?xml-stylesheet?> \"gone.css\": no such file"))
  }

  @Test func imagesBecomeDataURLs() throws {
    let box = try Sandbox()
    let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 1, 2, 3]
    try box.write("site/p.png", png)
    try box.write("site/j.jpg", [0xFF, 0xD8, 0xFF, 0xE0])
    try box.write("site/g.gif", Array("GIF89a".utf8))
    try box.write("site/w.webp", Array("RIFF\0\0\0\0WEBPVP8 ".utf8))
    try box.write("site/v.svg", "<svg xmlns='http://www.w3.org/2000/svg'/>")
    try box.write("site/t.txt", "text")
    let result = try box.inline(
      svg(
        """
        <image href="p.png" width="1" height="1"/>
        <image xlink:href='j.jpg'/><image href="g.gif"/><image href="w.webp"/><image href="v.svg"/>
        <image href="t.txt"/>
        """), options: images)
    let document = try Document(bytes: result.bytes)
    let hrefs = document.selectElements(named: "image").compactMap { document[$0].href }
    #expect(
      hrefs.map { $0.prefix(19) }
        == [
          "data:image/png;base6", "data:image/jpeg;bas", "data:image/gif;base",
          "data:image/webp;bas",
          "data:image/svg+xml;", "t.txt",
        ].map { $0.prefix(19) })
    #expect(try DataURL(parsing: hrefs[0]).bytes == png)
    #expect(
      try DataURL(parsing: hrefs[4]).bytes
        == Array("<svg xmlns='http://www.w3.org/2000/svg'/>".utf8))
    #expect(result.text.contains("<image xlink:href='data:image/jpeg;base64,/9j/4A=='/>"))
    #expect(
      result.warnings.map(\.message) == [
        "\"t.txt\" is not a PNG, JPEG, GIF, WebP or SVG image; left as it is"
      ])
  }

  @Test func imageTraversalIsRefused() throws {
    let box = try Sandbox()
    let error = try #require(
      try box.failure(svg(#"<image href="../outside/secret.js"/>"#), options: images))
    #expect(error.problems.first?.message.contains("outside") == true)
  }
}

@Suite struct MarkupScannerTests {
  @Test func tagsInsideCommentsCDATAAndDoctypeAreNotTags() throws {
    let box = try Sandbox()
    try box.write("site/x.js", "x();")
    let text = """
      <!DOCTYPE svg [
        <!ENTITY e "<g/>">
        <!-- ]> <script src="x.js"/> -->
        <?pi ]> ?>
        <!ATTLIST svg a CDATA "]>">
      ]>
      <svg xmlns="http://www.w3.org/2000/svg"><!-- <script src="x.js"/> --><![CDATA[<script src="x.js"/>]]><text a="&lt;>" b='"/>'>&e;</text><script src="x.js"/></svg>
      """
    let result = try box.inline(text)
    #expect(result.inlined.count == 1)
    #expect(result.text.hasSuffix("<script><![CDATA[x();]]></script></svg>"))
  }

  @Test func scriptInsideEntityExpansionCannotBeRewritten() throws {
    let box = try Sandbox()
    try box.write("site/x.js", "x();")
    let text = """
      <!DOCTYPE svg [ <!ENTITY s '<script xmlns="http://www.w3.org/2000/svg" href="x.js"/>'> ]>
      <svg xmlns="http://www.w3.org/2000/svg">&s;<script href="x.js"/></svg>
      """
    let error = try #require(try box.failure(text))
    #expect(error.problems.count == 1)
    #expect(error.description.contains("cannot find this element in the source bytes"))
  }

  @Test func gzipAndUTF16InputsAreRefused() throws {
    let box = try Sandbox()
    try box.write("site/z.svg", [0x1F, 0x8B, 0x08, 0])
    #expect(throws: InlineError.self) {
      try SVGInliner().inline(contentsOfFile: box.site + "/z.svg")
    }
    try box.write(
      "site/u.svg",
      [0xFF, 0xFE] + Array("<svg/>".utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }))
    let error = try #require(throws: InlineError.self) {
      try SVGInliner().inline(contentsOfFile: box.site + "/u.svg")
    }
    #expect(error.description.contains("UTF-16"))
  }
}
