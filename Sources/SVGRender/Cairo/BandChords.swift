import CCairo
import Glibc
import SVGGeometry

/// Whether cairo strokes the path set on a context differently in a band than in the whole
/// image, because of the curves its stroker replaces by chords.
///
/// When a stroke is not wholly inside the clip, cairo 1.16's polygon stroker keeps a box:
/// the clip's extents widened by the stroke's reach as `_cairo_stroke_style_max_distance_from_path`
/// computes it (half the line width, times the length of the matrix's row, except under a
/// matrix it takes as unit scale, where it is half the line width). A curve whose control
/// points all lie outside that box is stroked as its chord (`curve_to`, `_cairo_spline_intersects`).
/// The chord's own outline stays outside the band, but the outline of the segments on either
/// side starts or ends at the chord's faces: the edge from the chord's end to the far end of
/// the next segment is not the edge from the curve's last face, and where that segment
/// reaches into the band its pixels come out a level or several apart (a rounded rectangle
/// under a rotation, a skew or a non-uniform scale: one long side, up to 50 rows into the
/// band). Without curves nothing is chorded, and the joins whose fans cairo skips outside
/// the box change nothing inside it (random strokes of flattened paths are byte-identical).
///
/// So a band is safe for the stroke unless a curve is chorded there and that curve, or a
/// segment next to it in its subpath (first and last are taken as neighbours), reaches the
/// band's rows by the stroke's true reach. The check is conservative: it does not look at
/// whether the whole image chords the same curve, nor at which pixels move.
///
/// A dashed stroke goes through cairo's older stroker
/// (`_cairo_path_fixed_stroke_dashed_to_polygon`), which chords nothing: every curve is
/// followed at the tolerance, so the dashes lie where the whole image has them. With the same
/// box, it leaves out the dashes that miss it (the dash before such a gap ends in a cap, not
/// a join) and turns round joins centred outside it into bevels: all outside the clip by the
/// stroke's reach, except under the narrow box, and except that cairo 1.16's test of a dash
/// against the box (`_cairo_box_intersects_line_segment`) also leaves out a dash that
/// crosses the box from above it to below it, within its width (seen in openclipart's
/// kweather.svg: bands of 16 rows dropped whole dashes). So a band whose box is not taller
/// than the stroke's longest dash reaches down the page is not safe for it either.
enum BandChords {
  /// Whether a curve of the current path may be chorded in this band with an effect inside
  /// it, or a dash left out (see above). The context's path, matrix, clip and stroke style
  /// are those of the stroke about to be drawn.
  static func mayDiffer(on cr: OpaquePointer, hasCurves: Bool) -> Bool {
    guard let (reach, rows, clip) = Reach.extents(on: cr, hasCurves: hasCurves),
      // Most strokes lie wholly inside the band or outside it: no copy of their path.
      StrokedPath.straddles(rows, clip.x0, clip.y0, clip.x1, clip.y1)
    else { return false }
    return StrokedPath(on: cr, reach: reach, rows: rows).mayDiffer(clip: clip)
  }

  static func hasUnityScale(_ m: cairo_matrix_t) -> Bool {
    Transform(m).hasCairoUnityScale()
  }

  /// How far a stroke reaches down and across the page, and how far cairo's box reaches.
  struct Reach {
    let reachY: Double
    let boxX: Double
    let boxY: Double
    /// The stroke is dashed: its curves are not chorded.
    let dashed: Bool
    /// How far the longest dash of a dashed stroke reaches down the page beyond cairo's box
    /// above and below it: a clip less tall than this can lose a dash (see above). The box
    /// is taken at its smallest, without miters (cairo leaves them out for a path of
    /// horizontal and vertical lines).
    let dashOverBox: Double
    /// Under a stretch cairo takes for unit scale (`scale(0.5 2)`) its box is narrower than
    /// the stroke's reach down the page, and it also skips the round joins and caps whose
    /// centre is outside the box though they reach into the band.
    var narrow: Bool { boxY < reachY }

