import SVGGeometry
import SVGRender

/// The corners of a stroke as cairo's polygon stroker draws them: what settles the points
/// that ``StrokeBand`` leaves to cairo's probe because they lie near a vertex.
///
/// Where two segments meet, cairo fills the wedge outside both: on the outer side of the
/// turn, between the faces that end the segments (across their directions at the vertex
/// `V`), from the outer corners `A` and `B` of those faces, half a width from `V`. A bevel
/// join is the triangle `V A B`; a miter join adds the tip `M` where the outer edges meet,
/// the quadrilateral `V A M B`, when cairo decides on a miter (`2 <= limit² (1 + in·out)`
/// with the device directions; it computes the tip in device space, which is the image of
/// the tip in the stroke's space); a round join fans pen points on the arc beyond the chord
/// `A B`, so it holds the triangle. So a point inside the triangle (or inside the tip's
/// quadrilateral when the miter is sure), a margin in from every edge, is inside the
/// stroke; and a point outside every segment's body that is out of the quadrilateral (the
/// triangle when a miter is surely not drawn) by a margin is not taken in by that join.
///
/// The margins are ``StrokeBand``'s (a quarter of a device pixel for cairo's tolerance),
/// plus what cairo's fixed point moves the polygon by: each direction is taken from points
/// rounded to 1/256 of a pixel, and turns by at most `skew / (64 · length)` (length in
/// device pixels); each corner moves by half a width times that, and the tip by up to
/// `1 + r + r²` times as much (`r`, the tip's distance from the vertex in half widths).
/// Uncertain corners (a segment under two device pixels, a curve `Path.forStroking` may
/// stroke as lines, a turn under about a degree, a stroke under a device pixel wide, a
/// dashed stroke's joins) settle nothing and keep cairo's probe. Allocates nothing.
enum StrokeJoins {
  enum Kind: UInt8, Sendable {
    case miter, round, bevel

    init(_ join: Stroke.LineJoin) {
      switch join {
      case .round: self = .round
      case .bevel: self = .bevel
      // The renderer draws SVG 2's `miter-clip` and `arcs` as cairo's miter.
      case .miter, .miterClip, .arcs: self = .miter
      }
    }
  }

  /// A segment's direction at a vertex: its unit vector in the stroke's space and on the
  /// device, and its length in device pixels.
  fileprivate struct Direction {
    var unit: Point
    var device: Point
    var length: Double
  }

  /// What the joins of the stroke `s` of `elements` say about point `q` (in the space the
  /// stroke is drawn in; `map` takes the path there, nil when it is the path's own): inside
  /// a join, outside every join that reaches it (only when `bodyClear`, the point being
  /// beyond every segment's body), or unknown. `half`, `margin`, `deviceScale` and `skew`
  /// are ``StrokeBand``'s, `vertexFactors` the reach of each vertex.
  static func classify(
    _ q: Point, _ elements: UnsafeBufferPointer<PathElement>, _ s: StrokeShape, map: Transform?,
    half: Double, margin: Double, deviceScale: Double, skew: Double,
    vertexFactors: UnsafeBufferPointer<Double>, bodyClear: Bool
  ) -> StrokeBand.Answer {
    // A stroke under a device pixel wide: cairo's rounding of its faces is too coarse.
    guard half * deviceScale >= 0.5, case .move? = elements.first else { return .unknown }
    let t = s.toCanvas
    var walk = Walk(
      q: q, stroke: s, map: map,
      linear: map == nil ? Transform(a: t.a, b: t.b, c: t.c, d: t.d, e: 0, f: 0) : .identity,
      half: half, margin: margin, skew: skew, position: 0.01 / deviceScale,
      vertexFactors: vertexFactors, bodyClear: bodyClear)
    return walk.run(elements)
  }

  /// One pass over a path's vertices, in the order ``StrokeBand`` visits them. A struct
  /// with methods rather than nested functions, so that its state stays in registers and
  /// nothing is boxed.
  private struct Walk {
    let q: Point
    let stroke: StrokeShape
    let map: Transform?
    /// Maps a vector of the stroke's space to device pixels.
    let linear: Transform
    let half: Double
    let margin: Double
    let skew: Double
    /// How far cairo's fixed point may move a vertex, in the stroke's space.
    let position: Double
    let vertexFactors: UnsafeBufferPointer<Double>
    let bodyClear: Bool

