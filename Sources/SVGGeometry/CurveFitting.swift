import Glibc

/// Smooth outlines for dense polygons (such as ``ContourTracing`` makes): corners are found,
/// the polygon is lightly smoothed between them, and each stretch from corner to corner is
/// fitted with cubic Bézier curves by Philip J. Schneider's least-squares method ("An
/// Algorithm for Automatically Fitting Digitized Curves", Graphics Gems, 1990): fit one cubic
/// with the end tangents fixed, refine the parameters by Newton-Raphson, and split at the
/// point of largest error until every point is within the tolerance.
public enum CurveFitting {
  /// A closed subpath (a move, cubics, a close) that follows `polygon` (implicitly closed)
  /// within about `tolerance`, after `smoothing` passes of a 1-2-1 average. A turn sharper
  /// than `cornerAngle` degrees, measured over `span` points either side, stays a corner.
  public static func closedOutline(
    _ polygon: [Point], tolerance: Double, smoothing: Int = 8, cornerAngle: Double = 60,
    span: Int = 3
  ) -> [PathElement] {
    let n = polygon.count
    guard n >= 3 else { return [] }
    let corners = n >= 4 * span ? findCorners(polygon, span: span, minAngle: cornerAngle) : []
    // Repeated 1-2-1 averages flatten the staircases of a traced outline; corners stay put.
    var smooth = polygon
    for _ in 0..<smoothing {
      smooth = smooth.indices.map { i in
        (smooth[(i + n - 1) % n] + smooth[i] * 2 + smooth[(i + 1) % n]) * 0.25
      }
      for c in corners { smooth[c] = polygon[c] }
    }
    var curves: [[Point]] = []
    if corners.isEmpty {
      let reach = min(tangentReach, n / 2)
      let tangent = unit(smooth[reach] - smooth[n - reach])
      fit(smooth + [smooth[0]], tolerance: tolerance, tangent, -tangent, into: &curves)
    } else {
      for (k, c) in corners.enumerated() {
        let end = corners[(k + 1) % corners.count]
        let length = (end - c + n - 1) % n + 1
        let stretch = (0...length).map { smooth[(c + $0) % n] }
        fit(stretch, tolerance: tolerance, nil, nil, into: &curves)
      }
    }
    guard let start = curves.first?.first else { return [] }
    return [.move(start)] + curves.map { .cubic($0[1], $0[2], $0[3]) } + [.close]
  }

  /// Cubics (as start, control 1, control 2, end) from the first point of `points` to the
  /// last, within `tolerance` of every point; the end tangents are estimated when nil.
  public static func fitCubics(
    _ points: [Point], tolerance: Double, startTangent: Point? = nil, endTangent: Point? = nil
  ) -> [[Point]] {
    var out: [[Point]] = []
    fit(points, tolerance: tolerance, startTangent, endTangent, into: &out)
    return out
  }

  /// How many points either side a tangent is estimated over: a traced outline turns in
  /// 45° steps from point to point, its direction shows only over a few.
  private static let tangentReach = 4

  private static func fit(
    _ d: [Point], tolerance: Double, _ t1: Point?, _ t2: Point?, into out: inout [[Point]]
  ) {
    guard d.count >= 2 else { return }
    let reach = min(tangentReach, d.count - 1)
    let start = t1 ?? unit(d[reach] - d[0])
    let end = t2 ?? unit(d[d.count - 1 - reach] - d[d.count - 1])
    fitCubic(d, 0, d.count - 1, start, end, tolerance * tolerance, &out)
  }

  /// Indices where the outline turns by more than `minAngle` degrees, each the sharpest
  /// within `span` points either side.
  static func findCorners(_ p: [Point], span: Int, minAngle: Double) -> [Int] {
    let n = p.count
    let turn = p.indices.map { i -> Double in
      let a = p[i] - p[(i + n - span) % n]
      let b = p[(i + span) % n] - p[i]
      let la = a.length, lb = b.length
      guard la > 0, lb > 0 else { return 0 }
      return acos(max(-1, min(1, a.dot(b) / (la * lb)))) * 180 / .pi
    }
    return p.indices.filter { i in
      guard turn[i] >= minAngle else { return false }
      for k in 1...span {
        if turn[(i + k) % n] > turn[i] || turn[(i + n - k) % n] >= turn[i] { return false }
      }
      return true
    }
  }

