import CCairo
import SVGGeometry
import SVGRender

/// Stroke geometry through cairo's own stroker: the same caps, joins, miter limit and dashes
/// the renderer draws, so a point the render paints with a stroke is a point that hits it
/// (a hand-written widening would disagree with the pixels at joins and dash ends).
final class CairoProbe {
  private let surface: OpaquePointer
  let cr: OpaquePointer

  init() {
    surface = cairo_image_surface_create(CAIRO_FORMAT_A8, 1, 1)
    cr = cairo_create(surface)
  }

  deinit {
    cairo_destroy(cr)
    cairo_surface_destroy(surface)
  }

  /// Whether canvas point `p` lies in the stroke of `path` (in the space `toCanvas` maps to
  /// the canvas), the stroke widened by `widen` canvas pixels on each side.
  func strokeContains(
    _ p: Point, path: Path, stroke: Stroke, toCanvas: Transform, widen: Double
  ) -> Bool {
    cairo_new_path(cr)
    cairo_identity_matrix(cr)
    var user = p
    var width = stroke.width
    if stroke.nonScaling {
      append(path.applying(toCanvas))
      width += 2 * widen
    } else {
      guard let inverse = toCanvas.inverted else { return false }
      setMatrix(toCanvas)
      append(path)
      user = inverse.apply(p)
      width += 2 * widen / max(toCanvas.meanScale, 1e-12)
    }
    StrokeTest.apply(stroke, width: width, to: cr)
    defer { cairo_new_path(cr) }
    return cairo_in_stroke(cr, user.x, user.y) != 0
  }

  /// Whether canvas point `p` is within `distance` canvas pixels of the outline of the area
  /// `path` fills (its subpaths closed): the tolerance band around a fill.
  func nearOutline(_ p: Point, path: Path, toCanvas: Transform, distance: Double) -> Bool {
    guard distance > 0 else { return false }
    cairo_new_path(cr)
    cairo_identity_matrix(cr)
    for sub in path.applying(toCanvas).subpaths {
      cairo_move_to(cr, sub.start.x, sub.start.y)
      for seg in sub.segments { StrokeTest.append(seg, to: cr) }
      cairo_close_path(cr)
    }
    cairo_set_line_width(cr, 2 * distance)
    cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND)
    cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND)
    cairo_set_dash(cr, nil, 0, 0)
    defer { cairo_new_path(cr) }
    return cairo_in_stroke(cr, p.x, p.y) != 0
  }

  private func setMatrix(_ t: Transform) {
    var m = cairo_matrix_t(xx: t.a, yx: t.b, xy: t.c, yy: t.d, x0: t.e, y0: t.f)
    cairo_set_matrix(cr, &m)
  }

  private func append(_ path: Path) { StrokeTest.append(path, to: cr) }
}

enum StrokeTest {
  /// How far (in the stroke's units) the stroke can reach from the path's geometry: half the
  /// width, times the miter limit for miter joins and √2 for square caps.
  static func reach(of s: Stroke) -> Double {
    var factor = 1.0
    if s.join == .miter || s.join == .miterClip || s.join == .arcs {
      factor = max(factor, s.miterLimit)
    }
    if s.cap == .square { factor = max(factor, 2.0.squareRoot()) }
    return s.width / 2 * factor
  }

  static func apply(_ s: Stroke, width: Double, to cr: OpaquePointer) {
    cairo_set_line_width(cr, width)
    switch s.cap {
    case .butt: cairo_set_line_cap(cr, CAIRO_LINE_CAP_BUTT)
    case .round: cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND)
    case .square: cairo_set_line_cap(cr, CAIRO_LINE_CAP_SQUARE)
    }
    switch s.join {
    case .miter, .miterClip, .arcs: cairo_set_line_join(cr, CAIRO_LINE_JOIN_MITER)
    case .round: cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND)
    case .bevel: cairo_set_line_join(cr, CAIRO_LINE_JOIN_BEVEL)
    }
    cairo_set_miter_limit(cr, s.miterLimit)
    if let dashes = s.dashes {
      cairo_set_dash(cr, dashes, Int32(dashes.count), s.dashOffset)
    } else {
      cairo_set_dash(cr, nil, 0, 0)
    }
  }

  static func append(_ path: Path, to cr: OpaquePointer) {
    for sub in path.subpaths {
      cairo_move_to(cr, sub.start.x, sub.start.y)
      let drawn = sub.isClosed ? sub.segments.dropLast() : sub.segments[...]
      for seg in drawn { append(seg, to: cr) }
      if sub.isClosed { cairo_close_path(cr) }
    }
  }

  static func append(_ seg: PathSegment, to cr: OpaquePointer) {
    switch seg {
    case .line(_, let b): cairo_line_to(cr, b.x, b.y)
    case .quad(let a, let c, let b):
      let c1 = a + (c - a) * (2.0 / 3)
      let c2 = b + (c - b) * (2.0 / 3)
      cairo_curve_to(cr, c1.x, c1.y, c2.x, c2.y, b.x, b.y)
    case .cubic(_, let c1, let c2, let b):
      cairo_curve_to(cr, c1.x, c1.y, c2.x, c2.y, b.x, b.y)
    }
  }

  /// The box, in the space `map` takes the path's user space to, of the area the stroke
  /// covers: cairo strokes the path into a recording surface and reports its ink extents
  /// (drawn 256× larger, so the extents' pixel snapping costs 1/256 of a unit).
  static func extents(of path: Path, stroke: Stroke, map: Transform, toCanvas: Transform) -> Rect? {
    guard let surface = cairo_recording_surface_create(CAIRO_CONTENT_ALPHA, nil) else {
      return nil
    }
    defer { cairo_surface_destroy(surface) }
    guard let cr = cairo_create(surface) else { return nil }
    defer { cairo_destroy(cr) }
    let k = 256.0
    var after = Transform.identity
    var t: Transform
    if stroke.nonScaling {
      // The width is in canvas pixels: stroke on the canvas, then map the box back.
      guard let canvasToTarget = (toCanvas * (map.inverted ?? .identity)).inverted else {
        return nil
      }
      t = .scale(k, k)
      after = canvasToTarget
    } else {
      t = .scale(k, k) * map
    }
    var m = cairo_matrix_t(xx: t.a, yx: t.b, xy: t.c, yy: t.d, x0: t.e, y0: t.f)
    cairo_set_matrix(cr, &m)
    append(stroke.nonScaling ? path.applying(toCanvas) : path, to: cr)
    apply(stroke, width: stroke.width, to: cr)
    cairo_set_source_rgba(cr, 0, 0, 0, 1)
    cairo_stroke(cr)
    var x = 0.0, y = 0.0, w = 0.0, h = 0.0
    cairo_recording_surface_ink_extents(surface, &x, &y, &w, &h)
    guard w > 0 || h > 0 else { return nil }
    let box = Rect(x: x / k, y: y / k, width: w / k, height: h / k)
    return after.isIdentity ? box : box.applying(after)
  }
}
