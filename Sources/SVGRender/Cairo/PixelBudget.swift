import CCairo

/// The pixel cap of ``Limits/maxPixels`` applied to the output and to every intermediate
/// layer (groups with opacity, clips, masks, pattern tiles): a hostile file cannot make the
/// renderer allocate more than that for any one surface.
struct PixelBudget: Sendable {
  let maxPixels: Int

  func allows(width: Int, height: Int) -> Bool {
    width > 0 && height > 0
      && width.multipliedReportingOverflow(by: height).partialValue <= maxPixels
      && width < 1 << 24 && height < 1 << 24
  }

  /// Whether a layer the size of the current clip fits.
  func allowsLayer(_ cr: OpaquePointer) -> Bool {
    var x1 = 0.0
    var y1 = 0.0
    var x2 = 0.0
    var y2 = 0.0
    cairo_clip_extents(cr, &x1, &y1, &x2, &y2)
    cairo_user_to_device(cr, &x1, &y1)
    cairo_user_to_device(cr, &x2, &y2)
    return allows(width: Int(abs(x2 - x1)) + 1, height: Int(abs(y2 - y1)) + 1)
  }
}
