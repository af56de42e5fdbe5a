import Foundation
import SVGGeometry
import SVGTree
import Testing

@testable import SVGRender

/// The suite's fonts, when the shared suite is beside the project.
let suiteFonts: String = {
  let env = ProcessInfo.processInfo.environment["SVG_SUITE_DIR"]
  let here = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("../../../shared/svg-suite").standardized.path
  return (env ?? here) + "/fonts"
}()
let haveFonts = FileManager.default.fileExists(atPath: suiteFonts + "/NotoSans-Regular.ttf")

/// The face the suite's fonts (and the system's) give for `family`.
func suiteFace(_ family: String) throws -> LoadedFont {
  let db = FontDatabase.shared(directories: [suiteFonts])
  let face = try #require(db.match(FontRequest(families: [family])))
  return try #require(db.font(face.face))
}

private func tree(_ body: String, fonts: [String] = [suiteFonts]) throws -> RenderTree {
  let doc = try Document(
    string: "<svg xmlns='http://www.w3.org/2000/svg' width='200' height='200'>\(body)</svg>")
  var options = RenderOptions()
  options.fontDirectories = fonts
  return try RenderTree(document: doc, options: options)
}

private func paths(_ node: RenderNode) -> [PathNode] {
  switch node {
  case .path(let p): [p]
  case .group(let g): g.children.flatMap(paths)
  case .image: []
  }
}

private func paths(_ tree: RenderTree) -> [PathNode] { paths(.group(tree.root)) }

private func bounds(_ nodes: [PathNode]) -> Rect? {
  nodes.compactMap(\.bounds).reduce(nil) { acc, r in acc.map { $0.union(r) } ?? r }
}

@Suite struct FontDatabaseLazinessTests {
  @Test func aDocumentWithoutTextNeverBuildsTheFontDatabase() throws {
    let dirs = ["/nonexistent/inkpath-lazy-font-test-\(UUID().uuidString)"]
    let plain = try tree("<rect width='10' height='10'/><g><circle r='4'/></g>", fonts: dirs)
    _ = try plain.rasterize(width: 20, height: 20)
    #expect(!FontDatabase.isLoaded(directories: dirs))
    _ = try tree("<text x='10' y='20'>Hi</text>", fonts: dirs)
    #expect(FontDatabase.isLoaded(directories: dirs))
  }

  @Test func emptyTextDoesNotBuildItEither() throws {
    let dirs = ["/nonexistent/inkpath-lazy-font-test-\(UUID().uuidString)"]
    _ = try tree("<text x='10' y='20'>   </text><text/>", fonts: dirs)
    #expect(!FontDatabase.isLoaded(directories: dirs))
  }
}

