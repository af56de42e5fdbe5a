import SVGGeometry
import SVGTree
import Testing

@testable import SVGRender

/// A document, its render tree and lookups by element `id`.
private struct Built {
  let document: Document
  let tree: RenderTree

  init(_ body: String, viewBox: String = "0 0 100 100") throws {
    let svg = """
      <svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" \
      viewBox="\(viewBox)" width="100" height="100">\(body)</svg>
      """
    document = try Document(string: svg)
    tree = try RenderTree(document: document)
  }

  /// The render node made from the element with `id` (first in paint order).
  func node(_ id: String) -> RenderNode? {
    guard let target = document.element(withID: id) else { return nil }
    func find(_ node: RenderNode) -> RenderNode? {
      if node.source == target { return node }
      if case .group(let g) = node {
        for child in g.children { if let hit = find(child) { return hit } }
      }
      return nil
    }
    return find(.group(tree.root))
  }

  func group(_ id: String) -> Group? {
    if case .group(let g) = node(id) { return g }
    return nil
  }

  func warned(_ fragment: String) -> Bool {
    tree.diagnostics.contains { $0.message.contains(fragment) }
  }

  func pixels() throws -> Bitmap { try tree.rasterize(width: 100, height: 100) }
}

private func near(_ a: Double, _ b: Double, _ tolerance: Double = 1e-6) -> Bool {
  abs(a - b) <= tolerance
}

private func near(_ r: Rect?, _ x: Double, _ y: Double, _ w: Double, _ h: Double) -> Bool {
  guard let r else { return false }
  return near(r.x, x, 1e-4) && near(r.y, y, 1e-4) && near(r.width, w, 1e-4)
    && near(r.height, h, 1e-4)
}

// MARK: - Bounding boxes

@Suite struct FillBoundsTests {
  @Test func pathUnderRotationIsExact() {
    // A circle's box does not grow when rotated; transforming its box would.
    let node = RenderNode.path(PathNode(source: nil, path: Shape.circle(cx: 0, cy: 0, r: 10)))
    let box = node.fillBounds(in: .rotate(45))
    #expect(near(box, -10, -10, 20, 20))
  }

  @Test func nestedGroupTransformsCompose() {
    var inner = Group()
    inner.transform = .scale(2, 3)
    let square = Shape.rect(x: 1, y: 1, width: 1, height: 1)
    inner.children = [.path(PathNode(source: nil, path: square))]
    var outer = Group()
    outer.transform = .translate(10, 20)
    outer.children = [.group(inner)]
    #expect(near(RenderNode.group(outer).fillBounds(), 12, 23, 2, 3))
    // The group's own transform applies; the requested space comes on top.
    #expect(near(outer.fillBounds(in: .scale(0.5, 0.5)), 6, 11.5, 1, 1.5))
  }

  @Test func unionSkipsNodesWithoutGeometry() {
    let nodes: [RenderNode] = [
      .group(Group()),
      .path(PathNode(source: nil, path: Shape.rect(x: 0, y: 0, width: 5, height: 5))),
      .path(PathNode(source: nil, path: Shape.rect(x: 10, y: -5, width: 5, height: 5))),
    ]
    #expect(near(nodes.fillBounds(), 0, -5, 15, 10))
    #expect([RenderNode]().fillBounds() == nil)
    #expect([RenderNode.group(Group())].fillBounds() == nil)
  }

  @Test func lineHasAnEmptyBox() throws {
    let box = RenderNode.path(PathNode(source: nil, path: Shape.line(x1: 0, y1: 5, x2: 10, y2: 5)))
      .fillBounds()
    #expect(near(box, 0, 5, 10, 0))
    #expect(box?.isEmpty == true)
  }

  @Test func hiddenAndUnpaintedShapesCount() throws {
    let b = try Built(
      """
      <g id="g"><rect x="10" y="10" width="10" height="10" visibility="hidden"/>
      <rect x="50" y="50" width="10" height="10" fill="none"/>
      <rect x="30" y="30" width="1" height="1"/></g>
      """)
    #expect(near(b.group("g")?.fillBounds(), 10, 10, 50, 50))
  }

  @Test func boundingBoxTransformMapsTheUnitSquare() {
    let t = Transform(boundingBox: Rect(x: 10, y: 20, width: 30, height: 40))
    let p = t.apply(Point(1, 1))
    #expect(near(p.x, 40) && near(p.y, 60))
  }
}

// MARK: - clipPath

