import CCairo
import SVGGeometry

/// A stroke thinner than a device pixel across every direction, drawn as a hairline: the
/// ink of each piece of the stroke (its length times the stroke's width across it) goes to
/// the two pixels nearest its centre line in each column it crosses (each row, where it is
/// steep), in proportion to their distance from it. Skia and tiny-skia draw thin strokes so
/// (scaling a one-pixel line by the width); this keeps the exact stroke's ink per length
/// at every angle instead.
///
/// cairo scan-converts a stroke's outline, stepping every edge through 15 sub-rows of every
/// row it crosses; a thin stroke has as many edges as a thick one and crosses as many rows,
/// so at thumbnail sizes, where most strokes are thinner than a pixel, they were the largest
/// share of the drawing (`_cairo_tor_scan_converter_generate`: a fifth of a batch of 64 px
/// thumbnails, more than a third of a one-line star's). A hairline costs one step per
/// column or row.
///
/// The mask is the same for any clip of the rows: each pixel's value depends only on the
/// path and the stroke, so bands and partial redraws give a whole render's pixels.
struct Hairline {
  /// An 8-bit alpha mask, placed at `x, y` in device pixels; nil when the stroke lies
  /// outside the clip and draws nothing.
  let surface: OpaquePointer?
  let x: Int
  let y: Int

  /// The largest mask, in pixels (16 MiB of ink while it is gathered): a stroke whose box
  /// is larger goes to cairo rather than doubling the memory of a large image.
  static let maskPixels = 1 << 22

  /// Whether a hairline may draw `stroke` under the matrix `m` (the one set by its style):
  /// an undashed stroke less than a pixel wide in every direction on the device.
  static func mayDraw(_ stroke: Stroke, _ m: Transform) -> Bool {
    let det = abs(m.a * m.d - m.b * m.c)
    let sum = m.a * m.a + m.b * m.b + m.c * m.c + m.d * m.d
    // The largest singular value of the matrix: the widest the stroke gets on the device.
    let stretch = ((sum + (max(0, sum * sum - 4 * det * det)).squareRoot()) / 2).squareRoot()
    return stroke.dashes == nil && det > 0 && stretch * stroke.width < 1
  }

  /// The mask of `stroke` on cairo's current path (with the stroke's style set: the matrix
  /// is the one the stroke is drawn with), or nil when cairo draws it: a dashed stroke, one
  /// without antialiasing, one at least a pixel wide in some direction, a target that is not
  /// an image, a subpath of no length with caps that draw a dot, or a stroke whose box is
  /// large for its length (cairo's cost follows the edges, the mask's its box) or larger
  /// than ``maskPixels``.
  init?(_ stroke: Stroke, on cr: OpaquePointer) {
    guard cairo_get_antialias(cr) != CAIRO_ANTIALIAS_NONE,
      cairo_surface_get_type(cairo_get_target(cr)) == CAIRO_SURFACE_TYPE_IMAGE
    else { return nil }
    let m = cairo_get_matrix(cr)
    guard Self.mayDraw(stroke, m), let inverse = m.inverted else { return nil }
    let det = abs(m.a * m.d - m.b * m.c)
    guard let subpaths = Self.deviceSubpaths(on: cr) else { return nil }

    var clip = (x0: 0.0, y0: 0.0, x1: 0.0, y1: 0.0)
    cairo_save(cr)
    cairo_identity_matrix(cr)
    cairo_clip_extents(cr, &clip.x0, &clip.y0, &clip.x1, &clip.y1)
    cairo_restore(cr)

    var pieces: [Piece] = []
    var box = (x0: Double.infinity, y0: Double.infinity, x1: -Double.infinity, y1: -Double.infinity)
    var length = 0.0
    for subpath in subpaths {
      let points = subpath.points
      var ends = [Piece]()
      for k in 1..<points.count where points[k] != points[k - 1] {
        let v = points[k] - points[k - 1]
        let user = Point(inverse.a * v.x + inverse.c * v.y, inverse.b * v.x + inverse.d * v.y)
        let across = stroke.width * det * user.length / v.length
        ends.append(Piece(from: points[k - 1], to: points[k], width: across))
      }
      if ends.isEmpty {
        guard stroke.cap == .butt else { return nil }
        continue
      }
      if !subpath.closed { Self.extendCaps(&ends, cap: stroke.cap) }
      for p in ends {
        box = (
          min(box.x0, p.from.x, p.to.x), min(box.y0, p.from.y, p.to.y),
          max(box.x1, p.from.x, p.to.x), max(box.y1, p.from.y, p.to.y)
        )
        length += (p.to - p.from).length
      }
      pieces += ends
    }
    // Decided on the whole box, not the clipped one: every band must choose alike.
    let area = (box.x1 - box.x0 + 3) * (box.y1 - box.y0 + 3)
    guard area <= 32 * length + 4096, area <= Double(Self.maskPixels) else { return nil }
    let x0 = Int(max(clip.x0, box.x0 - 1).rounded(.down))
    let y0 = Int(max(clip.y0, box.y0 - 1).rounded(.down))
    let x1 = Int(min(clip.x1, box.x1 + 2).rounded(.up))
    let y1 = Int(min(clip.y1, box.y1 + 2).rounded(.up))
    let (w, h) = (x1 - x0, y1 - y0)
    guard w > 0, h > 0 else {
      (surface, x, y) = (nil, x0, y0)
      return
    }

    var ink = Ink(x: x0, y: y0, width: w, height: h)
    for p in pieces { ink.deposit(p) }
    guard let surface = ink.surface() else { return nil }
    (self.surface, x, y) = (surface, x0, y0)
  }