    init(on cr: OpaquePointer) {
      var m = cairo_matrix_t()
      cairo_get_matrix(cr, &m)
      var expansion = cairo_get_line_cap(cr) == CAIRO_LINE_CAP_SQUARE ? 0.5.squareRoot() : 0.5
      if cairo_get_line_join(cr) == CAIRO_LINE_JOIN_MITER {
        expansion = max(expansion, 2.0.squareRoot() * cairo_get_miter_limit(cr))
      }
      expansion *= cairo_get_line_width(cr)
      // The reach down the page, and cairo's idea of it (its unit-scale shortcut).
      reachY = expansion * hypot(m.yy, m.yx)
      let reachX = expansion * hypot(m.xx, m.xy)
      let unity = hasUnityScale(m)
      boxY = unity ? expansion : reachY
      boxX = unity ? expansion : reachX
      let count = Int(cairo_get_dash_count(cr))
      dashed = count > 0
      guard dashed else {
        dashOverBox = 0
        return
      }
      var dashes = [Double](repeating: 0, count: count)
      cairo_get_dash(cr, &dashes, nil)
      // The dashes drawn: the even ones, or all of an odd list (repeated, it alternates).
      let drawn = stride(from: 0, to: count, by: count % 2 == 1 ? 1 : 2).map { dashes[$0] }
      let capBox =
        (cairo_get_line_cap(cr) == CAIRO_LINE_CAP_SQUARE ? 0.5.squareRoot() : 0.5)
        * cairo_get_line_width(cr) * (unity ? 1 : hypot(m.yy, m.yx))
      dashOverBox = drawn.max()! * hypot(m.yy, m.yx) - 2 * capBox
    }

    /// For the stroke about to be drawn on `cr`: its reach, the device rows it can touch and
    /// the device extents of the clip; nil when it has neither curves to chord (undashed)
    /// nor dashes nor a narrow box, and so draws the same under any clip.
    static func extents(on cr: OpaquePointer, hasCurves: Bool) -> (
      reach: Reach, rows: ClosedRange<Double>,
      clip: (x0: Double, y0: Double, x1: Double, y1: Double)
    )? {
      let reach = Reach(on: cr)
      guard hasCurves || reach.dashed || reach.narrow else { return nil }
      cairo_save(cr)
      cairo_identity_matrix(cr)
      var (x0, y0, x1, y1) = (0.0, 0.0, 0.0, 0.0)
      cairo_clip_extents(cr, &x0, &y0, &x1, &y1)
      var (px0, py0, px1, py1) = (0.0, 0.0, 0.0, 0.0)
      cairo_path_extents(cr, &px0, &py0, &px1, &py1)
      cairo_restore(cr)
      return (reach, reach.rows(py0, py1), (x0, y0, x1, y1))
    }

    /// The device rows the stroke of a path spanning rows `top` to `bottom` can touch.
    func rows(_ top: Double, _ bottom: Double) -> ClosedRange<Double> {
      (top - reachY - 1)...(bottom + reachY + 1)
    }
  }

  /// One stroke as the band hazard sees it: its reach, the device rows it can touch and the
  /// boxes of its segments, subpath by subpath (as cairo holds the path).
  struct StrokedPath {
    let reach: Reach
    let rows: ClosedRange<Double>
    private(set) var subpaths: [[Segment]] = []

    /// The stroke about to be drawn on `cr`, whose rows are `rows` (``Reach/rows(_:_:)``).
    init(on cr: OpaquePointer, reach: Reach, rows: ClosedRange<Double>) {
      self.reach = reach
      self.rows = rows
      cairo_save(cr)
      cairo_identity_matrix(cr)
      let path = cairo_copy_path(cr)!
      cairo_restore(cr)
      defer { cairo_path_destroy(path) }
      var segments: [Segment] = []
      var current = (x: 0.0, y: 0.0)
      var start = current
      func end() {
        if !segments.isEmpty { subpaths.append(segments) }
        segments.removeAll()
      }
      func line(to p: (x: Double, y: Double)) {
        if p != current { segments.append(Segment([current, p], isCurve: false)) }
        current = p
      }
      let data = path.pointee.data!
      var i = 0
      while i < Int(path.pointee.num_data) {
        let header = data[i].header
        let point = { (k: Int) in (x: data[i + k].point.x, y: data[i + k].point.y) }
        switch header.type {
        case CAIRO_PATH_MOVE_TO:
          end()
          current = point(1)
          start = current
        case CAIRO_PATH_LINE_TO:
          line(to: point(1))
        case CAIRO_PATH_CURVE_TO:
          segments.append(Segment([current, point(1), point(2), point(3)], isCurve: true))
          current = point(3)
        default:
          line(to: start)
          end()
        }
        i += Int(header.length)
      }
      end()
    }

