import CHarfBuzz
import Foundation
import SVGGeometry
import SVGTree
import Testing

@testable import SVGRender

/// Amiri has Arabic, M+ 1p has Hebrew; Noto Sans has neither.
private let haveArabicFont = FileManager.default.fileExists(
  atPath: suiteFonts + "/Amiri-Regular.ttf")

/// The text of each run, in visual order, with `<` for right-to-left runs.
private func visual(_ text: String, _ runs: [BidiRun]) -> [String] {
  let bytes = Array(text.utf8)
  return runs.map {
    (String(decoding: bytes[$0.range], as: UTF8.self).trimmingCharacters(in: .whitespaces))
      + ($0.rtl ? "<" : "")
  }.filter { $0 != "" && $0 != "<" }
}

@Suite struct BidiTests {
  @Test func numbersInsideHebrewStayLeftToRight() {
    let text = "abc \u{5E9}\u{5DC}\u{5D5}\u{5DD} 123"
    #expect(visual(text, Bidi.visualRuns(text)) == ["abc", "123", "\u{5E9}\u{5DC}\u{5D5}\u{5DD}<"])
  }

  @Test func aRightToLeftParagraphPutsItsFirstWordOnTheRight() {
    let text = "\u{5E9}\u{5DC}\u{5D5}\u{5DD} SVG 2 \u{5D0}\u{5D1}."
    let runs = Bidi.visualRuns(text, paragraph: BidiParagraph(rtl: true))
    #expect(visual(text, runs) == ["\u{5D0}\u{5D1}.<", "SVG 2", "\u{5E9}\u{5DC}\u{5D5}\u{5DD}<"])
    // The same characters in a left-to-right paragraph: the full stop goes to the end.
    let ltr = Bidi.visualRuns(text)
    #expect(visual(text, ltr).last == ".")
  }

  @Test func arabicNumbersAndLatinInOneParagraph() {
    let text = "\u{627}\u{644}\u{639}\u{62F}\u{62F} 42 \u{645}\u{646} SVG"
    let runs = Bidi.visualRuns(text, paragraph: BidiParagraph(rtl: true))
    #expect(
      visual(text, runs) == [
        "SVG", "\u{645}\u{646}<", "42", "\u{627}\u{644}\u{639}\u{62F}\u{62F}<",
      ])
  }

  @Test func anOverrideEmbeddingReversesLatinLetters() {
    let text = "ab cd"
    let override = BidiEmbedding(element: NodeID(1), unicodeBidi: "bidi-override", rtl: true)
    let runs = Bidi.visualRuns(text, segments: [(3..<5, [override!])])
    #expect(runs.map(\.rtl) == [false, true])
    #expect(runs.last?.range == 3..<5)
  }

  @Test func anIsolateOrdersItsContentRightToLeft() {
    // "abc" then a right-to-left isolate holding "1 2": the numbers are read right to
    // left inside it, and the isolate sits after "abc" as one unit.
    let text = "abc 1 2"
    let isolate = BidiEmbedding(element: NodeID(1), unicodeBidi: "isolate", rtl: true)!
    let runs = Bidi.visualRuns(text, segments: [(4..<7, [isolate])])
    #expect(visual(text, runs) == ["abc", "2", "1"])
    #expect(visual(text, Bidi.visualRuns(text)) == ["abc 1 2"])
    #expect(BidiEmbedding(element: NodeID(1), unicodeBidi: "normal", rtl: true) == nil)
  }

  @Test func scriptRunsSplitAtScriptChanges() {
    let text = Array("\u{5D0}\u{5D1} \u{628}\u{628} 1".utf8)
    let runs = Shaping.scriptRuns(text, 0..<text.count)
    #expect(runs.map(\.1) == [HB_SCRIPT_HEBREW, HB_SCRIPT_ARABIC])
    #expect(runs.last?.0.upperBound == text.count)
  }

  @Test func explicitFormattingCharactersInTheTextWork() {
    // RLO ... PDF written in the text itself.
    let text = "\u{202E}abc\u{202C}"
    let runs = Bidi.visualRuns(text)
    #expect(runs.contains { $0.rtl && $0.range.contains(4) })
  }
}

@Suite(.enabled(if: haveArabicFont, "suite fonts not found at \(suiteFonts)"))
struct ArabicShapingTests {
  private func glyphs(_ text: String, rtl: Bool = true, font: LoadedFont) -> [UInt32] {
    let runs = Bidi.visualRuns(text, paragraph: BidiParagraph(rtl: rtl))
    return Shaping.shape(text, runs: runs, font: font, options: ShapingOptions()).map(\.glyph)
  }

  @Test func arabicLettersJoin() throws {
    let amiri = try suiteFace("Amiri")
    let isolated = glyphs("\u{628}", font: amiri)
    let word = glyphs("\u{628}\u{628}\u{628}", font: amiri)
    #expect(isolated.count == 1 && word.count == 3)
    // Initial, medial and final forms: none is the isolated glyph.
    #expect(!word.contains(isolated[0]))
    #expect(Set(word).count >= 2)
  }

  @Test func arabicJoinsInsideARunThatStartsInHebrew() throws {
    // One right-to-left bidi run holding Hebrew then Arabic: shaped as one Hebrew run,
    // the Arabic letters would stay isolated.
    let amiri = try suiteFace("Amiri")
    let isolated = glyphs("\u{628}", font: amiri)[0]
    let mixed = glyphs("\u{5D0} \u{628}\u{628}", font: amiri)
    #expect(mixed.filter { $0 == isolated }.isEmpty)
  }

