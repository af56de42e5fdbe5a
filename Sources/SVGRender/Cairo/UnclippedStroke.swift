import CCairo
import Glibc
import SVGGeometry

/// A band's stroke whose outline the band's clip would change (``BandChords``), painted with
/// a colour that is not opaque or a gradient placed in device space, drawn as the whole image
/// draws it: on a scratch image of the whole image's size under no clip, so that cairo's
/// stroker and scan converter do what they do in the whole image, holding the band's own
/// rows of the stroke, which go back to the band after.
///
/// Every row of cairo's stroke is composited on its own (the same spans, from the same
/// polygon, over the same pixels), so the band's rows come out as in the whole image. Only
/// the rows the stroke can reach have memory (``CoverageMask/pixelRows(bytes:)``, kept from
/// stroke to stroke): cairo composites within the stroke's extents (``BandChords/Reach``, as
/// `_cairo_stroke_style_max_distance_from_path` widens them), and the scratch image's
/// pointer is placed so that its other rows are never touched. An opaque colour goes
/// through the band's coverage mask instead (cheaper, and kept by a session,
/// ``CoverageMask``); a pattern, or a gradient that cannot be placed in device space
/// (``UnplacedGradient``), still raises the band hazard. Each band draws all of such a
/// stroke, so the band plan weighs them (``ChordSurvey/avoidsUnclipped``).
extension CairoRenderer {
  /// Margin rows beyond the stroke's reach, for cairo's rounding of its extents.
  private static let marginRows = 2

  /// Whether a band draws a stroke of `paint` on a scratch image when its clip would change
  /// the outline: colours and gradients placed in device space, whose source is set the
  /// same way on any context.
  func strokesUnclipped(_ paint: RenderPaint) -> Bool {
    if case .pattern = paint { return false }
    return !UnplacedGradient.isUnplaced(paint, on: DeviceGradient.Target(cr))
  }

  /// Draws the stroke of `path` set up on `cr` (under `toDevice`, with `stroke`'s style)
  /// into the band's rows as the whole image draws it (see above); false when it cannot
  /// (the shape is on a layer or under a clip, the paint is not one of
  /// ``strokesUnclipped(_:)``'s, or the scratch rows are over the budget).
  func strokeUnclipped(
    _ path: Path, _ stroke: Stroke, toDevice: Transform, hasCurves: Bool
  ) -> Bool {
    guard let clipRows, let coverageMask, coverageMask.drawsOnImage(cr),
      strokesUnclipped(stroke.paint),
      let (_, reach, _) = BandChords.Reach.extents(on: cr, hasCurves: hasCurves)
    else { return false }
    let target = cairo_get_target(cr)!
    let width = Int(cairo_image_surface_get_width(target))
    let height = Int(cairo_image_surface_get_height(target))
    let stride = Int(cairo_image_surface_get_stride(target))
    guard reach.lowerBound.isFinite, reach.upperBound.isFinite else { return false }
    // Within the image before they become whole rows, whatever the stroke's reach.
    func row(_ y: Double) -> Int { Int(min(max(y, 0), Double(height))) }
    let top = max(0, row(reach.lowerBound.rounded(.down)) - Self.marginRows)
    let bottom = min(height, row(reach.upperBound.rounded(.up)) + Self.marginRows)
    guard top < bottom else { return true }
    guard budget.allows(width: width, height: bottom - top) else { return false }
    let band = max(top, Int(clipRows.top))..<min(bottom, Int(clipRows.bottom.rounded(.up)))
    guard !band.isEmpty else { return true }
    let rows = coverageMask.pixelRows(bytes: (bottom - top) * stride)
    cairo_surface_flush(target)
    let pixels = UnsafeMutableRawPointer(cairo_image_surface_get_data(target)!)
    memcpy(
      rows + (band.lowerBound - top) * stride, pixels + band.lowerBound * stride,
      band.count * stride)
    // The scratch image's row 0 lies `top` rows before the allocation; cairo composites
    // only within the stroke's rows.
    let origin = (rows - top * stride).assumingMemoryBound(to: UInt8.self)
    let surface = cairo_image_surface_create_for_data(
      origin, CAIRO_FORMAT_ARGB32, Int32(width), Int32(height), Int32(stride))!
    let scratch = cairo_create(surface)!
    cairo_set_antialias(scratch, cairo_get_antialias(cr))
    cairo_set_tolerance(scratch, cairo_get_tolerance(cr))
    cairo_set_operator(scratch, cairo_get_operator(cr))
    cairo_transform(scratch, toDevice)
    CairoPath.append(path, to: scratch)
    CairoStroke.setStyle(stroke, width: stroke.width, on: scratch)
    paint(with: stroke.paint, opacity: stroke.opacity, extent: { nil }) {
      // The source as `cr` has it, set under the identity matrix as a device gradient's is
      // (a colour's does not depend on the matrix).
      var m = cairo_matrix_t()
      cairo_get_matrix(scratch, &m)
      cairo_identity_matrix(scratch)
      cairo_set_source(scratch, cairo_get_source(cr))
      cairo_set_matrix(scratch, &m)
      cairo_stroke(scratch)
    }
    cairo_destroy(scratch)
    cairo_surface_flush(surface)
    cairo_surface_destroy(surface)
    memcpy(
      pixels + band.lowerBound * stride, rows + (band.lowerBound - top) * stride,
      band.count * stride)
    cairo_surface_mark_dirty(target)
    return true
  }
}
