import CCairo
import SVGGeometry

/// How a path is handed to cairo's stroker: the renderer strokes through it, and so do the
/// hit tests and stroke boxes (``StrokeProbe``), so the three agree on every cap, join,
/// miter, dash and near-straight curve.
enum CairoStroke {
  /// Appends `path` as the renderer strokes it (``SVGGeometry/Path/forStroking``) in the
  /// context's current user space and sets up the stroke's width (`width`, in that space;
  /// in device pixels for a non-scaling stroke, whose path is then taken to device space),
  /// caps, joins, miter limit and dashes.
  static func prepare(_ path: Path, _ stroke: Stroke, width: Double, on cr: OpaquePointer) {
    CairoPath.append(path.forStroking(stroke), to: cr)
    setStyle(stroke, width: width, on: cr)
  }

  /// The second half of ``prepare(_:_:width:on:)``, for a path already appended as
  /// ``SVGGeometry/Path/forStroking`` gives it: the matrix of a non-scaling stroke and the
  /// stroke's style.
  static func setStyle(_ stroke: Stroke, width: Double, on cr: OpaquePointer) {
    if stroke.nonScaling { cairo_identity_matrix(cr) }
    cairo_set_line_width(cr, width)
    cairo_set_line_cap(cr, stroke.cap.cairo)
    cairo_set_line_join(cr, stroke.join.cairo)
    cairo_set_miter_limit(cr, stroke.miterLimit)
    if let dashes = stroke.dashes {
      cairo_set_dash(cr, dashes, Int32(dashes.count), stroke.dashOffset)
    } else {
      cairo_set_dash(cr, nil, 0, 0)
    }
  }
}

/// Path elements into a cairo context.
enum CairoPath {
  static func append(_ path: Path, to cr: OpaquePointer) {
    var current = Point(0, 0)
    var start = Point(0, 0)
    for el in path.elements {
      switch el {
      case .move(let p):
        cairo_move_to(cr, p.x, p.y)
        (current, start) = (p, p)
      case .line(let p):
        cairo_line_to(cr, p.x, p.y)
        current = p
      case .quad(let c, let p):
        let c1 = current + (c - current) * (2.0 / 3)
        let c2 = p + (c - p) * (2.0 / 3)
        cairo_curve_to(cr, c1.x, c1.y, c2.x, c2.y, p.x, p.y)
        current = p
      case .cubic(let c1, let c2, let p):
        cairo_curve_to(cr, c1.x, c1.y, c2.x, c2.y, p.x, p.y)
        current = p
      case .close:
        cairo_close_path(cr)
        current = start
      }
    }
  }
}

/// Stroke geometry through cairo's own stroker, set up exactly as the renderer strokes
/// (``CairoStroke``): a point the render paints with a stroke is a point that hits it (a
/// hand-written widening would disagree with the pixels at joins and dash ends).
///
/// A probe owns a small cairo context: make one per thread (it is not `Sendable`) and reuse
/// it for many tests.
package final class StrokeProbe {
  private let surface: OpaquePointer
  private let cr: OpaquePointer

  package init() {
    surface = cairo_image_surface_create(CAIRO_FORMAT_A8, 1, 1)
    cr = cairo_create(surface)
  }

  deinit {
    cairo_destroy(cr)
    cairo_surface_destroy(surface)
  }

  /// Whether canvas point `p` lies in the stroke of `path` (in the space `toCanvas` maps to
  /// the canvas), the stroke widened by `widen` canvas pixels on each side.
  package func strokeContains(
    _ p: Point, path: Path, stroke: Stroke, toCanvas: Transform, widen: Double
  ) -> Bool {
    cairo_new_path(cr)
    defer { cairo_new_path(cr) }
    var width = stroke.width
    var user = p
    if stroke.nonScaling {
      width += 2 * widen
    } else {
      guard let inverse = toCanvas.inverted else { return false }
      user = inverse.apply(p)
      width += 2 * widen / max(toCanvas.meanScale, 1e-12)
    }
    setMatrix(toCanvas)
    CairoStroke.prepare(path, stroke, width: width, on: cr)
    return cairo_in_stroke(cr, user.x, user.y) != 0
  }

  /// Whether canvas point `p` is within `distance` canvas pixels of the outline of the area
  /// `path` fills (its subpaths closed): the tolerance band around a fill.
  package func nearOutline(_ p: Point, path: Path, toCanvas: Transform, distance: Double) -> Bool {
    guard distance > 0 else { return false }
    cairo_new_path(cr)
    defer { cairo_new_path(cr) }
    for sub in path.applying(toCanvas).subpaths {
      cairo_move_to(cr, sub.start.x, sub.start.y)
      for seg in sub.segments {
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
      cairo_close_path(cr)
    }
    cairo_identity_matrix(cr)
    cairo_set_line_width(cr, 2 * distance)
    cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND)
    cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND)
    cairo_set_dash(cr, nil, 0, 0)
    return cairo_in_stroke(cr, p.x, p.y) != 0
  }

  private func setMatrix(_ t: Transform) {
    var m = cairo_matrix_t(xx: t.a, yx: t.b, xy: t.c, yy: t.d, x0: t.e, y0: t.f)
    cairo_set_matrix(cr, &m)
  }

  /// The box, in the space `map` takes the path's user space to, of the area the stroke
  /// covers: cairo strokes the path into a recording surface and reports its ink extents
  /// (drawn 256× larger, so the extents' pixel snapping costs 1/256 of a unit).
  package static func extents(
    of path: Path, stroke: Stroke, map: Transform, toCanvas: Transform
  ) -> Rect? {
    guard let surface = cairo_recording_surface_create(CAIRO_CONTENT_ALPHA, nil) else {
      return nil
    }
    defer { cairo_surface_destroy(surface) }
    guard let cr = cairo_create(surface) else { return nil }
    defer { cairo_destroy(cr) }
    let k = 256.0
    var after = Transform.identity
    var t: Transform
    var width = stroke.width
    if stroke.nonScaling {
      // The width is in canvas pixels: stroke on the canvas (at k times), then map the box
      // back.
      guard let canvasToTarget = (toCanvas * (map.inverted ?? .identity)).inverted else {
        return nil
      }
      t = .scale(k, k) * toCanvas
      after = canvasToTarget
      width *= k
    } else {
      t = .scale(k, k) * map
    }
    var m = cairo_matrix_t(xx: t.a, yx: t.b, xy: t.c, yy: t.d, x0: t.e, y0: t.f)
    cairo_set_matrix(cr, &m)
    CairoStroke.prepare(path, stroke, width: width, on: cr)
    cairo_set_source_rgba(cr, 0, 0, 0, 1)
    cairo_stroke(cr)
    var x = 0.0
    var y = 0.0
    var w = 0.0
    var h = 0.0
    cairo_recording_surface_ink_extents(surface, &x, &y, &w, &h)
    guard w > 0 || h > 0 else { return nil }
    let box = Rect(x: x / k, y: y / k, width: w / k, height: h / k)
    return after.isIdentity ? box : box.applying(after)
  }
}

extension Stroke {
  /// How far (in the stroke's units) the stroke can reach from the path's geometry: half the
  /// width, times the miter limit for miter joins and √2 for square caps.
  package var reach: Double {
    var factor = 1.0
    if join == .miter || join == .miterClip || join == .arcs { factor = max(factor, miterLimit) }
    if cap == .square { factor = max(factor, 2.0.squareRoot()) }
    return width / 2 * factor
  }
}
