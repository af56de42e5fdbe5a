import SVGGeometry

/// A lower bound on a cubic curve's radius of curvature, for ``StrokeBand``: where every
/// curve of a path bends less tightly than the stroke is wide, the stroke is the sweep of
/// the curve's normals without folds, so a point nearer to the curve than half the width
/// (and ahead of its end faces) is inside it wherever along the curve it lies. Near a cusp
/// or a turn tighter than half the width, cairo's stroke folds over itself and can leave
/// such a point out (`StrokeJoinTests` found one, 0.009 units from a near-cusp).
enum CurveRadius {
  /// The least radius of curvature of the cubic `a b c d`, or less, when that is more than
  /// `needed`; otherwise 0 (a cusp, a tighter turn, or a bound too loose after 16 cuts).
  ///
  /// With `u` the chord's direction, the speed along it is at least `m`, three times the
  /// least of the control polygon's legs along `u` (the derivative is a quadratic whose
  /// control points are three times the legs), and the second derivative, linear between
  /// six times the two second differences, is at most `M`: the radius, |C′|³ / |C′ × C″|,
  /// is at least |C′|² / |C″| ≥ m² / M where `m` > 0. Halved (de Casteljau) where the
  /// bound is too loose to pass `needed`.
  static func lowerBound(
    _ a: Point, _ b: Point, _ c: Point, _ d: Point, needed: Double, depth: Int = 0
  ) -> Double {
    let second = max((a - b * 2 + c).length, (b - c * 2 + d).length) * 6
    let chord = d - a
    let length = chord.length
    var bound = 0.0
    if length > 0, length.isFinite {
      let u = chord * (1 / length)
      let m = 3 * min(min((b - a).dot(u), (c - b).dot(u)), (d - c).dot(u))
      if m > 0 { bound = second > 0 ? m * m / second : .infinity }
    }
    if bound > needed { return bound }
    guard depth < 4 else { return 0 }
    let (l, r) = PathSegment.halves(a, b, c, d)
    let left = lowerBound(l.0, l.1, l.2, l.3, needed: needed, depth: depth + 1)
    guard left > needed else { return 0 }
    let right = lowerBound(r.0, r.1, r.2, r.3, needed: needed, depth: depth + 1)
    return right > needed ? min(left, right) : 0
  }
}
