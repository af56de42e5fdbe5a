import Glibc

/// Nodes and weights of 8-point Gauss–Legendre quadrature on [-1, 1] (positive half).
private let gaussNodes: [(x: Double, w: Double)] = [
  (0.1834346424956498, 0.3626837833783620),
  (0.5255324099163290, 0.3137066458778873),
  (0.7966664774136267, 0.2223810344533745),
  (0.9602898564975363, 0.1012285362903763),
]

extension PathSegment {
  /// The arc length of the segment.
  public var length: Double { length(from: 0, to: 1) }

  /// The arc length between parameters `t0` and `t1` (t0 ≤ t1), accurate to about 1e-9
  /// relative: Gauss–Legendre quadrature, halving the interval where it has not converged
  /// (near cusps, where the speed |B'| varies sharply).
  public func length(from t0: Double, to t1: Double) -> Double {
    if case .line(let a, let b) = self { return a.distance(to: b) * (t1 - t0) }
    return adaptiveLength(t0, t1, estimate: gauss(t0, t1), depth: 0)
  }

  private func gauss(_ t0: Double, _ t1: Double) -> Double {
    let half = (t1 - t0) / 2
    let mid = (t1 + t0) / 2
    var sum = 0.0
    for n in gaussNodes {
      sum +=
        n.w * (derivative(at: mid - half * n.x).length + derivative(at: mid + half * n.x).length)
    }
    return sum * half
  }

  private func adaptiveLength(_ t0: Double, _ t1: Double, estimate: Double, depth: Int) -> Double {
    let mid = (t0 + t1) / 2
    let left = gauss(t0, mid)
    let right = gauss(mid, t1)
    let refined = left + right
    if depth >= 16 || abs(refined - estimate) <= 1e-9 * max(refined, 1e-300) {
      return refined
    }
    return adaptiveLength(t0, mid, estimate: left, depth: depth + 1)
      + adaptiveLength(mid, t1, estimate: right, depth: depth + 1)
  }

  /// The parameter at which the arc length from the start reaches `distance`
  /// (0 ≤ distance ≤ `total`, the segment's length): Newton steps kept inside a bisection
  /// bracket, so it converges even where the speed vanishes.
  func parameter(atLength distance: Double, total: Double) -> Double {
    if distance <= 0 { return 0 }
    if distance >= total { return 1 }
    if case .line = self { return distance / total }
    var lo = 0.0
    var hi = 1.0
    var t = distance / total
    for _ in 0..<60 {
      let err = length(from: 0, to: t) - distance
      if abs(err) <= 1e-12 * total { break }
      if err > 0 { hi = t } else { lo = t }
      let speed = derivative(at: t).length
      var next = speed > 0 ? t - err / speed : (lo + hi) / 2
      if !(next > lo && next < hi) { next = (lo + hi) / 2 }
      t = next
      if hi - lo < 1e-15 { break }
    }
    return t
  }
}

extension Path {
  /// The total length of the path: every drawn segment including closepath lines; movetos
  /// add nothing (SVG 2, "distance along a path").
  public var length: Double { segments.reduce(0) { $0 + $1.length } }

  /// The point at `distance` along the path and the direction of travel there, in degrees
  /// (clockwise on screen from the positive x axis).
  ///
  /// Follows SVG 2 "path directionality": at a boundary between segments the later segment
  /// is used, zero-length segments are passed over, and at the very end the last segment's end
  /// direction is used. The distance is clamped to [0, length]. Nil when the path draws no
  /// segment or `distance` is not finite; a path of zero length gives its first point at 0°.
  public func point(atLength distance: Double) -> (point: Point, tangentAngle: Double)? {
    guard distance.isFinite else { return nil }
    let segs = segments
    guard let first = segs.first else { return nil }
    let lengths = segs.map(\.length)
    guard let last = lengths.lastIndex(where: { $0 > 0 }) else { return (first.start, 0) }
    let d = max(0, distance)
    var walked = 0.0
    for (i, seg) in segs.enumerated() where lengths[i] > 0 {
      if walked + lengths[i] > d || i == last {
        let t = seg.parameter(atLength: d - walked, total: lengths[i])
        let dir = seg.tangent(at: t)
        return (seg.point(at: t), atan2(dir.y, dir.x) * 180 / .pi)
      }
      walked += lengths[i]
    }
    return nil
  }
}
