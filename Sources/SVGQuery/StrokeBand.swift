import SVGGeometry
import SVGRender

/// The cheap answers in front of cairo's stroke probe: a point farther from every segment
/// than half the stroke width (and from every vertex than its join or cap can reach, see
/// ``StrokeVertices``) is outside the stroke; a point beside a segment, nearer than half the
/// width, is inside an undashed stroke. Both keep a margin (the flattening error here, what
/// `Path.forStroking` changes, and a quarter of a canvas pixel for cairo's own tolerance),
/// so they give cairo's answer; the points between go to the exact probe. Allocates
/// nothing.
enum StrokeBand {
  enum Answer { case inside, outside, unknown }

  /// Where canvas point `p` lies against the stroke `s` of `path` (in the space `toCanvas`
  /// maps to the canvas), widened by `widen` canvas pixels on each side.
  static func classify(
    _ p: Point, _ path: Path, _ s: Stroke, _ toCanvas: Transform, widen: Double
  ) -> Answer {
    let factors = StrokeVertices.factors(path, s, toCanvas)
    let shape = StrokeShape(s, toCanvas: toCanvas, vertexStart: 0)
    return path.elements.withUnsafeBufferPointer { elements in
      factors.withUnsafeBufferPointer {
        classify(p, elements, shape, widen: widen, vertexFactors: $0)
      }
    }
  }

  /// The same for a path's elements and stroke as a hit index keeps them, with the path's
  /// ``StrokeVertices/factors(_:_:_:)`` worked out beforehand.
  static func classify(
    _ p: Point, _ elements: UnsafeBufferPointer<PathElement>, _ s: StrokeShape,
    widen: Double, vertexFactors: UnsafeBufferPointer<Double>
  ) -> Answer {
    var half = s.width / 2
    let q: Point
    let map: Transform?
    let margin: Double
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
    }
    guard half.isFinite, half >= 0, margin.isFinite else { return .unknown }
    let fallback = s.fallback
    // A dash ends anywhere along the path, and a square cap there reaches √2 half widths.
    let bodyReach = s.dashed && s.squareCap ? half * 2.0.squareRoot() : half
    let accept = s.dashed ? -1 : half - margin
    var nearestBody = Double.infinity
    // The least distance from a vertex beyond what the stroke reaches around it.
    var nearestVertex = Double.infinity
    var inside = false
    var point = Point.zero
    var start = Point.zero
    func mapped(_ v: Point) -> Point { map?.apply(v) ?? v }
    func vertex(_ v: Point, _ factor: Double) {
      nearestVertex = min(nearestVertex, (q - v).length - half * factor)
    }
    /// One straight piece, `slack` away from the true geometry at most.
    func piece(_ a: Point, _ b: Point, slack: Double) {
      let ab = b - a
      let length2 = ab.x * ab.x + ab.y * ab.y
      var t = length2 > 0 ? ((q - a).x * ab.x + (q - a).y * ab.y) / length2 : 0
      // Beside the piece, a margin in from its ends (a butt cap ends the stroke there).
      let inset = length2 > 0 ? margin / length2.squareRoot() : 1
      let beside = t > inset && t < 1 - inset
      t = min(1, max(0, t))
      let d = (q - (a + ab * t)).length
      nearestBody = min(nearestBody, d - slack)
      if beside, d + slack < accept { inside = true }
    }
    /// A curve as pieces, within a tenth of the half width (or less) of the curve.
    func curve(_ p0: Point, _ p1: Point, _ p2: Point, _ p3: Point) {
      let (a, b, c, d) = (mapped(p0), mapped(p1), mapped(p2), mapped(p3))
      let bend = max((a - b * 2 + c).length, (b - c * 2 + d).length)
      let wanted = max(half * 0.1, 1e-6)
      let n = max(1, min(64, Int((0.75 * bend / wanted).squareRoot().rounded(.up))))
      // `Path.forStroking` strokes a curve whose points are all but collinear as lines
      // through its turning points: those lie within twice the control points' distance
      // from the chord of the curve's own trace.
      let chord = d - a
      let chordLength = chord.length
      let extent = max((b - a).length, (c - a).length, chordLength)
      var off = 0.0
      if chordLength > 0 {
        off = max(abs(chord.cross(b - a)), abs(chord.cross(c - a))) / chordLength
      } else {
        off = max((b - a).length, (c - a).length)
      }
      let straight = off <= 0.004 * extent ? 2 * off : 0
      let slack = 0.75 * bend / Double(n * n) + straight
      let segment = PathSegment.cubic(a, b, c, d)
      var last = a
      for k in 1...n {
        let next = k == n ? d : segment.point(at: Double(k) / Double(n))
        piece(last, next, slack: slack)
        last = next
      }
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
    if nearestBody > bodyReach + margin && nearestVertex > margin {
      return .outside
    }
    return .unknown
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
  /// ``StrokeVertices/fallback(_:)``.
  var fallback: Double
  /// Where the shape's vertex factors start in its index's array.
  var vertexStart: Int32
  var toCanvas: Transform
  /// `toCanvas` inverted; nil when it is singular.
  var fromCanvas: Transform?
  var smallestScale: Double
  var meanScale: Double

  init(_ s: Stroke, toCanvas: Transform, vertexStart: Int) {
    width = s.width
    nonScaling = s.nonScaling
    dashed = s.dashes != nil
    squareCap = s.cap == .square
    fallback = StrokeVertices.fallback(s)
    self.vertexStart = Int32(vertexStart)
    self.toCanvas = toCanvas
    fromCanvas = toCanvas.inverted
    smallestScale = toCanvas.smallestScale
    meanScale = toCanvas.meanScale
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