    var inside = false
    var blocked = false
    var vertex = Point.zero
    var startReaches = false
    var endReaches = false
    var segments = 0
    var firstOut: Direction?
    var lastIn: Direction?

    init(
      q: Point, stroke: StrokeShape, map: Transform?, linear: Transform, half: Double,
      margin: Double, skew: Double, position: Double, vertexFactors: UnsafeBufferPointer<Double>,
      bodyClear: Bool
    ) {
      (self.q, self.stroke, self.map, self.linear) = (q, stroke, map, linear)
      (self.half, self.margin, self.skew, self.position) = (half, margin, skew, position)
      (self.vertexFactors, self.bodyClear) = (vertexFactors, bodyClear)
    }

    mutating func run(_ elements: UnsafeBufferPointer<PathElement>) -> StrokeBand.Answer {
      var point = Point.zero
      var start = Point.zero
      var afterClose = false
      for k in elements.indices {
        switch elements[k] {
        case .move(let a):
          finishOpen()
          (point, start, segments, firstOut, lastIn, afterClose) = (a, a, 0, nil, nil, false)
          vertex = mapped(a)
          startReaches = bodyClear && reaches(vertex, k)
          endReaches = false
        case .line(let b):
          guard !afterClose else { return .unknown }
          let d = direction(mapped(b) - mapped(point))
          segment(out: d, incoming: d, to: mapped(b), k)
          point = b
        case .quad(let c, let b):
          guard !afterClose else { return .unknown }
          curve(point, point + (c - point) * (2.0 / 3), b + (c - b) * (2.0 / 3), b, k)
          point = b
        case .cubic(let c1, let c2, let b):
          guard !afterClose else { return .unknown }
          curve(point, c1, c2, b, k)
          point = b
        case .close:
          let closing = mapped(start) - mapped(point)
          let d = direction(closing)
          segment(out: d, incoming: d, to: nil, k)
          if closing == .zero {
            if startReaches { blocked = true }
          } else {
            join(at: mapped(start), lastIn, firstOut, pending: startReaches)
          }
          (point, segments, startReaches, endReaches, afterClose) = (start, 0, false, false, true)
          lastIn = nil
        }
        if inside { return .inside }
      }
      finishOpen()
      return bodyClear && !blocked ? .outside : .unknown
    }

    func mapped(_ v: Point) -> Point { map?.apply(v) ?? v }

    func direction(_ v: Point) -> Direction? {
      let device = linear.apply(v)
      let length = device.length
      let own = v.length
      guard length >= 2, length.isFinite, own > 0, own.isFinite else { return nil }
      return Direction(unit: v * (1 / own), device: device * (1 / length), length: length)
    }

    func reaches(_ v: Point, _ k: Int) -> Bool {
      let factor = k < vertexFactors.count ? vertexFactors[k] : stroke.fallback
      return (q - v).length - half * factor <= margin
    }

    mutating func curve(_ p0: Point, _ p1: Point, _ p2: Point, _ p3: Point, _ k: Int) {
      let (a, b, c, d) = (mapped(p0), mapped(p1), mapped(p2), mapped(p3))
      let straight = StrokeVertices.maybeStraight(p0, p1, p2, p3)
      let out = straight ? nil : direction(b != a ? b - a : c != a ? c - a : d - a)
      let incoming = straight ? nil : direction(d != c ? d - c : d != b ? d - b : d - a)
      segment(out: out, incoming: incoming, to: d, k)
    }

    /// A segment leaving the current vertex along `out` and arriving at `end` (nil: the
    /// subpath's start) along `incoming`.
    mutating func segment(out: Direction?, incoming: Direction?, to end: Point?, _ k: Int) {
      if segments == 0 {
        firstOut = out
      } else {
        join(at: vertex, lastIn, out, pending: endReaches)
      }
      lastIn = incoming
      segments += 1
      if let end {
        vertex = end
        endReaches = bodyClear && reaches(end, k)
      }
    }

    /// An open subpath ends: its ends are caps, which this does not settle.
    mutating func finishOpen() {
      if startReaches || (segments > 0 && endReaches) { blocked = true }
    }

