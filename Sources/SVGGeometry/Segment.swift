/// One drawn piece of a path with its start point, the form every measurement works on.
///
/// A `close` becomes a `.line` back to the subpath start (possibly of zero length).
public enum PathSegment: Hashable, Sendable {
  case line(Point, Point)
  case quad(Point, Point, Point)
  case cubic(Point, Point, Point, Point)

  public var start: Point {
    switch self {
    case .line(let p, _), .quad(let p, _, _), .cubic(let p, _, _, _): p
    }
  }

  public var end: Point {
    switch self {
    case .line(_, let p), .quad(_, _, let p), .cubic(_, _, _, let p): p
    }
  }

  /// All defining points, start and end included.
  var points: [Point] {
    switch self {
    case .line(let a, let b): [a, b]
    case .quad(let a, let b, let c): [a, b, c]
    case .cubic(let a, let b, let c, let d): [a, b, c, d]
    }
  }

  /// The box of the defining points (which holds the segment), without allocating.
  package var controlBox: (minX: Double, minY: Double, maxX: Double, maxY: Double) {
    switch self {
    case .line(let a, let b):
      return (min(a.x, b.x), min(a.y, b.y), max(a.x, b.x), max(a.y, b.y))
    case .quad(let a, let b, let c):
      return (
        min(a.x, b.x, c.x), min(a.y, b.y, c.y), max(a.x, b.x, c.x), max(a.y, b.y, c.y)
      )
    case .cubic(let a, let b, let c, let d):
      return (
        min(a.x, b.x, c.x, d.x), min(a.y, b.y, c.y, d.y), max(a.x, b.x, c.x, d.x),
        max(a.y, b.y, c.y, d.y)
      )
    }
  }

  /// True when every defining point coincides, so the segment draws nothing.
  public var isZeroLength: Bool {
    let s = start
    return points.allSatisfy { $0 == s }
  }

  /// The point at parameter `t` in [0, 1].
  public func point(at t: Double) -> Point {
    let mt = 1 - t
    switch self {
    case .line(let a, let b):
      return a.lerp(b, t)
    case .quad(let a, let b, let c):
      return a * (mt * mt) + b * (2 * mt * t) + c * (t * t)
    case .cubic(let a, let b, let c, let d):
      let mt2 = mt * mt
      let t2 = t * t
      return a * (mt2 * mt) + b * (3 * mt2 * t) + c * (3 * mt * t2) + d * (t2 * t)
    }
  }

  /// The first derivative with respect to `t`.
  public func derivative(at t: Double) -> Point {
    let mt = 1 - t
    switch self {
    case .line(let a, let b):
      return b - a
    case .quad(let a, let b, let c):
      return (b - a) * (2 * mt) + (c - b) * (2 * t)
    case .cubic(let a, let b, let c, let d):
      return (b - a) * (3 * mt * mt) + (c - b) * (6 * mt * t) + (d - c) * (3 * t * t)
    }
  }

  /// The direction leaving the start point: towards the first control point that differs from
  /// it (SVG's "direction at the start of a segment"), or nil for a zero-length segment.
  public var startDirection: Point? {
    let s = start
    return points.dropFirst().first { $0 != s }.map { $0 - s }
  }

  /// The direction arriving at the end point, or nil for a zero-length segment.
  public var endDirection: Point? {
    let e = end
    return points.reversed().dropFirst().first { $0 != e }.map { e - $0 }
  }

  /// The tangent at `t`; at a cusp or degenerate end, the direction of travel nearby.
  func tangent(at t: Double) -> Point {
    let d = derivative(at: t)
    if d.length > 1e-12 * max(1, scale) { return d }
    if t <= 1e-9, let s = startDirection { return s }
    if t >= 1 - 1e-9, let e = endDirection { return e }
    let h = 1e-6
    return point(at: min(1, t + h)) - point(at: max(0, t - h))
  }

  /// The largest absolute coordinate, to make tolerances relative.
  var scale: Double { points.reduce(0) { max($0, abs($1.x), abs($1.y)) } }

  /// The segment with every point mapped through `t` (exact: affine maps keep Béziers).
  public func applying(_ t: Transform) -> PathSegment {
    switch self {
    case .line(let a, let b): .line(t.apply(a), t.apply(b))
    case .quad(let a, let b, let c): .quad(t.apply(a), t.apply(b), t.apply(c))
    case .cubic(let a, let b, let c, let d):
      .cubic(t.apply(a), t.apply(b), t.apply(c), t.apply(d))
    }
  }
}

/// A run of segments from one moveto (explicit or implied) to the next.
public struct Subpath: Hashable, Sendable {
  /// Where the subpath begins: its moveto point.
  public var start: Point
  /// The drawn segments; a closepath contributes a final `.line` back to `start`.
  public var segments: [PathSegment]
  /// True when the subpath ended with a closepath.
  public var isClosed: Bool

  public init(start: Point, segments: [PathSegment] = [], isClosed: Bool = false) {
    self.start = start
    self.segments = segments
    self.isClosed = isClosed
  }
}

extension Path {
  /// The path split into subpaths with explicit segments, following SVG's current-point rules:
  /// after a closepath the current point is the subpath start, and a drawing command there (or
  /// at the very beginning, from the origin) starts a new subpath. A closepath with no open
  /// subpath is ignored. A moveto followed by another moveto yields a subpath with no segments.
  public var subpaths: [Subpath] {
    var result: [Subpath] = []
    var current: Subpath?
    var point = Point.zero
    func draw(_ seg: PathSegment) {
      if current == nil { current = Subpath(start: point) }
      current!.segments.append(seg)
      point = seg.end
    }
    for el in elements {
      switch el {
      case .move(let p):
        if let c = current { result.append(c) }
        current = Subpath(start: p)
        point = p
      case .line(let p): draw(.line(point, p))
      case .quad(let c, let p): draw(.quad(point, c, p))
      case .cubic(let c1, let c2, let p): draw(.cubic(point, c1, c2, p))
      case .close:
        guard var c = current else { continue }
        c.segments.append(.line(point, c.start))
        c.isClosed = true
        result.append(c)
        current = nil
        point = c.start
      }
    }
    if let c = current { result.append(c) }
    return result
  }

  /// Every drawn segment of every subpath, in order.
  public var segments: [PathSegment] { subpaths.flatMap(\.segments) }
}

extension PathSegment {
  /// The control points of the two halves of the cubic `a b c d`, split at its middle
  /// (de Casteljau): what a search that halves a curve where it matters reads.
  @inlinable
  public static func halves(_ a: Point, _ b: Point, _ c: Point, _ d: Point)
    -> (first: (Point, Point, Point, Point), second: (Point, Point, Point, Point))
  {
    let ab = (a + b) * 0.5
    let bc = (b + c) * 0.5
    let cd = (c + d) * 0.5
    let abc = (ab + bc) * 0.5
    let bcd = (bc + cd) * 0.5
    let mid = (abc + bcd) * 0.5
    return ((a, ab, abc, mid), (mid, bcd, cd, d))
  }
}
