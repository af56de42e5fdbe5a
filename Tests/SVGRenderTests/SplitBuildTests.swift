import Foundation
import SVGGeometry
import SVGTree
import Testing

@testable import SVGRender

/// A large drawing's render tree is built in runs at the same time (`SplitBuild`); the
/// tree, its diagnostics and the errors must be those of the build in document order, which
/// a check budget keeps (no cut is planned under one).
@Suite struct SplitBuildTests {
  /// A drawing of `count` shapes in one layer (the whole drawing, as Inkscape saves it)
  /// after a `defs`, each `count / 64`th of them replaced by `odd(i)` (for the `i`th shape).
  static func drawing(_ count: Int, odd: (Int) -> String = { _ in "" }) -> String {
    var shapes = ""
    for i in 0..<count {
      let special = i % (count / 64) == 0 ? odd(i) : ""
      shapes +=
        special.isEmpty
        ? ##"<path d="M\##(i % 97) \##(i % 89) l7 3 -2 6z" fill="#\##(String(i % 4096 + 4096, radix: 16).dropFirst())"/>"##
        : special
      shapes += "\n"
    }
    return """
      <svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink"
        viewBox="0 0 100 100" width="300" height="300">
      <defs>
        <linearGradient id="lg"><stop offset="0" stop-color="red"/><stop offset="1" stop-color="blue"/></linearGradient>
        <clipPath id="cp"><circle cx="50" cy="50" r="30"/></clipPath>
        <marker id="mk" markerWidth="4" markerHeight="4"><rect width="2" height="2" fill="green"/></marker>
        <rect id="bad" width="3" height="3" fill="nonsense"/>
        <g id="tile"><rect width="3" height="3" fill="url(#lg)"/><circle r="2" fill="url(#missing)"/></g>
      </defs>
      <metadata>drawn by hand</metadata>
      <g id="layer1">
      \(shapes)
      </g>
      </svg>
      """
  }

  /// Odd elements, in turn, spread over every run: every kind that reads or writes the
  /// build's shared state (uses, clips, gradients, markers, diagnostics).
  static func odd(_ i: Int) -> String {
    switch (i / 62) % 5 {
    case 0: ##"<use xlink:href="#tile" x="\##(i % 90)" y="\##(i % 80)"/>"##
    case 1: #"<path d="M10 10 L20 x" stroke="black" marker-end="url(#mk)"/>"#
    case 2: #"<rect width="40" height="40" fill="url(#lg)" clip-path="url(#cp)"/>"#
    case 3: #"<path d="M0 0 L \#(i % 50) 20" stroke="url(#lg)" fill="nonsense"/>"#
    default: ##"<g opacity="0.5"><use xlink:href="#tile"/><circle r="-1"/></g>"##
    }
  }

  /// The tree built as `svg-render` builds it, and the one built in document order.
  static func bothBuilds(_ text: String, limits: Limits = .default) throws -> (
    split: Result<RenderTree, RenderError>, inOrder: Result<RenderTree, RenderError>
  ) {
    var options = RenderOptions()
    options.limits = limits
    options.resources = .dataOnly
    return bothBuilds(try Document(string: text), options: options)
  }

  static func bothBuilds(_ document: Document, options: RenderOptions) -> (
    split: Result<RenderTree, RenderError>, inOrder: Result<RenderTree, RenderError>
  ) {
    var options = options
    let split = Result { () throws(RenderError) in
      try RenderTree(document: document, options: options)
    }
    options.cancellation = RenderCancellation(checks: .max)
    let inOrder = Result { () throws(RenderError) in
      try RenderTree(document: document, options: options)
    }
    return (split, inOrder)
  }

  /// Each node of the tree, in paint order, as a line: its kind, source, and what it draws.
  static func outline(_ tree: RenderTree) -> [String] {
    var lines: [String] = []
    func walk(_ node: RenderNode, _ depth: Int) {
      let indent = String(repeating: " ", count: depth)
      switch node {
      case .group(let g):
        lines.append(
          "\(indent)g \(g.source.map(\.index) ?? -1) \(g.absoluteTransform) \(g.opacity)"
            + " clip \(g.clipPath != nil) \(g.children.count)")
        for c in g.children { walk(c, depth + 1) }
      case .path(let p):
        lines.append(
          "\(indent)path \(p.source.map(\.index) ?? -1) \(p.path.elements.count)"
            + " \(String(describing: p.bounds)) \(String(describing: p.fill?.paint))"
            + " \(String(describing: p.stroke?.paint))")
      case .image(let i):
        lines.append("\(indent)image \(i.source.map(\.index) ?? -1)")
      }
    }
    walk(.group(tree.root), 0)
    return lines
  }

  static func expectSame(_ text: String, limits: Limits = .default) throws {
    let (split, inOrder) = try bothBuilds(text, limits: limits)
    switch (split, inOrder) {
    case (.success(let a), .success(let b)):
      #expect(a.diagnostics == b.diagnostics)
      // The first difference only (a failed `==` of whole outlines takes minutes to print).
      let (la, lb) = (outline(a), outline(b))
      let first = zip(la, lb).first { $0 != $1 }
      #expect(first == nil && la.count == lb.count)
      let size = Size(width: 300, height: 300)
      let (pa, pb) = try (a.rasterize(covering: size), b.rasterize(covering: size))
      #expect(BandedRasterTests.difference(pa, pb) == nil)
    case (.failure(let a), .failure(let b)):
      #expect(a.message == b.message)
    default:
      Issue.record("split: \(split), in order: \(inOrder)")
    }
  }

