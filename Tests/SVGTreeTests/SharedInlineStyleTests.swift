import Foundation
import Testing

@testable import SVGTree

/// One cascade parses each `style` text once and reuses what an element declaring only that
/// text gets (``InlineStyles``): elements sharing a text must get what each would get alone,
/// whatever else they declare, and whatever element first read the text.
@Suite struct SharedInlineStyleTests {
  static let style = "fill:#ff0000;stroke:blue !important;stroke-width:2;marker:url(#m)"

  /// The drawing with every element's `style` set to `text(i)` for the i-th element.
  static func drawing(_ text: (Int) -> String) -> String {
    let elements = [
      #"<rect id="a" style="S"/>"#,
      #"<rect id="b" fill="green" stroke-width="5" style="S"/>"#,
      #"<rect id="c" class="k" style="S"/>"#,
      #"<rect id="d" style="S"/>"#,
      #"<g id="e" opacity="0.5" style="S"><rect id="f" style="S"/></g>"#,
      #"<rect id="g" stroke="black" style="S"/>"#,
    ]
    var body = ""
    for (i, e) in elements.enumerated() {
      body += e.replacingOccurrences(of: "\"S\"", with: "\"\(text(i))\"")
    }
    return """
      <svg xmlns="http://www.w3.org/2000/svg"><style>.k{fill:yellow !important;\
      stroke:red !important;opacity:0.3}</style>\(body)</svg>
      """
  }

  @Test func elementsSharingAStyleTextGetWhatEachGetsAlone() throws {
    let shared = try Document(string: Self.drawing { _ in Self.style })
    // The same declarations in a different text for each element: nothing is shared.
    let apart = try Document(
      string: Self.drawing { Self.style + String(repeating: ";", count: $0 + 1) })
    let a = shared.specifiedStyles()
    let b = apart.specifiedStyles()
    #expect(a == b)
    #expect(shared.computeStyles() == apart.computeStyles())
    func value(_ id: String, _ name: String) -> String? {
      shared.element(withID: id).flatMap { a[$0.index][name] }
    }
    #expect(value("a", "fill") == "#ff0000")
    #expect(value("b", "fill") == "#ff0000")
    #expect(value("b", "stroke-width") == "2")
    #expect(value("c", "fill") == "yellow")
    #expect(value("c", "stroke") == "blue")
    #expect(value("c", "opacity") == "0.3")
    #expect(value("e", "opacity") == "0.5")
    #expect(value("f", "marker-end") == "url(#m)")
    #expect(value("g", "stroke") == "blue")
  }
}
