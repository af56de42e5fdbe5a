import Foundation
import SVGGeometry
import SVGTree
import Testing

@testable import SVGRender

/// A render tree built from an SVG fragment placed in a 200×200 root, with its document.
private struct Built {
  let document: Document
  let tree: RenderTree
  var diagnostics: [Diagnostic] { tree.diagnostics }
  var root: Group { tree.root }
}

private func tree(_ body: String) throws -> Built {
  let text = """
    <svg xmlns="http://www.w3.org/2000/svg" width="200" height="200">\(body)</svg>
    """
  let document = try Document(string: text)
  return Built(document: document, tree: try RenderTree(document: document))
}

/// The outermost marker instance groups (groups made from a `<marker>`), in paint order.
private func markerInstances(_ built: Built) -> [Group] {
  var found: [Group] = []
  func visit(_ node: RenderNode) {
    guard case .group(let g) = node else { return }
    if let id = g.source, built.document[id].name == "marker" {
      found.append(g)
    } else {
      g.children.forEach(visit)
    }
  }
  visit(.group(built.root))
  return found
}

/// The nodes one element produced: the group `wrap` made for them, unwrapped.
private func nodes(of node: RenderNode?) -> [RenderNode] {
  guard let node else { return [] }
  if case .group(let g) = node { return g.children }
  return [node]
}

private func close(_ a: Point, _ b: Point, _ tolerance: Double = 1e-9) -> Bool {
  abs(a.x - b.x) <= tolerance && abs(a.y - b.y) <= tolerance
}

private let arrow = """
  <marker id="m" refX="2" refY="1" markerWidth="4" markerHeight="2" orient="auto">
    <path d="M 0 0 L 4 1 L 0 2 Z" fill="blue"/>
  </marker>
  """

@Suite struct MarkerTests {
  @Test func oneInstancePerSelectedVertex() throws {
    let t = try tree(
      arrow + """
        <path id="p" d="M 10 10 L 110 10 L 110 110 L 10 110" stroke="black" stroke-width="1"
              fill="none" marker-start="url(#m)" marker-mid="url(#m)" marker-end="url(#m)"/>
        """)
    let instances = markerInstances(t)
    #expect(instances.count == 4)
    // The reference point (2, 1) lands on each vertex, in path order.
    let vertices = [Point(10, 10), Point(110, 10), Point(110, 110), Point(10, 110)]
    for (g, v) in zip(instances, vertices) {
      #expect(close(g.transform.apply(Point(2, 1)), v))
    }
  }

  @Test func onlyMarkerMidSkipsTheEnds() throws {
    let t = try tree(
      arrow + """
        <path id="p" d="M 10 10 L 110 10 L 110 110 L 10 110" stroke="black"
              marker-mid="url(#m)"/>
        """)
    let instances = markerInstances(t)
    #expect(instances.count == 2)
    #expect(close(instances[0].transform.apply(Point(2, 1)), Point(110, 10)))
  }

  @Test func orientAutoBisectsTheCorner() throws {
    let t = try tree(
      arrow + """
        <path d="M 10 10 L 110 10 L 110 110" stroke="black" marker-mid="url(#m)"/>
        """)
    let g = try #require(markerInstances(t).first)
    // Incoming 0°, outgoing 90°: the marker's x axis points along 45°.
    let x = g.transform.applyToVector(Point(1, 0))
    #expect(abs(atan2(x.y, x.x) * 180 / .pi - 45) < 1e-9)
  }

  @Test func autoStartReverseTurnsOnlyTheStart() throws {
    let t = try tree(
      """
      <marker id="m" orient="auto-start-reverse"><path d="M 0 0 H 3 V 3 Z"/></marker>
      <path d="M 10 10 L 110 10" stroke="black" marker-start="url(#m)" marker-end="url(#m)"/>
      """)
    let instances = markerInstances(t)
    #expect(instances.count == 2)
    #expect(close(instances[0].transform.applyToVector(Point(1, 0)), Point(-1, 0)))
    #expect(close(instances[1].transform.applyToVector(Point(1, 0)), Point(1, 0)))
  }

  @Test func fixedAngleAndInvalidOrient() throws {
    let t = try tree(
      """
      <marker id="a" orient="0.25turn"><path d="M 0 0 H 3 V 3 Z"/></marker>
      <marker id="b" orient="sideways"><path d="M 0 0 H 3 V 3 Z"/></marker>
      <path d="M 10 10 L 110 10" stroke="black" marker-start="url(#a)" marker-end="url(#b)"/>
      """)
    let instances = markerInstances(t)
    #expect(instances.count == 2)
    #expect(close(instances[0].transform.applyToVector(Point(1, 0)), Point(0, 1)))
    #expect(close(instances[1].transform.applyToVector(Point(1, 0)), Point(1, 0)))
    #expect(t.diagnostics.contains { $0.message.contains("orient") })
  }

