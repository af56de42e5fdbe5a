import Foundation
import Testing

@testable import SVGTree

@Suite struct LanguageTests {
  static let svg = """
    <svg xmlns="http://www.w3.org/2000/svg" id="root" xml:lang="en">
      <g id="fr" lang="fr-CA">
        <rect id="r1"/>
        <g id="de" xml:lang="de-Latn-CH" lang="fr"><rect id="r2"/></g>
        <rect id="unknown" xml:lang=""/>
      </g>
      <rect id="r3"/>
    </svg>
    """

  private func ids(_ selector: String) throws -> [String] {
    try selectedIDs(selector, in: Self.svg)
  }

  @Test func languageIsInheritedAndXmlLangWins() throws {
    let doc = try Document(string: Self.svg)
    func lang(_ id: String) -> String? { doc.element(withID: id).flatMap { doc.language(of: $0) } }
    #expect(lang("r1") == "fr-CA")
    #expect(lang("r2") == "de-Latn-CH")
    #expect(lang("r3") == "en")
    #expect(lang("unknown") == "")
  }

  @Test func langPseudoClassMatchesRanges() throws {
    #expect(try ids("rect:lang(fr)") == ["r1"])
    #expect(try ids("rect:lang(FR-ca)") == ["r1"])
    #expect(try ids("rect:lang(en)") == ["r3"])
    #expect(try ids("rect:lang(de-CH)") == ["r2"])
    #expect(try ids("rect:lang(\"*-CH\")") == ["r2"])
    #expect(try ids("rect:lang(it, en)") == ["r3"])
    #expect(try ids("rect:lang(e)") == [])
    #expect(try ids("g:lang(fr)") == ["fr"])
    #expect(throws: CSSError.self) { try SelectorList(parsing: "rect:lang()") }
    #expect(throws: CSSError.self) { try SelectorList(parsing: "rect:lang(en fr)") }
  }

  @Test func langRulesApplyInTheCascade() throws {
    let doc = try Document(
      string: """
        <svg xmlns="http://www.w3.org/2000/svg" xml:lang="he">
          <style>:lang(he) { fill: blue } rect:lang(en) { fill: red }</style>
          <rect id="a"/><rect id="b" lang="en-GB"/>
        </svg>
        """)
    let styles = doc.computeStyles()
    #expect(styles[doc.element(withID: "a")!.index]["fill"] == "blue")
    #expect(styles[doc.element(withID: "b")!.index]["fill"] == "red")
  }

  @Test func extendedFilteringSkipsSubtagsButNotSingletons() {
    #expect(LanguageTag.matches("de-Latn-DE", range: "de-DE"))
    #expect(!LanguageTag.matches("de-x-DE", range: "de-DE"))
    #expect(LanguageTag.matches("en", range: "*"))
    #expect(!LanguageTag.matches("", range: "*"))
    #expect(!LanguageTag.matches("english", range: "en"))
  }
}

/// A folder of style sheets for `@import` tests, removed afterwards.
private final class SheetFolder {
  let path: String

  init(_ files: [String: String]) throws {
    let base = FileManager.default.temporaryDirectory
      .appendingPathComponent("inkpath-import-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: base, withIntermediateDirectories: true)
    path = base.resolvingSymlinksInPath().path
    for (name, text) in files {
      let url = URL(fileURLWithPath: path + "/" + name)
      try FileManager.default.createDirectory(
        at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      try text.write(to: url, atomically: true, encoding: .utf8)
    }
  }

  deinit { try? FileManager.default.removeItem(atPath: path) }

  func resolve(_ css: String, limits: Limits = .default) -> (StyleSheet, [Diagnostic]) {
    var diagnostics: [Diagnostic] = []
    let sheet = StyleSheet(parsing: css).resolvingImports(
      resources: .files(baseDirectory: path), directory: path, limits: limits,
      diagnostics: &diagnostics)
    return (sheet, diagnostics)
  }
}

@Suite struct StyleSheetImportTests {
  private func names(_ sheet: StyleSheet) -> [String] {
    sheet.rules.flatMap { $0.declarations.map(\.value) }
  }

  @Test func importedRulesComeFirstAndNestRelativeToTheirSheet() throws {
    let folder = try SheetFolder([
      "a.css": "@import 'sub/b.css'; rect { fill: a }",
      "sub/b.css": "@import url(c.css); rect { fill: b }",
      "sub/c.css": "rect { fill: c }",
    ])
    let (sheet, diagnostics) = folder.resolve("@import \"a.css\"; rect { fill: own }")
    #expect(names(sheet) == ["c", "b", "a", "own"])
    #expect(diagnostics.isEmpty)
  }

  @Test func cyclesAndDeepChainsStopWithADiagnostic() throws {
    let folder = try SheetFolder([
      "a.css": "@import 'b.css'; rect { fill: a }",
      "b.css": "@import 'a.css'; rect { fill: b }",
      "d1.css": "@import 'd2.css'; rect { fill: d1 }",
      "d2.css": "@import 'd3.css'; rect { fill: d2 }",
      "d3.css": "rect { fill: d3 }",
    ])
    let (cycle, cycleDiagnostics) = folder.resolve("@import 'a.css';")
    #expect(names(cycle) == ["b", "a"])
    #expect(cycleDiagnostics.contains { $0.message.contains("cycle") })
    var limits = Limits()
    limits.maxImportDepth = 2
    let (deep, deepDiagnostics) = folder.resolve("@import 'd1.css';", limits: limits)
    #expect(names(deep) == ["d2", "d1"])
    #expect(deepDiagnostics.contains { $0.message.contains("deeper than 2") })
  }

  @Test func thePolicyDecidesWhatMayBeRead() throws {
    let folder = try SheetFolder(["a.css": "rect { fill: a }"])
    var diagnostics: [Diagnostic] = []
    let refused = StyleSheet(parsing: "@import 'a.css'; rect { fill: own }").resolvingImports(
      resources: .none, directory: folder.path, limits: .default, diagnostics: &diagnostics)
    #expect(names(refused) == ["own"])
    #expect(diagnostics.count == 1)
    let (outside, outsideDiagnostics) = folder.resolve("@import '../../etc/passwd';")
    #expect(outside.rules.isEmpty)
    #expect(outsideDiagnostics.count == 1)
    let (data, _) = folder.resolve("@import 'data:text/css,rect%7Bfill:d%7D';")
    #expect(names(data) == ["d"])
  }
}
