import SVGGeometry
import SVGRender
import SVGTree
import Testing

/// A drawn path with the transform from its user space to document coordinates (CSS px).
struct DrawnPath {
  var node: PathNode
  var transform: Transform
  var clipped: Bool

  var fillColor: Color? {
    if case .color(let c)? = node.fill?.paint { return c }
    return nil
  }
  /// The fill bounds in document coordinates.
  var documentBounds: Rect? { node.bounds?.applying(transform) }
}

enum StructureFixture {
  static func tree(
    _ body: String, svg: String = #"viewBox="0 0 200 200""#,
    options: RenderOptions = RenderOptions()
  ) throws -> RenderTree {
    let text = """
      <svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" \(svg)>
      \(body)
      </svg>
      """
    return try RenderTree(document: try Document(string: text), options: options)
  }

  static func paths(_ tree: RenderTree) -> [DrawnPath] {
    var out: [DrawnPath] = []
    func walk(_ node: RenderNode, _ t: Transform, _ clipped: Bool) {
      switch node {
      case .path(let p): out.append(DrawnPath(node: p, transform: t, clipped: clipped))
      case .image: break
      case .group(let g):
        for c in g.children { walk(c, t * g.transform, clipped || g.clipPath != nil) }
      }
    }
    walk(.group(tree.root), .identity, false)
    return out
  }

  static func messages(_ tree: RenderTree) -> [String] { tree.diagnostics.map(\.message) }
}

let green = Color(r: 0, g: 128, b: 0, alpha: 1)

@Suite struct UseTests {
  @Test func instanceInheritsFromTheUseNotFromTheOriginalParent() throws {
    let tree = try StructureFixture.tree(
      """
      <defs><g fill="red"><rect id="r" width="10" height="10"/></g></defs>
      <use href="#r" fill="green"/>
      """)
    let paths = StructureFixture.paths(tree)
    #expect(paths.count == 1)
    #expect(paths.first?.fillColor == green)
  }

  @Test func declaredValuesAndCSSRulesOfTheOriginalStillApply() throws {
    let tree = try StructureFixture.tree(
      """
      <style>#r { fill: green }</style>
      <defs><rect id="r" width="10" height="10" fill-opacity="0.5"/></defs>
      <use href="#r" fill="red" fill-opacity="0.5"/>
      """)
    let path = try #require(StructureFixture.paths(tree).first)
    #expect(path.fillColor == green)
    #expect(path.node.fill?.opacity == 0.5)
  }

  @Test func currentColorAndEmComeFromTheUse() throws {
    let tree = try StructureFixture.tree(
      """
      <defs><rect id="r" width="2em" height="10" fill="currentColor"/></defs>
      <use href="#r" color="green" font-size="20"/>
      """)
    let path = try #require(StructureFixture.paths(tree).first)
    #expect(path.fillColor == green)
    #expect(path.node.bounds?.width == 40)
  }

  @Test func xAndYTranslateAfterTheUseTransform() throws {
    let tree = try StructureFixture.tree(
      """
      <defs><rect id="r" width="10" height="10" transform="translate(1 0)"/></defs>
      <use href="#r" x="5" y="7" transform="scale(2)"/>
      """)
    let bounds = try #require(StructureFixture.paths(tree).first?.documentBounds)
    // scale(2) · translate(5 7) · translate(1 0)
    #expect(bounds == Rect(x: 12, y: 14, width: 20, height: 20))
  }

  @Test func referencesAnElementLaterInTheDocument() throws {
    let tree = try StructureFixture.tree(
      """
      <use xlink:href="#later" y="50"/>
      <rect id="later" width="10" height="10"/>
      """)
    let ys = StructureFixture.paths(tree).compactMap { $0.documentBounds?.y }.sorted()
    #expect(ys == [0, 50])
  }