  private func tree(_ body: String) throws -> RenderTree {
    let doc = try Document(
      string: "<svg xmlns='http://www.w3.org/2000/svg' width='200' height='200'>\(body)</svg>")
    var options = RenderOptions()
    options.fontDirectories = [suiteFonts]
    return try RenderTree(document: doc, options: options)
  }

  private func boxes(_ node: RenderNode) -> [Rect] {
    switch node {
    case .path(let p): p.bounds.map { [$0] } ?? []
    case .group(let g): g.children.flatMap(boxes)
    case .image: []
    }
  }

  @Test func startIsTheRightEndOfRightToLeftText() throws {
    let hebrew = "\u{5E9}\u{5DC}\u{5D5}\u{5DD}"
    func box(_ attributes: String) throws -> Rect {
      let t = try tree(
        "<text x='100' y='100' font-family='Mplus 1p' font-size='30' \(attributes)>"
          + "\(hebrew) 12</text>")
      let all = boxes(.group(t.root))
      return try #require(all.reduce(nil) { acc, r in acc.map { $0.union(r) } ?? r })
    }
    let start = try box("direction='rtl'")
    #expect(start.maxX <= 100.5 && start.minX < 80)
    let end = try box("direction='rtl' text-anchor='end'")
    #expect(end.minX >= 99.5)
    let ltr = try box("")
    #expect(ltr.minX >= 99.5)
  }

  @Test func bidiOverrideOnTheTextReversesLatinLetters() throws {
    let t = try tree(
      "<text x='100' y='100' font-family='Noto Sans' font-size='30' direction='rtl' "
        + "unicode-bidi='bidi-override'><tspan fill='red'>a</tspan>b</text>")
    var red: Rect?
    var black: Rect?
    func walk(_ n: RenderNode) {
      switch n {
      case .path(let p):
        if case .color(let c)? = p.fill?.paint, c.r == 255, c.g == 0 {
          red = p.bounds
        } else {
          black = p.bounds
        }
      case .group(let g): g.children.forEach(walk)
      case .image: break
      }
    }
    walk(.group(t.root))
    let a = try #require(red)
    let b = try #require(black)
    // "a" comes first in the text and is drawn to the right of "b", ending at x = 100.
    #expect(a.minX > b.maxX - 1)
    #expect(a.maxX <= 100.5)
  }
}

@Suite struct ConditionalTextTests {
  private func chunks(_ body: String, languages: [String] = ["en"]) throws -> [String] {
    let doc = try Document(
      string: "<svg xmlns='http://www.w3.org/2000/svg' width='200' height='200'>\(body)</svg>")
    var options = RenderOptions()
    options.languages = languages
    let context = BuildContext(document: doc, options: options)
    let text = try #require(doc.selectElements(named: "text").first)
    return TextChunkCollector(text, context: context, viewport: Size(width: 200, height: 200))
      .input.chunks.map(\.text)
  }

  @Test func aTspanWhoseSystemLanguageFailsHoldsNoCharacters() throws {
    let body =
      "<text>a<tspan systemLanguage='ru-RU'>b</tspan><tspan systemLanguage='en'>c</tspan></text>"
    #expect(try chunks(body) == ["ac"])
    #expect(try chunks(body, languages: ["ru"]) == ["ab"])
  }

  @Test func theInheritedLanguageReachesShaping() throws {
    let doc = try Document(
      string: "<svg xmlns='http://www.w3.org/2000/svg' xml:lang='sr'><text>a<tspan lang='ru'>"
        + "b</tspan></text></svg>")
    let context = BuildContext(document: doc, options: RenderOptions())
    let text = try #require(doc.selectElements(named: "text").first)
    let chunk = try #require(
      TextChunkCollector(text, context: context, viewport: Size(width: 9, height: 9)).input
        .chunks.first)
    #expect(chunk.spans.map(\.style.shaping.language) == ["sr", "ru"])
  }
}

@Suite(.enabled(if: haveFonts, "suite fonts not found at \(suiteFonts)"))
struct LanguageShapingTests {
  @Test func theLanguageSelectsLocalForms() throws {
    // Noto Sans draws Cyrillic be (U+0431) differently for Serbian (OpenType locl).
    let font = try suiteFace("Noto Sans")
    func glyph(_ language: String?) -> UInt32? {
      let runs = Bidi.visualRuns("\u{431}")
      return Shaping.shape(
        "\u{431}", runs: runs, font: font, options: ShapingOptions(language: language)
      ).first?.glyph
    }
    #expect(glyph("sr") != glyph("ru"))
    #expect(glyph("sr-Cyrl-RS") == glyph("sr"))
  }
}

@Suite struct BidiFastPathTests {
  @Test func leftToRightTextIsOneRunAndAgreesWithFriBidi() throws {
    for text in ["Hello, world (1.5) - \u{2014} \u{3042}", "\u{416}\u{3B1} 42 \u{915}"] {
      #expect(Bidi.visualRuns(text) == [BidiRun(range: 0..<text.utf8.count, rtl: false)])
      let chars = text.unicodeScalars.map(\.value)
      let levels = try #require(FriBidi.levels(chars, base: .ltr))
      #expect(levels.levels.allSatisfy { $0 == 0 })
    }
    // A right-to-left mark is enough to leave the fast path.
    #expect(Bidi.visualRuns("a\u{200F}1").count > 1 || Bidi.visualRuns("a\u{200F}1")[0].rtl)
  }
}
