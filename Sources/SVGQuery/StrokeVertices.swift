import SVGGeometry
import SVGRender

/// How far a stroke can reach from each vertex of its path, in half stroke widths: what
/// lets ``StrokeBand`` call a point near a corner outside without cairo's probe.
///
/// A miter join reaches `1/sin(θ/2)` half widths from its vertex (θ the angle between the
/// two segments) when cairo draws it, which is when that is at most the miter limit (cairo
/// tests `2 <= limit² (1 + in·out)` with the unit directions in the stroke's user space);
/// otherwise it is bevelled, within one half width, as are round and bevel joins and butt
/// and round caps; a square cap reaches √2. A corner of a real drawing is rarely sharp, so
/// its reach is far below the miter limit that bounds every corner alike.
///
/// The directions are cairo's: a line's own, a curve's first and last control directions
/// (cairo's spline slopes). Cairo rounds points to 1/256 of a device pixel, so each
/// direction is taken with an error bound from its length in device pixels; a segment
/// shorter than half a pixel, a curve that `Path.forStroking` may stroke as lines (its
/// points all but collinear), a subpath of one point or of zero length, and a singular
/// transform give the vertex the bound of every corner (``fallback(_:)``).
enum StrokeVertices {
  /// The reach of any vertex: the miter limit for miter joins, √2 for square caps.
  static func fallback(_ s: Stroke) -> Double {
    let factor = s.reach / max(s.width / 2, 1e-300)
    return max(1, factor.isFinite ? factor : 1)
  }

