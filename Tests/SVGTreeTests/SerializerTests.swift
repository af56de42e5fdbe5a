import Foundation
import Testing

@testable import SVGTree

@Suite struct SerializerTests {
  /// Structural equality of two trees: kinds, names, namespaces, attributes, text.
  static func same(_ a: Document, _ b: Document) -> Bool {
    func sig(_ d: Document, _ id: NodeID) -> String {
      let n = d[id]
      let attrs = n.attributes.map { "\($0.namespaceURI ?? "")|\($0.name)=\($0.value)" }
      return "\(n.kind)|\(n.namespaceURI ?? "")|\(n.name)|\(attrs)|\(n.text)|["
        + n.children.map { sig(d, $0) }.joined(separator: ",") + "]"
    }
    return sig(a, Document.top) == sig(b, Document.top)
  }

  @Test func roundTripKeepsEverything() throws {
    let path = try ReadingTests.fixture("illustrator.svg")
    let doc = try Document(contentsOfFile: path)
    let text = doc.serialized()
    let again = try Document(string: text)
    #expect(Self.same(doc, again))
    #expect(text.contains("<!-- Generator: Adobe Illustrator"))
    #expect(text.contains("<![CDATA["))
    #expect(text.contains("<?xpacket end=\"w\"?>"))
    #expect(text.contains("xmlns:xlink=\"http://www.w3.org/1999/xlink\""))
  }

  @Test func escapesTextAttributesAndCDATAEnd() throws {
    var doc = try Document(string: "<svg xmlns='http://www.w3.org/2000/svg'><desc/></svg>")
    let desc = try #require(doc.selectElements(named: "desc").first)
    doc[desc].setAttribute("title", "a \"b\" & <c>\nd")
    doc.append(Node(kind: .text, text: "1 < 2 & 3 > 2"), to: desc)
    doc.append(Node(kind: .cdata, text: "x ]]> y"), to: desc)
    let again = try Document(string: doc.serialized())
    #expect(Self.same(doc, again))
  }

  /// `]]>` ends a CDATA section whatever follows it: before a combining mark too, where the
  /// three are not three `Character`s.
  @Test func escapesTheCDATAEndBeforeACombiningMark() throws {
    var doc = try Document(string: "<svg xmlns='http://www.w3.org/2000/svg'><desc/></svg>")
    let desc = try #require(doc.selectElements(named: "desc").first)
    doc.append(Node(kind: .cdata, text: "x ]]>\u{301} y"), to: desc)
    let again = try Document(string: doc.serialized())
    #expect(Self.same(doc, again))
  }

  @Test func roundTripsRealDrawings() throws {
    let dir = "/usr/share/openclipart/svg"
    let e = try #require(
      FileManager.default.enumerator(atPath: dir),
      "no \(dir): scripts/bootstrap installs openclipart-svg")
    var checked = 0
    while let f = e.nextObject() as? String, checked < 60 {
      guard f.hasSuffix(".svg"), let doc = try? Document(contentsOfFile: "\(dir)/\(f)") else {
        continue
      }
      let again = try Document(string: doc.serialized())
      #expect(Self.same(doc, again), "\(f)")
      checked += 1
    }
    #expect(checked == 60)
  }
}