  @Test func selfReferenceIsDroppedWithADiagnostic() throws {
    let tree = try StructureFixture.tree(##"<use id="u" href="#u"/><rect width="5" height="5"/>"##)
    #expect(StructureFixture.paths(tree).count == 1)
    #expect(StructureFixture.messages(tree).contains { $0.contains("itself") })
  }

  @Test func mutualRecursionEndsWithADiagnostic() throws {
    let tree = try StructureFixture.tree(
      """
      <g id="a"><rect width="5" height="5"/><use href="#b"/></g>
      <g id="b"><use href="#a"/></g>
      """)
    #expect(StructureFixture.messages(tree).contains { $0.contains("cycle") })
    #expect(!StructureFixture.paths(tree).isEmpty)
  }

  /// 2^40 instances: the reference limit (default 100,000) ends the build, within a budget
  /// of work (the builder's checks, one per element and per reference, at most ten per
  /// reference allowed) rather than of time, so a busy machine cannot fail it. Without the
  /// limit the check budget would stop the build instead, with the cancellation error.
  @Test func exponentialChainFailsAtTheReferenceLimitWithinAWorkBudget() throws {
    var body = #"<rect id="l0" width="1" height="1"/>"#
    for level in 1...40 {
      body +=
        ##"<g id="l\##(level)"><use href="#l\##(level - 1)"/><use href="#l\##(level - 1)"/></g>"##
    }
    var options = RenderOptions()
    let budget = RenderCancellation(checks: 10 * options.limits.maxReferences)
    options.cancellation = budget  // in place of the wall-clock maxRenderTime
    #expect {
      try StructureFixture.tree("<defs>\(body)</defs><use href=\"#l40\"/>", options: options)
    } throws: {
      guard let error = $0 as? RenderError else { return false }
      return error.kind == .limit && error.message.contains("more than 100000 references")
    }
    // Each reference resolved was one check: the budget did count the build's work.
    #expect(budget.checksMade > options.limits.maxReferences)
  }

