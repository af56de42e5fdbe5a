/// How near the edges of a curve's stroke cairo draws them, as fractions of the quarter
/// device pixel ``StrokeBand`` keeps from a curve's edges where it knows no better
/// (``StrokeBand/curveMargin``).
///
/// Cairo's polygon stroker cuts the curve at points on it (de Casteljau halves, until each
/// part's control points are within its tolerance, 0.1 device pixels, of their chord) and
/// offsets each point by half the width along the curve's normal there: both edges are
/// chords of the exact edges, with their ends on them. Where the curve bends one way and
/// less tightly than the stroke is wide, the outer edge's chords cut inside the exact outer
/// edge (by up to 0.2 pixels: the chord's own sagitta and the turn between two normals,
/// where cairo adds a fan of pen points that lie within half a width of the curve) and the
/// inner edge's chords pass outside the exact inner edge (by at most the sagitta of the
/// centre's chord, under 0.1 pixels). So beside a piece of such a curve, on its convex side,
/// a point outside the exact stroke is outside cairo's; on its concave side, a point inside
/// it is inside cairo's, and a point more than the tolerance outside it is outside. What
/// moves the polygon besides is cairo's fixed point (points and offsets rounded to 1/256 of
/// a pixel, and the cut points' halving in it), kept as ``StraightMargin/base``, 1/32 of a
/// pixel (cairo's edge was found at most 0.012 pixels beyond the exact one on those sides,
/// bisecting across the edges of five curves at six widths and four transforms);
/// `CurveEdgeTests` checks the answers beside both edges against cairo's probe.
enum CurveEdges {
  /// The margin on the side where cairo's edge is the exact one (1/32 of a pixel).
  static let exactSide = StraightMargin.base / StrokeBand.curveMargin
  /// The margin for an outside answer on the concave side (the tolerance and 1/32).
  static let innerOutside = (0.1 + StraightMargin.base) / StrokeBand.curveMargin
}
