import CCairo
import SVGGeometry

/// Masks on vector outputs (PDF, PostScript, SVG), where a group is recorded, not drawn
/// into pixels, so its luminance cannot be read back: the mask content is drawn again into
/// an image covering the current clip, at `pixelsPerUnit` image pixels per device unit, and
/// that image's coverage masks the layer.
extension CairoRenderer {
  static let pixelsPerUnit = 3.0

  /// The coverage of `mask` as a pattern in the current user space; nil when it cannot be
  /// made (empty clip, over the pixel budget).
  func rasterMaskCoverage(_ mask: Mask) -> OpaquePointer? {
    var x1 = 0.0
    var y1 = 0.0
    var x2 = 0.0
    var y2 = 0.0
    cairo_clip_extents(cr, &x1, &y1, &x2, &y2)
    let corners = [(x1, y1), (x2, y1), (x2, y2), (x1, y2)].map { p -> (Double, Double) in
      var (x, y) = p
      cairo_user_to_device(cr, &x, &y)
      return (x, y)
    }
    let x0 = corners.map(\.0).min()!.rounded(.down)
    let y0 = corners.map(\.1).min()!.rounded(.down)
    let k = Self.pixelsPerUnit
    let w = Int(((corners.map(\.0).max()! - x0) * k).rounded(.up))
    let h = Int(((corners.map(\.1).max()! - y0) * k).rounded(.up))
    guard budget.allows(width: w, height: h),
      let image = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(w), Int32(h))
    else { return nil }
    defer { cairo_surface_destroy(image) }
    var ctm = cairo_matrix_t()
    cairo_get_matrix(cr, &ctm)
    let userToDevice = Transform(a: ctm.xx, b: ctm.yx, c: ctm.xy, d: ctm.yy, e: ctm.x0, f: ctm.y0)
    // user space -> image pixels
    let toPixels = Transform.scale(k, k) * .translate(-x0, -y0) * userToDevice
    let icr = cairo_create(image)!
    cairo_transform(icr, toPixels)
    let inner = CairoRenderer(cr: icr, budget: budget, cancellation: cancellation)
    cairo_rectangle(icr, mask.region.x, mask.region.y, mask.region.width, mask.region.height)
    cairo_clip(icr)
    inner.draw(mask.content)
    cairo_destroy(icr)
    guard let alpha = MaskCoverage.alphaSurface(from: image, kind: mask.kind) else { return nil }
    defer { cairo_surface_destroy(alpha) }
    let pattern = cairo_pattern_create_for_surface(alpha)!
    var m = cairo_matrix_t(
      xx: toPixels.a, yx: toPixels.b, xy: toPixels.c, yy: toPixels.d, x0: toPixels.e,
      y0: toPixels.f)
    cairo_pattern_set_matrix(pattern, &m)
    return pattern
  }
}
