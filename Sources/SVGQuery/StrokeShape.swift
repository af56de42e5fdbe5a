import SVGGeometry
import SVGRender

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
  /// twice the width, else up to the width (infinite without curves); 0 when it is not
  /// above the width, and where ``StrokeBand`` measures on the canvas or answers from the
  /// clip box.
  var curveRadius = 0.0
  /// The largest ``CurveCut/slack`` of the path's curves, cut for half the width as
  /// ``StrokeBand`` cuts them when nothing widens the stroke: a curve whose control box is
  /// beyond the reach with this slack is passed over before its own cut is planned.
  /// Infinite where it is not worked out (as ``clearance``) or a curve's slack is not a
  /// number.
  var curveSlack = Double.infinity

  init(_ s: Stroke, toCanvas: Transform, path: Path, factors: [Double]) {
    width = s.width
    nonScaling = s.nonScaling
    dashed = s.dashes != nil
    squareCap = s.cap == .square
    roundEnds = s.cap == .round || StrokeJoins.Kind(s.join) == .round
    fallback = StrokeVertices.fallback(s)
    join = StrokeJoins.Kind(s.join)
    miterLimit = s.miterLimit
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
    let margin = StrokeBand.curveMargin / smallestScale
    guard !nonScaling, fromCanvas != nil, smallestScale > 1e-9, clipBox == nil,
      half.isFinite, half >= 0, margin.isFinite, factors.count == elements.count
    else { return }
    let bodyReach = dashed && squareCap ? half * 2.0.squareRoot() : half
    var slack = 0.0
    // As `slack`, but a slack that is not a number makes it infinite, as no box is beyond it.
    var largest = 0.0
    func cut(_ a: Point, _ b: Point, _ c: Point, _ d: Point) {
      let own = CurveCut(a, b, c, d, half: half).slack
      slack = max(slack, own)
      largest = own.isNaN ? .infinity : max(largest, own)
    }
    var factor = 1.0
    var point = Point(0, 0)
    var radius = Double.infinity
    func bend(_ a: Point, _ b: Point, _ c: Point, _ d: Point) {
      guard radius > 0 else { return }
      // Up to twice the width, for a stroke widened by a tolerance; else what an unwidened
      // stroke needs (the bound is cut finer for less).
      var bound = CurveRadius.lowerBound(a, b, c, d, needed: width * 2)
      if bound == 0 { bound = CurveRadius.lowerBound(a, b, c, d, needed: width) }
      radius = min(radius, bound)
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
        cut(point, c1, c2, b)
        bend(point, c1, c2, b)
        box = box.union(ControlBox(PathSegment.quad(point, c, b).bounds))
        point = b
      case .cubic(let c1, let c2, let b):
        cut(point, c1, c2, b)
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
    curveSlack = largest
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
