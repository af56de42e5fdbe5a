import Foundation
import Testing

@testable import SVGTree

@Suite struct ReadingTests {
  static func fixture(_ name: String) throws -> String {
    try #require(Bundle.module.path(forResource: name, ofType: nil, inDirectory: "Fixtures"))
  }

  @Test func illustratorEntitiesExpandInNamespacesAndAttributes() throws {
    let doc = try Document(contentsOfFile: Self.fixture("illustrator.svg"))
    let root = try #require(doc.root)
    #expect(doc[root].namespaceURI == XMLNamespace.svg)
    #expect(!doc.treatsNoNamespaceAsSVG)
    let path = try #require(doc.element(at: ElementPath([1, 1])))
    #expect(doc[path].name == "path")
    #expect(doc[path].attribute("style") == "fill:#E5322D;")
    let use = try #require(doc.element(withID: "u1"))
    #expect(doc[use].href == "#Layer_2_copy")
    #expect(doc[use].attribute("href", namespace: XMLNamespace.xlink) == "#Layer_2_copy")
  }

  @Test func keepsCommentsCDATAProcessingInstructionsAndDoctype() throws {
    let doc = try Document(contentsOfFile: Self.fixture("illustrator.svg"))
    let kinds = doc.descendants(of: Document.top).map { doc[$0].kind }
    #expect(kinds.contains(.comment))
    #expect(kinds.contains(.cdata))
    #expect(kinds.contains(.processingInstruction))
    #expect(kinds.first { $0 == .doctype } != nil)
    let style = try #require(doc.selectElements(named: "style").first)
    #expect(doc.textContent(of: style).contains(".cls-1{fill:#1D71B8;}"))
  }