  @Test func aLargeDrawingIsCutInsideItsLayer() throws {
    let document = try Document(string: Self.drawing(4000))
    let plan = try #require(SplitBuild.plan(document, root: document.root!))
    #expect(document[plan.parent].attribute("id") == "layer1")
    // Equal shapes: runs of equal length, the most there may be.
    let kids = document.elementChildren(of: plan.parent).count
    let runs = SplitBuild.maxRuns
    #expect(plan.cuts == (1..<runs).map { ($0 * kids + runs / 2) / runs })
    // Small drawings and drawings with text are built in one run.
    let small = try Document(string: Self.drawing(400))
    #expect(SplitBuild.plan(small, root: small.root!) == nil)
    let text = try Document(string: Self.drawing(4000) { _ in "<text>a</text>" })
    #expect(SplitBuild.plan(text, root: text.root!) == nil)
  }

  /// Illustrator's files hold their layers in a `switch`, after a `foreignObject` of its own
  /// data that no renderer draws: the cut is made inside the layer the `switch` draws.
  @Test func aLayerInsideASwitchIsCut() throws {
    let illustrator = "http://ns.adobe.com/AdobeIllustrator/10.0/"
    let text = Self.drawing(4000, odd: Self.odd)
      .replacingOccurrences(
        of: #"<g id="layer1">"#,
        with: #"<switch><foreignObject requiredExtensions="\#(illustrator)" width="1" height="1"/>"#
          + #"<g id="layer1">"#
      )
      .replacingOccurrences(of: "</g>\n</svg>", with: "</g></switch>\n</svg>")
    let document = try Document(string: text)
    let plan = try #require(SplitBuild.plan(document, root: document.root!))
    #expect(document[plan.parent].attribute("id") == "layer1")
    #expect(document[plan.parent].parent.flatMap { document.elementName($0) } == .switch)
    try Self.expectSame(text)
  }

  @Test func theTreeAndDiagnosticsAreThoseOfTheBuildInOrder() throws {
    let (split, _) = try Self.bothBuilds(Self.drawing(4000, odd: Self.odd))
    // Diagnostics in every run, so that their order is checked.
    #expect(try split.get().diagnostics.count > 8)
    try Self.expectSame(Self.drawing(4000, odd: Self.odd))
  }

  /// The same diagnostic at the end of one run and the start of the next is given
  /// once, as the build in order gives a repeated diagnostic once: every shape around the
  /// cut is a `use` of the same rectangle, whose fill is invalid.
  @Test func aDiagnosticRepeatedAcrossTheCutIsGivenOnce() throws {
    var lines = Self.drawing(4000).split(separator: "\n", omittingEmptySubsequences: false)
    let layer = lines.firstIndex { $0.contains("layer1") }!
    for i in (layer + 1800)...(layer + 2200) { lines[i] = ##"<use xlink:href="#bad"/>"## }
    let (split, inOrder) = try Self.bothBuilds(lines.joined(separator: "\n"))
    let (a, b) = try (split.get(), inOrder.get())
    #expect(b.diagnostics.count == 1)
    #expect(a.diagnostics == b.diagnostics)
  }

  /// Limits the runs pass only together end the build as the build in order ends it.
  /// 64 uses of the tile clone 192 elements, spread over the runs.
  @Test(arguments: [100, 150, 1_000])
  func limitsPassedTogetherAreThoseOfTheBuildInOrder(_ limit: Int) throws {
    var limits = Limits.default
    limits.maxElements = limit
    let uses = Self.drawing(4000) { _ in ##"<use xlink:href="#tile"/>"## }
    try Self.expectSame(uses, limits: limits)
    limits.maxElements = .max
    limits.maxReferences = limit
    try Self.expectSame(uses, limits: limits)
  }

  /// An SVG image's reference budget is half of what is left of the render's, so it depends
  /// on the runs before it: in a later run, it is built again after them. Here the earlier
  /// runs' uses leave the image too little for its own 95 uses, which it would have with
  /// the whole budget.
  @Test func anSVGImageInALaterRunIsBuiltInOrder() throws {
    let inner = """
      <svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" \
      width="10" height="10"><rect id="r" width="5" height="5" fill="red"/>
      """ + String(repeating: ##"<use xlink:href="#r"/>"##, count: 95) + "</svg>"
    let url =
      "data:image/svg+xml;utf8," + inner.addingPercentEncoding(
        withAllowedCharacters: .alphanumerics)!
    let text = Self.drawing(4000) { i in
      i < 2000
        ? ##"<use xlink:href="#tile"/>"##
        : i < 2100 ? #"<image href="\#(url)" width="10" height="10"/>"# : ""
    }
    var limits = Limits.default
    limits.maxReferences = 200
    let (_, inOrder) = try Self.bothBuilds(text, limits: limits)
    #expect(try inOrder.get().diagnostics.contains { $0.message.contains("SVG image") })
    try Self.expectSame(text, limits: limits)
  }

  /// Another file is read once per render: referenced in every run, its warning (no SVG
  /// namespace) is given once, by the first run.
  @Test func anotherFileReferencedInEveryRunIsReadOnce() throws {
    let text = Self.drawing(4000) { _ in ##"<use xlink:href="no-namespace-sprites.svg#dot"/>"## }
    var document = try Document(string: text)
    document.sourcePath = FixtureFiles.path("external/split.svg")
    let (split, inOrder) = Self.bothBuilds(
      document, options: FixtureFiles.options("external/split.svg"))
    let (a, b) = try (split.get(), inOrder.get())
    #expect(a.diagnostics == b.diagnostics)
    #expect(FixtureFiles.messages(b).filter { $0.contains("read as SVG anyway") }.count == 1)
    #expect(Self.outline(a) == Self.outline(b))
  }
}
