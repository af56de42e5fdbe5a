import Foundation
import SVGGeometry
import SVGQuery
import SVGRender
import SVGTree
import TestSupport
import Testing

@testable import SVGCommands

/// After a command that changes only attributes, a session builds its render tree with the
/// last built state's cascade, restyled where the edit reaches (`Document.restyle`), not a
/// whole cascade: the tree must be exactly a fresh build's.
@Suite struct RestyledBuildTests {
  /// Inherited fills on groups, class and type rules, `style` attributes, `currentColor`,
  /// `inherit`, `fill-opacity` of its own under a recoloured group, a `use` of a group, a
  /// marker with `context-fill`, a gradient and a clip.
  static let drawing = """
    <svg xmlns='http://www.w3.org/2000/svg' xmlns:xlink='http://www.w3.org/1999/xlink'
         width='120' height='120'>
      <style>
        .warm { fill: #c84 } g.outer > rect { stroke: teal; stroke-width: 3 }
        #leaf { fill-opacity: 0.6 } path:first-child { stroke: purple }
      </style>
      <defs>
        <linearGradient id='gr'><stop offset='0' stop-color='red'/><stop offset='1' stop-color='blue'/></linearGradient>
        <marker id='m' markerWidth='6' markerHeight='6' refX='3' refY='3'>
          <circle cx='3' cy='3' r='2' fill='context-fill'/>
        </marker>
        <clipPath id='cp'><rect x='60' y='60' width='50' height='50'/></clipPath>
      </defs>
      <g id='outer' class='outer' fill='green' color='orange'>
        <rect id='r1' x='5' y='5' width='30' height='30'/>
        <rect id='r2' class='warm' x='40' y='5' width='30' height='30' style='stroke-dasharray:4 2'/>
        <g id='inner' style='fill:navy;stroke:black'>
          <circle id='c1' cx='20' cy='55' r='12'/>
          <circle id='c2' cx='50' cy='55' r='12' fill='currentColor'/>
          <path id='leaf' d='M70 45h20v20h-20z' fill='inherit'/>
        </g>
        <path id='line' d='M5 80 L40 100 L70 80' fill='none' stroke='black' marker-mid='url(#m)'/>
      </g>
      <use id='u' xlink:href='#inner' x='40' y='40'/>
      <g id='clipped' clip-path='url(#cp)' fill='url(#gr)'>
        <ellipse id='e1' cx='85' cy='85' rx='30' ry='20'/>
        <rect id='r3' x='70' y='95' width='40' height='20' fill='gold' fill-opacity='0.5'/>
      </g>
    </svg>
    """

  static let targets = [
    "outer", "r1", "r2", "inner", "c1", "c2", "leaf", "line", "u", "clipped", "e1", "r3",
  ]