  /// One straight piece of the flattened path in device space, and the stroke's width
  /// across it in device pixels.
  struct Piece {
    var from: Point
    var to: Point
    var width: Double
  }

  /// Lengthens the first and last pieces of an open subpath by the ink of their caps: half
  /// the width for a square cap, a half disc's area over the width for a round one.
  private static func extendCaps(_ pieces: inout [Piece], cap: Stroke.LineCap) {
    func extend(_ p: inout Piece, atStart: Bool) {
      let reach =
        switch cap {
        case .butt: 0.0
        case .square: p.width / 2
        case .round: Double.pi * p.width / 8
        }
      let v = p.to - p.from
      let step = v * (reach / v.length)
      if atStart { p.from = p.from - step } else { p.to = p.to + step }
    }
    guard cap != .butt else { return }
    extend(&pieces[0], atStart: true)
    extend(&pieces[pieces.count - 1], atStart: false)
  }

  /// cairo's current path flattened at its tolerance, in device space; nil when it has none.
  private static func deviceSubpaths(on cr: OpaquePointer) -> [(points: [Point], closed: Bool)]? {
    cairo_save(cr)
    cairo_identity_matrix(cr)
    guard let path = cairo_copy_path_flat(cr) else {
      cairo_restore(cr)
      return nil
    }
    cairo_restore(cr)
    defer { cairo_path_destroy(path) }
    guard path.pointee.status == CAIRO_STATUS_SUCCESS, let data = path.pointee.data else {
      return nil
    }
    var subpaths: [(points: [Point], closed: Bool)] = []
    var points: [Point] = []
    var start = Point(0, 0)
    func end(closed: Bool) {
      // A move alone draws nothing; a subpath of lines keeps its points even if they are one.
      if points.count > 1 { subpaths.append((points, closed)) }
      points.removeAll()
    }
    var i = 0
    while i < Int(path.pointee.num_data) {
      let header = data[i].header
      let point = { Point(data[i + 1].point.x, data[i + 1].point.y) }
      switch header.type {
      case CAIRO_PATH_MOVE_TO:
        end(closed: false)
        start = point()
        points.append(start)
      case CAIRO_PATH_LINE_TO:
        if points.isEmpty { points.append(start) }
        points.append(point())
      case CAIRO_PATH_CLOSE_PATH:
        if points.isEmpty { points.append(start) }
        points.append(start)
        end(closed: true)
      default:
        return nil
      }
      i += Int(header.length)
    }
    end(closed: false)
    return subpaths.isEmpty ? nil : subpaths
  }
}
