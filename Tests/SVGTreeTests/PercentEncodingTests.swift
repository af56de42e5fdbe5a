import Testing

@testable import SVGTree

@Suite struct PercentEncodingTests {
  @Test func decodingKeepsInvalidEscapesAsWritten() {
    #expect(PercentEncoding.decode("%2F0%2f3") == "/0/3")
    #expect(PercentEncoding.decode("a+b", plusIsSpace: true) == "a b")
    #expect(PercentEncoding.decode("a%2Bb", plusIsSpace: true) == "a+b")
    #expect(PercentEncoding.decode("a+b") == "a+b")
    #expect(PercentEncoding.decode("100%") == "100%")
    #expect(PercentEncoding.decode("%zz%4") == "%zz%4")
    #expect(PercentEncoding.decode("%C3%A9") == "é")
    #expect(PercentEncoding.decode(Array("%00%ff".utf8)) == [0, 255])
  }

  @Test func strictDecodingRefusesMalformedEscapesAndBadUTF8() {
    #expect(PercentEncoding.decodeStrictly("%2F0%2F3") == "/0/3")
    #expect(PercentEncoding.decodeStrictly("100%") == nil)
    #expect(PercentEncoding.decodeStrictly("%zz") == nil)
    #expect(PercentEncoding.decodeStrictly("%C3") == nil)
  }

  @Test func encodingKeepsUnreservedAndChosenCharacters() {
    #expect(PercentEncoding.encode("a b/c#é") == "a%20b%2Fc%23%C3%A9")
    #expect(PercentEncoding.encode("f(1,2)~", keeping: ",()") == "f(1,2)~")
    for s in ["/0/3", "#sky", "x y", "ü%", ""] {
      #expect(PercentEncoding.decodeStrictly(PercentEncoding.encode(s)) == s)
    }
  }

  @Test func trimmingRemovesASCIIWhitespaceOnly() {
    #expect(" \t\n a b \r\u{0C}".trimmingWhitespace == "a b")
    #expect("   ".trimmingWhitespace == "")
    #expect("\u{A0}x\u{A0}".trimmingWhitespace == "\u{A0}x\u{A0}")
    // A CRLF line ending is one Character, but two whitespace code points.
    #expect("a\r\n".trimmingWhitespace == "a")
    #expect(" é\r\n".trimmingWhitespace == "é")
    let line = "x, fr-CH \r\n,y".split(separator: ",")[1]
    #expect(line.trimmingWhitespace == "fr-CH")
    #expect("--a--".trimming { $0 == "-" } == "a")
  }
}
