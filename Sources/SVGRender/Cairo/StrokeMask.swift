import CCairo
import Glibc
import SVGGeometry
import SVGTree

/// A band's stroke whose outline the band's clip would change (``BandChords``: a curve
/// chorded, a dash left out), drawn as the whole image draws it: stroked unclipped on a
/// coverage surface the size of the image, where cairo's stroker keeps the box the whole
/// image keeps (the stroke's extents within the image), then painted through that coverage
/// onto the band, within the band's clip.
///
/// The coverage is blended in as cairo blends the spans of an anti-aliased stroke of an
/// opaque colour into the whole image (`_fill_xrgb32_lerp_opaque_spans`): colour × coverage
/// + pixel × (255 − coverage), each product divided by 255 with cairo's rounding bias of
/// 0x7f (``lerp(_:_:_:)``; pixman's is 0x80, and blended through pixman most band tops came
/// out a level apart). So this takes such strokes only, drawn on the image itself (not on a
/// layer) under no clip but the band's: a clip path or a viewport's clip limits the whole
/// image's stroker too. Other strokes still raise the band hazard, and the band plan keeps
/// edges off them (``ChordSurvey``).
final class StrokeMask {
  let width: Int
  let height: Int
  /// Clips set on the context besides the band's own, as the walk enters them.
  var clips = 0
  private var coverage: OpaquePointer?

  init(width: Int, height: Int) {
    self.width = width
    self.height = height
  }

  deinit { if let coverage { cairo_surface_destroy(coverage) } }

  /// The opaque colour of `stroke` of `node` when it can be drawn so on `cr`, which draws in
  /// `layers` layers (as the survey counts them; a context drawing on a layer has another
  /// target), else nil.
  func colour(of stroke: Stroke, _ node: PathNode, on cr: OpaquePointer, layers: Int) -> Color? {
    guard clips == 0, layers == 0, cairo_get_group_target(cr) == cairo_get_target(cr) else {
      return nil
    }
    return Self.colour(of: stroke, node)
  }

  /// The opaque colour of `stroke` of `node` when it is anti-aliased, else nil.
  static func colour(of stroke: Stroke, _ node: PathNode) -> Color? {
    guard case .color(let c) = stroke.paint, c.alpha * stroke.opacity >= 1, node.antialias
    else { return nil }
    return c
  }

  /// Strokes `path` (as cairo's current path on `cr` was made: appended under `toDevice`,
  /// then `stroke`'s style set) in `colour`, whose drawing lies within the device box
  /// `extent`, onto the rows `clip` of `cr`'s image. False when no coverage surface fits
  /// the budget.
  func draw(
    _ path: Path, _ stroke: Stroke, toDevice: Transform, colour: Color, extent: Rect,
    clip: (top: Double, bottom: Double), on cr: OpaquePointer, budget: PixelBudget
  ) -> Bool {
    // Whole pixels within the image (all of them for a box that is not finite).
    func span(_ low: Double, _ high: Double, _ size: Int) -> Range<Int> {
      guard low.isFinite, high.isFinite else { return 0..<size }
      let n = Double(size)
      let lower = Int(min(n, max(0, low.rounded(.down))))
      return lower..<max(lower, Int(min(n, max(0, high.rounded(.up)))))
    }
    let rows = span(extent.minY, extent.maxY, height)
    let columns = span(extent.minX, extent.maxX, width)
    guard !rows.isEmpty, !columns.isEmpty else { return true }
    if coverage == nil, budget.allows(width: width, height: height) {
      coverage = cairo_image_surface_create(CAIRO_FORMAT_A8, Int32(width), Int32(height))
    }
    guard let coverage, cairo_surface_status(coverage) == CAIRO_STATUS_SUCCESS else {
      return false
    }
    let scratch = cairo_create(coverage)!
    cairo_transform(scratch, toDevice)
    CairoPath.append(path, to: scratch)
    CairoStroke.setStyle(stroke, width: stroke.width, on: scratch)
    cairo_stroke(scratch)
    cairo_destroy(scratch)
    cairo_surface_flush(coverage)
    let cover = cairo_image_surface_get_data(coverage)!
    let coverStride = Int(cairo_image_surface_get_stride(coverage))
    let target = cairo_get_target(cr)!
    cairo_surface_flush(target)
    let pixels = UnsafeMutableRawPointer(cairo_image_surface_get_data(target)!)
    let stride = Int(cairo_image_surface_get_stride(target))
    let pixel =
      0xff00_0000 | UInt32(colour.r) << 16 | UInt32(colour.g) << 8 | UInt32(colour.b)
    let drawn = span(clip.top, clip.bottom, height).clamped(to: rows)
    for y in drawn {
      let row = (pixels + y * stride).assumingMemoryBound(to: UInt32.self)
      let a = cover + y * coverStride
      for x in columns where a[x] != 0 {
        row[x] = a[x] == 0xff ? pixel : Self.lerp(pixel, a[x], row[x])
      }
    }
    cairo_surface_mark_dirty(target)
    for y in rows { memset(cover + y * coverStride + columns.lowerBound, 0, columns.count) }
    cairo_surface_mark_dirty(coverage)
    return true
  }

  /// cairo's blend of an opaque pixel `s` into `d` at coverage `a` (`lerp8x4` in
  /// cairo-image-compositor.c): both products divided by 255 with a rounding bias of 0x7f,
  /// where pixman's bias is 0x80.
  @inline(__always)
  static func lerp(_ s: UInt32, _ a: UInt8, _ d: UInt32) -> UInt32 {
    func mul(_ x: UInt32, _ b: UInt32) -> UInt32 {
      let t = (x & 0x00ff_00ff) &* b &+ 0x007f_007f
      return ((t &+ ((t >> 8) & 0x00ff_00ff)) >> 8) & 0x00ff_00ff
    }
    func add(_ x: UInt32, _ y: UInt32) -> UInt32 {
      let t = x &+ y
      return (t | (0x0100_0100 &- ((t >> 8) & 0x00ff_00ff))) & 0x00ff_00ff
    }
    let (ca, ia) = (UInt32(a), UInt32(255 - a))
    return add(mul(s, ca), mul(d, ia)) | add(mul(s >> 8, ca), mul(d >> 8, ia)) << 8
  }
}