@Suite struct ClipPathTests {
  @Test func objectBoundingBoxUnitsFoldTheBoxIntoTheTransform() throws {
    let b = try Built(
      """
      <clipPath id="c" clipPathUnits="objectBoundingBox" transform="translate(1 2)">
        <rect width="0.5" height="0.5"/></clipPath>
      <rect id="r" x="10" y="20" width="40" height="60" clip-path="url(#c)"/>
      """)
    let clip = try #require(b.group("r")?.clipPath)
    let t = clip.transform
    #expect(near(t.a, 40) && near(t.d, 60) && near(t.e, 11) && near(t.f, 22))
  }

  @Test func childrenKeepTheirRuleAndLoseTheirPaint() throws {
    let b = try Built(
      """
      <g clip-rule="evenodd"><clipPath id="c">
        <path d="M0 0H10V10Z" fill="none" stroke="red"/>
        <circle r="5" clip-rule="nonzero" transform="translate(50 50)"/></clipPath></g>
      <rect id="r" width="100" height="100" clip-path="url(#c)"/>
      """)
    let clip = try #require(b.group("r")?.clipPath)
    #expect(clip.children.count == 2)
    guard case .path(let first) = clip.children[0] else { Issue.record("not a path"); return }
    #expect(first.fill?.rule == .evenOdd)
    #expect(first.stroke == nil)
    guard case .group(let second) = clip.children[1], case .path(let circle) = second.children[0]
    else { Issue.record("transformed child not grouped"); return }
    #expect(second.transform == .translate(50, 50))
    #expect(circle.fill?.rule == .nonZero)
  }

  @Test func invalidChildrenAreIgnoredWithADiagnostic() throws {
    let b = try Built(
      """
      <symbol id="s"><rect width="10" height="10"/></symbol>
      <clipPath id="c"><g><rect width="10" height="10"/></g><line x2="10" y2="10"/>
        <use xlink:href="#s"/><rect width="5" height="5" display="none"/></clipPath>
      <rect id="r" width="100" height="100" clip-path="url(#c)"/>
      """)
    let clip = try #require(b.group("r")?.clipPath)
    #expect(clip.children.isEmpty)
    #expect(b.warned("<g> is not a valid clipPath child"))
    #expect(b.warned("<line> is not a valid clipPath child"))
    #expect(b.warned("must reference a shape"))
  }

  @Test func useChildPointingAtAShapeIsOffset() throws {
    let b = try Built(
      """
      <defs><rect id="shape" width="10" height="10" transform="scale(2)"/></defs>
      <clipPath id="c"><use xlink:href="#shape" x="5" y="7"/></clipPath>
      <rect id="r" width="100" height="100" clip-path="url(#c)"/>
      """)
    let clip = try #require(b.group("r")?.clipPath)
    #expect(near(clip.children.fillBounds(), 5, 7, 20, 20))
  }

  @Test func clipPathOnClipPathAndOnChildrenResolve() throws {
    let b = try Built(
      """
      <clipPath id="outer"><rect width="50" height="100"/></clipPath>
      <clipPath id="c" clip-path="url(#outer)">
        <rect width="80" height="80" clip-path="url(#outer)"/>
      </clipPath>
      <rect id="r" width="100" height="100" clip-path="url(#c)"/>
      """)
    let clip = try #require(b.group("r")?.clipPath)
    #expect(clip.clipPath != nil)
    guard case .group(let child) = clip.children.first else { Issue.record("child"); return }
    #expect(child.clipPath != nil)
  }

