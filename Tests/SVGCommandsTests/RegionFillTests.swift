import Foundation
import SVGCommands
import SVGGeometry
import SVGRender
import SVGTree
import Testing

/// A `size`×`size` document holding `body`.
private func page(_ body: String, size: Int = 200) throws -> Document {
  try Document(
    string: "<svg xmlns='http://www.w3.org/2000/svg' width='\(size)' height='\(size)'>"
      + "<rect width='100%' height='100%' fill='white'/>\(body)</svg>")
}

/// The region fills (marked paths) of a document.
private func regionFills(_ d: Document) -> [NodeID] {
  d.descendants(of: Document.top).filter {
    d[$0].isElement && d[$0].attribute("data-inkpath-region") != nil
  }
}

/// A rendering of `d` with `width` pixels across, over white.
private struct Picture {
  let bitmap: Bitmap
  let scale: Double

  init(_ d: Document, width: Int) throws {
    let tree = try RenderTree(document: d)
    scale = Double(width) / tree.size.width
    bitmap = try tree.rasterize(
      width: width, height: Int((tree.size.height * scale).rounded(.up)), background: .white)
  }

  func isRed(_ x: Int, _ y: Int) -> Bool {
    let p = bitmap.rgba(x: x, y: y)
    return p.r > 200 && p.g < 60 && p.b < 60
  }

  func isWhite(_ x: Int, _ y: Int) -> Bool {
    let p = bitmap.rgba(x: x, y: y)
    return min(p.r, p.g, p.b) > 191
  }

  /// The pixels flooded from the one at document point `tap` over white ones.
  func whiteRegion(from tap: Point) -> Set<Int> {
    let (w, h) = (bitmap.width, bitmap.height)
    let start = Int(tap.y * scale) * w + Int(tap.x * scale)
    var seen: Set<Int> = [start]
    var stack = [start]
    while let i = stack.popLast() {
      let (x, y) = (i % w, i / w)
      for (nx, ny) in [(x - 1, y), (x + 1, y), (x, y - 1), (x, y + 1)]
      where nx >= 0 && ny >= 0 && nx < w && ny < h && isWhite(nx, ny) {
        if seen.insert(ny * w + nx).inserted { stack.append(ny * w + nx) }
      }
    }
    return seen
  }
}

/// Checks that the red of `after` covers `region` (pixels of a rendering `width` across)
/// to within a pixel, and shows nowhere farther than a pixel from it (`ignoring` pixels
/// where that is expected). Returns the number of region pixels.
@discardableResult
private func expectCovers(
  _ region: (Int, Int) -> Bool, in after: Document, width: Int,
  ignoring: (Int, Int) -> Bool = { _, _ in false },
  sourceLocation: Testing.SourceLocation = #_sourceLocation
) throws -> Int {
  let picture = try Picture(after, width: width)
  let (w, h) = (picture.bitmap.width, picture.bitmap.height)
  func near(_ x: Int, _ y: Int, _ test: (Int, Int) -> Bool) -> (all: Bool, any: Bool) {
    var all = true, any = false
    for dy in -1...1 {
      for dx in -1...1 {
        let v = test(x + dx, y + dy)
        all = all && v
        any = any || v
      }
    }
    return (all, any)
  }
  var missing = 0, stray = 0, count = 0
  for y in 1..<(h - 1) {
    for x in 1..<(w - 1) where !ignoring(x, y) {
      if region(x, y) { count += 1 }
      if near(x, y, region).all, !picture.isRed(x, y) { missing += 1 }
      if picture.isRed(x, y), !near(x, y, region).any { stray += 1 }
    }
  }
  #expect(count > 0, sourceLocation: sourceLocation)
  #expect(missing == 0, "region pixels not covered", sourceLocation: sourceLocation)
  #expect(stray == 0, "red pixels outside the region", sourceLocation: sourceLocation)
  return count
}

