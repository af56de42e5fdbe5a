import Foundation
import TestSupport
import Testing

@testable import SVGTree

/// Reading on two threads (libxml2 on one, the tree builder on the other, ``ParseTape``)
/// gives the document, or the error, that reading on one gives: every node with its
/// attributes, location and span, the diagnostics and the bytes written back.
@Suite struct PipelinedReadingTests {
  /// What a read gave, in a form two reads can be compared by.
  static func outcome(_ bytes: [UInt8], pipelined: Bool, limits: Limits = .default) -> [String] {
    do {
      let doc = try XMLReader(limits: limits, path: "in.svg", pipelined: pipelined).read(bytes)
      var lines = doc.diagnostics.map(\.description)
      for id in doc.nodes.indices.map(NodeID.init) {
        let n = doc[id]
        let attributes = n.attributes.map {
          "\($0.prefix ?? "")|\($0.name)|\($0.namespaceURI ?? "")|\($0.value)|\($0.origin)"
        }
        let namespaces = n.namespaces.map { "\($0.prefix ?? "")=\($0.uri)" }
        lines.append(
          "\(n.kind) \(n.prefix ?? ""):\(n.name) {\(n.namespaceURI ?? "")} \(attributes) "
            + "\(namespaces) \(n.text.debugDescription) at \(n.location) in \(n.parent as Any) "
            + "span \(doc.span(of: id) as Any)")
      }
      lines.append("written \(doc.written().hashValue)")
      return lines
    } catch {
      return ["error \(error.kind) \(error.message) at \(error.location)"]
    }
  }

  /// Returns the outcome on two threads.
  @discardableResult
  static func expectSame(
    _ bytes: [UInt8], limits: Limits = .default, _ comment: String,
    sourceLocation: Testing.SourceLocation = #_sourceLocation
  ) -> [String] {
    let one = outcome(bytes, pipelined: false, limits: limits)
    let two = outcome(bytes, pipelined: true, limits: limits)
    #expect(one.count == two.count, "\(comment)", sourceLocation: sourceLocation)
    if let i = zip(one, two).enumerated().first(where: { $0.element.0 != $0.element.1 })?.offset {
      Issue.record(
        "\(comment): line \(i): \(one[i].prefix(300)) became \(two[i].prefix(300))",
        sourceLocation: sourceLocation)
    }
    return two
  }

  /// A drawing of many kinds of content over many chunks of the tape: long and multiline
  /// tags, non-ASCII values, a path's data longer than a chunk, entities in attributes and
  /// content, comments, PIs, CDATA and text.
  static func largeDrawing(elements: Int, pathBytes: Int) -> [UInt8] {
    var text = """
      <?xml version="1.0" encoding="UTF-8"?>
      <!DOCTYPE svg [
        <!ENTITY ns_svg "http://www.w3.org/2000/svg">
        <!ENTITY red "#ff0000">
        <!ENTITY shape "<rect width='5' height='5'/><!-- in the entity --><g class='f'>x</g>">
      ]>
      <svg xmlns="&ns_svg;" xmlns:xlink="http://www.w3.org/1999/xlink" width="10" height="10">

      """
    for i in 0..<elements {
      let value = String(repeating: i % 3 == 0 ? "é" : "a", count: i % 40)
      let gap = i % 4 == 0 ? "\n   " : " "
      text += "<g id='g\(i)'\(gap)class='\(value)' fill='&red;'><title>t \(i) &amp; ü</title>"
      if i % 50 == 0 { text += "&shape;<!-- c \(i) --><?pi \(i)?><style><![CDATA[a>b{}]]></style>" }
      text += "<use xlink:href='#g0'/></g>\n"
    }
    text += "<path d='M0 0" + String(repeating: " l1 2", count: pathBytes / 5) + "'/>\n</svg>\n"
    return Array(text.utf8)
  }

  @Test func aLargeDrawingIsReadTheSame() {
    Self.expectSame(Self.largeDrawing(elements: 6_000, pathBytes: 300_000), "large drawing")
  }