  @Test func entityWhoseTextHoldsElementsPutsEveryNodeInTheTree() throws {
    let text = """
      <!DOCTYPE svg [<!ENTITY Smile "<rect width='5' height='5'/><g class='face'><circle r='2'/>hi</g>">]>
      <svg xmlns='http://www.w3.org/2000/svg'>&Smile;<g id='second'>&Smile;</g></svg>
      """
    let doc = try Document(string: text)
    #expect(doc.selectElements(named: "rect").count == 2)
    #expect(doc.selectElements(named: "circle").count == 2)
    let second = try #require(doc.element(withID: "second"))
    #expect(doc.elementChildren(of: second).map { doc[$0].name } == ["rect", "g"])
    let faces = doc.selectElements(named: "g").filter { doc[$0].attribute("class") == "face" }
    #expect(faces.count == 2)
    #expect(faces.allSatisfy { doc.textContent(of: $0) == "hi" })
    #expect(
      doc.descendants(of: Document.top).allSatisfy { doc.isSVGElement($0) || !doc[$0].isElement })
  }

  @Test func elementsFromEntitiesCountAgainstTheElementLimit() {
    let rects = String(repeating: "<rect/>", count: 10)
    let text =
      "<!DOCTYPE svg [<!ENTITY r \"\(rects)\">]><svg xmlns='http://www.w3.org/2000/svg'>"
      + String(repeating: "&r;", count: 10) + "</svg>"
    var limits = Limits()
    limits.maxElements = 50
    do {
      _ = try Document(string: text, limits: limits)
      Issue.record("read 101 elements under a limit of 50")
    } catch {
      #expect(error.kind == .limit)
    }
  }

  @Test func elementsAreIdentifiedWhenRead() throws {
    let doc = try Document(
      string: "<svg xmlns='http://www.w3.org/2000/svg' xmlns:x='urn:x'><rect/><x:rect/><blink/>"
        + "<linearGradient/><switch/></svg>")
    let elements = doc.descendants(of: Document.top).filter { doc[$0].isElement }
    #expect(
      elements.map { doc.elementName($0) } == [.svg, .rect, nil, nil, .linearGradient, .switch])
    var renamed = doc[elements[1]]
    renamed.name = "circle"
    #expect(renamed.elementName == .circle)
    renamed.name = "blink"
    #expect(renamed.elementName == nil)
  }

  @Test func elementLocationsPointAtTheStartTag() throws {
    let text =
      "<svg xmlns='http://www.w3.org/2000/svg'>\n  <rect\n     x='1'\n     y='2'/>\n<g><circle r='1'/></g></svg>"
    let doc = try Document(string: text)
    let rect = try #require(doc.selectElements(named: "rect").first)
    #expect(doc[rect].location == SourceLocation(line: 2, column: 3))
    let circle = try #require(doc.selectElements(named: "circle").first)
    #expect(doc[circle].location == SourceLocation(line: 5, column: 4))
  }

  @Test func elementLocationsOfLongAndMultilineTags() throws {
    // Start tags of every length around the reader's eight-byte steps, on one line and
    // across lines, with non-ASCII values: each element's location is where its `<` stands,
    // in characters, as counted here from the text.
    var text = "<svg xmlns='http://www.w3.org/2000/svg'>"
    for i in 0..<40 {
      let value =
        String(repeating: i % 3 == 0 ? "é" : "a", count: i) + (i % 7 == 3 ? "\nb\n" : "")
      let gap = i % 4 == 0 ? "\n   " : i % 4 == 2 ? "\n\n \n" : " "
      text += "<g id='g\(i)'\(gap)class='\(value)'/>"
      if i % 5 == 0 { text += "\n" }
    }
    text += "</svg>"
    let doc = try Document(string: text)
    let scalars = Array(text.unicodeScalars)
    var expected: [String: SVGTree.SourceLocation] = [:]
    var line = 1
    var column = 1
    for (k, c) in scalars.enumerated() {
      if c == "<", k + 7 < scalars.count, scalars[k + 1] == "g", scalars[k + 2] == " " {
        let id = String(String.UnicodeScalarView(scalars[(k + 7)...].prefix { $0 != "'" }))
        expected[id] = SourceLocation(line: line, column: column)
      }
      if c == "\n" {
        line += 1
        column = 1
      } else {
        column += 1
      }
    }
    #expect(expected.count == 40)
    for (id, location) in expected {
      let element = try #require(doc.element(withID: id))
      #expect(doc[element].location == location, "\(id)")
    }
  }

  @Test func attributeReferencesAreExpandedWhereverTheyStand() throws {
    // The reader looks for a `&` with libc's `memchr`: at the start, the end, past its
    // first block of bytes, and in no value at all.
    let long = String(repeating: "0123456789", count: 20)
    let text = """
      <!DOCTYPE svg [<!ENTITY w "words &amp; more">]>
      <svg xmlns='http://www.w3.org/2000/svg'><g id='a' class='&lt;x' lang='\(long)&#65;'
      style='&w;' title='plain \(long)'/></svg>
      """
    let doc = try Document(string: text)
    let g = try #require(doc.element(withID: "a"))
    #expect(doc[g].attribute("class") == "<x")
    #expect(doc[g].attribute("lang") == long + "A")
    #expect(doc[g].attribute("style") == "words & more")
    #expect(doc[g].attribute("title") == "plain " + long)
  }

  @Test func rootWithoutNamespaceIsReadWithAWarning() throws {
    let doc = try Document(string: "<svg width='10'><rect/></svg>")
    #expect(doc.treatsNoNamespaceAsSVG)
    #expect(doc.diagnostics.count == 1)
    #expect(doc.isSVGElement(doc.root!, named: "svg"))
  }

  @Test func notSVGIsAnError() {
    #expect(throws: SVGError.self) { try Document(string: "<html/>") }
    #expect(throws: SVGError.self) { try Document(string: "<svg xmlns='urn:other'/>") }
  }

  @Test func malformedXMLNamesLineAndColumn() {
    do {
      _ = try Document(
        string: "<svg xmlns='http://www.w3.org/2000/svg'>\n<rect x='1' y=2/>\n</svg>",
        path: "bad.svg")
      Issue.record("expected an error")
    } catch {
      #expect(error.kind == .syntax)
      #expect(error.location.line == 2)
      #expect(error.location.column > 0)
      #expect(error.description.hasPrefix("bad.svg:2:"))
    }
  }

  @Test func missingFileAndDirectoryAreIOErrors() {
    #expect(throws: SVGError(.io, "no such file", file: "/nonexistent.svg")) {
      try Document(contentsOfFile: "/nonexistent.svg")
    }
    #expect(throws: SVGError(.io, "is a directory", file: "/tmp")) {
      try Document(contentsOfFile: "/tmp")
    }
  }

  @Test func svgzIsInflated() throws {
    let text = "<svg xmlns='http://www.w3.org/2000/svg'><rect id='r'/></svg>"
    let doc = try Document(bytes: try gzip(Array(text.utf8)))
    #expect(doc.element(withID: "r") != nil)
  }

  @Test func truncatedGzipIsAnError() throws {
    let z = try gzip(Array("<svg xmlns='http://www.w3.org/2000/svg'/>".utf8))
    #expect(throws: SVGError.self) { try Document(bytes: Array(z.prefix(z.count / 2))) }
  }

  @Test func elementCapStopsTheParse() {
    var limits = Limits()
    limits.maxElements = 10
    let text =
      "<svg xmlns='http://www.w3.org/2000/svg'>" + String(repeating: "<g/>", count: 20) + "</svg>"
    #expect(throws: SVGError.self) { try Document(string: text, limits: limits) }
    #expect((try? Document(string: text)) != nil)
  }
}

/// gzip through the system tool, so the test does not trust our own zlib code.
func gzip(_ bytes: [UInt8]) throws -> [UInt8] {
  let run = try Executable.runProgram("/bin/gzip", ["-n", "-c"], stdin: Data(bytes))
  try #require(run.status == 0, "gzip: \(run.stderr)")
  return [UInt8](run.stdout)
}