  @Test func deepLinearChainsFailPastMaxReferenceDepth() throws {
    func chain(_ n: Int) -> String {
      var body = ##"<rect id="u0" width="1" height="1"/>"##
      for i in 1..<n { body += ##"<use id="u\##(i)" href="#u\##(i - 1)"/>"## }
      return "<defs>\(body)</defs><use href=\"#u\(n - 1)\"/>"
    }
    #expect(StructureFixture.paths(try StructureFixture.tree(chain(100))).count == 1)
    #expect(throws: RenderError.self) { try StructureFixture.tree(chain(5000)) }
  }

  @Test func clonedElementsCountAgainstMaxElements() throws {
    var options = RenderOptions()
    options.limits.maxElements = 50
    let rects = String(repeating: #"<rect width="1" height="1"/>"#, count: 20)
    let body =
      ##"<defs><g id="g">\##(rects)</g></defs><use href="#g"/><use href="#g"/><use href="#g"/>"##
    #expect(throws: RenderError.self) { try StructureFixture.tree(body, options: options) }
    let tree = try StructureFixture.tree(
      ##"<defs><g id="g">\##(rects)</g></defs><use href="#g"/>"##, options: options)
    #expect(StructureFixture.paths(tree).count == 20)
  }

  @Test func externalAndMissingReferencesDrawNothing() throws {
    let tree = try StructureFixture.tree(
      """
      <use href="other.svg#a"/><use href="#missing"/><use/>
      <linearGradient id="lg"/><use href="#lg"/>
      """)
    #expect(StructureFixture.paths(tree).isEmpty)
    let messages = StructureFixture.messages(tree)
    #expect(messages.contains { $0.contains("external resources are disabled") })
    #expect(messages.contains { $0.contains("missing") })
    #expect(messages.contains { $0.contains("without href") })
    #expect(messages.contains { $0.contains("linearGradient") })
  }

  @Test func displayNoneOnTheUseHidesTheInstance() throws {
    let tree = try StructureFixture.tree(
      """
      <defs><rect id="r" width="10" height="10" display="inline"/></defs>
      <use href="#r" display="none"/>
      """)
    #expect(StructureFixture.paths(tree).isEmpty)
  }

  @Test func useOfSVGTakesTheUseSize() throws {
    let tree = try StructureFixture.tree(
      """
      <defs><svg id="s" x="10" width="80" height="80"><rect width="200" height="200"/></svg>
      <use id="u2" href="#s" height="100"/></defs>
      <use href="#u2" width="150"/>
      """)
    let path = try #require(StructureFixture.paths(tree).first)
    #expect(path.clipped)
    #expect(path.documentBounds == Rect(x: 10, y: 0, width: 200, height: 200))
    // The clip rectangle is 80 x 100 at (10, 0): width from the svg, height from use u2.
    guard case .group(let outer) = tree.root.children.first else {
      Issue.record("expected a group")
      return
    }
    let clip = try #require(firstClip(.group(outer)))
    guard case .path(let rect) = clip.children.first else {
      Issue.record("expected a clip rectangle")
      return
    }
    #expect(rect.bounds == Rect(x: 10, y: 0, width: 80, height: 100))
  }

  func firstClip(_ node: RenderNode) -> ClipPath? {
    guard case .group(let g) = node else { return nil }
    if let c = g.clipPath { return c }
    for child in g.children { if let c = firstClip(child) { return c } }
    return nil
  }
}

@Suite struct SymbolTests {
  @Test func symbolDrawsOnlyThroughUse() throws {
    let tree = try StructureFixture.tree(#"<symbol id="s"><rect width="10" height="10"/></symbol>"#)
    #expect(StructureFixture.paths(tree).isEmpty)
  }

  @Test func viewBoxMapsIntoTheUseRectangleAndClips() throws {
    let tree = try StructureFixture.tree(
      """
      <symbol id="s" viewBox="0 0 10 10" width="999"><rect width="10" height="10"/></symbol>
      <use href="#s" x="20" y="30" width="100" height="50"/>
      """)
    let path = try #require(StructureFixture.paths(tree).first)
    // xMidYMid meet: scale 5, centred horizontally in the 100 x 50 viewport.
    #expect(path.documentBounds == Rect(x: 45, y: 30, width: 50, height: 50))
    #expect(path.clipped)
  }

  @Test func overflowVisibleIsNotClippedAndOpacityApplies() throws {
    let tree = try StructureFixture.tree(
      """
      <symbol id="s" overflow="visible" opacity="0.5"><rect width="10" height="10"/></symbol>
      <use href="#s"/>
      """)
    let path = try #require(StructureFixture.paths(tree).first)
    #expect(!path.clipped)
    // The use's group (queries need it to name the instance) holds the symbol's group.
    guard case .group(let use) = tree.root.children.first,
      case .group(let g) = use.children.first
    else {
      Issue.record("expected the use's group around the symbol's group")
      return
    }
    #expect(g.opacity == 0.5)
  }
}

@Suite struct ViewportTests {
  @Test func nestedSVGWithOnlyAViewBoxIsNotClipped() throws {
    let tree = try StructureFixture.tree(
      #"<svg viewBox="0 0 100 100"><rect width="300" height="10"/></svg>"#)
    #expect(StructureFixture.paths(tree).first?.clipped == false)
    let sized = try StructureFixture.tree(
      #"<svg width="50" height="50"><rect width="300" height="10"/></svg>"#)
    #expect(StructureFixture.paths(sized).first?.clipped == true)
  }

  @Test func rootWithoutSizeOrViewBoxFitsItsContent() throws {
    let tree = try StructureFixture.tree(#"<rect x="10" y="10" width="150" height="90"/>"#, svg: "")
    #expect(tree.size == Size(width: 160, height: 100))
  }

  @Test func rootPercentagesAreOfTheViewBox() throws {
    let tree = try StructureFixture.tree("", svg: #"width="50%" viewBox="0 0 200 100""#)
    #expect(tree.size == Size(width: 100, height: 50))
  }

  @Test func zeroOrNegativeRootSizeDrawsNothing() throws {
    for size in [#"width="0" height="10""#, #"width="-5" height="10""#] {
      let tree = try StructureFixture.tree(#"<rect width="10" height="10"/>"#, svg: size)
      #expect(StructureFixture.paths(tree).isEmpty)
      #expect(StructureFixture.messages(tree).contains { $0.contains("zero or negative") })
    }
  }

  @Test func singularTransformDisablesRendering() throws {
    let tree = try StructureFixture.tree(
      #"<g transform="matrix(0 0 0 0 0 0)"><rect width="10" height="10"/></g>"#)
    #expect(StructureFixture.paths(tree).isEmpty)
  }
}

@Suite struct DisplayAndSwitchTests {
  @Test func childrenOfDisplayNoneNeverRender() throws {
    let tree = try StructureFixture.tree(
      #"<g display="none"><rect width="10" height="10" display="inline"/></g>"#)
    #expect(StructureFixture.paths(tree).isEmpty)
  }

  @Test func switchTakesTheFirstKnownPassingChildEvenIfHidden() throws {
    let hidden = try StructureFixture.tree(
      """
      <switch><rect width="1" height="1" display="none"/><rect width="2" height="2"/></switch>
      """)
    #expect(StructureFixture.paths(hidden).isEmpty)
    let unknown = try StructureFixture.tree(
      """
      <switch><unknown/><rect width="2" height="2" systemLanguage="xx"/>
      <rect width="3" height="3" requiredFeatures="http://www.w3.org/TR/SVG11/feature#Shape"/>
      <rect width="4" height="4"/></switch>
      """)
    #expect(StructureFixture.paths(unknown).map { $0.node.bounds?.width } == [3])
  }

  @Test func unsupportedFeaturesAndExtensionsFail() throws {
    let tree = try StructureFixture.tree(
      """
      <rect width="1" height="1" requiredFeatures="http://www.w3.org/TR/SVG11/feature#Font"/>
      <rect width="1" height="1" requiredFeatures=""/>
      <rect width="1" height="1" requiredExtensions=""/>
      """)
    #expect(StructureFixture.paths(tree).isEmpty)
  }
}

@Suite struct TransformOriginTests {
  func bounds(_ origin: String) throws -> Rect? {
    let tree = try StructureFixture.tree(
      """
      <rect x="80" y="80" width="40" height="40" transform="scale(2)" transform-origin="\(origin)"/>
      """)
    return StructureFixture.paths(tree).first?.documentBounds
  }

  @Test func keywordsLengthsAndPercentages() throws {
    // Origin o: x' = 2x - o.
    #expect(try bounds("center") == Rect(x: 60, y: 60, width: 80, height: 80))
    #expect(try bounds("left") == Rect(x: 160, y: 60, width: 80, height: 80))
    #expect(try bounds("right bottom") == Rect(x: -40, y: -40, width: 80, height: 80))
    #expect(try bounds("bottom right") == Rect(x: -40, y: -40, width: 80, height: 80))
    #expect(try bounds("25% top") == Rect(x: 110, y: 160, width: 80, height: 80))
    #expect(try bounds("10 20 5") == Rect(x: 150, y: 140, width: 80, height: 80))
  }

  @Test func invalidValuesAreIgnoredWithADiagnostic() throws {
    for bad in ["top top", "left right", "foo", "1 2 3%", "1 2 3 4"] {
      #expect(try bounds(bad) == Rect(x: 160, y: 160, width: 80, height: 80), "\(bad)")
    }
  }
}

@Suite struct InstanceCascadeTests {
  @Test func specifiedStylesAndInheritanceUnderAnotherParent() throws {
    let doc = try Document(
      string: """
        <svg xmlns="http://www.w3.org/2000/svg"><style>rect { stroke: blue }</style>
        <g fill="red"><rect id="r" stroke-width="inherit" opacity="0.5"/></g></svg>
        """)
    let r = try #require(doc.element(withID: "r"))
    let specified = doc.specifiedStyles()[r.index]
    #expect(specified["stroke"] == "blue")
    #expect(specified["fill"] == nil)
    let parent = ComputedStyle(["fill": "green", "stroke-width": "3", "opacity": "0.2"])
    let style = ComputedStyle(specified: specified, parent: parent)
    #expect(style["fill"] == "green")
    #expect(style["stroke-width"] == "3")
    #expect(style["opacity"] == "0.5")
    #expect(ComputedStyle(specified: [:], parent: parent)["opacity"] == nil)
    #expect(doc.computeStyles(specified: doc.specifiedStyles()) == doc.computeStyles())
  }

  @Test func entityContentTakesTheDefaultNamespaceInScope() throws {
    let doc = try Document(
      string: """
        <!DOCTYPE svg [<!ENTITY R "<rect id='r' width='5' height='5'/>">]>
        <svg xmlns="http://www.w3.org/2000/svg"><g>&R;</g></svg>
        """)
    let r = try #require(doc.element(withID: "r"))
    #expect(doc.isSVGElement(r, named: "rect"))
  }
}
