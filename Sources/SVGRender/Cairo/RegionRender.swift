import CCairo
import SVGGeometry
import SVGTree

extension RenderTree {
  /// A raster of this drawing made from `base`, a raster of an earlier state of it at the
  /// same size, scale and background: the pixels of `region` (device pixels, rounded out to
  /// whole ones) are drawn again, the others are `base`'s. When the drawings differ only
  /// inside `region`, the result is the raster ``rasterize(covering:background:limits:cancellation:)``
  /// makes: the region is cleared and drawn with the whole drawing clipped to it, so each
  /// of its pixels is computed as in a full render. A `base` of another size gives a full
  /// render.
  package func rasterize(
    region: Rect, onto base: Bitmap, covering size: Size, background: Color? = nil,
    limits: Limits = .default, cancellation: RenderCancellation? = nil
  ) throws(RenderError) -> Bitmap {
    let (width, height) = try Self.canvas(covering: size, limits: limits)
    guard base.width == width, base.height == height else {
      return try rasterize(
        covering: size, background: background, limits: limits, cancellation: cancellation)
    }
    guard let pixels = Self.pixels(of: region, width: width, height: height) else { return base }
    let cancellation = RenderCancellation.token(cancellation, limits: limits)
    let budget = PixelBudget(maxPixels: limits.maxPixels)
    var bitmap = base
    bitmap.withSurface { surface in
      let cr = cairo_create(surface)!
      cairo_rectangle(
        cr, Double(pixels.x), Double(pixels.y), Double(pixels.width), Double(pixels.height))
      cairo_clip(cr)
      cairo_set_operator(cr, CAIRO_OPERATOR_CLEAR)
      cairo_paint(cr)
      cairo_set_operator(cr, CAIRO_OPERATOR_OVER)
      draw(
        on: cr, drawing: size, background: background, budget: budget,
        cancellation: cancellation)
      cairo_destroy(cr)
    }
    try cancellation?.check()
    return bitmap
  }

  /// The whole pixels of a `width` × `height` image that `region` touches; nil for none.
  static func pixels(of region: Rect, width: Int, height: Int) -> PixelRect? {
    guard region.minX.isFinite, region.minY.isFinite, region.maxX.isFinite, region.maxY.isFinite
    else { return PixelRect(x: 0, y: 0, width: width, height: height) }
    let x0 = max(0, min(Double(width), region.minX.rounded(.down)))
    let y0 = max(0, min(Double(height), region.minY.rounded(.down)))
    let x1 = max(0, min(Double(width), region.maxX.rounded(.up)))
    let y1 = max(0, min(Double(height), region.maxY.rounded(.up)))
    guard x1 > x0, y1 > y0 else { return nil }
    return PixelRect(x: Int(x0), y: Int(y0), width: Int(x1 - x0), height: Int(y1 - y0))
  }
}
