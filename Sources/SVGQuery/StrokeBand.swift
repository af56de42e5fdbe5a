import SVGGeometry
import SVGRender

/// The cheap answers in front of cairo's stroke probe: a point farther from every segment
/// than half the stroke width (and from every vertex than its join or cap can reach, see
/// ``StrokeVertices``) is outside the stroke; a point beside a segment, nearer than half the
/// width, is inside an undashed stroke. Both keep a margin (the flattening error here, what
/// `Path.forStroking` changes, and a quarter of a canvas pixel for cairo's own tolerance,
/// less on the side of a curve where cairo's edge is exact, see ``CurveEdges``), so they
/// give cairo's answer. Near a vertex, beyond the segments' ends, ``StrokeJoins``
/// answers from the join cairo draws there; the points between go to the exact probe.
/// Allocates nothing.
enum StrokeBand {
  enum Answer { case inside, outside, unknown }

  /// The margin kept from a curve's edges where nothing better is known, in device pixels:
  /// cairo's flattening tolerance (0.1) and what its rounding adds, with room to spare.
  static let curveMargin = 0.25

  /// Where canvas point `p` lies against the stroke `s` of `path` (in the space `toCanvas`
  /// maps to the canvas), widened by `widen` canvas pixels on each side.
  static func classify(
    _ p: Point, _ path: Path, _ s: Stroke, _ toCanvas: Transform, widen: Double,
    joins: Bool = true
  ) -> Answer {
    let factors = StrokeVertices.factors(path, s, toCanvas)
    let shape = StrokeShape(s, toCanvas: toCanvas, path: path, factors: factors)
    return path.elements.withUnsafeBufferPointer { elements in
      factors.withUnsafeBufferPointer {
        classify(p, elements, shape, widen: widen, vertexFactors: $0, joins: joins)
      }
    }
  }

