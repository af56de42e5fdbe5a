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
  public func windingNumber(at p: Point) -> Int {
    var winding = 0
    var scratch: [Point] = []
    for sub in subpaths {
      var last = sub.start
      for seg in sub.segments {
        winding += Self.winding(of: seg, around: p, scratch: &scratch)
        last = seg.end
      }
      if !sub.isClosed { winding += Self.edgeWinding(last, sub.start, p) }
    }
    return winding
  }

  private static func winding(of seg: PathSegment, around p: Point, scratch: inout [Point]) -> Int {
    if case .line(let a, let b) = seg { return edgeWinding(a, b, p) }
    var minX = Double.infinity
    var maxX = -Double.infinity
    var minY = Double.infinity
    var maxY = -Double.infinity
    for q in seg.points {
      minX = min(minX, q.x)
      maxX = max(maxX, q.x)
      minY = min(minY, q.y)
      maxY = max(maxY, q.y)
    }
    // The curve and its chord bound a region the ray can only enter when the hull does.
    if p.y < minY || p.y > maxY || p.x > maxX || p.x < minX {
      return edgeWinding(seg.start, seg.end, p)
    }
    let size = max(maxX - minX, maxY - minY)
    guard size > 0 else { return 0 }
    scratch.removeAll(keepingCapacity: true)
    scratch.append(seg.start)
    seg.appendFlattened(to: &scratch, tolerance: size * 1e-4)
    var w = 0
    for i in 1..<scratch.count { w += edgeWinding(scratch[i - 1], scratch[i], p) }
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
