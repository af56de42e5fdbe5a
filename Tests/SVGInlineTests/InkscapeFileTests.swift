import Foundation
import SVGInline
import SVGRender
import SVGTree
import TestSupport
import Testing

/// A real Inkscape drawing from openclipart (pudim.svg: doctype, comment, metadata,
/// gradients referencing each other through `xlink:href`), with a script reference added.
@Suite struct InkscapeFileTests {
  let script =
    "// pudim\nfunction wobble(e) { if (e.detail < 2) e.target.setAttribute('opacity', 0.5); }\n"

  /// The fixture with `<script xlink:href="pudim.js"/>` put before `</svg>`; returns the
  /// text before and after the insertion point.
  func prepared(_ box: Sandbox) throws -> (before: String, after: String) {
    let original = try String(contentsOfFile: try fixture("pudim.svg"), encoding: .utf8)
    let end = try #require(original.range(of: "</svg>", options: .backwards))
    let before = String(original[..<end.lowerBound])
    let after = String(original[end.lowerBound...])
    try box.write("site/pudim.js", script)
    try box.write(
      "site/pudim.svg",
      before + #"  <script type="text/ecmascript" xlink:href="pudim.js" id="wobble"/>"# + "\n"
        + after)
    return (before, after)
  }

  @Test func onlyTheScriptElementChanges() throws {
    let box = try Sandbox()
    let (before, after) = try prepared(box)
    let result = try SVGInliner().inline(contentsOfFile: box.site + "/pudim.svg")
    let expected =
      before + #"  <script type="text/ecmascript" id="wobble"><![CDATA["#
      + script + "]]></script>\n" + after
    #expect(result.text == expected)
    #expect(result.inlined.count == 1)
    #expect(result.warnings.isEmpty)
  }

  @Test func outputParsesAndRendersLikeTheInput() throws {
    let box = try Sandbox()
    _ = try prepared(box)
    let input = try Document(contentsOfFile: box.site + "/pudim.svg")
    let result = try SVGInliner().inline(contentsOfFile: box.site + "/pudim.svg")
    let output = try Document(bytes: result.bytes, path: "out.svg")
    #expect(try result.scriptTexts() == [script])
    #expect(
      output.descendants(of: Document.top).filter { output[$0].isElement }.count
        == input.descendants(of: Document.top).filter { input[$0].isElement }.count)
    let a = try RenderTree(document: input).rasterize(width: 200, height: 200)
    let b = try RenderTree(document: output).rasterize(width: 200, height: 200)
    #expect(firstDifference(a.pixels, b.pixels) == nil)
    #expect(a.pixels.contains { $0 != 0 })  // the drawing paints something
  }

  @Test func theExampleColouringPageInlinesAndRendersTheSame() throws {
    let box = try Sandbox()
    let page = #filePath.replacingOccurrences(
      of: "Tests/SVGInlineTests/InkscapeFileTests.swift", with: "Resources/examples/")
    for name in ["colouring-page.svg", "colouring.js"] {
      try box.write(
        "site/" + name, try [UInt8](Data(contentsOf: URL(fileURLWithPath: page + name))))
    }
    let result = try SVGInliner().inline(contentsOfFile: box.site + "/colouring-page.svg")
    #expect(result.inlined.map(\.reference) == ["colouring.js"])
    let input = try Document(contentsOfFile: box.site + "/colouring-page.svg")
    let output = try Document(bytes: result.bytes)
    let a = try RenderTree(document: input).rasterize(width: 100, height: 75)
    let b = try RenderTree(document: output).rasterize(width: 100, height: 75)
    #expect(firstDifference(a.pixels, b.pixels) == nil)
  }
}
