import CCairo
import SVGGeometry

/// Drawing of `<image>` nodes: raster images as a surface pattern (padded at the edges so
/// scaling does not fade them into transparency), SVG images as a nested drawing.
extension CairoRenderer {
  func draw(_ image: ImageNode) {
    cairo_save(cr)
    defer { cairo_restore(cr) }
    if let clip = image.clip {
      cairo_rectangle(cr, clip.x, clip.y, clip.width, clip.height)
      cairo_clip(cr)
    }
    cairo_transform(cr, image.contentTransform)
    switch image.content {
    case .raster(let bitmap):
      guard let surface = CairoImage.surface(bitmap) else { return }
      defer { cairo_surface_destroy(surface) }
      cairo_set_source_surface(cr, surface, 0, 0)
      let filter = image.smooth ? CAIRO_FILTER_GOOD : CAIRO_FILTER_NEAREST
      cairo_pattern_set_filter(cairo_get_source(cr), filter)
      cairo_pattern_set_extend(cairo_get_source(cr), CAIRO_EXTEND_PAD)
      cairo_rectangle(cr, 0, 0, Double(bitmap.width), Double(bitmap.height))
      cairo_fill(cr)
    case .svg(let tree):
      draw(tree.root)
    }
  }
}

enum CairoImage {
  /// A cairo-owned copy of the bitmap: vector backends (PDF, PS, SVG) may keep the source
  /// surface past the draw call, so it must not point into Swift-managed memory.
  static func surface(_ bitmap: Bitmap) -> OpaquePointer? {
    guard
      let surface = cairo_image_surface_create(
        CAIRO_FORMAT_ARGB32, Int32(bitmap.width), Int32(bitmap.height)),
      cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS,
      let data = cairo_image_surface_get_data(surface)
    else { return nil }
    let stride = Int(cairo_image_surface_get_stride(surface))
    let rowBytes = bitmap.width * 4
    bitmap.pixels.withUnsafeBytes { source in
      for y in 0..<bitmap.height {
        (data + y * stride).update(
          from: source.baseAddress!.assumingMemoryBound(to: UInt8.self) + y * bitmap.stride,
          count: rowBytes)
      }
    }
    cairo_surface_mark_dirty(surface)
    return surface
  }
}
