import Testing

@testable import SVGTree

/// A large document's elements are matched in two halves at once, each half with its own
/// cache of `style` texts (``Document/specifiedEntries(styleSheets:concurrently:)``): every
/// element must get what the match in one run gives it.
@Suite struct ConcurrentCascadeTests {
  /// `count` elements in nested groups: shared and unique `style` texts, classes matched by
  /// the style sheet, presentation attributes, and elements that declare nothing.
  static func drawing(_ count: Int) -> String {
    var body = ""
    for i in 0..<count {
      if i % 10 == 0 { body += #"<g class="k\#(i % 3)" opacity="0.\#(i % 9)">"# }
      switch i % 4 {
      case 0: body += #"<rect style="fill:red;stroke-width:\#(i % 5)"/>"#
      case 1: body += #"<circle class="k\#(i % 3)" style="stroke:blue !important"/>"#
      case 2: body += ##"<path fill="#\##(i % 7)\##(i % 7)\##(i % 7)" d="M0 0h1"/>"##
      default: body += "<ellipse/>"
      }
      if i % 10 == 9 { body += "</g>" }
    }
    return """
      <svg xmlns="http://www.w3.org/2000/svg"><style>.k0{fill:green} g.k1 > *{stroke:red \
      !important} .k2{opacity:0.5}</style>\(body)</svg>
      """
  }

  @Test func twoHalvesMatchAsOneThreadDoes() throws {
    let document = try Document(string: Self.drawing(3000))
    let sheets = document.styleSheets()
    let alone = document.specifiedEntries(styleSheets: sheets)
    // The halves one after the other, the second first: each must stand alone.
    var runs = 0
    let together = document.specifiedEntries(styleSheets: sheets) { n, job in
      runs += n
      for i in (0..<n).reversed() { job(i) }
    }
    #expect(runs == 2)
    #expect(alone.map { $0.dictionary } == together.map { $0.dictionary })
    #expect(alone.contains { $0.dictionary["stroke"] == "red" })
  }

  @Test func smallDocumentsAreMatchedOnOneThread() throws {
    let document = try Document(string: Self.drawing(Document.concurrentElements / 2))
    var called = false
    _ = document.specifiedEntries(styleSheets: document.styleSheets()) { _, _ in called = true }
    #expect(!called)
  }
}
