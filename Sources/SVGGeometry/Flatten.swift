/// A subpath approximated by straight lines.
public struct Polyline: Hashable, Sendable {
  /// The vertices in order. A closed polyline does not repeat its first point at the end.
  public var points: [Point]
  /// True when the subpath was closed with a closepath.
  public var isClosed: Bool

  public init(points: [Point], isClosed: Bool) {
    self.points = points
    self.isClosed = isClosed
  }
}

extension PathSegment {
  /// How many equal parameter steps keep every chord within `tolerance` of the curve.
  ///
  /// A chord over a parameter step h strays at most h²/8 · max|B''| from the curve, and
  /// |B''| is bounded by the control polygon's second differences, so the count adapts to how
  /// sharply each curve bends. Capped so that a tiny tolerance cannot exhaust memory.
  func flatteningSteps(tolerance: Double) -> Int {
    let dd: Double
    switch self {
    case .line: return 1
    case .quad(let a, let b, let c):
      dd = 2 * (a - b * 2 + c).length
    case .cubic(let a, let b, let c, let d):
      dd = 6 * max((a - b * 2 + c).length, (b - c * 2 + d).length)
    }
    let n = (dd / (8 * tolerance)).squareRoot().rounded(.up)
    guard n.isFinite else { return 1 }
    return Int(Swift.max(1, Swift.min(n, 4096)))
  }

  /// Appends the points after the start that approximate this segment within `tolerance`.
  func appendFlattened(to points: inout [Point], tolerance: Double) {
    let n = flatteningSteps(tolerance: tolerance)
    if n > 1 {
      let step = 1 / Double(n)
      for i in 1..<n { points.append(point(at: Double(i) * step)) }
    }
    points.append(end)
  }
}

extension Path {
  /// The path as polylines, one per subpath, each chord within `tolerance` (in the path's
  /// own units) of the true curve. Lines are kept as they are; a non-positive or non-finite
  /// tolerance falls back to 0.1. The closing segment of a closed subpath is implied by
  /// `isClosed`, not stored. A lone moveto gives a one-point polyline.
  public func flattened(tolerance: Double = 0.1) -> [Polyline] {
    let tol = tolerance > 0 && tolerance.isFinite ? tolerance : 0.1
    return subpaths.map { sub in
      var points = [sub.start]
      let drawn = sub.isClosed ? sub.segments.dropLast() : sub.segments[...]
      points.reserveCapacity(drawn.count + 1)
      for seg in drawn { seg.appendFlattened(to: &points, tolerance: tol) }
      return Polyline(points: points, isClosed: sub.isClosed)
    }
  }
}
