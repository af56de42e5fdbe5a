import SVGGeometry
import SVGRender

/// The cheap answers in front of cairo's stroke probe: a point farther from every segment
/// than half the stroke width (and from every vertex than a miter or square cap can reach)
/// is outside the stroke; a point beside a segment, nearer than half the width, is inside an
/// undashed stroke. Both keep a margin (the flattening error here, what `Path.forStroking`
/// changes, and a quarter of a canvas pixel for cairo's own tolerance), so they give
/// cairo's answer; the points between go to the exact probe. Allocates nothing.
enum StrokeBand {
  enum Answer { case inside, outside, unknown }

  /// Where canvas point `p` lies against the stroke `s` of `path` (in the space `toCanvas`
  /// maps to the canvas), widened by `widen` canvas pixels on each side.
  static func classify(
    _ p: Point, _ path: Path, _ s: Stroke, _ toCanvas: Transform, widen: Double
  ) -> Answer {
    var half = s.width / 2
    let q: Point
    let map: Transform?
    let margin: Double
    if s.nonScaling {
      // Stroked on the canvas around the transformed path.
      half += widen
      (q, map, margin) = (p, toCanvas, 0.25)
    } else {
      guard let inverse = toCanvas.inverted else { return .unknown }
      let smallest = toCanvas.smallestScale
      guard smallest > 1e-9 else { return .unknown }
      half += widen / max(toCanvas.meanScale, 1e-12)
      (q, map, margin) = (inverse.apply(p), nil, 0.25 / smallest)
    }
    guard half.isFinite, half >= 0, margin.isFinite else { return .unknown }
    let factor = s.reach / max(s.width / 2, 1e-300)
    let vertexReach = half * max(1, factor.isFinite ? factor : 1)
    // A dash ends anywhere along the path, and a square cap there reaches √2 half widths.
    let bodyReach = s.dashes != nil && s.cap == .square ? half * 2.0.squareRoot() : half
    let accept = s.dashes == nil ? half - margin : -1
    var nearestBody = Double.infinity
    var nearestVertex = Double.infinity
    var inside = false
    var point = Point.zero
    var start = Point.zero
    func mapped(_ v: Point) -> Point { map?.apply(v) ?? v }
    func vertex(_ v: Point) { nearestVertex = min(nearestVertex, (q - v).length) }
    /// One straight piece, `slack` away from the true geometry at most.
    func piece(_ a: Point, _ b: Point, slack: Double) {
      let ab = b - a
      let length2 = ab.x * ab.x + ab.y * ab.y
      var t = length2 > 0 ? ((q - a).x * ab.x + (q - a).y * ab.y) / length2 : 0
      let beside = t > 0 && t < 1
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
      vertex(a)
      vertex(d)
    }
    for el in path.elements {
      switch el {
      case .move(let a):
        (point, start) = (a, a)
        vertex(mapped(a))
      case .line(let b):
        piece(mapped(point), mapped(b), slack: 0)
        vertex(mapped(b))
        point = b
      case .quad(let c, let b):
        curve(point, point + (c - point) * (2.0 / 3), b + (c - b) * (2.0 / 3), b)
        point = b
      case .cubic(let c1, let c2, let b):
        curve(point, c1, c2, b)
        point = b
      case .close:
        piece(mapped(point), mapped(start), slack: 0)
        point = start
      }
      if inside { return .inside }
    }
    if nearestBody > bodyReach + margin && nearestVertex > vertexReach + margin {
      return .outside
    }
    return .unknown
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