  @Test func markerUnitsScaleByStrokeWidth() throws {
    let t = try tree(
      """
      <marker id="s"><path d="M 0 0 H 3 V 3 Z"/></marker>
      <marker id="u" markerUnits="userSpaceOnUse"><path d="M 0 0 H 3 V 3 Z"/></marker>
      <marker id="x" markerUnits="bogus"><path d="M 0 0 H 3 V 3 Z"/></marker>
      <path d="M 10 10 L 110 10 L 150 10" stroke="black" stroke-width="4"
            marker-start="url(#s)" marker-mid="url(#u)" marker-end="url(#x)"/>
      """)
    let instances = markerInstances(t)
    #expect(instances.count == 3)
    #expect(abs(instances[0].transform.meanScale - 4) < 1e-9)
    #expect(abs(instances[1].transform.meanScale - 1) < 1e-9)
    #expect(abs(instances[2].transform.meanScale - 4) < 1e-9)
    #expect(t.diagnostics.contains { $0.message.contains("markerUnits") })
  }

  @Test func viewBoxScalesContentIntoTheMarkerSize() throws {
    let t = try tree(
      """
      <marker id="m" viewBox="0 0 10 10" markerWidth="5" markerHeight="5" refX="5" refY="5">
        <rect width="10" height="10"/>
      </marker>
      <path d="M 50 50 L 100 50" stroke="black" stroke-width="2" marker-start="url(#m)"/>
      """)
    let g = try #require(markerInstances(t).first)
    // 10 viewBox units into 5 × stroke-width 2 = 10 user units: scale 1.
    #expect(abs(g.transform.meanScale - 1) < 1e-9)
    #expect(close(g.transform.apply(Point(5, 5)), Point(50, 50)))
    // Default overflow hidden: clipped to the viewBox.
    #expect(g.clipPath != nil)
  }

  @Test func overflowVisibleDropsTheClip() throws {
    let t = try tree(
      """
      <marker id="m" overflow="visible"><rect width="30" height="30"/></marker>
      <path d="M 50 50 L 100 50" stroke="black" marker-end="url(#m)"/>
      """)
    let g = try #require(markerInstances(t).first)
    #expect(g.clipPath == nil)
  }

  @Test func invalidSizesAndReferencesDrawNothing() throws {
    let t = try tree(
      """
      <marker id="neg" markerWidth="-3"><rect width="3" height="3"/></marker>
      <marker id="zero" markerHeight="0"><rect width="3" height="3"/></marker>
      <g id="notmarker"><rect width="3" height="3"/></g>
      <path d="M 50 50 L 100 50" stroke="black" marker-start="url(#neg)"
            marker-mid="url(#zero)" marker-end="url(#notmarker)"/>
      <path d="M 50 50 L 100 50" stroke="black" marker-end="url(#missing)"/>
      """)
    #expect(markerInstances(t).isEmpty)
    #expect(t.diagnostics.contains { $0.message.contains("negative marker size") })
    #expect(t.diagnostics.contains { $0.message.contains("does not reference a <marker>") })
  }

  @Test func zeroStrokeWidthHidesStrokeWidthMarkers() throws {
    let t = try tree(
      arrow + """
        <path d="M 50 50 L 100 50" stroke="black" stroke-width="0" marker-end="url(#m)"/>
        """)
    #expect(markerInstances(t).isEmpty)
  }

  @Test func recursiveMarkerIsCutWithADiagnostic() throws {
    let t = try tree(
      """
      <marker id="m" markerWidth="20" markerHeight="20">
        <path d="M 0 0 L 10 0" stroke="black" marker-end="url(#m)"/>
      </marker>
      <path d="M 50 50 L 100 50" stroke="black" marker-end="url(#m)"/>
      """)
    let instances = markerInstances(t)
    #expect(instances.count == 1)
    // The instance holds the marker's path and no marker group of its own.
    #expect(instances[0].children.count == 1)
    #expect(t.diagnostics.contains { $0.message.contains("cycle") })
  }

  @Test func markersInsideMarkersAreDrawn() throws {
    let t = try tree(
      """
      <marker id="inner" overflow="visible"><rect width="1" height="1"/></marker>
      <marker id="outer" overflow="visible">
        <path d="M 0 0 L 10 0" stroke="black" marker-end="url(#inner)"/>
      </marker>
      <path d="M 50 50 L 100 50" stroke="black" marker-end="url(#outer)"/>
      """)
    let instance = try #require(markerInstances(t).first)
    // The inner path and its own marker instance.
    let inner = nodes(of: instance.children.first)
    #expect(inner.count == 2)
    guard case .group(let markers)? = inner.last, case .group(let nested)? = markers.children.first
    else {
      Issue.record("expected the nested marker's instance")
      return
    }
    #expect(nested.source.map { t.document[$0].attribute("id") } == "inner")
  }

