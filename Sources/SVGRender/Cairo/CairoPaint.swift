import CCairo
import SVGGeometry
import SVGTree

/// cairo patterns for the resolved paint servers.
enum CairoPaint {
  static func linear(_ g: LinearGradient, opacity: Double) -> OpaquePointer? {
    let p = cairo_pattern_create_linear(g.start.x, g.start.y, g.end.x, g.end.y)
    return finish(p, transform: g.transform, spread: g.spread, stops: g.stops, opacity: opacity)
  }

  static func radial(_ g: RadialGradient, opacity: Double) -> OpaquePointer? {
    let p = cairo_pattern_create_radial(
      g.focus.x, g.focus.y, g.focalRadius, g.center.x, g.center.y, g.radius)
    return finish(p, transform: g.transform, spread: g.spread, stops: g.stops, opacity: opacity)
  }

  private static func finish(
    _ p: OpaquePointer?, transform: Transform, spread: SpreadMethod, stops: [GradientStop],
    opacity: Double
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
    var m = cairo_matrix_t(
      xx: inverse.a, yx: inverse.b, xy: inverse.c, yy: inverse.d, x0: inverse.e, y0: inverse.f)
    cairo_pattern_set_matrix(p, &m)
    return p
  }

  /// Renders one tile at the device resolution it will be shown at, then repeats it.
  static func pattern(_ pattern: Pattern, renderer: CairoRenderer) -> OpaquePointer? {
    let cr = renderer.cr
    var ctm = cairo_matrix_t()
    cairo_get_matrix(cr, &ctm)
    let full =
      Transform(a: ctm.xx, b: ctm.yx, c: ctm.xy, d: ctm.yy, e: ctm.x0, f: ctm.y0)
      * pattern.transform
    let sx = (full.a * full.a + full.b * full.b).squareRoot()
    let sy = (full.c * full.c + full.d * full.d).squareRoot()
    let tile = pattern.tile
    guard tile.width > 0, tile.height > 0, sx > 0, sy > 0 else { return nil }
    let w = Int((tile.width * sx).rounded(.up))
    let h = Int((tile.height * sy).rounded(.up))
    guard w > 0, h > 0, renderer.budget.allows(width: w, height: h) else { return nil }
    guard let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(w), Int32(h))
    else { return nil }
    defer { cairo_surface_destroy(surface) }
    let tcr = cairo_create(surface)!
    let scaleX = Double(w) / tile.width
    let scaleY = Double(h) / tile.height
    cairo_scale(tcr, scaleX, scaleY)
    cairo_translate(tcr, -tile.x, -tile.y)
    CairoRenderer(cr: tcr, budget: renderer.budget).draw(pattern.content)
    cairo_destroy(tcr)
    let p = cairo_pattern_create_for_surface(surface)!
    cairo_pattern_set_extend(p, CAIRO_EXTEND_REPEAT)
    // pattern space -> tile pixels: scale, after moving the tile origin to (0, 0).
    let toPixels = Transform.scale(scaleX, scaleY) * Transform.translate(-tile.x, -tile.y)
    guard let inverse = pattern.transform.inverted else {
      cairo_pattern_destroy(p)
      return nil
    }
    let m = toPixels * inverse
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