  /// Random recolours of groups and shapes (fill, stroke, the fill of the active colour,
  /// translucent colours, opacity), with undo and redo, moves and reorders: after every
  /// command the session's tree is a fresh build's, the restyled cascade was the one used
  /// wherever the command changed only attributes, and hits (index paths included) are a
  /// fresh scene's.
  @Test func randomEditsBuildWhatAFreshBuildGives() throws {
    let d = try Document(string: Self.drawing)
    var session = EditableDocument(d)
    var random = SplitMix(seed: 2026)
    func pick(_ n: Int) -> Int { Int(random.next() * Double(n)) }
    var restyled = 0
    var reorders = 0
    for step in 0..<60 {
      _ = try session.scene()
      let target = Self.targets[pick(Self.targets.count)]
      let color = "\(pick(256)), \(pick(256)), \(pick(256))"
      let script: String
      switch pick(9) {
      case 0: script = "setStroke(\(target), \(color))"
      case 1: script = "setActiveColor(\(color), 0.5)\nfill(\(target))"
      case 2: script = "setOpacity(\(target), 0.\(1 + pick(9)))"
      case 3, 4:
        script = session.undoHistory.undoable.isEmpty ? "fill(\(target))" : "undo()"
      case 5: script = session.undoHistory.redoable.isEmpty ? "fill(\(target))" : "redo()"
      case 6: script = step % 2 == 0 ? "moveBy(r1, 2, 1)" : "setFill(\(target), \(color))"
      case 7 where step % 3 == 0:
        script = "moveToIndex(\(["c1", "c2", "leaf"][pick(3)]), \(pick(3)))"
        reorders += 1
      default: script = "setFill(\(target), \(color))"
      }
      let before = session.current
      try session.apply(script: script)
      let restyles = session.cache.built.withLock({ $0 })?.cascade(for: session.current) != nil
      let sameStructure = before.nodes.map(\.children) == session.current.nodes.map(\.children)
      #expect(restyles == sameStructure, "step \(step): \(script)")
      if restyles { restyled += 1 }
      let tree = try session.renderTree()
      let fresh = try RenderTree(document: session.current)
      #expect(Self.dump(tree) == Self.dump(fresh), "step \(step): \(script)")
      let scene = try session.scene()
      let freshScene = try Scene(document: session.current)
      // The shapes of `inner` that reorders move, their clones, and random points.
      let shapes = [Point(20, 55), Point(50, 55), Point(80, 55), Point(60, 95), Point(90, 95)]
      for p in shapes + (0..<3).map({ _ in Point(random.next() * 120, random.next() * 120) }) {
        #expect(Self.hits(scene, p) == Self.hits(freshScene, p), "step \(step): \(script)")
      }
    }
    // Most commands change attributes only (a move too: its `transform`).
    #expect(reorders > 0)
    #expect(restyled >= 60 - 3 * reorders)
  }

  /// The restyled cascade is the whole cascade of the edited document, element by element.
  @Test func restyledCascadeIsTheWholeCascade() throws {
    let d = try Document(string: Self.drawing)
    var cascade = try RenderTree.build(document: d, options: RenderOptions()).cascade
    var edited = d
    let ids = ["outer", "inner", "leaf"].compactMap { d.element(withID: $0) }
    edited[ids[0]].setAttribute("fill", "#123456")
    edited[ids[1]].setAttribute("style", "fill:inherit;stroke:currentColor;color:red")
    edited[ids[2]].setAttribute("fill-opacity", "0.25")
    let changed = try #require(edited.restyle(&cascade, from: d, changed: ids))
    #expect(changed.contains(try #require(edited.element(withID: "c2"))))
    let whole = edited.computeStyles()
    for i in edited.nodes.indices where edited.nodes[i].isElement {
      #expect(cascade.styles[i] == whole[i], "\(edited.nodes[i].name) \(i)")
    }
  }

  /// Edits that can restyle other elements than the edited ones and their descendants are
  /// refused, so that the session runs the whole cascade.
  @Test func editsSelectorsReadAreRefused() throws {
    let d = try Document(
      string: """
        <svg xmlns='http://www.w3.org/2000/svg'><style>[data-x] + rect { fill: red }</style>
        <rect id='a' width='5' height='5'/><rect id='b' width='5' height='5'/></svg>
        """)
    let a = try #require(d.element(withID: "a"))
    var cascade = try RenderTree.build(document: d, options: RenderOptions()).cascade
    var classed = d
    classed[a].setAttribute("class", "x")
    #expect(classed.restyle(&cascade, from: d, changed: [a]) == nil)
    var marked = d
    marked[a].setAttribute("data-x", "1")
    #expect(marked.restyle(&cascade, from: d, changed: [a]) == nil)
    var filled = d
    filled[a].setAttribute("fill", "blue")
    #expect(filled.restyle(&cascade, from: d, changed: [a]) != nil)
  }