  @Test func markersOnlyOnMarkableElements() throws {
    // SVG 2's markable elements (browsers, rsvg-convert): path, line, polyline, polygon.
    let markable = try tree(
      arrow + """
        <g stroke="black" marker-mid="url(#m)">
          <path d="M 10 10 L 20 10 L 30 10"/>
          <polyline points="10 20 20 20 30 20"/>
          <polygon points="10 30 20 30 30 40"/>
          <line x1="10" y1="50" x2="30" y2="50"/>
        </g>
        """)
    // One mid vertex each on the path and polyline, two on the polygon, none on the line.
    #expect(markerInstances(markable).count == 4)
    let basic = try tree(
      arrow + """
        <g stroke="black" marker-start="url(#m)" marker-mid="url(#m)" marker-end="url(#m)">
          <rect x="10" y="10" width="50" height="50"/>
          <circle cx="100" cy="100" r="20"/>
          <ellipse cx="100" cy="150" rx="20" ry="10"/>
        </g>
        """)
    #expect(markerInstances(basic).isEmpty)
  }

  @Test func markerShorthandOnlyFromCSS() throws {
    let attribute = try tree(
      arrow + #"<path d="M 10 10 L 50 10" stroke="black" marker="url(#m)"/>"#)
    #expect(markerInstances(attribute).isEmpty)
    let css = try tree(
      arrow + """
        <style>path { marker: url(#m) }</style>
        <path d="M 10 10 L 50 10 L 90 10" stroke="black"/>
        """)
    #expect(markerInstances(css).count == 3)
  }

  @Test func contextPaintReachesMarkerContent() throws {
    let t = try tree(
      """
      <marker id="m" overflow="visible">
        <path d="M 0 0 L 3 3" fill="context-stroke" stroke="context-fill"/>
      </marker>
      <path d="M 10 10 L 50 10" fill="#ff0000" stroke="#0000ff" marker-end="url(#m)"/>
      """)
    let instance = try #require(markerInstances(t).first)
    guard case .path(let p) = try #require(instance.children.first) else {
      Issue.record("expected a path")
      return
    }
    guard case .color(let fill)? = p.fill?.paint, case .color(let stroke)? = p.stroke?.paint
    else {
      Issue.record("expected colour paints")
      return
    }
    #expect(fill == (try Color(parsing: "#0000ff")))
    #expect(stroke == (try Color(parsing: "#ff0000")))
  }

  @Test func contextPaintOutsideAContextPaintsNothing() throws {
    let t = try tree(#"<rect width="10" height="10" fill="context-fill"/>"#)
    #expect(
      t.root.children.isEmpty
        || {
          if case .path(let p) = t.root.children[0] { return p.fill == nil }
          return false
        }())
    #expect(t.diagnostics.contains { $0.message.contains("context-fill") })
  }