    /// Whether a stroke touching `rows` is cut by the clip extents `x0, y0, x1, y1`: it
    /// reaches them, and reaches beyond their top or bottom. A stroke wholly inside the
    /// clip's rows is stroked without a box (nothing is chorded); one wholly outside them
    /// draws nothing there.
    static func straddles(
      _ rows: ClosedRange<Double>, _ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double
    ) -> Bool {
      x1 > x0 && y1 > y0 && rows.overlaps(y0...y1)
        && (rows.lowerBound < y0 || rows.upperBound > y1)
    }

    /// Whether this stroke, drawn under the device clip extents `clip`, may chord a curve
    /// with an effect inside the clip's rows, or leave out a dash (see ``BandChords``).
    func mayDiffer(clip: (x0: Double, y0: Double, x1: Double, y1: Double)) -> Bool {
      let (x0, y0, x1, y1) = clip
      guard Self.straddles(rows, x0, y0, x1, y1) else { return false }
      // Slack for cairo's 24.8 fixed point, on the safe side: a curve near the edge of the
      // box is taken as chorded, a segment near the band as reaching it.
      let slack = 1.0 / 32
      let band = (y0 - reach.reachY - 1)...(y1 + reach.reachY + 1)
      let box = (
        x: (x0 - reach.boxX + slack)...(x1 + reach.boxX - slack),
        y: (y0 - reach.boxY + slack)...(y1 + reach.boxY - slack)
      )
      // A dash as tall as the box can cross it whole (see above).
      if reach.dashed && reach.dashOverBox + 2 * slack >= y1 - y0 { return true }
      let narrow = reach.narrow
      for segments in subpaths {
        let n = segments.count
        for s in segments where narrow && s.y.overlaps(band) && !s.isInside(box.y) {
          return true
        }
        for (i, s) in segments.enumerated() where s.isCurve && !reach.dashed && !s.meets(box) {
          for j in [i, (i + n - 1) % n, (i + 1) % n] where segments[j].y.overlaps(band) {
            return true
          }
        }
      }
      return false
    }
  }

  /// A segment's box in device space.
  struct Segment {
    var x: ClosedRange<Double>
    var y: ClosedRange<Double>
    let isCurve: Bool
    init(_ points: [(x: Double, y: Double)], isCurve: Bool) {
      let xs = points.map(\.x)
      let ys = points.map(\.y)
      x = xs.min()!...xs.max()!
      y = ys.min()!...ys.max()!
      self.isCurve = isCurve
    }
    func isInside(_ rows: ClosedRange<Double>) -> Bool {
      rows.lowerBound <= y.lowerBound && y.upperBound <= rows.upperBound
    }
    func meets(_ box: (x: ClosedRange<Double>, y: ClosedRange<Double>)) -> Bool {
      x.overlaps(box.x) && y.overlaps(box.y)
    }
  }
}

extension Transform {
  /// cairo's `_cairo_matrix_has_unity_scale`: the determinant ±1 and no skew, within
  /// `tolerance` (cairo's own is 1/256). Under such a matrix cairo's stroker does not scale
  /// its box by the matrix, which both bands and hit tests must follow.
  package func hasCairoUnityScale(tolerance: Double = 1.0 / 256) -> Bool {
    let det = a * d - b * c
    return abs(det * det - 1) < tolerance
      && ((abs(c) < tolerance && abs(b) < tolerance)
        || (abs(a) < tolerance && abs(d) < tolerance))
  }
}