  /// Random taps on an openclipart drawing with class rules (the kind Illustrator writes):
  /// the session's tree after each tap, undo and redo is a fresh build's.
  @Test func tapsOnARealDrawing() throws {
    let path = "/usr/share/openclipart/svg/electronics/sony_clie_william_page_.svg"
    try #require(FileManager.default.fileExists(atPath: path), "openclipart-svg is not installed")
    let d = try Document(contentsOfFile: path)
    let points = SessionRenderTests.filledPoints(
      try Scene(document: d), count: 6, seed: 41)
    var session = EditableDocument(d)
    var scripts = points.map { "setActiveColor(10, 90, 200)\nfillAt(\($0.x), \($0.y))" }
    scripts.insert(contentsOf: ["undo()", "undo()", "redo()"], at: 4)
    for script in scripts {
      _ = try session.renderTree()
      try session.apply(script: script)
      #expect(session.cache.built.withLock({ $0 })?.cascade(for: session.current) != nil)
      let tree = try session.renderTree()
      #expect(
        Self.dump(tree) == Self.dump(try RenderTree(document: session.current)), "\(script)")
    }
  }

  /// The hits at `point` as results name them: element, index path, ancestors, shape, uses.
  static func hits(_ scene: Scene, _ point: Point) -> [String] {
    func name(_ e: FoundElement) -> String { "\(e.tag)#\(e.id ?? "")@\(e.indexPath)" }
    return scene.elements(at: point).map { hit in
      ([hit.element, hit.shape] + hit.ancestors + hit.uses).map(name).joined(separator: " ")
        + " \(hit.part) \(hit.paintsFill)"
    }
  }

  /// Everything a render tree holds, as text.
  static func dump(_ tree: RenderTree) -> String {
    var out = ""
    Swift.dump(tree, to: &out)
    return out
  }
}

/// A command that changes only fills gives the last tree with new fills
/// (`RenderTree.repainting`) where that is exactly a fresh build, and a fresh build
/// elsewhere: the trees compare equal either way.
@Suite struct RepaintedTreeTests {
  /// Whether the session's next tree after `script` is the last one repainted.
  static func repaints(_ script: String, in drawing: String = RestyledBuildTests.drawing) throws
    -> Bool
  {
    var session = EditableDocument(try Document(string: drawing))
    _ = try session.renderTree()
    try session.apply(script: script)
    let last = try #require(session.cache.built.withLock { $0 })
    let restyle = try #require(last.cascade(for: session.current))
    let repainted = last.repaintedTree(
      of: session.current, restyle: restyle, options: session.renderOptions)
    let tree = try session.renderTree()
    let fresh = try RenderTree(document: session.current)
    #expect(RestyledBuildTests.dump(tree) == RestyledBuildTests.dump(fresh), "\(script)")
    if let repainted {
      #expect(RestyledBuildTests.dump(repainted) == RestyledBuildTests.dump(fresh), "\(script)")
    }
    return repainted != nil
  }

  @Test func fillsOfShapesAndGroupsDrawnInPlaceRepaint() throws {
    // r3 is in a clipped group whose fill is a gradient; e1 fills with that gradient.
    for target in ["r1", "r2", "r3", "e1", "clipped"] {
      #expect(try Self.repaints("setFill(\(target), 200, 10, 10)"), "\(target)")
    }
    #expect(try Self.repaints("setActiveColor(20, 30, 40, 0.5)\nfill(r1)"))
    #expect(try Self.repaints("setFill(r1, 0, 0, 0, 0)"))
  }

  @Test func fillsDrawnElsewhereOrReadByOthersBuildAgain() throws {
    // `inner` and its circles are drawn again by a `use`; `line` has a marker whose
    // context-fill reads its fill; a stroke is not a fill.
    for script in [
      "setFill(inner, 1, 2, 3)", "setFill(c1, 1, 2, 3)", "setFill(line, 1, 2, 3)",
      "setStroke(r1, 1, 2, 3)", "setOpacity(r1, 0.5)", "moveBy(r1, 2, 1)",
    ] {
      #expect(try !Self.repaints(script), "\(script)")
    }
  }

  @Test func hiddenShapesKeepTheirHitArea() throws {
    let drawing = """
      <svg xmlns='http://www.w3.org/2000/svg' width='40' height='40'>
        <rect id='h' width='20' height='20' fill='none' visibility='hidden' pointer-events='fill'/>
        <rect id='v' x='20' width='20' height='20' pointer-events='painted'/>
      </svg>
      """
    #expect(try Self.repaints("setFill(h, 1, 2, 3)", in: drawing))
    #expect(try Self.repaints("setFill(v, 0, 0, 0, 0)", in: drawing))
  }
}
