import SVGGeometry
import SVGRender

/// The box cairo cuts a stroke to, for the transforms where cairo's stroke is not the
/// stroke's geometry.
///
/// Cairo bounds every stroke it draws, and every `cairo_in_stroke`, by an estimate of the
/// stroke's extents (`_cairo_path_fixed_approximate_stroke_extents`): the path's device box
/// grown on each side by `k` line widths, where `k` is ½, 1/√2 for square caps, and √2 times
/// the miter limit for miter joins on a path that is not all horizontal and vertical lines;
/// each axis is scaled by the length of the matrix's row for that axis; the box is rounded
/// out to whole pixels. The same growth around the point (for `cairo_in_stroke`) or the
/// clip (for a render) decides which curves are far enough to be stroked as their chords.
/// For every matrix the growth is at least the stroke's reach, so neither changes what is
/// painted; except that for a matrix cairo takes for a unit scale
/// (`_cairo_matrix_has_unity_scale`: a determinant of ±1 within 1/256, and no skew or no
/// diagonal) the growth is not scaled at all. So under `scale(2, 0.5)` a stroke 9 units
/// wide reaches 9 device pixels either side of a vertical line, but cairo finds only what
/// lies within 4.5 pixels of the path's box, and a curve whose control points are more
/// than 4.5 pixels from the point is probed as its chord.
///
/// For those matrices, when they stretch an axis, the cheap answers give way to cairo's
/// probe inside the box; beyond it nothing is painted or hit. A non-scaling stroke is drawn
/// with the identity, which keeps its box.
struct StrokeClipBox: Sendable {
  /// The path's bounds on the canvas (curve extrema, not control points), grown by what
  /// cairo's fixed point and `Path.forStroking`'s zero-length segments may add.
  var path: Rect
  var slack: Double
  /// The most cairo's box grows per unit of line width on each axis.
  var growth: Point

  /// The box for `s` stroking `path` under `toCanvas`, or nil when cairo's stroke is the
  /// stroke's geometry.
  init?(_ path: Path, _ s: Stroke, toCanvas t: Transform) {
    guard !s.nonScaling else { return nil }
    // Cairo's test, and a slightly wider one: between the two, either growth may apply.
    guard t.hasCairoUnityScale(tolerance: 2.0 / 256) else { return nil }
    let rows = Point((t.a * t.a + t.c * t.c).squareRoot(), (t.b * t.b + t.d * t.d).squareRoot())
    // Cairo's growth is at least the stroke's reach when neither row stretches.
    guard rows.x > 1 || rows.y > 1, let bounds = path.bounds(transformedBy: t) else {
      return nil
    }
    let base = s.cap == .square ? 0.5.squareRoot() : 0.5
    let miter = s.join == .miter || s.join == .miterClip || s.join == .arcs
    let widest = miter ? max(base, 2.0.squareRoot() * s.miterLimit) : base
    growth = Point(widest * max(1, rows.x), widest * max(1, rows.y))
    self.path = bounds
    slack = 1.0 / 64 + s.width / 256 * t.scaleBound
    guard growth.x.isFinite, growth.y.isFinite, slack.isFinite else { return nil }
  }

  /// Whether canvas point `p` may be inside cairo's box for a line `width` wide (false:
  /// surely outside it).
  func mayContain(_ p: Point, width: Double) -> Bool {
    let edge = 1e-9 * (1 + abs(p.x) + abs(p.y))
    return p.x >= (path.minX - growth.x * width - slack).rounded(.down) - edge
      && p.x <= (path.maxX + growth.x * width + slack).rounded(.up) + edge
      && p.y >= (path.minY - growth.y * width - slack).rounded(.down) - edge
      && p.y <= (path.maxY + growth.y * width + slack).rounded(.up) + edge
  }
}