  private static func fitCubic(
    _ d: [Point], _ first: Int, _ last: Int, _ t1: Point, _ t2: Point, _ error: Double,
    _ out: inout [[Point]]
  ) {
    if last - first == 1 {
      let dist = d[first].distance(to: d[last]) / 3
      out.append([d[first], d[first] + t1 * dist, d[last] + t2 * dist, d[last]])
      return
    }
    var u = chordLengths(d, first, last)
    var bezier = generate(d, first, last, u, t1, t2)
    var (worst, split) = maxError(d, first, last, bezier, u)
    if worst < error {
      out.append(bezier)
      return
    }
    // Close enough for Newton-Raphson steps on the parameters to bring it within the error.
    if worst < error * 100 {
      for _ in 0..<10 {
        let refined = reparameterize(d, first, last, u, bezier)
        bezier = generate(d, first, last, refined, t1, t2)
        (worst, split) = maxError(d, first, last, bezier, refined)
        if worst < error {
          out.append(bezier)
          return
        }
        u = refined
      }
    }
    let k = min(tangentReach, split - first, last - split)
    let center = unit(d[split - k] - d[split + k])
    fitCubic(d, first, split, t1, center, error, &out)
    fitCubic(d, split, last, -center, t2, error, &out)
  }

  /// The least-squares cubic from d[first] to d[last] with the given end tangents.
  private static func generate(
    _ d: [Point], _ first: Int, _ last: Int, _ u: [Double], _ t1: Point, _ t2: Point
  ) -> [Point] {
    let p0 = d[first], p3 = d[last]
    var c00 = 0.0, c01 = 0.0, c11 = 0.0, x0 = 0.0, x1 = 0.0
    for (k, t) in u.enumerated() {
      let a0 = t1 * b1(t), a1 = t2 * b2(t)
      c00 += a0.dot(a0)
      c01 += a0.dot(a1)
      c11 += a1.dot(a1)
      let rest = d[first + k] - (p0 * (b0(t) + b1(t)) + p3 * (b2(t) + b3(t)))
      x0 += a0.dot(rest)
      x1 += a1.dot(rest)
    }
    let det = c00 * c11 - c01 * c01
    var alpha1 = det == 0 ? 0 : (x0 * c11 - x1 * c01) / det
    var alpha2 = det == 0 ? 0 : (c00 * x1 - c01 * x0) / det
    let chord = p0.distance(to: p3)
    if alpha1 < 1e-6 * chord || alpha2 < 1e-6 * chord || !alpha1.isFinite || !alpha2.isFinite {
      alpha1 = chord / 3
      alpha2 = chord / 3
    }
    return [p0, p0 + t1 * alpha1, p3 + t2 * alpha2, p3]
  }

  private static func chordLengths(_ d: [Point], _ first: Int, _ last: Int) -> [Double] {
    var u = [0.0]
    for i in (first + 1)...last { u.append(u[u.count - 1] + d[i].distance(to: d[i - 1])) }
    let total = u[u.count - 1]
    return total > 0 ? u.map { $0 / total } : u.indices.map { Double($0) / Double(u.count - 1) }
  }

  /// The largest squared distance of a point from the curve at its parameter, and where.
  private static func maxError(
    _ d: [Point], _ first: Int, _ last: Int, _ bezier: [Point], _ u: [Double]
  ) -> (Double, Int) {
    var worst = 0.0
    var split = (first + last + 1) / 2
    for i in (first + 1)..<last {
      let v = point(bezier, u[i - first]) - d[i]
      let e = v.dot(v)
      if e > worst {
        worst = e
        split = i
      }
    }
    return (worst, split)
  }

  /// Newton-Raphson steps towards each point's nearest parameter on the curve.
  private static func reparameterize(
    _ d: [Point], _ first: Int, _ last: Int, _ u: [Double], _ bezier: [Point]
  ) -> [Double] {
    let q1 = (0..<3).map { (bezier[$0 + 1] - bezier[$0]) * 3 }
    let q2 = (0..<2).map { (q1[$0 + 1] - q1[$0]) * 2 }
    return u.enumerated().map { k, t in
      let diff = point(bezier, t) - d[first + k]
      let s = 1 - t
      let d1 = q1[0] * (s * s) + q1[1] * (2 * s * t) + q1[2] * (t * t)
      let d2 = q2[0] * s + q2[1] * t
      let denominator = d1.dot(d1) + diff.dot(d2)
      guard denominator != 0 else { return t }
      return max(0, min(1, t - diff.dot(d1) / denominator))
    }
  }

  private static func point(_ b: [Point], _ t: Double) -> Point {
    b[0] * b0(t) + b[1] * b1(t) + b[2] * b2(t) + b[3] * b3(t)
  }

  private static func b0(_ t: Double) -> Double { (1 - t) * (1 - t) * (1 - t) }
  private static func b1(_ t: Double) -> Double { 3 * t * (1 - t) * (1 - t) }
  private static func b2(_ t: Double) -> Double { 3 * t * t * (1 - t) }
  private static func b3(_ t: Double) -> Double { t * t * t }

  private static func unit(_ v: Point) -> Point {
    let l = v.length
    return l > 0 ? v * (1 / l) : Point(1, 0)
  }
}
