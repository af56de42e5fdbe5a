import SVGGeometry

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