  @Test func pathWithoutSegmentsHasNoMarkers() throws {
    let lone = try tree(arrow + #"<path d="M 10 10" marker-start="url(#m)"/>"#)
    #expect(markerInstances(lone).isEmpty)
    let zero = try tree(arrow + #"<path d="M 10 10 L 10 10" marker-start="url(#m)"/>"#)
    #expect(markerInstances(zero).count == 1)
  }

  @Test func hiddenShapeHasNoMarkers() throws {
    let t = try tree(
      arrow + """
        <path d="M 10 10 L 50 10" stroke="blue" marker-end="url(#m)" visibility="hidden"/>
        """)
    #expect(markerInstances(t).isEmpty)
  }

  @Test func paintOrderWithMarkersBetweenSplitsThePath() throws {
    let t = try tree(
      arrow + """
        <path d="M 10 10 L 50 10" fill="red" stroke="blue" marker-end="url(#m)"
              paint-order="fill markers"/>
        """)
    let shape = nodes(of: t.root.children.first)
    #expect(shape.count == 3)
    guard shape.count == 3, case .path(let first) = shape[0], case .group = shape[1],
      case .path(let last) = shape[2]
    else {
      Issue.record("expected path, markers, path")
      return
    }
    #expect(first.fill != nil && first.stroke == nil)
    #expect(last.fill == nil && last.stroke != nil)
  }

  @Test func markersFirstInPaintOrder() throws {
    let t = try tree(
      arrow + """
        <path d="M 10 10 L 50 10" stroke="blue" marker-end="url(#m)" paint-order="markers"/>
        """)
    let shape = nodes(of: t.root.children.first)
    guard shape.count == 2, case .group = shape.first, case .path = shape.last else {
      Issue.record("expected markers before the path")
      return
    }
  }
}

@Suite struct ContextPaintTests {
  @Test func colourIsIndependentOfSpace() {
    let c = ContextPaint(fill: .color(.black), stroke: nil, space: .scale(2, 2))
    guard case .color? = c.paint(stroke: false, in: .rotate(30)) else {
      Issue.record("expected a colour")
      return
    }
    #expect(c.paint(stroke: true, in: .identity) == nil)
  }

  @Test func gradientFollowsTheContextElement() throws {
    let g = LinearGradient(
      start: Point(0, 0), end: Point(10, 0), transform: .translate(5, 0), spread: .pad, stops: [])
    let space = Transform.translate(100, 0)
    let target = Transform.translate(100, 0) * .rotate(90) * .scale(2, 2)
    let c = ContextPaint(fill: .linearGradient(g), stroke: nil, space: space)
    guard case .linearGradient(let moved)? = c.paint(stroke: false, in: target) else {
      Issue.record("expected a gradient")
      return
    }
    // A gradient point lands on the same document point through either space.
    let p = Point(3, 4)
    let viaContext = (space * g.transform).apply(p)
    let viaTarget = (target * moved.transform).apply(p)
    #expect(close(viaContext, viaTarget, 1e-9))
  }

  @Test func elementPaintsResolveThroughTheOuterContext() throws {
    let document = try Document(
      string: """
        <svg xmlns="http://www.w3.org/2000/svg">
          <g id="outer" fill="#0000ff" stroke="#008000">
            <g id="inner" fill="context-stroke" stroke="context-fill"/>
          </g>
          <g id="server" fill="url(#g) red"/>
        </svg>
        """)
    let builder = RenderTreeBuilder(context: BuildContext(document: document, options: .init()))
    var state = BuildState(viewport: Size(width: 100, height: 100), absoluteTransform: .identity)
    let outer = try #require(document.element(withID: "outer"))
    let inner = try #require(document.element(withID: "inner"))
    state.contextPaint = try ContextPaint(of: outer, bounds: nil, builder: builder, state: state)
    let paints = try ContextPaint(of: inner, bounds: nil, builder: builder, state: state)
    guard case .color(let fill)? = paints.fill, case .color(let stroke)? = paints.stroke else {
      Issue.record("expected colours")
      return
    }
    #expect(fill == (try Color(parsing: "#008000")))
    #expect(stroke == (try Color(parsing: "#0000ff")))
    #expect(!ContextPaint.needsBounds(of: outer, context: builder.context))
    let server = try #require(document.element(withID: "server"))
    #expect(ContextPaint.needsBounds(of: server, context: builder.context))
  }

  @Test func singularTargetDropsServerPaints() {
    let g = LinearGradient(
      start: Point(0, 0), end: Point(10, 0), transform: .identity, spread: .pad, stops: [])
    let c = ContextPaint(fill: .linearGradient(g), stroke: nil, space: .identity)
    #expect(c.paint(stroke: false, in: .scale(0, 1)) == nil)
  }
}

@Suite struct StrokeGeometryTests {
  @Test func nearLinearCubicBecomesALine() {
    var path = Path()
    path.move(to: Point(20, 160))
    path.cubic(to: Point(160.1, 20), control1: Point(20.1, 160), control2: Point(160, 20))
    #expect(
      path.forStroking(Stroke(paint: .color(.black))).elements == [
        .move(Point(20, 160)), .line(Point(160.1, 20)),
      ])
  }

  @Test func realCurvesAreKept() {
    var path = Path()
    path.move(to: Point(0, 0))
    path.cubic(to: Point(100, 0), control1: Point(0, 50), control2: Point(100, 50))
    path.quad(to: Point(200, 0), control: Point(150, 80))
    #expect(path.forStroking(Stroke(paint: .color(.black))) == path)
  }

  @Test func collinearCurveThatReversesKeepsItsTurn() throws {
    // Goes out to x ≈ 133 and comes back to 50 along the x axis.
    let turns = try #require(
      Path.collinearTurns(Point(0, 0), Point(200, 0), Point(100, 0), Point(50, 0)))
    #expect(turns.count == 2)
    #expect(turns[0].x > 100 && abs(turns[0].y) < 1e-12)
    #expect(turns.last == Point(50, 0))
  }

  @Test func pointsAreNotLines() {
    #expect(Path.collinearTurns(Point(1, 1), Point(1, 1), Point(1, 1), Point(1, 1)) == nil)
  }
}