  @Test func theFixtureKindsAreReadTheSame() {
    for (name, text) in ByteExactWritingTests.inputs {
      Self.expectSame(ByteExactWritingTests.bytes(text), name)
    }
    var utf16: [UInt8] = [0xFF, 0xFE]
    for unit in "<svg xmlns='http://www.w3.org/2000/svg'>\n  <g id='é'/></svg>".utf16 {
      utf16 += [UInt8(unit & 0xFF), UInt8(unit >> 8)]
    }
    Self.expectSame(utf16, "UTF-16")
  }

  /// A limit stops the builder part of the way through a large input: the parser's thread
  /// stops too, and the error is the one a single thread reports.
  @Test func limitsStopBothThreadsAtTheSameEvent() {
    let drawing = Self.largeDrawing(elements: 6_000, pathBytes: 1_000)
    var elements = Limits.default
    elements.maxElements = 10_000
    Self.expectSame(drawing, limits: elements, "element cap")
    var depth = Limits.default
    depth.maxDepth = 1
    Self.expectSame(drawing, limits: depth, "depth cap")
    var expansion = Limits.default
    expansion.maxEntityExpansion = 2_000
    Self.expectSame(drawing, limits: expansion, "entity expansion cap")
  }

  @Test func hostileAndBrokenInputsFailTheSame() {
    let laughs = HostileInputTests.billionLaughs(inAttribute: false)
    Self.expectSame(Array(laughs.utf8), "billion laughs")
    var broken = Self.largeDrawing(elements: 3_000, pathBytes: 1_000)
    broken.insert(contentsOf: Array("<g <".utf8), at: broken.count / 2)
    Self.expectSame(broken, "a broken tag half way")
    var invalid = Self.largeDrawing(elements: 3_000, pathBytes: 1_000)
    invalid.insert(contentsOf: [0xFF, 0xFE], at: invalid.count - 100)
    Self.expectSame(invalid, "invalid UTF-8 near the end")
  }

  /// Large drawings cut short, with bytes changed, or with a stray `<` or `&` put in at
  /// random places (a fixed seed): whatever the error, or the document, it is the same.
  @Test func mutatedDrawingsGiveTheSameOutcome() throws {
    let files = try openclipartDrawings().filter {
      let size = (try? FileManager.default.attributesOfItem(atPath: $0))?[.size] as? Int
      return (size ?? 0) >= XMLReader.pipelineMinBytes
    }
    #expect(files.count >= 6)
    var random = SplitMix(seed: 18)
    var failed = 0
    for f in files.prefix(6) {
      let bytes = try BoundedFile.read(f, maxBytes: 100 << 20)
      for mutation in 0..<8 {
        var mutant = bytes
        let at = Int(random.next() * Double(bytes.count))
        switch mutation % 4 {
        case 0: mutant.removeSubrange(at...)
        case 1: mutant[at] = UInt8(random.next() * 256)
        case 2: mutant.insert(UInt8(ascii: "<"), at: at)
        default: mutant.insert(contentsOf: Array("&x;".utf8), at: at)
        }
        let outcome = Self.expectSame(mutant, "\(f), mutation \(mutation) at \(at)")
        if outcome.first?.hasPrefix("error") == true { failed += 1 }
      }
    }
    // Most mutants are errors, found at every stage of the parse; some still read.
    #expect(failed >= 24 && failed < 48, "\(failed) of 48 failed")
  }

  @Test func openclipartDrawingsAreReadTheSame() throws {
    // scripts/bootstrap installs openclipart-svg; every 32nd drawing, and the largest.
    let files = try openclipartDrawings()
    var checked = 0
    for (index, f) in files.enumerated() where index % 32 == 0 {
      Self.expectSame(try BoundedFile.read(f, maxBytes: 100 << 20), f)
      checked += 1
    }
    #expect(checked > 200)
  }
}
