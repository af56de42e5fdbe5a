import Testing

@testable import SVGTree

/// libxml2 reads an input that it takes as UTF-8 where it is, and copies any other
/// (``ParserInput``); both give the same document.
@Suite struct ParserInputTests {
  func readsInPlace(_ text: String) -> Bool {
    let bytes = Array(text.utf8)
    return bytes.withUnsafeBufferPointer { ParserInput.readsInPlace(MarkupBytes($0)) }
  }

  @Test func readInPlaceOnlyWhatLibxml2ReadsAsUTF8() {
    #expect(readsInPlace("<svg/>"))
    #expect(readsInPlace("<?xml version=\"1.0\"?><svg/>"))
    #expect(readsInPlace("\u{FEFF}<?xml version=\"1.0\" encoding=\"UTF-8\"?><svg/>"))
    #expect(readsInPlace("<?xml version='1.0' encoding='utf8' ?><svg/>"))
    #expect(readsInPlace("<?xml-stylesheet href=\"a.css\"?><svg/>"))
    #expect(!readsInPlace("<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?><svg/>"))
    #expect(!readsInPlace("<?xml version=\"1.0\" encoding\n=\n\"windows-1252\"?><svg/>"))
    #expect(!readsInPlace("<?xml version=\"1.0\" encoding=ISO-8859-1?><svg/>"))
    #expect(!readsInPlace("<?xml version=\"1.0\" encoding=\"ISO-8859-1\"<svg/>"))
    #expect(!readsInPlace(""))
    let ebcdic: [UInt8] = [0x4C, 0x6F, 0xA7, 0x94, 0x93, 0x40]
    #expect(!ebcdic.withUnsafeBufferPointer { ParserInput.readsInPlace(MarkupBytes($0)) })
  }

  /// A drawing of `size` bytes or more after an XML declaration naming `encoding`: elements,
  /// text, references, comments, on many lines.
  static func drawing(encoding: String, size: Int) -> [UInt8] {
    var text = "<?xml version=\"1.0\" encoding=\"\(encoding)\"?>\n"
    text += "<!DOCTYPE svg [<!ENTITY e \"entity text\">]>\n"
    text += "<svg xmlns=\"http://www.w3.org/2000/svg\">\n"
    var i = 0
    while text.utf8.count < size {
      text += "  <g id=\"g\(i)\" style=\"fill:#\(i % 10)0a\"><!-- \(i) -->\n"
      text += "    <path d=\"M\(i) 0 L 10 \(i) C 1 2 3 4 5 6 Z\"/><text>a &amp; &e; \(i)</text>\n"
      text += "  </g>\n"
      i += 1
    }
    return Array((text + "<rect id=\"last\" width=\"1\" height=\"1\"/></svg>\n").utf8)
  }

  /// The same markup read in place (UTF-8) and copied (ASCII, a name as long), on one thread and on two: a parse that went back over bytes it had read (libxml2
  /// shrinks a static buffer wrongly) counts its lines twice and ends early.
  @Test(arguments: [2_000, 140_000])
  func aDrawingReadInPlaceIsTheDrawingCopied(size: Int) throws {
    let inPlace = Self.drawing(encoding: "UTF-8", size: size)
    let copied = Self.drawing(encoding: "ASCII", size: size)
    #expect(inPlace.withUnsafeBufferPointer { ParserInput.readsInPlace(MarkupBytes($0)) })
    #expect(!copied.withUnsafeBufferPointer { ParserInput.readsInPlace(MarkupBytes($0)) })
    for pipelined in [false, true] {
      let a = PipelinedReadingTests.outcome(inPlace, pipelined: pipelined).dropLast()
      let b = PipelinedReadingTests.outcome(copied, pipelined: pipelined).dropLast()
      #expect(a.count > 10)
      #expect(a.first?.hasPrefix("error") == false)
      #expect(Array(a) == Array(b))
    }
    let doc = try Document(bytes: inPlace)
    let last = try #require(doc.element(referencedBy: "last"))
    let lines = inPlace.filter { $0 == UInt8(ascii: "\n") }.count
    #expect(doc[last].location == SourceLocation(line: lines, column: 1))
  }

  /// A declared Latin-1 encoding is transcoded throughout, to its last byte.
  @Test func aLatin1DrawingIsReadToItsEnd() throws {
    var bytes = Self.drawing(encoding: "ISO-8859-1", size: 200_000)
    bytes.removeLast("<rect id=\"last\" width=\"1\" height=\"1\"/></svg>\n".utf8.count)
    bytes += Array("<title id=\"last\">caf".utf8) + [0xE9] + Array("</title></svg>".utf8)
    let doc = try Document(bytes: bytes)
    let title = try #require(doc.element(referencedBy: "last"))
    #expect(doc.textContent(of: title) == "café")
  }

  /// An input over 10 MB (the lookahead libxml2 allows an input it reads as it comes) is
  /// read in place to its end.
  @Test func anInputOverLibxml2sLookaheadIsRead() throws {
    let comment = "<!--" + String(repeating: "0123456789", count: 100_000) + "-->\n"
    let text =
      "<svg xmlns=\"http://www.w3.org/2000/svg\">\n" + String(repeating: comment, count: 11)
      + "<rect id=\"last\"/></svg>"
    let bytes = Array(text.utf8)
    #expect(bytes.count > 11_000_000)
    let doc = try Document(bytes: bytes)
    #expect(doc.element(referencedBy: "last") != nil)
  }
}
