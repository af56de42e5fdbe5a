/// How the inside of a path is decided where subpaths overlap or a path crosses itself
/// (the `fill-rule` and `clip-rule` properties).
public enum FillRule: Hashable, Sendable {
  /// Inside where the winding number is not zero.
  case nonZero
  /// Inside where a ray from the point crosses the outline an odd number of times.
  case evenOdd
}

extension Path {
  /// Whether `p` is inside the filled area under `rule`.
  ///
  /// Open subpaths are implicitly closed, as for filling. The winding number is counted along
  /// a ray to +x; a curve is flattened only when its control polygon straddles the ray near
  /// the point (otherwise its chord crosses the ray exactly as the curve does), with chords
  /// within 1e-4 of the curve's own size. Points exactly on the outline may go either way.
  public func contains(_ p: Point, rule: FillRule) -> Bool {
    let winding = windingNumber(at: p)
    switch rule {
    case .nonZero: return winding != 0
    case .evenOdd: return winding & 1 != 0
    }
  }

  /// The winding number of the outline around `p` (positive for clockwise on screen).
  ///
  /// Walks the elements once, with ``subpaths``' current-point rules, and allocates
  /// nothing: a curve whose control box holds the point is flattened one chord at a time.
  public func windingNumber(at p: Point) -> Int {
    var winding = 0
    var point = Point.zero
    var start = Point.zero
    var open = false
    for el in elements {
      switch el {
      case .move(let q):
        if open { winding += Self.edgeWinding(point, start, p) }
        (point, start, open) = (q, q, true)
      case .line(let q):
        if !open { (start, open) = (point, true) }
        winding += Self.edgeWinding(point, q, p)
        point = q
      case .quad(let c, let q):
        if !open { (start, open) = (point, true) }
        winding += Self.winding(of: .quad(point, c, q), around: p)
        point = q
      case .cubic(let c1, let c2, let q):
        if !open { (start, open) = (point, true) }
        winding += Self.winding(of: .cubic(point, c1, c2, q), around: p)
        point = q
      case .close:
        guard open else { continue }
        winding += Self.edgeWinding(point, start, p)
        (point, open) = (start, false)
      }
    }
    if open { winding += Self.edgeWinding(point, start, p) }
    return winding
  }

  private static func winding(of seg: PathSegment, around p: Point) -> Int {
    let box = seg.controlBox
    // The curve and its chord bound a region the ray can only enter when the hull does.
    if p.y < box.minY || p.y > box.maxY || p.x > box.maxX || p.x < box.minX {
      return edgeWinding(seg.start, seg.end, p)
    }
    let size = max(box.maxX - box.minX, box.maxY - box.minY)
    guard size > 0 else { return 0 }
    // The chords `appendFlattened` gives, walked without storing them.
    let n = seg.flatteningSteps(tolerance: size * 1e-4)
    let step = 1 / Double(n)
    var w = 0
    var last = seg.start
    for i in 1...n {
      let next = i == n ? seg.end : seg.point(at: Double(i) * step)
      w += edgeWinding(last, next, p)
      last = next
    }
    return w
  }

  /// The signed crossing of edge a→b with the ray from `p` to +x: +1 when it passes
  /// downward (increasing y) with `p` to its left, −1 upward, 0 otherwise. Half-open in y so
  /// that a vertex on the ray is counted once.
  @inline(__always)
  static func edgeWinding(_ a: Point, _ b: Point, _ p: Point) -> Int {
    if a.y <= p.y {
      if b.y > p.y, (b - a).cross(p - a) > 0 { return 1 }
    } else if b.y <= p.y, (b - a).cross(p - a) < 0 {
      return -1
    }
    return 0
  }
}
