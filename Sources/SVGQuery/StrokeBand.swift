import SVGGeometry
import SVGRender

/// The cheap answers in front of cairo's stroke probe: a point farther from every segment
/// than half the stroke width (and from every vertex than its join or cap can reach, see
/// ``StrokeVertices``) is outside the stroke; a point beside a segment, nearer than half the
/// width, is inside an undashed stroke. Both keep a margin (the flattening error here, what
/// `Path.forStroking` changes, and a quarter of a canvas pixel for cairo's own tolerance),
/// so they give cairo's answer. Near a vertex, beyond the segments' ends, ``StrokeJoins``
/// answers from the join cairo draws there; the points between go to the exact probe.
/// Allocates nothing.
enum StrokeBand {
  enum Answer { case inside, outside, unknown }

  /// Where canvas point `p` lies against the stroke `s` of `path` (in the space `toCanvas`
  /// maps to the canvas), widened by `widen` canvas pixels on each side.
  static func classify(
    _ p: Point, _ path: Path, _ s: Stroke, _ toCanvas: Transform, widen: Double,
    joins: Bool = true
  ) -> Answer {
    let factors = StrokeVertices.factors(path, s, toCanvas)
    let shape = StrokeShape(s, toCanvas: toCanvas, vertexStart: 0, path: path, factors: factors)
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
      (q, map, margin) = (p, s.toCanvas, 0.25)
    } else {
      guard let inverse = s.fromCanvas else { return .unknown }
      let smallest = s.smallestScale
      guard smallest > 1e-9 else { return .unknown }
      half += widen / max(s.meanScale, 1e-12)
      (q, map, margin) = (inverse.apply(p), nil, 0.25 / smallest)
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
          Face(point: from, unit: direction * (1 / length), margin: margin + shift, turn: turn))
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
    /// they are than a curve's (see ``StraightMargin``).
    func piece(_ a: Point, _ b: Point, slack: Double, ofCurve: Bool = false) {
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
      nearestBody = min(nearestBody, d - slack - edge)
      if beside, d + slack < half - edge, !s.dashed {
        if ofCurve {
          if !facesKnown { endFaces() }
          guard faces.ahead(q, half: half) else { return }
        }
        inside = true
      }
    }
    /// A curve as pieces, within a tenth of the half width (or less) of the curve.
    func curve(_ p0: Point, _ p1: Point, _ p2: Point, _ p3: Point) {
      let (a, b, c, d) = (mapped(p0), mapped(p1), mapped(p2), mapped(p3))
      let plan = CurveCut(a, b, c, d, half: half)
      let (n, wanted, off, straight, slack) =
        (plan.n, plan.wanted, plan.off, plan.straight, plan.slack)
      // Every piece lies in the control points' box (its ends are points of the curve). A
      // box farther from `q` than the stroke reaches, slack and rounding added, can neither
      // take `q` in nor bring `nearestBody` down to what the answer compares it with: the
      // curve is passed over, and the answer is the one its pieces would give.
      let box = ControlBox(a, b, c, d)
      if box.gap(to: q) > bodyReach + margin + slack + box.rounding(q) { return }
      (facesKnown, ends, own, chordOff) = (false, (a, b, c, d), (p0, p1, p2, p3), off)
      // Halved (de Casteljau) where it comes near `q`: a half whose control box is beyond
      // the stroke's reach is passed over as the whole curve is above (its pieces' slack is
      // at most its own), the others halved until each is within `wanted` of its chord (a
      // cubic is within ¾ of its control points' largest second difference of its chord,
      // and halving divides that by 4) or 64 pieces are made, as many as the whole curve
      // cut evenly would make.
      func cut(_ a: Point, _ b: Point, _ c: Point, _ d: Point, depth: Int) {
        let flatness = 0.75 * max((a - b * 2 + c).length, (b - c * 2 + d).length)
        let slack = flatness + straight
        if depth > 0 {
          let box = ControlBox(a, b, c, d)
          if box.gap(to: q) > bodyReach + margin + slack + box.rounding(q) { return }
        }
        if flatness <= wanted || depth >= 6 || n == 1 {
          piece(a, d, slack: slack, ofCurve: true)
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

/// The box of a curve's control points. Two-argument `min` and `max` only: the variadic
/// ones put their fourth argument in an array, an allocation per curve.
struct ControlBox: Sendable {
  var low: Point
  var high: Point

  @inline(__always)
  init(_ a: Point, _ b: Point, _ c: Point, _ d: Point) {
    low = Point(min(min(a.x, b.x), min(c.x, d.x)), min(min(a.y, b.y), min(c.y, d.y)))
    high = Point(max(max(a.x, b.x), max(c.x, d.x)), max(max(a.y, b.y), max(c.y, d.y)))
  }

  /// The box of one point.
  init(_ p: Point) { (low, high) = (p, p) }

  /// The box `rect` is.
  init(_ rect: Rect) { (low, high) = (Point(rect.minX, rect.minY), Point(rect.maxX, rect.maxY)) }

  /// The box grown to hold `other`.
  func union(_ other: ControlBox) -> ControlBox {
    var box = self
    box.low = Point(min(low.x, other.low.x), min(low.y, other.low.y))
    box.high = Point(max(high.x, other.high.x), max(high.y, other.high.y))
    return box
  }

  /// How far `q` is from the box (0 inside).
  @inline(__always)
  func gap(to q: Point) -> Double {
    Point(max(max(low.x - q.x, 0), q.x - high.x), max(max(low.y - q.y, 0), q.y - high.y)).length
  }

  /// What rounding may take from a comparison of that distance.
  @inline(__always)
  func rounding(_ q: Point) -> Double {
    1e-9 * (1 + abs(q.x) + abs(q.y) + max(high.x - low.x, high.y - low.y))
  }
}

/// How ``StrokeBand`` cuts a curve (its control points in the space it measures in) for a
/// half width: into `n` pieces, each within `slack` of the curve, `off` the control
/// points' distance from the chord, `straight` what `Path.forStroking` may move it by.
struct CurveCut {
  var n: Int
  var wanted: Double
  var off: Double
  var straight: Double
  var slack: Double

  @inline(__always)
  init(_ a: Point, _ b: Point, _ c: Point, _ d: Point, half: Double) {
    let bend = max((a - b * 2 + c).length, (b - c * 2 + d).length)
    wanted = max(half * 0.1, 1e-6)
    // 64 for a bend too large (or not finite) to count pieces of: huge coordinates.
    let pieces = (0.75 * bend / wanted).squareRoot().rounded(.up)
    n = pieces <= 64 ? max(1, Int(pieces)) : 64
    // `Path.forStroking` strokes a curve whose points are all but collinear as lines
    // through its turning points: those lie within twice the control points' distance
    // from the chord of the curve's own trace.
    let chord = d - a
    let chordLength = chord.length
    let extent = max(max((b - a).length, (c - a).length), chordLength)
    if chordLength > 0 {
      off = max(abs(chord.cross(b - a)), abs(chord.cross(c - a))) / chordLength
    } else {
      off = max((b - a).length, (c - a).length)
    }
    straight = off <= 0.004 * extent ? 2 * off : 0
    // What any piece cut may be off the curve by: within `wanted`, or the 64th part's
    // bound when 64 pieces are not enough.
    slack = max(wanted, 0.75 * bend / Double(n * n)) + straight
  }
}

/// A line across the stroke where cairo ends a curve (the cap or join there is the
/// vertex's to decide): a point must be ahead of it for a piece of the curve to take it in.
private struct Face {
  var point: Point
  /// The direction the curve leaves the face in.
  var unit: Point
  /// How far ahead the point must be, and how far (in radians, below 0.3) the face may turn
  /// about `point`, which moves it by at most 1.05 times that per unit of distance from
  /// the curve.
  var margin: Double
  var turn: Double

  func ahead(_ q: Point, half: Double) -> Bool {
    let v = q - point
    return v.x * unit.x + v.y * unit.y > margin + 1.05 * turn * half
  }
}

extension Face {
  /// A placeholder in ``Faces``, never read.
  init() { self.init(point: Point(0, 0), unit: Point(0, 0), margin: 0, turn: 0) }
}

/// The faces of one curve, at most four, held in place (no allocation per hit test, and
/// no optionals to copy).
private struct Faces {
  // Placeholders until added (a `static let` would be read through `swift_once`).
  private var f0 = Face(), f1 = Face(), f2 = Face(), f3 = Face()
  private var count = 0
  /// False once a face was too uncertain to tell: then no point is ahead.
  private var known = true

  mutating func add(_ face: Face) {
    switch count {
    case 0: f0 = face
    case 1: f1 = face
    case 2: f2 = face
    default: f3 = face
    }
    count = min(count + 1, 4)
  }

  mutating func giveUp() { known = false }

  func ahead(_ q: Point, half: Double) -> Bool {
    known && (count < 1 || f0.ahead(q, half: half)) && (count < 2 || f1.ahead(q, half: half))
      && (count < 3 || f2.ahead(q, half: half)) && (count < 4 || f3.ahead(q, half: half))
  }
}

/// What ``StrokeBand`` reads of a stroke and of the transform of its path, worked out once
/// per shape: plain numbers, so a hit candidate reads it without retaining anything (a
/// `Stroke` holds its paint and dashes).
struct StrokeShape: Sendable {
  var width: Double
  var nonScaling: Bool
  var dashed: Bool
  var squareCap: Bool
  /// Whether cairo draws round caps or joins: fans of pen vertices, after which its
  /// contours are not within ``StraightMargin`` of the segments' edges.
  var roundEnds: Bool
  /// ``StrokeVertices/fallback(_:)``.
  var fallback: Double
  /// How cairo joins segments, and the miter limit (see ``StrokeJoins``).
  var join: StrokeJoins.Kind
  var miterLimit: Double
  /// Where the shape's vertex factors start in its index's array.
  var vertexStart: Int32
  var toCanvas: Transform
  /// `toCanvas` inverted; nil when it is singular.
  var fromCanvas: Transform?
  var smallestScale: Double
  var meanScale: Double
  /// The box cairo cuts the stroke to, where its stroke is not the stroke's geometry.
  var clipBox: StrokeClipBox?
  /// The box of the path (its curves' extrema, not their control points, and the origin
  /// when it does not start with a `moveto`) in its own space: every vertex, and every
  /// piece a curve is cut into (a chord between two of its points), lies in it.
  var box = ControlBox(Point(0, 0))
  /// How far from ``box`` a point is outside the stroke, unwidened: beyond every segment's
  /// reach (its margin and its pieces' slack added) and every vertex's. Infinite where
  /// ``StrokeBand`` measures on the canvas, or answers from the clip box.
  var clearance = Double.infinity
  /// A lower bound on every curve's radius of curvature (``CurveRadius``), worked out up to
  /// twice the width (infinite without curves); 0 where ``StrokeBand`` measures on the
  /// canvas or answers from the clip box.
  var curveRadius = 0.0

  init(_ s: Stroke, toCanvas: Transform, vertexStart: Int, path: Path, factors: [Double]) {
    width = s.width
    nonScaling = s.nonScaling
    dashed = s.dashes != nil
    squareCap = s.cap == .square
    roundEnds = s.cap == .round || StrokeJoins.Kind(s.join) == .round
    fallback = StrokeVertices.fallback(s)
    join = StrokeJoins.Kind(s.join)
    miterLimit = s.miterLimit
    self.vertexStart = Int32(vertexStart)
    self.toCanvas = toCanvas
    fromCanvas = toCanvas.inverted
    smallestScale = toCanvas.smallestScale
    meanScale = toCanvas.meanScale
    clipBox = StrokeClipBox(path, s, toCanvas: toCanvas)
    setClearance(path.elements, factors: factors)
  }

  /// ``box`` and ``clearance``, as ``StrokeBand/classify(_:_:_:widen:vertexFactors:joins:)``
  /// works out each segment's and vertex's reach for no widening.
  private mutating func setClearance(_ elements: [PathElement], factors: [Double]) {
    let half = width / 2
    let margin = 0.25 / smallestScale
    guard !nonScaling, fromCanvas != nil, smallestScale > 1e-9, clipBox == nil,
      half.isFinite, half >= 0, margin.isFinite, factors.count == elements.count
    else { return }
    let bodyReach = dashed && squareCap ? half * 2.0.squareRoot() : half
    var slack = 0.0
    var factor = 1.0
    var point = Point(0, 0)
    var radius = Double.infinity
    func bend(_ a: Point, _ b: Point, _ c: Point, _ d: Point) {
      if radius > 0 { radius = min(radius, CurveRadius.lowerBound(a, b, c, d, needed: width * 2)) }
    }
    if let first = elements.first, case .move = first {} else { factor = fallback }
    for (k, el) in elements.enumerated() {
      switch el {
      case .move(let a):
        box = k == 0 ? ControlBox(a) : box.union(ControlBox(a))
        point = a
      case .line(let b):
        box = box.union(ControlBox(b))
        point = b
      case .quad(let c, let b):
        let (c1, c2) = (point + (c - point) * (2.0 / 3), b + (c - b) * (2.0 / 3))
        slack = max(slack, CurveCut(point, c1, c2, b, half: half).slack)
        bend(point, c1, c2, b)
        box = box.union(ControlBox(PathSegment.quad(point, c, b).bounds))
        point = b
      case .cubic(let c1, let c2, let b):
        slack = max(slack, CurveCut(point, c1, c2, b, half: half).slack)
        bend(point, c1, c2, b)
        box = box.union(ControlBox(PathSegment.cubic(point, c1, c2, b).bounds))
        point = b
      case .close:
        continue
      }
      factor = max(factor, factors[k])
    }
    // Beyond this, a segment's edges keep the curves' margin (see `piece`).
    let body = bodyReach + margin + 0.08 * half + slack
    let reach = max(body, half * factor + margin)
    clearance = reach.isFinite ? reach : .infinity
    curveRadius = radius
  }
}

extension Transform {
  /// The least a vector's length is scaled by (the smaller singular value).
  var smallestScale: Double {
    let s = a * a + b * b + c * c + d * d
    let det = a * d - b * c
    let root = max(0, s * s - 4 * det * det).squareRoot()
    return max(0, (s - root) / 2).squareRoot()
  }
}

/// How near the edges of a straight segment's stroke cairo draws them, in the segment's
/// space: the margins the cheap answers keep there instead of a curve's quarter pixel.
///
/// Cairo rounds to 1/256 of a device pixel, each rounding moving a point by at most
/// `e` = √2/512: the segment's ends as the path is made, each edge's offset from them
/// (half the width across the rounded segment's direction) as the stroker adds it, and
/// the probed point. A point beside the segment is then within `3e` of where it is against
/// the exact edge, the probe's clip box (one fixed unit around the point) moves edges it
/// cuts by one unit more, and a dashed square cap's corner adds one rounded offset more:
/// at most `5e + 1/256` ≈ 0.018 device pixels. ``base`` is 1/32. The rounded segment's
/// direction also turns, by `θ` ≤ `4e / L` on a segment `L` device pixels long, which
/// turns its end faces (moving them by `half · θ` beside the segment) and moves the edge
/// by `half · θ²` at most; in the segment's own space the turn is at most `skew` times as
/// large. Short segments (under a device pixel) keep the curves' margin, and so do strokes
/// with round caps or joins: next to cairo's fans of pen vertices its outline strays
/// farther (`StraightEdgeTests` found points 1/64 inside the edge that cairo left out).
struct StraightMargin {
  /// The margin in device pixels, before the turn.
  static let base = 1.0 / 32
  /// What a fixed-point rounding moves a point by, at most.
  static let rounding = 2.0.squareRoot() / 512

  /// Kept from the edges beside the segment.
  var edge: Double
  /// Kept from the segment's end faces.
  var end: Double

  /// `length` and `half` in the segment's space, which `scale` lengthens at least and
  /// whose angles `skew` bounds the change of; nil for a segment too short to tell.
  init?(length: Double, half: Double, scale: Double, skew: Double) {
    let device = length * scale
    guard device >= 1, device.isFinite, scale > 0 else { return nil }
    let deviceTurn = 4 * Self.rounding / device
    guard skew * deviceTurn <= 0.25 else { return nil }
    let turn = 1.1 * skew * deviceTurn
    edge = Self.base / scale + half * turn * turn
    end = Self.base / scale + 1.1 * half * turn
  }
}
