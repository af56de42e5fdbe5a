import Foundation
import SVGCommands
import SVGGeometry
import SVGQuery
import SVGRender
import SVGTree
import TestSupport
import Testing

/// A session's renders after commands start from its last render (the render tree compared
/// with the one drawn, only the PNG bands that changed deflated again): the bytes must be
/// those of a full render of the edited document in the session's PNG bands, and decode to
/// the pixels of `RenderRequest.render`'s PNG.
@Suite struct SessionRenderTests {
  /// A full render of `d` as a session's render encodes it: its raster in the session's
  /// PNG bands. Checks that it decodes to the pixels of `request.render`'s PNG.
  static func fullRender(_ d: Document, _ request: RenderRequest) throws -> [UInt8] {
    let tree = try RenderTree(document: d)
    let size = request.outputSize(of: tree)
    let drawing = Size(width: size.width * request.scale, height: size.height * request.scale)
    let bitmap = try tree.rasterize(covering: drawing, background: request.background)
    let bytes = try bitmap.sessionPNG().bytes
    let plain = try request.render(tree)
    #expect(firstDifference(try PNG.decode(bytes).pixels, try PNG.decode(plain).pixels) == nil)
    // A small image is one band either way: the same bytes.
    if bitmap.width * bitmap.height < 1 << 15 { #expect(bytes == plain) }
    return bytes
  }

  /// openclipart drawings (public domain) with gradients, clip paths, `use`, masks,
  /// patterns and markers.
  static let drawings = [
    "electronics/sony_clie_william_page_.svg",
    "computer/hardware/schermo_macintosh_archit_01.svg",
    "science/astronomy/jupiter_dan_gerhards_01.svg",
    "electronics/filmphoto2_fudriot_omic._01.svg",
  ]

  /// Points of the drawing (document coordinates) where a filled shape is hit.
  static func filledPoints(_ scene: Scene, count: Int, seed: UInt64) -> [Point] {
    var state = seed
    func next() -> Double {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Double(state >> 11) / Double(1 << 53)
    }
    let toDocument = scene.documentToCanvas.inverted ?? .identity
    var points: [Point] = []
    for _ in 0..<2000 where points.count < count {
      let p = toDocument.apply(
        Point(next() * scene.tree.size.width, next() * scene.tree.size.height))
      if scene.elements(at: p).contains(where: \.paintsFill) { points.append(p) }
    }
    return points
  }

  /// Applies each script to a session and compares the session's render with a full
  /// render of its document; returns how each edit changed the render tree.
  @discardableResult
  static func check(_ d: Document, _ scripts: [String], request: RenderRequest) throws
    -> [TreeChange]
  {
    var session = EditableDocument(d)
    let first = try session.render(request)
    #expect(first == (try fullRender(d, request)))
    var changes: [TreeChange] = []
    for script in scripts {
      let before = try session.renderTree()
      try session.apply(script: script)
      let after = try session.renderTree()
      changes.append(after.change(since: before))
      let bytes = try session.render(request)
      let full = try fullRender(session.current, request)
      #expect(firstDifference(bytes, full) == nil, "\(script)")
      // A second render of the same state answers the same.
      #expect(firstDifference(try session.render(request), full) == nil)
    }
    return changes
  }

  @Test(arguments: drawings) func recoloursOnRealDrawings(_ name: String) throws {
    let path = "/usr/share/openclipart/svg/" + name
    try #require(FileManager.default.fileExists(atPath: path), "openclipart-svg is not installed")
    let d = try Document(contentsOfFile: path)
    let scene = try Scene(document: d)
    let points = Self.filledPoints(scene, count: 4, seed: 5)
    try #require(points.count == 4)
    func at(_ p: Point) -> String { "\(p.x), \(p.y)" }
    let first = try #require(scene.element(at: points[1])).element.name
    let second = try #require(scene.element(at: points[3])).element.name
    let scripts = [
      "setActiveColor(255, 0, 0)\nfillAt(\(at(points[0])))",
      "setStroke(\(first), 0, 128, 255)",
      "setActiveColor(20, 200, 40, 0.5)\nfillAt(\(at(points[2])))\nfillAt(\(at(points[3])))",
      "setOpacity(\(second), 0.3)",
      "moveBy(\(first), 7, -3)",
      "reset(\(second))",
    ]
    var request = RenderRequest()
    request.width = 320
    let changes = try Self.check(d, scripts, request: request)
    // The first tap redraws a region, not the whole drawing.
    guard case .region(let box) = changes[0] else {
      Issue.record("a recolour changed \(changes[0]), not a region")
      return
    }
    #expect(box.width * box.height < scene.tree.size.width * scene.tree.size.height)
  }

  /// Random taps in random colours, undone and redone at random: every render is a full
  /// render's bytes, and most redraw a region.
  @Test(arguments: drawings) func randomRecoloursUndoAndRedo(_ name: String) throws {
    let path = "/usr/share/openclipart/svg/" + name
    try #require(FileManager.default.fileExists(atPath: path), "openclipart-svg is not installed")
    let d = try Document(contentsOfFile: path)
    let points = Self.filledPoints(try Scene(document: d), count: 8, seed: 23)
    var state: UInt64 = 99
    func next() -> Int {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Int(state >> 33)
    }
    var scripts: [String] = []
    for (i, p) in points.enumerated() {
      scripts.append(
        "setActiveColor(\(next() % 256), \(next() % 256), \(next() % 256))\nfillAt(\(p.x), \(p.y))")
      if i % 3 == 2 { scripts += ["undo()", "undo()", "redo()"] }
    }
    var request = RenderRequest()
    request.width = 400
    let changes = try Self.check(d, scripts, request: request)
    let regions = changes.filter { if case .region = $0 { true } else { false } }.count
    #expect(regions > changes.count / 2)
  }

  /// A flower from openclipart tapped petal by petal, at twice its size on a background.
  @Test func tapsOnTheFlowerAtAScaleOverABackground() throws {
    let d = try fixture("flower2_juliane_krug.svg")
    var request = RenderRequest()
    request.scale = 2
    request.background = Color(r: 250, g: 240, b: 200)
    let changes = try Self.check(
      d,
      [
        "setActiveColor(229, 50, 45)\nfillAt(178, 90)",
        "setActiveColor(30, 144, 255)\nfillAt(120, 270)", "fillAt(290, 205)",
      ], request: request)
    for change in changes {
      guard case .region = change else {
        Issue.record("a recolour changed \(change), not a region")
        continue
      }
    }
  }

  /// In a drawing with a filter the change is everything (a blur reaches beyond the shapes
  /// that changed), and the renders are still right.
  @Test func aFilteredDrawingRendersInFull() throws {
    let d = try document(
      """
      <filter id='b'><feGaussianBlur stdDeviation='3'/></filter>
      <rect id='r' x='10' y='10' width='30' height='30' fill='blue' filter='url(#b)'/>
      <circle id='c' cx='70' cy='70' r='20' fill='green'/>
      """)
    let changes = try Self.check(
      d, ["setFill(c, 255, 0, 0)", "setFill(r, 0, 0, 0)"], request: RenderRequest())
    for change in changes {
      guard case .everything = change else {
        Issue.record("a change in a filtered drawing gave \(change)")
        continue
      }
    }
  }

  /// A repainted tree shares the groups a recolour did not reach with the last tree, and
  /// comparing the two skips them, a filter inside included: the redraw still finds the
  /// filter and draws in full, and the renders are right.
  @Test func aFilterInAGroupARecolourDoesNotReach() throws {
    let d = try document(
      """
      <filter id='b'><feGaussianBlur stdDeviation='3'/></filter>
      <g><rect x='10' y='10' width='30' height='30' fill='blue' filter='url(#b)'/>
      <rect x='10' y='50' width='30' height='30' fill='teal'/></g>
      <g><circle id='c' cx='70' cy='70' r='20' fill='green'/></g>
      """)
    let changes = try Self.check(
      d, ["setFill(c, 255, 0, 0)", "setFill(c, 0, 0, 255)"], request: RenderRequest())
    for change in changes {
      guard case .region = change else {
        Issue.record("a recolour beside an untouched filter gave \(change)")
        continue
      }
    }
  }

  /// A redraw's first row cuts the shapes there as a band's top does: openclipart's
  /// casco_con_microfono_arch_01.svg at a device scale of 2.5 came out 3 pixels a level apart
  /// from a full render after these taps, with a band's 8 rows drawn above the redraw
  /// (`BandedRaster.redrawSettleRows`).
  @Test func aRedrawAtADeviceScaleIsAFullRender() throws {
    let path = "/usr/share/openclipart/svg/electronics/casco_con_microfono_arch_01.svg"
    try #require(FileManager.default.fileExists(atPath: path), "openclipart-svg is not installed")
    let taps = [
      (216, 21, 91, 10.715326926487352, 62.0969511294235),
      (109, 203, 204, 36.53800581099064, 67.13238666667866),
      (121, 0, 147, 22.978934336758115, 21.58007845039365),
      (132, 39, 18, 20.51706101992332, 41.30077869325193),
      (54, 155, 177, 38.102150407960295, 105.96511853056025),
      (78, 114, 21, 54.94871241190678, 15.195472152190046),
    ].map { "setActiveColor(\($0.0), \($0.1), \($0.2))\nfillAt(\($0.3), \($0.4))" }
    var request = RenderRequest()
    request.scale = 2.5
    try Self.check(try Document(contentsOfFile: path), taps, request: request)
  }

  /// Edits that change the structure (an inserted region path) and undo render in full,
  /// and right; an edit that changes nothing visible redraws nothing.
  @Test func structuralEditsAndNoChange() throws {
    let d = try document(
      """
      <rect id='r' x='10' y='10' width='80' height='80' fill='none' stroke='black' stroke-width='4'/>
      <circle id='c' cx='50' cy='50' r='10' fill='green' stroke='navy' stroke-dasharray='3 2'/>
      """)
    var session = EditableDocument(d)
    let request = RenderRequest()
    _ = try session.render(request)
    try session.apply(script: "setActiveColor(200, 0, 0)\nfillRegionAt(25, 25)")
    #expect(
      firstDifference(try session.render(request), try Self.fullRender(session.current, request))
        == nil)
    try session.undo(1)  // the region fill (setActiveColor is not undone)
    #expect(
      firstDifference(try session.render(request), try Self.fullRender(session.current, request))
        == nil)
    let before = try session.renderTree()
    try session.apply(script: "setFill(c, 0, 128, 0)")
    guard case .none = try session.renderTree().change(since: before) else {
      Issue.record("the same colour again changed the render tree")
      return
    }
    #expect(
      firstDifference(try session.render(request), try Self.fullRender(session.current, request))
        == nil)
  }
}