  /// One factor per element of `path`, for the point the element ends at (a `moveto`'s
  /// point; a `closepath`'s entry is not read).
  static func factors(_ path: Path, _ s: Stroke, _ toCanvas: Transform) -> [Double] {
    let elements = path.elements
    let fallback = fallback(s)
    var factors = [Double](repeating: fallback, count: elements.count)
    let smallest = toCanvas.smallestScale
    guard smallest > 1e-9, smallest.isFinite, toCanvas.scaleBound.isFinite else {
      return factors
    }
    let cap = s.cap == .square ? 2.0.squareRoot() : 1
    // Cairo decides a miter on device directions or user ones (its two strokers differ);
    // the two agree when the transform keeps angles, or the stroke is drawn on the canvas.
    let t = toCanvas
    let size = abs(t.a) + abs(t.b) + abs(t.c) + abs(t.d)
    let conformal =
      s.nonScaling || abs(t.a - t.d) + abs(t.b + t.c) <= 1e-9 * size
      || abs(t.a + t.d) + abs(t.b - t.c) <= 1e-9 * size
    let miter = s.join == .miter || s.join == .miterClip || s.join == .arcs
    let limit = s.miterLimit
    let linear = Transform(a: toCanvas.a, b: toCanvas.b, c: toCanvas.c, d: toCanvas.d, e: 0, f: 0)

    /// A segment's direction at one end, in the space the stroke is drawn in.
    struct Direction {
      var unit: Point
      /// The length it is taken from, in device pixels.
      var length: Double
    }
    func direction(_ v: Point) -> Direction? {
      let device = linear.apply(v)
      let space = s.nonScaling ? device : v
      let length = device.length
      guard length >= 0.5, length.isFinite, space.length > 0 else { return nil }
      return Direction(unit: space * (1 / space.length), length: length)
    }
    /// The reach of a join between an incoming and an outgoing direction. A direction
    /// taken from points 1/512 pixel off turns by at most 0.0056 / length: four times that
    /// is allowed for.
    func join(_ a: Direction?, _ b: Direction?) -> Double {
      guard miter else { return 1 }
      guard conformal, let a, let b, limit.isFinite else { return fallback }
      let dot = a.unit.x * b.unit.x + a.unit.y * b.unit.y
      let x = 1 + dot - 0.025 * (1 / a.length + 1 / b.length)
      return x > 0 ? max(1, min(limit, (2 / x).squareRoot())) : max(1, limit)
    }

    var point = Point.zero
    var start = Point.zero
    var startIndex = -1
    var segments = 0
    var firstOut: Direction?
    var lastIn: Direction?
    var previous = -1
    /// A segment from the vertex at element `from` to the one at `to`, leaving along `out`
    /// and arriving along `incoming` (nil when uncertain), `degenerate` when it does not
    /// move.
    func segment(from: Int, to: Int, out: Direction?, incoming: Direction?, degenerate: Bool) {
      if to >= 0 { factors[to] = cap }
      if segments == 0 {
        firstOut = out
      } else if from >= 0 {
        factors[from] = max(factors[from], join(lastIn, out))
      }
      if degenerate {
        if from >= 0 { factors[from] = fallback }
        if to >= 0 { factors[to] = fallback }
      }
      lastIn = incoming
      segments += 1
    }
    func finishOpen() {
      if segments == 0, startIndex >= 0 { factors[startIndex] = fallback }
    }
    for (k, el) in elements.enumerated() {
      switch el {
      case .move(let a):
        finishOpen()
        (point, start, startIndex, segments, previous) = (a, a, k, 0, k)
        factors[k] = cap
      case .line(let b):
        let d = b - point
        segment(
          from: previous, to: k, out: direction(d), incoming: direction(d),
          degenerate: d == .zero)
        (point, previous) = (b, k)
      case .quad(let c, let b):
        let c1 = point + (c - point) * (2.0 / 3)
        let c2 = b + (c - b) * (2.0 / 3)
        curve(point, c1, c2, b, k)
        (point, previous) = (b, k)
      case .cubic(let c1, let c2, let b):
        curve(point, c1, c2, b, k)
        (point, previous) = (b, k)
      case .close:
        let d = start - point
        let closing = direction(d)
        segment(from: previous, to: -1, out: closing, incoming: closing, degenerate: d == .zero)
        if startIndex >= 0 {
          if d == .zero {
            factors[startIndex] = fallback
          } else {
            factors[startIndex] = max(factors[startIndex], join(lastIn, firstOut))
          }
        }
        // What follows starts a new subpath at the start point; its cap is within its
        // factor already.
        factors[k] = fallback
        (point, segments, previous) = (start, 0, startIndex)
        lastIn = nil
      }
    }
    finishOpen()
    return factors

    func curve(_ a: Point, _ b: Point, _ c: Point, _ d: Point, _ k: Int) {
      let straight = Self.maybeStraight(a, b, c, d)
      let out = straight ? nil : direction(b != a ? b - a : c != a ? c - a : d - a)
      let incoming = straight ? nil : direction(d != c ? d - c : d != b ? d - b : d - a)
      segment(
        from: previous, to: k, out: out, incoming: incoming,
        degenerate: a == b && a == c && a == d)
    }
  }

  /// Whether `Path.forStroking` may take the cubic for a line (its points within a small
  /// fraction of its size from one line), with a wide margin on its own test.
  /// Allocates nothing (a hit test calls it for every curve it cuts into pieces).
  static func maybeStraight(_ a: Point, _ b: Point, _ c: Point, _ d: Point) -> Bool {
    var extent = 0.0
    var axis = Point.zero
    var origin = a
    func pair(_ p: Point, _ q: Point) {
      let v = q - p
      let m = max(abs(v.x), abs(v.y))
      if m > extent { (extent, axis, origin) = (m, v, p) }
    }
    // The pairs in the order of the loop this was written as first (the first widest wins).
    pair(a, b)
    pair(a, c)
    pair(a, d)
    pair(b, c)
    pair(b, d)
    pair(c, d)
    guard extent > 0 else { return true }
    let length2 = axis.x * axis.x + axis.y * axis.y
    func near(_ q: Point) -> Bool {
      let v = q - origin
      let cross = v.x * axis.y - v.y * axis.x
      return cross * cross / length2 <= extent * extent * 1e-3
    }
    return near(a) && near(b) && near(c) && near(d)
  }
}
