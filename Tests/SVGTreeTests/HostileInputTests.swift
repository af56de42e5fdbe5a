import Foundation
import Testing

@testable import SVGTree

/// Files built to attack XML parsers. Each must end in a clear error or a safe parse,
/// without reading any file. Where a limit ends the parse, the error's kind (and where it
/// was raised) shows the limit stopped the work: no test here times the parser, which a
/// busy machine would fail (speed is measured in `scripts/bench`).
@Suite struct HostileInputTests {
  static let svgOpen = "<svg xmlns='http://www.w3.org/2000/svg'>"

  static func billionLaughs(inAttribute: Bool) -> String {
    var dtd = "<!DOCTYPE svg [\n<!ENTITY lol0 \"lol\">\n"
    for i in 1...9 {
      dtd += "<!ENTITY lol\(i) \"" + String(repeating: "&lol\(i - 1);", count: 10) + "\">\n"
    }
    dtd += "]>\n"
    return dtd
      + (inAttribute
        ? "<svg xmlns='http://www.w3.org/2000/svg' id='&lol9;'/>"
        : svgOpen + "<text>&lol9;</text></svg>")
  }

  /// 10^9 "lol"s: an entity limit (libxml2's amplification check or
  /// ``Limits/maxEntityExpansion``, 10 MiB) refuses it, on the line that uses the entity.
  @Test(arguments: [false, true]) func billionLaughsIsRefused(inAttribute: Bool) {
    do {
      _ = try Document(string: Self.billionLaughs(inAttribute: inAttribute))
      Issue.record("a billion laughs parsed")
    } catch {
      #expect(error.kind == .limit)
      #expect(error.location.line == 13, "\(error)")
    }
  }

  @Test func quadraticBlowupIsCapped() {
    let big = String(repeating: "x", count: 100_000)
    let text =
      "<!DOCTYPE svg [<!ENTITY a \"\(big)\">]>" + Self.svgOpen + "<text>"
      + String(repeating: "&a;", count: 1000) + "</text></svg>"
    var limits = Limits()
    limits.maxEntityExpansion = 1 << 20
    #expect(throws: SVGError.self) { try Document(string: text, limits: limits) }
  }

  @Test func externalEntityIsNeverRead() throws {
    let text = """
      <!DOCTYPE svg [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>
      <svg xmlns='http://www.w3.org/2000/svg'><text id='t'>&xxe;</text><desc id='d' title='&xxe;'/></svg>
      """
    // Either refused or parsed with the entity left empty: never the file's content.
    if let doc = try? Document(string: text) {
      let t = try #require(doc.element(withID: "t"))
      #expect(!doc.textContent(of: t).contains("root:"))
      #expect(doc.serialized().contains("root:") == false)
    }
  }

  @Test func parameterEntityAndExternalSubsetAreNeverRead() throws {
    let text = """
      <!DOCTYPE svg SYSTEM "file:///etc/passwd" [<!ENTITY % p SYSTEM "file:///etc/passwd"> %p;]>
      <svg xmlns='http://www.w3.org/2000/svg'><text id='t'>x</text></svg>
      """
    if let doc = try? Document(string: text) {
      #expect(!doc.serialized().contains("root:"))
    }
  }

  @Test func deepNestingIsAClearErrorNotACrash() {
    let depth = 100_000
    let text =
      Self.svgOpen + String(repeating: "<g>", count: depth)
      + String(repeating: "</g>", count: depth) + "</svg>"
    do {
      _ = try Document(string: text)
      Issue.record("100,000-deep nesting parsed")
    } catch {
      #expect(error.kind == .limit)
      // Raised at the first element past a depth limit (libxml2's 256 or
      // ``Limits/maxDepth``, 1,024), so the parse stopped there: not after reading the
      // 100,000 tags that follow.
      let limit = Limits.default.maxDepth
      #expect(error.location.line == 1)
      #expect(error.location.column <= Self.svgOpen.count + 3 * (limit + 2), "\(error)")
    }
  }

  @Test func inputSizeCapIsChecked() {
    var limits = Limits()
    limits.maxInputBytes = 100
    let text = Self.svgOpen + String(repeating: " ", count: 200) + "</svg>"
    #expect(throws: SVGError.self) { try Document(string: text, limits: limits) }
  }

  @Test func gzipBombStopsAtTheCap() throws {
    let zeros = [UInt8](repeating: 0x20, count: 8 << 20)
    var limits = Limits()
    limits.maxInputBytes = 1 << 20
    let z = try gzip(Array(Self.svgOpen.utf8) + zeros)
    #expect(z.count < 100_000)
    do {
      _ = try Document(bytes: z, limits: limits)
      Issue.record("the bomb inflated")
    } catch {
      #expect(error.kind == .limit)
    }
  }

  @Test func invalidUTF8IsASyntaxError() {
    let bytes = Array(Self.svgOpen.utf8) + [0xFF, 0xFE, 0x80] + Array("</svg>".utf8)
    #expect(throws: SVGError.self) { try Document(bytes: bytes) }
  }
}

@Suite struct OversizedValueTests {
  /// libxml2 stops at 10 MB for one attribute; the error says so, not what it breaks after.
  @Test func anAttributeOver10MBIsALimitErrorThatSaysSo() {
    let d = "M0 0" + String(repeating: " L1 1", count: 2_200_000)
    let text = "<svg xmlns='http://www.w3.org/2000/svg'>\n<path d='\(d)'/></svg>"
    do {
      _ = try Document(string: text, path: "big.svg")
      Issue.record("an 11 MB attribute was read")
    } catch {
      #expect(error.kind == .limit)
      #expect(error.message.hasPrefix("AttValue length too long"))
      #expect(error.description.hasPrefix("big.svg:2:"))
    }
  }

  @Test func aBrokenTagStillGetsLibxml2sLastMessage() {
    #expect(throws: SVGError.self) {
      try Document(string: "<svg xmlns='http://www.w3.org/2000/svg'><rect width='5'</svg>")
    }
    do {
      _ = try Document(string: "<svg xmlns='http://www.w3.org/2000/svg'>\n<rect width='5'</svg>")
    } catch {
      #expect(error.kind == .syntax)
      #expect(error.message.contains("Couldn't find end of Start Tag rect"))
    }
  }
}
