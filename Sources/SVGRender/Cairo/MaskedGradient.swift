import CCairo
import SVGGeometry

/// A fill painted with a gradient placed in device space (``DeviceGradient``), drawn as its
/// coverage first, then the gradient through that coverage in one composite.
///
/// cairo paints a shape with a gradient in place, row by row: for each row of spans it asks
/// pixman to composite the gradient through the row's coverage, once or more per row
/// (`_inplace_spans`). For a gradient source pixman has no fast path, and its general path
/// clears its whole 24 KiB scanline buffer on every call (`general_composite_rect`), whatever
/// the row's width: on van_gogh_s_room_enrique__01.svg at 800 px, 37,339 calls cleared
/// 920 MB, 13% of the process's time. Here the shape is drawn on an A8 layer the size of
/// its device box (cairo fills an A8 surface with its own fast spans), and the gradient is
/// composited through it in one call per band.
///
/// Measured with the least CPU time of 3-4 alternating runs of each file: 173 openclipart
/// drawings with gradients at 800 px about 0.94x, the 40 largest 0.95x (wall time 0.97x),
/// 60 of the gradient drawings at 2000 px 0.98x. A large shape gains little (its rows are
/// long) and its layer costs fresh pages: one of 1,000 × 4,000 pixels took 1.2x, hence
/// ``maxArea``.
///
/// The gradient is computed along each row from the box's left edge, or the clip's, where
/// cairo started it at each run of spans: its colours can come out a level apart in places.
/// Every band draws the same box and columns, so bands and the whole image still agree.
/// Strokes are left to cairo: a band draws some of them unclipped, through cairo as it is
/// (``strokeUnclipped(_:_:toDevice:hasCurves:)``), and the whole image must draw them alike.
enum MaskedGradient {
  /// Shapes with a device box of fewer rows are painted in place, in as few calls to pixman
  /// as a layer would take (1, 4 and 16 measured alike on the 173 drawings).
  static let minRows = 4.0
  /// Shapes with a larger device box (pixels) are painted in place.
  static let maxArea = Double(1 << 20)

  /// Whether a shape whose drawing lies within the device box `box` (``RedrawArea/extent(of:_:)``)
  /// is painted through its coverage. It depends on the box alone, not on the clip, so that
  /// every band decides as the whole image does.
  static func isWorthIt(_ box: Rect) -> Bool {
    guard box.isFinite else { return false }
    return box.roundedOut.height >= minRows
      && box.width * box.height <= maxArea
  }

  /// Runs `draw` (a fill of cairo's current path, which it keeps) on an A8 layer clipped to
  /// `box`, then paints `pattern` (made for device space) through the layer.
  static func draw(
    _ pattern: OpaquePointer, on cr: OpaquePointer, box: Rect, _ draw: () -> Void
  ) {
    cairo_save(cr)
    cairo_clip(cr, toDeviceBox: box)
    cairo_push_group_with_content(cr, CAIRO_CONTENT_ALPHA)
    cairo_set_source_rgba(cr, 0, 0, 0, 1)
    draw()
    let coverage = cairo_pop_group(cr)!
    // The layer holds the clips' coverage already; without them the composite is one call.
    cairo_reset_clip(cr)
    cairo_place_in_device(cr, coverage)
    cairo_set_source(cr, pattern)
    cairo_mask(cr, coverage)
    cairo_pattern_destroy(coverage)
    cairo_restore(cr)
  }
}
