import CCairo
import Glibc
import SVGGeometry

/// A gradient's placement on an image surface that every band of the image computes alike.
///
/// cairo hands pixman the matrix from device pixels to gradient space in 16.16 fixed point,
/// and corrects the rounding of its translation around the centre of each drawing
/// operation's extent (`_cairo_matrix_to_pixman_matrix`), which a band's clip changes: a
/// band and the whole image would then compute a gradient's colours from translations
/// 2^-16 apart, and some pixels come out one level apart. Here the matrix is exact in
/// fixed point to begin with: gradient space is scaled by a power of two (its points and
/// radii with it, so the gradient is the same) to use the fixed-point range, and the
/// matrix's linear part is rounded to multiples of 2^-15 and its translation to multiples
/// of 2^-16. Every pixel centre (or the centre of any operation's extent, a multiple of
/// one half) then maps to gradient space exactly in fixed point, so cairo's correction is
/// zero wherever the operation is, and pixman's per-row steps are exact. The pattern is set
/// with an identity matrix in effect, so cairo composes nothing onto it in floating point;
/// a group surface's device offset adds whole-pixel translations, which stay exact.
///
/// The rounding moves a colour by at most 2^-16 gradient units per device pixel, scaled by
/// how large gradient space is made: well under a level of 255 for any gradient wider than
/// a few pixels.
struct DeviceGradient {
  /// Gradient space is scaled by this (a power of two).
  let scale: Double
  /// Device pixels to scaled gradient space.
  let matrix: cairo_matrix_t
  /// For a linear gradient that is level on the device (see ``init(transform:geometry:linear:on:)``),
  /// its start and end in the space of ``matrix``, in place of its own points scaled.
  let levelPoints: (start: Point, end: Point)?

  /// Scaled gradient coordinates stay under this, well inside cairo's limit for gradient
  /// geometry (`PIXMAN_MAX_INT >> 1`, beyond which it rescales in floating point) and
  /// pixman's 16.16 range over the whole surface.
  static let limit = 8192.0

  /// The device space a gradient is drawn in: the context's matrix, and its own target's
  /// pixels (not a group's: a group's size depends on the clip, and so on the band, while
  /// the device space it draws in is the target's).
  struct Target {
    /// User space to device space.
    var toDevice: Transform
    /// The device offset of the target's pixels.
    var offset = (x: 0.0, y: 0.0)
    var width: Double
    var height: Double

    init(toDevice: Transform, width: Double, height: Double) {
      self.toDevice = toDevice
      self.width = width
      self.height = height
    }

    /// The device space of `cr`; nil when its target is not an image surface (vector output
    /// takes the matrix as it is).
    init?(_ cr: OpaquePointer) {
      let target = cairo_get_target(cr)!
      guard cairo_surface_get_type(target) == CAIRO_SURFACE_TYPE_IMAGE else { return nil }
      toDevice = cairo_get_matrix(cr)
      cairo_surface_get_device_offset(target, &offset.x, &offset.y)
      width = Double(cairo_image_surface_get_width(target))
      height = Double(cairo_image_surface_get_height(target))
    }
  }

  /// The placement of `g` on `target` (nil: not an image surface).
  init?(_ g: LinearGradient, on target: Target?) {
    guard let target else { return nil }
    self.init(
      transform: g.transform, geometry: CairoPaint.geometry(g), linear: (g.start, g.end),
      on: target)
  }

  /// The placement of `g` on `target` (nil: not an image surface).
  init?(_ g: RadialGradient, on target: Target?) {
    guard let target else { return nil }
    self.init(transform: g.transform, geometry: CairoPaint.geometry(g), on: target)
  }

