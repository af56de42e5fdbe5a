import CCairo
import Glibc
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
      coverageMask?.clips += 1
    }
    defer { if image.clip != nil { coverageMask?.clips -= 1 } }
    cairo_transform(cr, image.contentTransform)
    switch image.content {
    case .raster(let bitmap):
      // A raster image keeps the tree in one band: nothing to survey.
      guard survey == nil else { return }
      // Only vector outputs embed the file the pixels came from; raster ones never read it.
      let vector = cairo_surface_get_type(cairo_get_target(cr)) != CAIRO_SURFACE_TYPE_IMAGE
      let encoded = vector ? bitmap.encoded : nil
      guard let surface = CairoImage.surface(bitmap, encoded: encoded) else { return }
      defer { cairo_surface_destroy(surface) }
      cairo_set_source_surface(cr, surface, 0, 0)
      let filter = image.smooth ? CAIRO_FILTER_GOOD : CAIRO_FILTER_NEAREST
      cairo_pattern_set_filter(cairo_get_source(cr), filter)
      // Padding keeps a scaled raster's edges opaque; vector outputs scale in the viewer, and
      // cairo embeds a kept JPEG as it is only for an unpadded source.
      let extend = encoded != nil ? CAIRO_EXTEND_NONE : CAIRO_EXTEND_PAD
      cairo_pattern_set_extend(cairo_get_source(cr), extend)
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
  static func surface(_ bitmap: Bitmap, encoded: EncodedImage?) -> OpaquePointer? {
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
    if let encoded { attach(encoded, to: surface) }
    return surface
  }

  /// Gives the surface the file it was decoded from, in a copy cairo frees with the surface.
  private static func attach(_ encoded: EncodedImage, to surface: OpaquePointer) {
    guard let copy = malloc(encoded.bytes.count) else { return }
    encoded.bytes.withUnsafeBytes { copy.copyMemory(from: $0.baseAddress!, byteCount: $0.count) }
    let status = cairo_surface_set_mime_data(
      surface, encoded.mimeType, copy.assumingMemoryBound(to: UInt8.self),
      UInt(encoded.bytes.count), { free($0) }, copy)
    if status != CAIRO_STATUS_SUCCESS { free(copy) }
  }
}
