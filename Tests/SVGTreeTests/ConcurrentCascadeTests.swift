import Testing

@testable import SVGTree

/// A large document's elements are styled in runs at once, each run with its own cache of
/// `style` texts, after the ancestors of each run's first element
/// (``Document/cascade(styleSheets:inheritedDefaults:dpi:concurrently:)``): every element
/// must get the declared values and computed style that one run gives it.
@Suite struct ConcurrentCascadeTests {
  /// `count` elements in groups of ten, in two groups that hand properties down: shared and
  /// unique `style` texts, classes matched by the style sheet, presentation attributes, and
  /// elements that declare nothing.
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
      if i % 10 == 9 || i == count - 1 { body += "</g>" }
    }
    return """
      <svg xmlns="http://www.w3.org/2000/svg"><style>.k0{fill:green} g.k1 > *{stroke:red \
      !important} .k2{opacity:0.5}</style><g fill="green" font-size="2em"><g \
      stroke-width="3pt">\(body)</g></g></svg>
      """
  }

  @Test(arguments: [3000, 3001, 3017])
  func runsStyleAsOneThreadDoes(count: Int) throws {
    let document = try Document(string: Self.drawing(count))
    let sheets = document.styleSheets()
    let alone = document.cascade(styleSheets: sheets, dpi: 192)
    // The runs one after the other, the last first: each must stand alone.
    var runs = 0
    let together = document.cascade(styleSheets: sheets, dpi: 192) { n, job in
      runs += n
      for i in (0..<n).reversed() { job(i) }
    }
    #expect(runs == Document.runs)
    // The first nodes whose styles differ, if any (the arrays are too long to print whole).
    func differing<T: Equatable>(_ a: [T], _ b: [T]) -> [Int] {
      Array(a.indices.filter { $0 >= b.count || a[$0] != b[$0] }.prefix(5))
    }
    #expect(differing(alone.specified, together.specified) == [])
    #expect(differing(alone.styles, together.styles) == [])
    #expect(differing(alone.specified, document.specifiedEntries(styleSheets: sheets)) == [])
    let computed = document.computeStyles(specified: alone.specified, dpi: 192)
    #expect(differing(alone.styles, computed) == [])
    #expect(alone.specified.contains { $0.dictionary["stroke"] == "red" })
    // Inherited from a group whose start an earlier run holds.
    #expect(together.styles.contains { $0["fill"] == "green" && $0["stroke"] == "red" })
  }

  @Test func smallDocumentsAreStyledOnOneThread() throws {
    let document = try Document(string: Self.drawing(Document.concurrentElements / 2))
    var called = false
    _ = document.cascade(styleSheets: document.styleSheets()) { _, _ in called = true }
    #expect(!called)
  }
}
