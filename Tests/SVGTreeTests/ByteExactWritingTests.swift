import Foundation
import TestSupport
import Testing

@testable import SVGTree

@Suite struct ByteExactWritingTests {
  static let inputs: [(String, String)] = [
    (
      "CRLF, single quotes, attribute order, no final newline",
      "<?xml version='1.0' standalone='no'?>\r\n<svg height='9' xmlns='http://www.w3.org/2000/svg'"
        + "\r\n     width = \"9\" >\r\n  <rect y='1' x='2' width='3' height='4'/>\r\n</svg>"
    ),
    (
      "DOCTYPE with an internal subset, entities in attributes and content",
      """
      <?xml version="1.0" encoding="UTF-8"?>
      <!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd" [
        <!ENTITY ns_svg "http://www.w3.org/2000/svg">
        <!ENTITY red "#ff0000">
        <!ENTITY shape "<rect width='5' height='5'/><!-- in the entity --><g class='f'>x</g>">
        <!ENTITY word "words &amp; more">
        <!-- a comment in the subset, with a > in it -->
      ]>
      <svg xmlns="&ns_svg;" width="10" height="10">
        <rect id="r" fill="&red;" width="1" height="1"/>
        &shape;
        <text>a &word; b &#x41; &lt; &shape; c</text>
      </svg>

      """
    ),
    (
      "comments, PIs, CDATA, a UTF-8 byte-order mark",
      "\u{FEFF}<?xml version=\"1.0\"?>\n<!-- before -->\n<?xml-stylesheet href=\"a.css\"?>\n"
        + "<svg xmlns=\"http://www.w3.org/2000/svg\"><style><![CDATA[a>b{}]]><![CDATA[c{}]]></style>"
        + "<?pi data?><!--x--><desc>é ü &#233;</desc></svg>\n<!-- after -->\n\n"
    ),
    (
      "a declared Latin-1 encoding",
      "<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?>\n<svg xmlns=\"http://www.w3.org/2000/svg\">"
        + "<desc>caf\u{E9}</desc><rect fill=\"red\"/></svg>\n"
    ),
  ]

  static func bytes(_ text: String) -> [UInt8] {
    // The Latin-1 case is written as Latin-1: é is one byte, as such a file has it.
    text.contains("ISO-8859-1") ? text.unicodeScalars.map { UInt8($0.value) } : Array(text.utf8)
  }

  @Test(arguments: inputs.map(\.0))
  func unchangedDocumentGivesItsBytesBack(_ name: String) throws {
    let input = Self.bytes(try #require(Self.inputs.first { $0.0 == name }).1)
    let doc = try Document(bytes: input)
    #expect(doc.source != nil)
    #expect(doc.written() == input)
  }

  @Test func entityContentIsInTheTreeAndWrittenAsItsReference() throws {
    let input = Self.bytes(Self.inputs[1].1)
    var doc = try Document(bytes: input)
    let rects = doc.selectElements(named: "rect")
    #expect(rects.count == 3)
    // Editing one rect of the second `&shape;` writes that reference's content out.
    doc[rects[2]].setAttribute("fill", "blue")
    let d = difference(input, doc.written())
    #expect(d.old == "&shape;")
    #expect(
      d.new
        == "<rect width=\"5\" height=\"5\" fill=\"blue\"/><!-- in the entity --><g class=\"f\">x</g>"
    )
  }

  @Test func changedAttributeKeepsItsPlaceAndQuotes() throws {
    let input = Self.bytes(Self.inputs[0].1)
    var doc = try Document(bytes: input)
    let rect = try #require(doc.selectElements(named: "rect").first)
    doc[rect].setAttribute("x", "it's")
    let d = difference(input, doc.written())
    #expect(d.old == "2")
    #expect(d.new == "it&apos;s")
  }

  @Test func newAttributeGoesAtTheEndWithTheSeparatorOfTheLastOne() throws {
    let input = Self.bytes(Self.inputs[0].1)
    var doc = try Document(bytes: input)
    let root = try #require(doc.root)
    doc[root].setAttribute("id", "a\"b")
    let d = difference(input, doc.written())
    #expect(d.old == "")
    #expect(d.new == "\r\n     id=\"a&quot;b\"")
  }

  @Test func removedAttributeTakesItsWhiteSpaceAlong() throws {
    let input = Self.bytes(Self.inputs[0].1)
    var doc = try Document(bytes: input)
    let rect = try #require(doc.selectElements(named: "rect").first)
    doc[rect].removeAttribute("x")
    let expected = String(decoding: input, as: UTF8.self).replacingOccurrences(
      of: " x='2'", with: "")
    #expect(doc.written() == Array(expected.utf8))
  }

  @Test func movedElementTakesItsBytes() throws {
    let input = Array(
      "<svg xmlns='http://www.w3.org/2000/svg'><a  x = '1' /><b/><c>t</c></svg>".utf8)
    var doc = try Document(bytes: input)
    let c = try #require(doc.selectElements(named: "c").first)
    doc.moveChild(c, toIndex: 0)
    #expect(
      String(decoding: doc.written(), as: UTF8.self)
        == "<svg xmlns='http://www.w3.org/2000/svg'><c>t</c><a  x = '1' /><b/></svg>")
  }

  @Test func addedElementFollowsTheLineEndingsAndIndentation() throws {
    let input = Self.bytes(Self.inputs[0].1)
    var doc = try Document(bytes: input)
    let root = try #require(doc.root)
    let rect = try #require(doc.selectElements(named: "rect").first)
    let index = try #require(doc[root].children.firstIndex(of: rect))
    doc.insert(Node(kind: .element, name: "circle"), into: root, at: index)
    let expected = String(decoding: input, as: UTF8.self).replacingOccurrences(
      of: "  <rect", with: "  <circle/>\r\n  <rect")
    #expect(doc.written() == Array(expected.utf8))
  }

  @Test func editedTextInALatin1DocumentUsesCharacterReferences() throws {
    let input = Self.bytes(Self.inputs[3].1)
    var doc = try Document(bytes: input)
    let rect = try #require(doc.selectElements(named: "rect").first)
    doc[rect].setAttribute("fill", "ü")
    let d = difference(input, doc.written())
    #expect(d.old == "red")
    #expect(d.new == "&#xFC;")
  }

  @Test func documentsWithoutSourceAreSerialized() throws {
    var doc = Document()
    doc.append(Node(kind: .element, name: "svg"), to: Document.top)
    #expect(doc.written() == Array(doc.serialized().utf8))
    let utf16 = try Document(
      bytes: [0xFF, 0xFE]
        + "<svg xmlns='http://www.w3.org/2000/svg'/>".utf16.flatMap {
          [UInt8($0 & 0xFF), UInt8($0 >> 8)]
        })
    #expect(utf16.source == nil)
    #expect(try Document(bytes: utf16.written()).root != nil)
  }

  @Test func openclipartDrawingsGiveTheirBytesBack() throws {
    // scripts/bootstrap installs openclipart-svg; every eighth drawing.
    let files = try openclipartDrawings()
    var checked = 0
    for (index, f) in files.enumerated() where index % 8 == 0 {
      let input = try BoundedFile.read(f, maxBytes: 100 << 20)
      guard let doc = try? Document(bytes: input) else { continue }
      #expect(doc.source != nil, "\(f)")
      let written = doc.written()
      if written != input {
        let d = difference(input, written)
        Issue.record("\(f): at byte \(d.at), \(d.old.prefix(80)) became \(d.new.prefix(80))")
      }
      checked += 1
    }
    #expect(checked > 900)
  }
}
