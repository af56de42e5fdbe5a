import Testing

@testable import SVGTree

/// The encoding an XML declaration names, as the reader reads it to decide whether an edit
/// may write non-ASCII text.
@Suite struct DeclaredEncodingTests {
  func encoding(_ text: String) -> String? {
    let bytes = Array(text.utf8)
    return bytes.withUnsafeBufferPointer { MarkupBytes($0).declaredEncoding() }
  }

  @Test func theDeclaredNameLowercased() {
    #expect(encoding("<?xml version=\"1.0\" encoding=\"UTF-8\"?><svg/>") == "utf-8")
    #expect(encoding("<?xml version='1.0' encoding = 'ISO-8859-1' ?>\n<svg/>") == "iso-8859-1")
    #expect(encoding("<?xml version='1.0'\r\nencoding\n=\n'ISO-8859-1'?><svg/>") == "iso-8859-1")
    #expect(
      encoding("\u{FEFF}<?xml version=\"1.0\" encoding=\"Windows-1252\"?><svg/>")
        == "windows-1252")
  }

  @Test func noneWithoutADeclarationOrAnEncodingInIt() {
    #expect(encoding("<svg/>") == nil)
    #expect(encoding("<?xml version=\"1.0\"?><svg><desc>encoding=\"latin1\"</desc></svg>") == nil)
    #expect(encoding("<?xml version=\"1.0\" standalone=\"yes\"?>") == nil)
    #expect(encoding("") == nil)
  }
}
