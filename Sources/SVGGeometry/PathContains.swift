/// How the inside of a path is decided where subpaths overlap or a path crosses itself
/// (the `fill-rule` and `clip-rule` properties).
public enum FillRule: Hashable, Sendable {
  /// Inside where the winding number is not zero.
  case nonZero
  /// Inside where a ray from the point crosses the outline an odd number of times.
  case evenOdd

  /// Whether a point the outline winds around `winding` times is inside.
  @inline(__always)
  public func isInside(winding: Int) -> Bool {
    switch self {
    case .nonZero: winding != 0
    case .evenOdd: winding & 1 != 0
    }
  }
}

extension Path {
  /// Whether `p` is inside the filled area under `rule`.
  ///
  /// Open subpaths are implicitly closed, as for filling. The winding number is counted along
  /// a ray to +x; a curve is cut only where its control polygon straddles the ray near the
  /// point (otherwise its chord crosses the ray exactly as the curve does), into chords
  /// within 1e-4 of the curve's own size. Points exactly on the outline may go either way.
  public func contains(_ p: Point, rule: FillRule) -> Bool {
    elements.withUnsafeBufferPointer { Self.contains($0, p, rule: rule) }
  }

  /// ``contains(_:rule:)`` for the elements of a path, read in place.
  public static func contains(
    _ elements: UnsafeBufferPointer<PathElement>, _ p: Point, rule: FillRule
  ) -> Bool {
    rule.isInside(winding: windingNumber(of: elements, at: p))
  }

  /// The winding number of the outline around `p` (positive for clockwise on screen).
  ///
  /// Walks the elements once, with ``subpaths``' current-point rules, and allocates
  /// nothing: a curve whose control box holds the point is halved where it still does.
  public func windingNumber(at p: Point) -> Int {
    elements.withUnsafeBufferPointer { Self.windingNumber(of: $0, at: p) }
  }

  /// ``windingNumber(at:)`` for the elements of a path, read in place.
  public static func windingNumber(of elements: UnsafeBufferPointer<PathElement>, at p: Point)
    -> Int
  {
    var sum = 0
    forEachFilledSegment(elements) { seg in
      if case .line(let a, let b) = seg {
        sum += edgeWinding(a, b, p)
      } else {
        sum += winding(of: seg, around: p)
      }
    }
    return sum
  }

  /// The segments whose windings around a point make ``windingNumber(of:at:)``, in order:
  /// each line and curve from its start (the origin before a first `moveto`), and the line
  /// that closes each subpath, drawn by `closepath` or implied, as filling closes it.
  @inline(__always)
  package static func forEachFilledSegment(
    _ elements: UnsafeBufferPointer<PathElement>, _ body: (PathSegment) -> Void
  ) {
    var point = Point.zero
    var start = Point.zero
    var open = false
    for el in elements {
      switch el {
      case .move(let q):
        if open { body(.line(point, start)) }
        (point, start, open) = (q, q, true)
      case .line(let q):
        if !open { (start, open) = (point, true) }
        body(.line(point, q))
        point = q
      case .quad(let c, let q):
        if !open { (start, open) = (point, true) }
        body(.quad(point, c, q))
        point = q
      case .cubic(let c1, let c2, let q):
        if !open { (start, open) = (point, true) }
        body(.cubic(point, c1, c2, q))
        point = q
      case .close:
        guard open else { continue }
        body(.line(point, start))
        (point, open) = (start, false)
      }
    }
    if open { body(.line(point, start)) }
  }

  /// The winding of one segment around `p`: the count of ``windingNumber(of:at:)`` for it.
  /// 0 when `p` is above or below its control points.
  package static func winding(of seg: PathSegment, around p: Point) -> Int {
    let box = seg.controlBox
    // The curve and its chord bound a region the ray can only enter when the hull does.
    if p.y < box.minY || p.y > box.maxY || p.x > box.maxX || p.x < box.minX {
      return edgeWinding(seg.start, seg.end, p)
    }
    let size = max(box.maxX - box.minX, box.maxY - box.minY)
    guard size > 0 else { return 0 }
    switch seg {
    case .line(let a, let b): return edgeWinding(a, b, p)
    case .quad(let a, let c, let b):
      let c1 = a + (c - a) * (2.0 / 3)
      let c2 = b + (c - b) * (2.0 / 3)
      return cubicWinding(a, c1, c2, b, p, tolerance: size * 1e-4, depth: 0)
    case .cubic(let a, let b, let c, let d):
      return cubicWinding(a, b, c, d, p, tolerance: size * 1e-4, depth: 0)
    }
  }

  /// The winding of a cubic around `p`, halved (de Casteljau) only where its hull holds the
  /// ray near `p`: elsewhere, and once the curve is within `tolerance` of its chord, the
  /// chord crosses the ray as the curve does. The curve minus its chord's uniform motion is
  /// a cubic with control points b − (2a + d)/3 and c − (a + 2d)/3 and both ends at zero, so
  /// the larger of those bounds how far the curve is from the chord.
  private static func cubicWinding(
    _ a: Point, _ b: Point, _ c: Point, _ d: Point, _ p: Point, tolerance: Double, depth: Int
  ) -> Int {
    if p.y < min(a.y, b.y, c.y, d.y) || p.y > max(a.y, b.y, c.y, d.y)
      || p.x > max(a.x, b.x, c.x, d.x) || p.x < min(a.x, b.x, c.x, d.x)
    {
      return edgeWinding(a, d, p)
    }
    let e1 = b - (a * 2 + d) * (1.0 / 3)
    let e2 = c - (a + d * 2) * (1.0 / 3)
    let off = max(abs(e1.x), abs(e1.y), abs(e2.x), abs(e2.y))
    if off <= tolerance || depth >= 40 { return edgeWinding(a, d, p) }
    let (l, r) = PathSegment.halves(a, b, c, d)
    return cubicWinding(l.0, l.1, l.2, l.3, p, tolerance: tolerance, depth: depth + 1)
      + cubicWinding(r.0, r.1, r.2, r.3, p, tolerance: tolerance, depth: depth + 1)
  }

  /// The signed crossing of edge a→b with the ray from `p` to +x: +1 when it passes
  /// downward (increasing y) with `p` to its left, −1 upward, 0 otherwise. Half-open in y so
  /// that a vertex on the ray is counted once.
  @inline(__always)
  package static func edgeWinding(_ a: Point, _ b: Point, _ p: Point) -> Int {
    if a.y <= p.y {
      if b.y > p.y, (b - a).cross(p - a) > 0 { return 1 }
    } else if b.y <= p.y, (b - a).cross(p - a) < 0 {
      return -1
    }
    return 0
  }
}