  @Test func missingReferenceIsIgnored() throws {
    let b = try Built(#"<rect id="r" width="10" height="10" clip-path="url(#nope)"/>"#)
    guard case .path = b.node("r") else { Issue.record("rect not drawn plainly"); return }
    #expect(b.warned("missing element #nope"))
  }

  @Test func referenceToAnotherElementHidesTheElement() throws {
    let b = try Built(
      #"<rect id="other" width="1" height="1"/>"#
        + #"<rect id="r" width="10" height="10" clip-path="url(#other)"/>"#
    )
    #expect(b.node("r") == nil)
    #expect(b.warned("not a <clipPath>"))
  }

  @Test(arguments: ["matrix(0 0 0 0 0 0)", "scale(1 0)", "rotate(oops)"])
  func unusableTransformHidesTheElement(_ transform: String) throws {
    let b = try Built(
      """
      <clipPath id="c" transform="\(transform)"><rect width="10" height="10"/></clipPath>
      <rect id="r" width="10" height="10" clip-path="url(#c)"/>
      """)
    #expect(b.node("r") == nil)
    #expect(b.warned("unusable transform"))
  }

  @Test func objectUnitsOnAnElementWithoutAreaHideIt() throws {
    let b = try Built(
      """
      <clipPath id="c" clipPathUnits="objectBoundingBox"><rect width="1" height="1"/></clipPath>
      <line id="l" x2="100" stroke="black" clip-path="url(#c)"/>
      """)
    #expect(b.node("l") == nil)
    #expect(b.warned("without a bounding box"))
  }

  @Test func selfReferencesAreBroken() throws {
    let b = try Built(
      """
      <clipPath id="c" clip-path="url(#c)"><rect width="10" height="10" clip-path="url(#c)"/>
      </clipPath>
      <rect id="r" width="100" height="100" clip-path="url(#c)"/>
      """)
    let clip = try #require(b.group("r")?.clipPath)
    #expect(clip.clipPath == nil)
    guard case .path = clip.children.first else { Issue.record("child kept its link"); return }
    #expect(b.warned("closes a cycle"))
  }

  @Test func mutualReferencesKeepTheFirstLink() throws {
    let b = try Built(
      """
      <clipPath id="a" clip-path="url(#b)"><rect width="50" height="50"/></clipPath>
      <clipPath id="b" clip-path="url(#a)"><rect width="30" height="80"/></clipPath>
      <rect id="r" width="100" height="100" clip-path="url(#a)"/>
      """)
    let clip = try #require(b.group("r")?.clipPath)
    let inner = try #require(clip.clipPath)
    #expect(inner.clipPath == nil)
  }

  @Test func longerCyclesHideTheElement() throws {
    let b = try Built(
      """
      <clipPath id="a"><rect width="50" height="50" clip-path="url(#b)"/></clipPath>
      <clipPath id="b"><rect width="50" height="50" clip-path="url(#c)"/></clipPath>
      <clipPath id="c"><rect width="50" height="50" clip-path="url(#a)"/></clipPath>
      <rect id="r" width="100" height="100" fill="#00f" clip-path="url(#a)"/>
      """)
    // The child that closes the cycle is dropped, which leaves nothing of the clip region.
    #expect(b.warned("reference cycle"))
    #expect(try b.pixels().rgba(x: 10, y: 10).a == 0)
  }

  @Test func clipsPixels() throws {
    let b = try Built(
      """
      <clipPath id="c" clip-rule="evenodd"><path d="M10 10H90V90H10ZM30 30H70V70H30Z"/>
      </clipPath>
      <clipPath id="half" ><rect width="50" height="100"/></clipPath>
      <g clip-path="url(#half)"><rect width="100" height="100" fill="#00f" clip-path="url(#c)"/></g>
      """)
    let bitmap = try b.pixels()
    #expect(bitmap.rgba(x: 20, y: 50) == (0, 0, 255, 255))
    #expect(bitmap.rgba(x: 50 - 10, y: 50).a == 0)  // in the even-odd hole
    #expect(bitmap.rgba(x: 80, y: 20).a == 0)  // outside the outer clip
    #expect(bitmap.rgba(x: 5, y: 5).a == 0)  // outside the path
  }
}

@Suite struct ClipDrawingTests {
  /// Draws `shapes` as the clip of a semi-transparent rect, once as they are and once with a
  /// second child that the outer clip removes: the first is a cairo clip, the second goes
  /// through a coverage layer, and both must give the same region.
  private func bothWays(_ shapes: String, outer: String) throws -> (Bitmap, Bitmap) {
    func draw(_ children: String) throws -> Bitmap {
      try Built(
        """
        <clipPath id="o">\(outer)</clipPath>
        <clipPath id="c" clip-path="url(#o)">\(children)</clipPath>
        <rect width="100" height="100" fill="#f00"/>
        <rect width="100" height="100" fill="#00f" opacity="0.5" clip-path="url(#c)"/>
        """
      ).pixels()
    }
    return (try draw(shapes), try draw(shapes + #"<rect x="90" y="90" width="5" height="5"/>"#))
  }

  @Test func directClipMatchesCoverageLayer() throws {
    let (direct, layered) = try bothWays(
      #"<circle cx="50" cy="50" r="40" transform="rotate(10 50 50)" clip-path="url(#o)"/>"#,
      outer: #"<path d="M0 0H70V100H0ZM20 20V40H40V20Z" clip-rule="evenodd"/>"#)
    var differing = 0
    for y in 0..<100 {
      for x in 0..<100 {
        let a = direct.rgba(x: x, y: y)
        let b = layered.rgba(x: x, y: y)
        if abs(Int(a.r) - Int(b.r)) > 8 || abs(Int(a.b) - Int(b.b)) > 8 { differing += 1 }
      }
    }
    #expect(differing == 0)
    #expect(direct.rgba(x: 50, y: 50).b > 100)  // inside: blue over red
    #expect(direct.rgba(x: 30, y: 30).b == 0)  // the outer clip's hole
    #expect(direct.rgba(x: 85, y: 50).b == 0)  // outside the outer clip
  }
}

// MARK: - mask

@Suite struct MaskTests {
  @Test func defaultRegionIsTenPercentAroundTheBox() throws {
    let b = try Built(
      """
      <mask id="m"><rect width="100" height="100" fill="white"/></mask>
      <rect id="r" x="10" y="20" width="50" height="40" mask="url(#m)"/>
      """)
    let mask = try #require(b.group("r")?.mask)
    #expect(near(mask.region, 5, 16, 60, 48))
    #expect(mask.kind == .luminance)
  }

  @Test func userSpaceRegionUsesViewportPercentages() throws {
    let b = try Built(
      """
      <mask id="m" maskUnits="userSpaceOnUse" width="30%">
        <rect width="10" height="10" fill="white"/>
      </mask>
      <rect id="r" width="50" height="40" mask="url(#m)"/>
      """, viewBox: "0 0 200 100")
    let mask = try #require(b.group("r")?.mask)
    #expect(near(mask.region, -20, -10, 60, 120))
  }

  @Test func contentUnitsAndPercentRegion() throws {
    let b = try Built(
      """
      <mask id="m" x="25%" width="0.5" maskContentUnits="objectBoundingBox" mask-type="alpha">
        <rect width="1" height="1"/></mask>
      <rect id="r" x="10" y="10" width="80" height="40" mask="url(#m)"/>
      """)
    let mask = try #require(b.group("r")?.mask)
    #expect(near(mask.region, 30, 6, 40, 48))
    let box = Rect(x: 10, y: 10, width: 80, height: 40)
    #expect(mask.content.transform == Transform(boundingBox: box))
    #expect(mask.kind == .alpha)
  }

  @Test(arguments: [
    #"<mask id="m"/>"#,
    #"<mask id="m"><rect width="10" height="10" display="none"/></mask>"#,
    #"<mask id="m" width="0"><rect width="10" height="10"/></mask>"#,
    #"<mask id="m" mask="url(#g)"><rect width="10" height="10"/></mask><g id="g"/>"#,
  ])
  func invalidMasksHideTheElement(_ mask: String) throws {
    let b = try Built("\(mask)<rect id=\"r\" width=\"10\" height=\"10\" mask=\"url(#m)\"/>")
    #expect(b.node("r") == nil)
    #expect(!b.tree.diagnostics.isEmpty)
  }

  @Test func maskOnZeroHeightElementHidesIt() throws {
    let b = try Built(
      """
      <mask id="m"><rect width="100" height="100" fill="white"/></mask>
      <line id="l" x2="100" y1="5" y2="5" stroke="black" mask="url(#m)"/>
      """)
    #expect(b.node("l") == nil)
  }

  @Test func mutualMasksKeepTheFirstLink() throws {
    let b = try Built(
      """
      <mask id="a" mask="url(#b)"><rect width="10" height="10" fill="white"/></mask>
      <mask id="b" mask="url(#a)"><rect width="10" height="10" fill="white"/></mask>
      <rect id="r" width="10" height="10" mask="url(#b)"/>
      """)
    let mask = try #require(b.group("r")?.mask)
    #expect(mask.mask == nil)
  }

  @Test func luminanceAndAlphaMasksScaleCoverage() throws {
    let b = try Built(
      """
      <mask id="lum" maskUnits="userSpaceOnUse"><rect width="100" height="50" fill="#808080"/>
      </mask>
      <mask id="alpha" maskUnits="userSpaceOnUse" mask-type="alpha">
        <rect y="50" width="100" height="50" fill="black" fill-opacity="0.25"/></mask>
      <rect width="100" height="50" fill="#00f" mask="url(#lum)"/>
      <rect y="50" width="100" height="50" fill="#00f" mask="url(#alpha)"/>
      """)
    let bitmap = try b.pixels()
    let top = bitmap.rgba(x: 50, y: 25)
    let bottom = bitmap.rgba(x: 50, y: 75)
    #expect(abs(Int(top.a) - 128) <= 2)
    #expect(abs(Int(bottom.a) - 64) <= 2)
    #expect(top.b == 255 && bottom.b == 255)
  }

  @Test func maskOnMaskMultiplies() throws {
    let b = try Built(
      """
      <mask id="inner" maskUnits="userSpaceOnUse">
        <rect width="50" height="100" fill="white"/></mask>
      <mask id="m" maskUnits="userSpaceOnUse" mask="url(#inner)">
        <rect width="100" height="100" fill="white"/></mask>
      <rect width="100" height="100" fill="#0f0" mask="url(#m)"/>
      """)
    let bitmap = try b.pixels()
    #expect(bitmap.rgba(x: 25, y: 50).a == 255)
    #expect(bitmap.rgba(x: 75, y: 50).a == 0)
  }

  @Test func regionClipsTheContent() throws {
    let b = try Built(
      """
      <mask id="m" x="0" y="0" width="0.5" height="1"><rect width="100" height="100" fill="white"/>
      </mask>
      <rect width="100" height="100" fill="#0f0" mask="url(#m)"/>
      """)
    let bitmap = try b.pixels()
    #expect(bitmap.rgba(x: 40, y: 50).a == 255)
    #expect(bitmap.rgba(x: 60, y: 50).a == 0)
  }
}

// MARK: - mix-blend-mode and isolation

@Suite struct BlendTests {
  @Test func blendModeWithOpacity() throws {
    // hue(green, blue) = SetLum(SetSat(blue, Sat(green)), Lum(green)) = (61, 61, 189);
    // at 50% opacity half of it is mixed with the backdrop.
    let b = try Built(
      """
      <rect width="100" height="100" fill="#008000"/>
      <rect width="100" height="100" fill="#0000ff" opacity="0.5" style="mix-blend-mode:hue"/>
      """)
    let p = try b.pixels().rgba(x: 50, y: 50)
    #expect(p.a == 255)
    #expect(abs(Int(p.r) - 31) <= 4 && abs(Int(p.g) - 95) <= 4 && abs(Int(p.b) - 95) <= 4)
  }

  @Test func isolatedGroupBlendsWithTransparency() throws {
    let b = try Built(
      """
      <rect width="100" height="100" fill="#808080"/>
      <g style="isolation:isolate">
        <rect width="100" height="50" fill="#ff0000" style="mix-blend-mode:multiply"/></g>
      <rect y="50" width="100" height="50" fill="#ff0000" style="mix-blend-mode:multiply"/>
      """)
    let bitmap = try b.pixels()
    let isolated = bitmap.rgba(x: 50, y: 25)
    let blended = bitmap.rgba(x: 50, y: 75)
    #expect(isolated.r == 255 && isolated.g == 0)
    #expect(abs(Int(blended.r) - 128) <= 2 && blended.g == 0)
  }

  @Test func blendModesAreParsedAndInvalidOnesIgnored() throws {
    let b = try Built(
      """
      <g id="a" style="mix-blend-mode:color-dodge"><rect width="1" height="1"/></g>
      <g id="b" style="mix-blend-mode:bogus"><rect width="1" height="1"/></g>
      <g id="c" mix-blend-mode="multiply"><rect width="1" height="1"/></g>
      """)
    #expect(b.group("a")?.blendMode == .colorDodge)
    #expect(b.group("b") == nil)  // normal: the rect is not wrapped
    #expect(b.group("c") == nil)  // a CSS-only property: the attribute does nothing
  }
}

@Suite struct BlendIsolationTests {
  private func render(_ body: String, background: Color?) throws -> Bitmap {
    let doc = try Document(
      string: "<svg xmlns='http://www.w3.org/2000/svg' width='100' height='100'>\(body)</svg>")
    let tree = try RenderTree(document: doc, options: RenderOptions())
    return try tree.rasterize(width: 100, height: 100, background: background)
  }

  @Test func theDrawingIsIsolatedFromTheBackground() throws {
    // difference(white, white) would be black; the drawing alone is a white rect over
    // transparency, which is white over the white background.
    let body = "<rect width='100' height='100' fill='white' style='mix-blend-mode:difference'/>"
    let p = try render(body, background: Color(r: 255, g: 255, b: 255)).rgba(x: 50, y: 50)
    #expect(p.r == 255 && p.g == 255 && p.b == 255 && p.a == 255)
    // Inside the drawing, blending still sees what was drawn before.
    let drawn = try render(
      "<rect width='100' height='100' fill='white'/>" + body,
      background: Color(r: 255, g: 255, b: 255)
    ).rgba(x: 50, y: 50)
    #expect(drawn.r == 0 && drawn.g == 0 && drawn.b == 0)
  }

  @Test func plusLighterAddsColours() throws {
    let p = try render(
      "<rect width='100' height='100' fill='#800000'/>"
        + "<rect width='100' height='100' fill='#008000' style='mix-blend-mode:plus-lighter'/>",
      background: nil
    ).rgba(x: 50, y: 50)
    #expect(abs(Int(p.r) - 128) <= 1 && abs(Int(p.g) - 128) <= 1 && p.b == 0)
  }
}
