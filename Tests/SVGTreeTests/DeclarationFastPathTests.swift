import Foundation
import Testing

@testable import SVGTree

/// The fast path for plain `style` attributes must give exactly what the full parser gives,
/// or step aside.
@Suite struct DeclarationFastPathTests {
  static func slow(_ text: String) -> [Declaration] {
    var tokenizer = CSSTokenizer(text)
    var parser = CSSParser(tokens: tokenizer.tokenize(), bytes: tokenizer.bytes)
    return parser.declarations(in: 0..<parser.tokens.count)
  }

  @Test(arguments: [
    "fill:#ff0000;stroke:none", "  FILL : Red ;; stroke-width:2px  ", "fill:url(#g) ;opacity:.5",
    "stroke-dasharray: 1, 2   3", "fill:red !important", "fill: red ! IMPORTANT ;x:y",
    "font-family:Bitstream Vera Sans", "--custom:A", "-inkscape-font-specification:Sans Bold",
    "fill:url(data:a;b)",
  ])
  func plainInputMatchesTheFullParser(_ text: String) throws {
    let fast = try #require(DeclarationFastPath.parse(text))
    #expect(fast == Self.slow(text))
  }

  @Test(arguments: [
    "fill:'red'", "fill:/*c*/red", "fill:red !importan", "fill:", ":red", "1a:red",
    "fill:\\72 ed", "fill:red}", "fi ll:red", "font:12px/2 serif", "fill:(",
    "color:ré",
  ])
  func anythingElseTakesTheFullParser(_ text: String) {
    #expect(DeclarationFastPath.parse(text) == nil)
  }

  @Test func realStyleAttributesMatch() throws {
    let dir = "/usr/share/openclipart/svg"
    let e = try #require(
      FileManager.default.enumerator(atPath: dir),
      "no \(dir): scripts/bootstrap installs openclipart-svg")
    var compared = 0
    var files = 0
    while let f = e.nextObject() as? String, files < 150 {
      guard f.hasSuffix(".svg"), let doc = try? Document(contentsOfFile: "\(dir)/\(f)") else {
        continue
      }
      files += 1
      for n in doc.nodes where n.kind == .element {
        guard let style = n.attribute("style"), let fast = DeclarationFastPath.parse(style) else {
          continue
        }
        #expect(fast == Self.slow(style), "\(f): \(style)")
        compared += 1
      }
    }
    #expect(files == 150 && compared > 100)
  }
}
