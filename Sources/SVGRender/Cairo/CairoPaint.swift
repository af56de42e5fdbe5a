import CCairo
import SVGGeometry
import SVGTree

/// cairo patterns for the resolved paint servers.
enum CairoPaint {
  /// The gradient's pattern in gradient space, or with `device`, in its scaled gradient
  /// space with its matrix (``DeviceGradient``).
  static func linear(_ g: LinearGradient, opacity: Double, device: DeviceGradient? = nil)
    -> OpaquePointer?
  {
    let k = device?.scale ?? 1
    let (a, b) =
      device?.levelPoints
      ?? (Point(k * g.start.x, k * g.start.y), Point(k * g.end.x, k * g.end.y))
    let p = cairo_pattern_create_linear(a.x, a.y, b.x, b.y)
    return finish(
      p, transform: g.transform, device: device, spread: g.spread, stops: g.stops,
      opacity: opacity)
  }

  static func radial(_ g: RadialGradient, opacity: Double, device: DeviceGradient? = nil)
    -> OpaquePointer?
  {
    let k = device?.scale ?? 1
    let p = cairo_pattern_create_radial(
      k * g.focus.x, k * g.focus.y, k * g.focalRadius, k * g.center.x, k * g.center.y,
      k * g.radius)
    return finish(
      p, transform: g.transform, device: device, spread: g.spread, stops: g.stops,
      opacity: opacity)
  }

  /// The largest coordinate or radius of a gradient's geometry (``DeviceGradient``).
  static func geometry(_ g: LinearGradient) -> Double {
    max(abs(g.start.x), abs(g.start.y), abs(g.end.x), abs(g.end.y))
  }

  static func geometry(_ g: RadialGradient) -> Double {
    max(
      abs(g.focus.x), abs(g.focus.y), abs(g.center.x), abs(g.center.y), abs(g.radius),
      abs(g.focalRadius))
  }

  private static func finish(
    _ p: OpaquePointer?, transform: Transform, device: DeviceGradient?, spread: SpreadMethod,
    stops: [GradientStop], opacity: Double
  ) -> OpaquePointer? {
    guard let p, let inverse = transform.inverted else {
      if let p { cairo_pattern_destroy(p) }
      return nil
    }
    for s in stops {
      cairo_pattern_add_color_stop_rgba(
        p, s.offset, Double(s.color.r) / 255, Double(s.color.g) / 255, Double(s.color.b) / 255,
        s.color.alpha * opacity)
    }
    cairo_pattern_set_extend(p, spread.cairo)
    var m =
      device?.matrix
      ?? cairo_matrix_t(
        xx: inverse.a, yx: inverse.b, xy: inverse.c, yy: inverse.d, x0: inverse.e, y0: inverse.f)
    cairo_pattern_set_matrix(p, &m)
    return p
  }

  /// Renders one tile at the device resolution it will be shown at, then repeats it.
  ///
  /// The tile gets as many pixels as it covers on the device (rounded, at least one) and
  /// its content is drawn at the device scale, so the tile repeats every whole number of
  /// device pixels, as in resvg: a seamless tiling that needs no resampling. When the
  /// tile maps to the device one to one (axis-aligned, only a translation apart), it is
  /// sampled with the nearest filter, as resvg does, so a half-pixel offset does not blur
  /// its edges.
  static func pattern(_ pattern: Pattern, renderer: CairoRenderer) -> OpaquePointer? {
    let cr = renderer.cr
    var ctm = cairo_matrix_t()
    cairo_get_matrix(cr, &ctm)
    let device = Transform(a: ctm.xx, b: ctm.yx, c: ctm.xy, d: ctm.yy, e: ctm.x0, f: ctm.y0)
    let full = device * pattern.transform
    let sx = (full.a * full.a + full.b * full.b).squareRoot()
    let sy = (full.c * full.c + full.d * full.d).squareRoot()
    let tile = pattern.tile
    guard tile.width > 0, tile.height > 0, sx > 0, sy > 0, sx.isFinite, sy.isFinite,
      let inverse = pattern.transform.inverted, let deviceInverse = device.inverted
    else { return nil }
    let w = max(1, (tile.width * sx).rounded())
    let h = max(1, (tile.height * sy).rounded())
    guard w < Double(Int32.max), h < Double(Int32.max),
      renderer.budget.allows(width: Int(w), height: Int(h)),
      let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(w), Int32(h))
    else { return nil }
    defer { cairo_surface_destroy(surface) }
    guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS else { return nil }
    // Pattern space to tile pixels: the tile origin to (0, 0), then the device scale.
    // A tile smaller than a pixel is stretched to one instead.
    let scaleX = tile.width * sx < 0.5 ? w / tile.width : sx
    let scaleY = tile.height * sy < 0.5 ? h / tile.height : sy
    let toPixels = Transform.scale(scaleX, scaleY) * Transform.translate(-tile.x, -tile.y)
    let tcr = cairo_create(surface)!
    cairo_transform(tcr, toPixels)
    CairoRenderer(cr: tcr, budget: renderer.budget, cancellation: renderer.cancellation).draw(
      pattern.content)
    cairo_destroy(tcr)
    let p = cairo_pattern_create_for_surface(surface)!
    cairo_pattern_set_extend(p, CAIRO_EXTEND_REPEAT)
    var m = toPixels * inverse
    let fromDevice = m * deviceInverse
    let axisAligned =
      device.b == 0 && device.c == 0 && pattern.transform.b == 0
      && pattern.transform.c == 0
    if axisAligned, abs(fromDevice.a - 1) < 1e-6, abs(fromDevice.d - 1) < 1e-6 {
      cairo_pattern_set_filter(p, CAIRO_FILTER_NEAREST)
      // A pixel centre on a texel edge takes the texel after it (pixman's nearest filter
      // takes the one before).
      m = .translate(1.0 / 256, 1.0 / 256) * m
    }
    var cm = cairo_matrix_t(xx: m.a, yx: m.b, xy: m.c, yy: m.d, x0: m.e, y0: m.f)
    cairo_pattern_set_matrix(p, &cm)
    return p
  }
}

extension SpreadMethod {
  var cairo: cairo_extend_t {
    switch self {
    case .pad: CAIRO_EXTEND_PAD
    case .reflect: CAIRO_EXTEND_REFLECT
    case .repeating: CAIRO_EXTEND_REPEAT
    }
  }
}