@Suite struct RegionFillTests {
  @Test func fillsTheLensOfTwoCircles() throws {
    let d = try page(
      """
      <circle id="left" cx="80" cy="100" r="50" fill="none" stroke="black" stroke-width="2"/>
      <circle id="right" cx="120" cy="100" r="50" fill="none" stroke="black" stroke-width="2"/>
      """)
    let s = try session(d, "setActiveColor(255, 0, 0)\nfillRegionAt(100, 100)")
    let fills = regionFills(s.current)
    try #require(fills.count == 1)
    // Placed just below the first circle, so both circles stay on top.
    let root = try #require(s.current.root)
    let order = s.current.elementChildren(of: root)
    #expect(
      order.firstIndex(of: fills[0]) == order.firstIndex(of: s.current.element(withID: "left")!)!
        - 1)
    // Pixels at 2 per unit; the lens is inside both circles' inner edges (radius 49).
    let lens = { (x: Int, y: Int) -> Bool in
      let p = Point((Double(x) + 0.5) / 2, (Double(y) + 0.5) / 2)
      return p.distance(to: Point(80, 100)) < 49 && p.distance(to: Point(120, 100)) < 49
    }
    try expectCovers(lens, in: s.current, width: 400)
    #expect(s.log == [.setActiveColor(red), .fillRegionAt(Point(100, 100), gap: 0)])
  }

  @Test func gapClosesABreakThatLeaksWithoutIt() throws {
    // A square outline with a 1-unit break in its top side.
    let d = try page(
      #"<path id="box" d="M100 50 H150 V150 H50 V50 H99" fill="none" stroke="black" stroke-width="2"/>"#
    )
    let leak = try failure(d, "fillRegionAt(100, 100)", after: "setActiveColor(red)")
    #expect(leak.message.contains("reaches the edge of the drawing"))
    let s = try session(d, "setActiveColor(red)\nfillRegionAt(100, 100, 3)")
    #expect(regionFills(s.current).count == 1)
    #expect(s.logText.hasSuffix("fillRegionAt(100, 100, 3)\n"))
    // 2 pixels per unit; the inside of the square ends at the stroke's inner edge (49..149).
    let inside = { (x: Int, y: Int) -> Bool in
      let p = Point((Double(x) + 0.5) / 2, (Double(y) + 0.5) / 2)
      return p.x > 51 && p.x < 149 && p.y > 51 && p.y < 149
    }
    // Around the break the fill reaches into it by up to half the gap.
    let aroundBreak = { (x: Int, y: Int) -> Bool in
      Point(Double(x) / 2, Double(y) / 2).distance(to: Point(99.5, 50)) < 3
    }
    try expectCovers(inside, in: s.current, width: 400, ignoring: aroundBreak)
  }

  @Test func keepsTheHoleOfARing() throws {
    let d = try page(
      """
      <g fill="none" stroke="black" stroke-width="3">
      <circle cx="100" cy="100" r="80"/><circle cx="100" cy="100" r="35"/></g>
      """)
    let s = try session(d, "setActiveColor(red)\nfillRegionAt(100, 40)")
    let fill = try #require(regionFills(s.current).first)
    let data = try #require(s.current[fill].attribute("d"))
    #expect(data.filter { $0 == "M" }.count == 2)
    let ring = { (x: Int, y: Int) -> Bool in
      let r = Point((Double(x) + 0.5) / 2, (Double(y) + 0.5) / 2).distance(to: Point(100, 100))
      return r > 36.5 && r < 78.5
    }
    try expectCovers(ring, in: s.current, width: 400)
    #expect(try pixel(s.current, 100, 100, width: 200, height: 200) == [255, 255, 255, 255])
  }

  @Test func fillsStrokesUnderATransform() throws {
    let d = try page(
      """
      <g id="layer" transform="translate(30 20) rotate(15 50 50) scale(1.2)">
      <rect id="frame" x="10" y="10" width="80" height="60" fill="none" stroke="black"
        stroke-width="2"/></g>
      """)
    let s = try session(d, "setActiveColor(red)\nfillRegionAt(90, 70)")
    let fill = try #require(regionFills(s.current).first)
    #expect(s.current[fill].parent == s.current.element(withID: "layer"))
    // The frame's inside, mapped back into the group's user space.
    let t =
      Transform.translate(30, 20) * .translate(50, 50) * .rotate(15) * .translate(-50, -50)
      * .scale(1.2, 1.2)
    let back = try #require(t.inverted)
    let inside = { (x: Int, y: Int) -> Bool in
      let p = back.apply(Point((Double(x) + 0.5) / 2, (Double(y) + 0.5) / 2))
      return p.x > 11 && p.x < 89 && p.y > 11 && p.y < 69
    }
    try expectCovers(inside, in: s.current, width: 400)
  }

  @Test func colorsARegionOfAnOpenclipartLineDrawing() throws {
    let path = "/usr/share/openclipart/svg/animals/mammals/housecats/sleeping_cat_rgolan_sup_r.svg"
    try #require(FileManager.default.fileExists(atPath: path), "openclipart-svg is not installed")
    let d = try Document(contentsOfFile: path)
    // The cat's body, bounded by its back, tail and legs.
    let tap = Point(720, 420)
    let s = try session(d, "setActiveColor(red)\nfillRegionAt(720, 420)")
    #expect(regionFills(s.current).count == 1)
    let before = try Picture(d, width: 528)
    let region = before.whiteRegion(from: tap)
    let w = before.bitmap.width
    let count = try expectCovers({ region.contains($1 * w + $0) }, in: s.current, width: 528)
    #expect(count > 10_000)
  }

  @Test func goesAboveTheShapeWhoseFillIsTheBackgroundAndBelowUseClones() throws {
    let d = try page(
      """
      <defs><circle id="ring" r="40" fill="none" stroke="black" stroke-width="2"/></defs>
      <rect id="card" x="20" y="20" width="160" height="160" fill="#fff" stroke="black"
        stroke-width="2"/>
      <use id="clone" href="#ring" x="100" y="100"/>
      """)
    let s = try session(d, "setActiveColor(red)\nfillRegionAt(100, 100)\nfillRegionAt(30, 30)")
    let root = try #require(s.current.root)
    let order = s.current.elementChildren(of: root).compactMap { s.current[$0].id }
    let card = try #require(order.firstIndex(of: "card"))
    let clone = try #require(order.firstIndex(of: "clone"))
    for fill in ["inkpath-region-1", "inkpath-region-2"] {
      let i = try #require(order.firstIndex(of: fill))
      #expect(card < i && i < clone, "\(fill) in \(order)")
    }
    #expect(try pixel(s.current, 100, 100, width: 200, height: 200) == [255, 0, 0, 255])
    #expect(try pixel(s.current, 30, 30, width: 200, height: 200) == [255, 0, 0, 255])
    // The clone's line stays on top.
    #expect(try pixel(s.current, 140, 100, width: 200, height: 200)[0] < 80)
  }

  @Test func aSecondTapRecoloursTheSameFill() throws {
    let d = try page(#"<circle cx="100" cy="100" r="50" fill="none" stroke="black"/>"#)
    var s = try session(d, "setActiveColor(red)\nfillRegionAt(100, 100)")
    let first = s.current.serialized()
    try s.apply(script: "setActiveColor(0, 0, 255)\nfillRegionAt(90, 110)")
    let fills = regionFills(s.current)
    try #require(fills.count == 1)
    #expect(try computed(s.current, "inkpath-region-1", "fill") == "#0000ff")
    // A moved fill is traced again in its own (translated) user space.
    try s.apply(script: "moveBy(inkpath-region-1, 10, 0)\nfillRegionAt(100, 100)")
    #expect(regionFills(s.current).count == 1)
    #expect(try pixel(s.current, 54, 100, width: 200, height: 200) == [0, 0, 255, 255])
    #expect(try pixel(s.current, 146, 100, width: 200, height: 200) == [0, 0, 255, 255])
    #expect(try pixel(s.current, 155, 100, width: 200, height: 200) == [255, 255, 255, 255])
    // setActiveColor changes no document: three edits back.
    try s.undo(3)
    #expect(s.current.serialized() == first)
  }

  @Test func undoAndResetRemoveTheFill() throws {
    let d = try page(
      #"<g id="g"><circle cx="100" cy="100" r="50" fill="none" stroke="black"/></g>"#)
    var s = try session(d, "fillRegionAt(100, 100)")
    #expect(regionFills(s.current).count == 1)
    try s.undo()
    #expect(regionFills(s.current).isEmpty)
    #expect(s.current.element(withID: "inkpath-region-1") == nil)
    #expect(s.current.serialized() == d.serialized())

    try s.apply(script: "fillRegionAt(100, 100)\nreset(inkpath-region-1)")
    #expect(regionFills(s.current).isEmpty)
    #expect(s.current.serialized() == d.serialized())
    try s.undo()
    #expect(regionFills(s.current).count == 1)
    #expect(s.current.element(withID: "inkpath-region-1") != nil)

    try s.apply(script: "reset(g)")
    #expect(regionFills(s.current).isEmpty)
    #expect(s.current.serialized() == d.serialized())
  }

  @Test func theSameTapGivesTheSamePath() throws {
    let d = try page(
      #"<path d="M40 40 C80 10 160 60 160 160 L30 150 Z" fill="none" stroke="black" stroke-width="4"/>"#
    )
    let a = try session(d, "setActiveColor(0, 128, 0)\nfillRegionAt(90, 100, 1.5)")
    let b = try session(d, "setActiveColor(0, 128, 0)\nfillRegionAt(90, 100, 1.5)")
    #expect(a.current.serialized() == b.current.serialized())
    let replayed = try EditableDocument(original: d, log: a.logText)
    #expect(replayed.current.serialized() == a.current.serialized())
    let fill = try #require(regionFills(a.current).first)
    let data = try #require(a.current[fill].attribute("d"))
    // Coordinates are rounded to 0.01.
    for number in data.split(whereSeparator: { "MCZ ".contains($0) }) {
      #expect((number.split(separator: ".").dropFirst().first?.count ?? 0) <= 2)
    }
  }

  @Test func theBackgroundIsRefused() throws {
    let d = try page(#"<circle cx="100" cy="100" r="50" fill="none" stroke="black"/>"#)
    let e = try failure(d, "fillRegionAt(10, 10)", after: "setActiveColor(red)")
    #expect(e.message.contains("page background"))
    #expect(e.message.hasPrefix("fillRegionAt(10, 10, 0): "))
    let outside = try failure(d, "fillRegionAt(500, 10)")
    #expect(outside.message.contains("outside the drawing"))
  }

  @Test func readsBothForms() throws {
    let text = try #require(try CommandScript.parse(line: "fillRegionAt(12.5, 40)"))
    #expect(text.command == .fillRegionAt(Point(12.5, 40), gap: 0))
    #expect(text.command.description == "fillRegionAt(12.5, 40, 0)")
    let url = try #require(try CommandScript.parse(line: "svg://fillRegionAt/12.5/40/2"))
    #expect(url.command == .fillRegionAt(Point(12.5, 40), gap: 2))
    #expect(url.command.url == "svg://fillRegionAt/12.5/40/2")
    let negative = try #require(throws: CommandError.self) {
      try CommandScript.parse(line: "fillRegionAt(1, 2, -3)")
    }
    #expect(negative.message.contains("0 or more"))
    let count = try #require(throws: CommandError.self) {
      try CommandScript.parse(line: "fillRegionAt(1)")
    }
    #expect(count.message.contains("takes 2 or 3 arguments, not 1"))
  }
}