@Suite(.enabled(if: haveFonts, "suite fonts not found at \(suiteFonts)"))
struct TextRenderingTests {
  @Test func textBecomesFilledPathsAtItsPosition() throws {
    let t = try tree("<text id='t' x='20' y='100' font-family='Noto Sans' font-size='40'>Hi</text>")
    let nodes = paths(t)
    #expect(nodes.count == 1)
    let b = try #require(bounds(nodes))
    #expect(b.minX >= 20 && b.minX < 26)
    #expect(b.maxY <= 100.5 && b.minY > 60 && b.minY < 75)
    if case .color(let c)? = nodes[0].fill?.paint { #expect(c == .black) } else { Issue.record() }
  }

  @Test func anchorsCentreAndEndAChunk() throws {
    func box(_ anchor: String) throws -> Rect {
      let t = try tree(
        "<text x='100' y='100' font-family='Noto Sans' font-size='40' text-anchor='\(anchor)'>"
          + "Text</text>")
      return try #require(bounds(paths(t)))
    }
    let start = try box("start")
    let middle = try box("middle")
    let end = try box("end")
    #expect(start.minX >= 100)
    #expect(end.maxX <= 100)
    #expect(abs((middle.minX + middle.maxX) / 2 - 100) < 3)
  }

  @Test func aTspanHasItsOwnPaintAndContinuesTheLine() throws {
    let t = try tree(
      "<text x='10' y='100' font-family='Noto Sans' font-size='30'>ab"
        + "<tspan id='s' fill='red'>cd</tspan></text>")
    let nodes = paths(t)
    #expect(nodes.count == 2)
    let red = try #require(nodes.first { $0.source?.index != nodes[0].source?.index })
    if case .color(let c)? = red.fill?.paint { #expect(c.r == 255 && c.g == 0) }
    let first = try #require(nodes[0].bounds)
    let second = try #require(red.bounds)
    #expect(second.minX > first.maxX - 1)
  }

  @Test func xListsPlaceEachCharacter() throws {
    let t = try tree(
      "<text x='10 110' y='100' font-family='Noto Sans' font-size='30'>ab</text>")
    let b = try #require(bounds(paths(t)))
    #expect(b.minX < 20 && b.maxX > 110)
  }

  @Test func aMissingFamilyFallsBackWithADiagnostic() throws {
    let t = try tree("<text x='10' y='100' font-family='No Such Font Family'>Text</text>")
    #expect(!paths(t).isEmpty)
    #expect(t.diagnostics.contains { $0.message.contains("No Such Font Family") })
    let found = try tree("<text x='10' y='100' font-family='Noto Sans'>Text</text>")
    #expect(!found.diagnostics.contains { $0.message.contains("font") })
  }

  @Test func missingCharactersFallBackPerGlyph() throws {
    let t = try tree("<text x='10' y='100' font-family='Noto Sans' font-size='30'>a\u{915}b</text>")
    let input = try layoutInput("<text x='10' y='100' font-family='Noto Sans'>a\u{915}b</text>")
    var layout = TextLayout(
      input, database: FontDatabase.shared(directories: [suiteFonts]), warn: { _ in })
    layout.run()
    let fonts = Set(layout.spans.flatMap(\.glyphs).map { $0.font.info.path })
    #expect(fonts.count == 2)
    #expect(layout.spans.flatMap(\.glyphs).allSatisfy { $0.glyph != 0 })
    #expect(!paths(t).isEmpty)
  }

  @Test func decorationsAreSeparatePaths() throws {
    let t = try tree(
      "<text x='10' y='100' font-family='Noto Sans' font-size='30' "
        + "text-decoration='underline line-through'>Text</text>")
    #expect(paths(t).count == 3)
  }

  @Test func textOnAPathFollowsIt() throws {
    let t = try tree(
      "<path id='p' d='M 20 150 L 180 50'/><text font-family='Noto Sans' font-size='20'>"
        + "<textPath href='#p'>Slope</textPath></text>")
    let text = paths(t).filter { $0.source?.index != paths(t)[0].source?.index }
    let b = try #require(bounds(text))
    #expect(b.minY < 140 && b.maxY > 80)
  }

  @Test func aTextPathTakesThePathsTransformAboutItsOrigin() throws {
    // Turned half a turn about (100 100), the line from (20 20) to (60 20) runs from
    // (180 180) to (140 180); about (0 0) it would leave the canvas.
    let t = try tree(
      "<defs><path id='p' d='M 20 20 H 60' transform='rotate(180)' transform-origin='100 100'/>"
        + "</defs><text font-family='Noto Sans' font-size='10'><textPath href='#p'>ab</textPath>"
        + "</text>")
    let b = try #require(bounds(paths(t)))
    #expect(b.minX > 165 && b.maxX < 181)
    #expect(b.minY > 178 && b.maxY < 190)
  }

  @Test func aTextPathWithoutAShapeIsDroppedWithADiagnostic() throws {
    let t = try tree(
      "<text font-family='Noto Sans'><textPath href='#nothing'>Lost</textPath></text>")
    #expect(paths(t).isEmpty)
    #expect(t.diagnostics.contains { $0.message.contains("textPath") })
  }
}

private func layoutInput(_ body: String) throws -> TextLayoutInput {
  let doc = try Document(
    string: "<svg xmlns='http://www.w3.org/2000/svg' width='200' height='200'>\(body)</svg>")
  let context = BuildContext(document: doc, options: RenderOptions())
  let text = try #require(doc.selectElements(named: "text").first)
  return TextChunkCollector(text, context: context, viewport: Size(width: 200, height: 200)).input
}

@Suite struct TextContentTests {
  @Test func whiteSpaceCollapsesAndTrims() throws {
    let input = try layoutInput("<text>  a \n\t  b  </text>")
    #expect(input.chunks.map(\.text) == ["a b"])
  }

  @Test func preserveKeepsEverySpaceAsASpace() throws {
    let input = try layoutInput("<text xml:space='preserve'> a\n b </text>")
    #expect(input.chunks.map(\.text) == [" a  b "])
  }

  @Test func spacesAcrossTspansCollapseOnce() throws {
    let input = try layoutInput("<text>a <tspan> b</tspan> c</text>")
    #expect(input.chunks.map(\.text) == ["a b c"])
  }

  @Test func absolutePositionsStartNewChunks() throws {
    let input = try layoutInput("<text x='1 2'>ab<tspan x='50'>c</tspan>d</text>")
    #expect(input.chunks.map(\.text) == ["a", "b", "cd"])
    #expect(input.chunks.map(\.x) == [1, 2, 50])
  }

  @Test func rotateRepeatsItsLastValue() throws {
    let input = try layoutInput("<text rotate='10 20'>abcd</text>")
    #expect(input.rotate == [10, 20, 20, 20])
  }

  @Test func trefTakesTheTextOfAnSVGElementOnly() throws {
    let ok = try layoutInput("<defs><text id='s'>Ref</text></defs><text><tref href='#s'/></text>")
    #expect(ok.chunks.map(\.text) == ["Ref"])
    let bad = try layoutInput("<unknown id='s'>Ref</unknown><text>x<tref href='#s'/></text>")
    #expect(bad.chunks.map(\.text) == ["x"])
  }
}

@Suite struct TextValueTests {
  @Test func fontFamilyLists() {
    #expect(FontRequest.families(parsing: "'Noto Sans', serif") == ["Noto Sans", "serif"])
    #expect(FontRequest.families(parsing: "Noto   Sans Mono") == ["Noto Sans Mono"])
    #expect(FontRequest.families(parsing: "\"serif\"") == ["\"serif\""])
    #expect(FontRequest.families(parsing: "'Unclosed") == nil)
    #expect(FontRequest.families(parsing: "a,,b") == nil)
    #expect(FontRequest.families(parsing: "'a' b") == nil)
  }

  @Test func variationSettings() {
    #expect(FontVariation.list(parsing: "normal") == [])
    #expect(
      FontVariation.list(parsing: "'wght' 700, \"wdth\" 75")
        == [FontVariation(tag: "wght", value: 700), FontVariation(tag: "wdth", value: 75)])
    #expect(FontVariation.list(parsing: "wght 700") == nil)
    #expect(FontVariation.list(parsing: "'wght'") == nil)
    #expect(FontVariation.list(parsing: "'toolong' 1") == nil)
  }

  @Test func bidiRunsAreInVisualOrder() {
    let text = "ab \u{5D0}\u{5D1} 12 \u{5D2}"
    let runs = Bidi.visualRuns(text)
    #expect(runs.first?.rtl == false)
    let rtl = runs.filter(\.rtl)
    #expect(rtl.count == 2)
    // The number inside right-to-left text stays a left-to-right run between them.
    #expect(runs.count == 4)
    #expect(runs[1].range.lowerBound > runs[3].range.lowerBound)
  }

  @Test func cssFontMatchingPrefersTheNearestWeight() {
    let faces = [400, 700, 300].map {
      FaceInfo(families: ["F"], path: "", index: 0, weight: $0, style: .normal, stretch: 5)
    }
    func pick(_ w: Int) -> Int? {
      FaceInfo.bestMatch([0, 1, 2], in: faces, for: FontRequest(families: ["F"], weight: w))
        .map { faces[$0].weight }
    }
    #expect(pick(400) == 400)
    #expect(pick(500) == 400)
    #expect(pick(600) == 700)
    #expect(pick(200) == 300)
    #expect(pick(350) == 300)
  }
}