  /// The same for a path's elements and stroke as a hit index keeps them, with the path's
  /// ``StrokeVertices/factors(_:_:_:)`` worked out beforehand.
  static func classify(
    _ p: Point, _ elements: UnsafeBufferPointer<PathElement>, _ s: StrokeShape,
    widen: Double, vertexFactors: UnsafeBufferPointer<Double>, joins: Bool = true
  ) -> Answer {
    var half = s.width / 2
    let q: Point
    let map: Transform?
    let margin: Double
    // How much longer a vector is on the canvas than here, at least, and how much a
    // direction here can turn when one on the canvas turns.
    var deviceScale = 1.0
    var skew = 1.0
    if s.nonScaling {
      // Stroked on the canvas around the transformed path.
      half += widen
      (q, map, margin) = (p, s.toCanvas, curveMargin)
    } else {
      guard let inverse = s.fromCanvas else { return .unknown }
      let smallest = s.smallestScale
      guard smallest > 1e-9 else { return .unknown }
      half += widen / max(s.meanScale, 1e-12)
      (q, map, margin) = (inverse.apply(p), nil, curveMargin / smallest)
      (deviceScale, skew) = (smallest, s.toCanvas.scaleBound / smallest)
    }
    guard half.isFinite, half >= 0, margin.isFinite else { return .unknown }
    // Where cairo's stroke is not the stroke's geometry, only its box answers.
    if let box = s.clipBox { return box.mayContain(p, width: 2 * half) ? .unknown : .outside }
    // Farther from the path's box than every segment's and vertex's reach
    // (worked out with the shape, for no widening): the walk below would answer outside.
    if widen == 0, map == nil, s.box.gap(to: q) > s.clearance + s.box.rounding(q) {
      return .outside
    }
    let fallback = s.fallback
    // Every curve bends less tightly than twice what the stroke reaches (see `piece`).
    let unfolded = s.curveRadius > 2 * half
    // A dash ends anywhere along the path, and a square cap there reaches √2 half widths.
    let bodyReach = s.dashed && s.squareCap ? half * 2.0.squareRoot() : half
    // The least distance from a segment's centre line beyond what the stroke reaches
    // around it, less that segment's margin.
    var nearestBody = Double.infinity
    // The least distance from a vertex beyond what the stroke reaches around it.
    var nearestVertex = Double.infinity
    var inside = false
    // Whether the curve being cut is stroked as a curve (`Path.forStroking` leaves it).
    var curveStroked = false
    var point = Point(0, 0)
    var start = Point(0, 0)
    func mapped(_ v: Point) -> Point { map?.apply(v) ?? v }
    func vertex(_ v: Point, _ factor: Double) {
      nearestVertex = min(nearestVertex, (q - v).length - half * factor)
    }
    // The faces that end the curve being cut into pieces (see `curve`): a point a piece
    // takes in must lie ahead of every one; nil when one is too uncertain to tell. Worked
    // out when a piece first would take a point in (most tests take in none), from the
    // curve's points on the canvas, its own and how far its control points are off its chord.
    var faces = Faces()
    var facesKnown = true
    var ends = (Point(0, 0), Point(0, 0), Point(0, 0), Point(0, 0))
    var own = (Point(0, 0), Point(0, 0), Point(0, 0), Point(0, 0))
    var chordOff = 0.0
    /// A piece is straight where the curve is not: near an end, beside the piece can be
    /// behind the face cairo ends the curve with (across its first or last control
    /// direction). Cairo turns a curve `StrokeVertices.maybeStraight` calls straight into
    /// lines along its chord instead: then the chord's faces count too, turned by what the
    /// control points' distance from it allows.
    func endFaces() {
      facesKnown = true
      faces = Faces()
      let (a, b, c, d) = ends
      func face(_ from: Point, _ direction: Point, _ turn: Double, _ shift: Double) {
        let length = direction.length
        let device = length * deviceScale
        let turn = turn + skew / (64 * device)
        guard length > 0, device >= 0.5, length.isFinite, turn < 0.3 else {
          faces.giveUp()
          return
        }
        faces.add(
          CurveFace(point: from, unit: direction * (1 / length), margin: margin + shift, turn: turn)
        )
      }
      let first = b != a ? b - a : c != a ? c - a : d - a
      let last = d != c ? d - c : d != b ? d - b : d - a
      face(a, first, 0, 0)
      face(d, Point(0, 0) - last, 0, 0)
      if StrokeVertices.maybeStraight(own.0, own.1, own.2, own.3) {
        let chord = d - a
        let chordLength = chord.length
        let turn = chordLength > 0 ? 4 * chordOff / chordLength : 0
        face(a, chord, turn, 2 * chordOff)
        face(d, Point(0, 0) - chord, turn, 2 * chordOff)
      }
    }
    /// One straight piece, `slack` away from the true geometry at most: a piece of a curve,
    /// or a segment of the path (`ofCurve` false), whose edges cairo draws closer to where
    /// they are than a curve's (see ``StraightMargin``). Whether it settles `q`: takes it
    /// in, or is beyond the stroke's reach from it. A piece of a curve that is not `final`
    /// (it would be cut finer) leaves `nearestBody` as it is when it does not.
    @discardableResult
    func piece(
      _ a: Point, _ b: Point, slack: Double, ofCurve: Bool = false, bulge: Double = 0,
      final: Bool = true
    ) -> Bool {
      let ab = b - a
      let length2 = ab.x * ab.x + ab.y * ab.y
      let length = length2.squareRoot()
      let t = length2 > 0 ? ((q - a).x * ab.x + (q - a).y * ab.y) / length2 : 0
      let d = (q - (a + ab * min(1, max(0, t)))).length
      // A segment's own margins, unless the point is beyond its body whichever margin is
      // kept (``StraightMargin/edge`` is below the curves' margin plus 0.08 half widths):
      // then they would change no answer, and are not worked out.
      var (edge, end) = (margin, margin)
      if !ofCurve, !s.roundEnds, d - slack - margin - 0.08 * half <= bodyReach,
        let straight = StraightMargin(length: length, half: half, scale: deviceScale, skew: skew)
      {
        (edge, end) = (straight.edge, straight.end)
      }
      // Beside the piece, a margin in from its ends (a butt cap ends the stroke there). A
      // piece of a curve that bends less tightly than the stroke is wide needs no inset:
      // its ends are points of the curve (moved by at most `slack`), so a point within
      // `half - edge` of one is within the curve's stroke unless it is behind the curve's
      // own end faces, which `faces` checks (see ``CurveRadius``). Near the joint of two
      // pieces on a curve's outer side the point is beside neither.
      let inset = length2 > 0 ? end / length : 1
      let beside = (ofCurve && unfolded) || (t > inset && t < 1 - inset)
      // Near a piece of a curve that bends one way (`bulge`: the side its control points
      // are on), cairo's edge on the convex side is inside the exact one, and on the concave
      // side outside it, beside the piece (see ``CurveEdges``). Not where `q` may be between
      // the piece and the curve, or the curve's inner edge between the piece and its chord.
      var (inEdge, outEdge) = (edge, edge)
      if ofCurve, bulge != 0, unfolded, curveStroked, !s.dashed, d > 2 * slack,
        half - slack > margin
      {
        if ab.cross(q - a) * bulge > 0 {
          outEdge = margin * CurveEdges.exactSide
        } else {
          outEdge = margin * CurveEdges.innerOutside
          if t > 0, t < 1 { inEdge = margin * CurveEdges.exactSide }
        }
      }
      if beside, d + slack < half - inEdge, !s.dashed {
        if !ofCurve {
          inside = true
          return true
        }
        if !facesKnown { endFaces() }
        if faces.ahead(q, half: half) {
          inside = true
          return true
        }
      }
      let body = d - slack - outEdge
      if final { nearestBody = min(nearestBody, body) }
      return body > bodyReach
    }
    /// A curve as pieces, within a tenth of the half width (or less) of the curve.
    func curve(_ p0: Point, _ p1: Point, _ p2: Point, _ p3: Point) {
      let (a, b, c, d) = (mapped(p0), mapped(p1), mapped(p2), mapped(p3))
      // Every piece lies in the control points' box (its ends are points of the curve). A
      // box farther from `q` than the stroke reaches, slack and rounding added, can neither
      // take `q` in nor bring `nearestBody` down to what the answer compares it with: the
      // curve is passed over, and the answer is the one its pieces would give. Unwidened,
      // no curve's slack is above the shape's largest (most boxes are passed over so,
      // before their own cut is planned).
      let box = ControlBox(a, b, c, d)
      let (gap, rounding) = (box.gap(to: q), box.rounding(q))
      if widen == 0, gap > bodyReach + margin + s.curveSlack + rounding { return }
      let plan = CurveCut(a, b, c, d, half: half)
      let (n, wanted, off, straight, slack) =
        (plan.n, plan.wanted, plan.off, plan.straight, plan.slack)
      if gap > bodyReach + margin + slack + rounding { return }
      (facesKnown, ends, own, chordOff) = (false, (a, b, c, d), (p0, p1, p2, p3), off)
      curveStroked = straight == 0
      // Halved (de Casteljau) where it comes near `q`: a half whose control box is beyond
      // the stroke's reach is passed over as the whole curve is above (its pieces' slack is
      // at most its own), the others halved until one settles `q` or is within a sixteenth
      // of `wanted` of its chord (a cubic is within ¾ of its control points' largest second
      // difference of its chord, and halving divides that by 4), or 256 pieces are made.
      func cut(_ a: Point, _ b: Point, _ c: Point, _ d: Point, depth: Int) {
        let flatness = 0.75 * max((a - b * 2 + c).length, (b - c * 2 + d).length)
        let slack = flatness + straight
        if depth > 0 {
          let box = ControlBox(a, b, c, d)
          if box.gap(to: q) > bodyReach + margin + slack + box.rounding(q) { return }
        }
        // Which side of the chord the curve bends to, when it bends one way.
        let chord = d - a
        let (toB, toC) = (chord.cross(b - a), chord.cross(c - a))
        let bulge = toB > 0 && toC > 0 ? 1.0 : toB < 0 && toC < 0 ? -1.0 : 0
        // A piece not yet within `wanted` settles `q` too when it takes `q` in or is
        // beyond the stroke's reach from it, by its slack (a piece is within it of the curve
        // at any depth). One within `wanted` that settles nothing is cut on, where `q` is
        // within its slack of an edge, down to a sixteenth of `wanted` (or 256 pieces).
        let final = flatness <= wanted / 16 || depth >= 8 || n == 1
        if piece(a, d, slack: slack, ofCurve: true, bulge: bulge, final: final) || final {
          return
        }
        let (l, r) = PathSegment.halves(a, b, c, d)
        cut(l.0, l.1, l.2, l.3, depth: depth + 1)
        if inside { return }
        cut(r.0, r.1, r.2, r.3, depth: depth + 1)
      }
      cut(a, b, c, d, depth: 0)
    }
    for (k, el) in elements.enumerated() {
      // Without a `moveto` first, the path starts at the origin.
      if k == 0 {
        switch el {
        case .move, .close: break
        case .line, .quad, .cubic: vertex(mapped(point), fallback)
        }
      }
      let factor = k < vertexFactors.count ? vertexFactors[k] : fallback
      switch el {
      case .move(let a):
        (point, start) = (a, a)
        vertex(mapped(a), factor)
      case .line(let b):
        piece(mapped(point), mapped(b), slack: 0)
        vertex(mapped(b), factor)
        point = b
      case .quad(let c, let b):
        curve(point, point + (c - point) * (2.0 / 3), b + (c - b) * (2.0 / 3), b)
        vertex(mapped(b), factor)
        point = b
      case .cubic(let c1, let c2, let b):
        curve(point, c1, c2, b)
        vertex(mapped(b), factor)
        point = b
      case .close:
        piece(mapped(point), mapped(start), slack: 0)
        point = start
      }
      if inside { return .inside }
    }
    let bodyClear = nearestBody > bodyReach
    if bodyClear && nearestVertex > margin {
      return .outside
    }
    // Every join lies within its vertex's reach: a point beyond them all is not in one.
    guard joins, nearestVertex <= margin, !s.dashed || bodyClear else { return .unknown }
    return StrokeJoins.classify(
      q, elements, s, map: map, half: half, margin: margin, deviceScale: deviceScale, skew: skew,
      vertexFactors: vertexFactors, bodyClear: bodyClear)
  }
}