    /// The join at `v` between `a` (arriving) and `b` (leaving): inside sets `inside`; a
    /// vertex that reaches `q` (`pending`) and whose join may take `q` in sets `blocked`.
    mutating func join(at v: Point, _ a: Direction?, _ b: Direction?, pending: Bool) {
      guard let a, let b else {
        if pending { blocked = true }
        return
      }
      let cross = a.unit.cross(b.unit)
      let dot = a.unit.x * b.unit.x + a.unit.y * b.unit.y
      guard abs(cross) >= 0.02 else {
        if pending { blocked = true }
        return
      }
      // The outer side: away from the turn.
      let sign = cross > 0 ? 1.0 : -1.0
      let n1 = Point(a.unit.y, -a.unit.x) * sign
      let n2 = Point(b.unit.y, -b.unit.x) * sign
      let corner1 = v + n1 * half
      let corner2 = v + n2 * half
      let turn = skew / 64 * (1 / a.length + 1 / b.length)
      // Cairo's miter test, with the directions' error (as StrokeVertices): its polygon
      // stroker (undashed strokes) tests device directions, its dashed stroker the
      // stroke's own; a miter is sure when both pass and possible when either may.
      let deviceDot = a.device.x * b.device.x + a.device.y * b.device.y
      let error = 0.025 * (1 / a.length + 1 / b.length)
      let limit2 = stroke.miterLimit * stroke.miterLimit
      let miter = stroke.join == .miter
      // A miter whose outer edges are near parallel may still be bevelled (cairo checks that
      // the tip lies between the faces): a sure miter turns by several degrees.
      let sureMiter =
        miter && 2 <= limit2 * (1 + deviceDot - error) && 2 <= limit2 * (1 + dot - error * skew)
        && abs(a.device.cross(b.device)) >= 0.1 && abs(cross) >= 0.1
      let mayMiter =
        miter
        && (2 <= limit2 * (1 + deviceDot + error) || 2 <= limit2 * (1 + dot + error * skew))
      let insideAllowed = !stroke.dashed
      let triangleSlack = 2 * (half * turn + 3 * position)
      if insideAllowed,
        StrokeJoins.distanceInside(q, v, corner1, corner2, nil) > margin + triangleSlack
      {
        inside = true
        return
      }
      var tip: Point?
      var tipSlack = triangleSlack
      if mayMiter, 1 + dot > 1e-6 {
        let r2 = 2 / (1 + dot)
        let r = r2.squareRoot()
        tip = v + (n1 + n2) * (half / (1 + dot))
        tipSlack = 2 * (half * turn * (1 + r + r2) + 3 * r * position)
        guard tipSlack.isFinite else {
          if pending { blocked = true }
          return
        }
      }
      if insideAllowed, sureMiter, let tip,
        StrokeJoins.distanceInside(q, v, corner1, corner2, tip) > margin + tipSlack
      {
        inside = true
        return
      }
      guard pending else { return }
      let outside: Bool
      if stroke.join == .round {
        // A fan of pen points on the arc beyond the chord.
        outside = (q - v).length > half + margin + triangleSlack
      } else if mayMiter {
        guard let tip else {
          blocked = true
          return
        }
        outside = StrokeJoins.distanceInside(q, v, corner1, corner2, tip) < -(margin + tipSlack)
      } else {
        outside =
          StrokeJoins.distanceInside(q, v, corner1, corner2, nil) < -(margin + triangleSlack)
      }
      if !outside { blocked = true }
    }
  }

  /// How far `q` is inside the convex polygon `v`, `a`, (`tip`,) `b`: the least distance to
  /// its edges' lines, negative outside (then at most minus the distance to the polygon).
  fileprivate static func distanceInside(
    _ q: Point, _ v: Point, _ a: Point, _ b: Point, _ tip: Point?
  )
    -> Double
  {
    func edge(_ from: Point, _ to: Point) -> Double {
      let e = to - from
      let length = e.length
      guard length > 0 else { return Double.infinity }
      return e.cross(q - from) / length
    }
    // Oriented so that the inside is on the positive side.
    let orientation = (a - v).cross(b - v) > 0 ? 1.0 : -1.0
    var least = min(orientation * edge(v, a), orientation * edge(b, v))
    if let tip {
      least = min(least, min(orientation * edge(a, tip), orientation * edge(tip, b)))
    } else {
      least = min(least, orientation * edge(a, b))
    }
    return least
  }
}
