import SVGRender
import Testing

@testable import RenderCommand

/// The format an output file's name asks for (`-o page.PDF`), read from the last path
/// component's extension.
@Suite struct OutputFormatNameTests {
  @Test func theExtensionOfTheLastComponentInAnyCase() {
    #expect(OutputFormat(fileName: "out.png") == .png)
    #expect(OutputFormat(fileName: "dir.svg/page.PDF") == .pdf)
    #expect(OutputFormat(fileName: "/tmp/a.b.eps") == .eps)
    #expect(OutputFormat(fileName: "book.ps/") == .ps)
  }

  @Test func noFormatWithoutAKnownExtension() {
    #expect(OutputFormat(fileName: "-") == nil)
    #expect(OutputFormat(fileName: "out") == nil)
    #expect(OutputFormat(fileName: ".pdf") == nil)
    #expect(OutputFormat(fileName: "dir.pdf/out") == nil)
    #expect(OutputFormat(fileName: "out.jpeg") == nil)
    #expect(OutputFormat(fileName: "out.") == nil)
  }
}