  /// The placement of a gradient whose space maps to user space by `transform`, drawn on
  /// `target`; `geometry` is the largest coordinate or radius of the gradient's points and
  /// circles, `linear` a linear gradient's start and end. Nil when the matrices are
  /// degenerate.
  ///
  /// pixman computes a linear gradient that changes by less than 2^-16 of its length over
  /// the rows of one drawing operation once, for its first row, and uses that row for all
  /// (`linear_gradient_is_horizontal`); how many rows an operation has depends on the band.
  /// So a linear gradient changes by at least 2^-17 of its length from row to row as pixman
  /// computes it (``changesEveryRow(_:_:under:)``: no operation of two rows is then taken for
  /// level, and one of a single row comes out the same either way), or not at all: one that
  /// changes by at most 2^-12 over the whole image is made level (its colours along the
  /// image's middle row, on every row), and one in between is nil.
  private init?(
    transform: Transform, geometry: Double, linear: (start: Point, end: Point)? = nil,
    on target: Target
  ) {
    guard let toUser = target.toDevice.inverted, let toGradient = transform.inverted else {
      return nil
    }
    let fromDevice = toGradient * toUser
    // Device space of the target's pixels: its size, less the device offset.
    let (ox, oy, w, h) = (target.offset.x, target.offset.y, target.width, target.height)
    if let (start, end) = linear.map({ ($0.start, $0.end) }) {
      let v = Point(end.x - start.x, end.y - start.y)
      let length2 = v.x * v.x + v.y * v.y
      guard length2 > 0 else { return nil }
      // The gradient's parameter per device pixel across and down.
      let perColumn = (fromDevice.a * v.x + fromDevice.b * v.y) / length2
      let perRow = (fromDevice.c * v.x + fromDevice.d * v.y) / length2
      let rows = max(abs(oy), abs(h - oy))
      if abs(perRow) * rows <= 0x1p-12 {
        guard
          let level = DeviceGradient(
            level: fromDevice, start: start, v: v, length2: length2, perColumn: perColumn,
            width: max(abs(ox), abs(w - ox)), rows: rows, middle: h / 2 - oy)
        else { return nil }
        self = level
        return
      }
    }
    var reach = geometry
    for (x, y) in [(-ox, -oy), (w - ox, -oy), (-ox, h - oy), (w - ox, h - oy)] {
      let p = fromDevice.apply(Point(x, y))
      reach = max(reach, abs(p.x), abs(p.y))
    }
    guard reach.isFinite, reach > 0 else { return nil }
    let scale = exp2(floor(log2(Self.limit / reach)))
    func part(_ v: Double) -> Double { (v * scale * 32768).rounded() / 32768 }
    func shift(_ v: Double) -> Double { (v * scale * 65536).rounded() / 65536 }
    let q = Transform(
      a: part(fromDevice.a), b: part(fromDevice.b), c: part(fromDevice.c),
      d: part(fromDevice.d), e: shift(fromDevice.e), f: shift(fromDevice.f))
    // Rounding must not flatten the gradient: the rounded matrix keeps its orientation and
    // at least half its area scale.
    let det = fromDevice.determinant * scale * scale
    guard scale.isFinite, scale > 0, q.determinant * det > 0, abs(q.determinant) > abs(det) / 2
    else { return nil }
    if let (start, end) = linear.map({ ($0.start, $0.end) }) {
      let k = Transform.scale(scale, scale)
      guard Self.changesEveryRow(k.apply(start), k.apply(end), under: q) else { return nil }
    }
    self.scale = scale
    matrix = cairo_matrix_t(xx: q.a, yx: q.b, xy: q.c, yy: q.d, x0: q.e, y0: q.f)
    levelPoints = nil
  }

  /// Whether pixman computes the linear gradient from `start` to `end` (scaled gradient
  /// space) under the device matrix `q` afresh on every row of any drawing operation of two
  /// rows or more: its parameter changes by at least 2^-16 over two rows, computed as pixman
  /// computes it from the points and the matrix in 16.16 fixed point (cairo rounds them to
  /// nearest, ties to even; `q` is exact), with 1% to spare.
  static func changesEveryRow(_ start: Point, _ end: Point, under q: Transform) -> Bool {
    func fixed(_ v: Double) -> Double { (v * 65536).rounded(.toNearestOrEven) }
    let (dx, dy) = (fixed(end.x) - fixed(start.x), fixed(end.y) - fixed(start.y))
    let length2 = dx * dx + dy * dy
    return length2 > 0 && 2 * abs(dx * fixed(q.c) + dy * fixed(q.d)) * 65536 >= 1.01 * length2
  }

  /// A level linear gradient: gradient space is device space scaled by a power of two, and
  /// the gradient runs along a row, through the colours of the image's middle row.
  private init?(
    level fromDevice: Transform, start: Point, v: Point, length2: Double, perColumn: Double,
    width: Double, rows: Double, middle: Double
  ) {
    guard abs(perColumn) * width > 0x1p-12 else { return nil }
    // The parameter at (0, middle), then the columns where it is 0 and 1.
    let origin = fromDevice.apply(Point(0, middle))
    let t0 = ((origin.x - start.x) * v.x + (origin.y - start.y) * v.y) / length2
    let x0 = -t0 / perColumn
    let x1 = (1 - t0) / perColumn
    let reach = max(abs(x0), abs(x1), width, rows)
    guard reach.isFinite else { return nil }
    let scale = exp2(floor(log2(Self.limit / reach)))
    guard scale.isFinite, scale > 0 else { return nil }
    self.scale = scale
    matrix = cairo_matrix_t(xx: scale, yx: 0, xy: 0, yy: scale, x0: 0, y0: 0)
    levelPoints = (Point(x0 * scale, 0), Point(x1 * scale, 0))
  }

  /// Sets `pattern` (made with ``scale`` and ``matrix``) as the source with an identity
  /// matrix in effect, and runs `draw` with the context's matrix as it was.
  static func draw(_ pattern: OpaquePointer, on cr: OpaquePointer, _ draw: () -> Void) {
    var ctm = cairo_matrix_t()
    cairo_get_matrix(cr, &ctm)
    cairo_save(cr)
    cairo_identity_matrix(cr)
    cairo_set_source(cr, pattern)
    cairo_set_matrix(cr, &ctm)
    draw()
    cairo_restore(cr)
  }
}
