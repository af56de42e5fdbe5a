import CCairo
import Glibc
import SVGGeometry
import SVGTree

/// A shape of an opaque colour drawn into a band as the whole image draws it, whatever the
/// band's clip: drawn unclipped on a coverage surface the size of the image, then blended
/// through that coverage onto the band, within the band's clip. Two kinds of shape go this
/// way: a band's stroke whose outline the band's clip would change (``BandChords``: a curve
/// chorded, a dash left out; cairo's stroker keeps, on that surface, the box the whole image
/// keeps), and a partial redraw's fill or stroke whose coverage a session keeps
/// (``CoverageCache``).
///
/// The coverage is blended in as cairo blends the spans of an anti-aliased shape of an
/// opaque colour into the whole image (`_fill_xrgb32_lerp_opaque_spans`): colour × coverage
/// + pixel × (255 − coverage), each product divided by 255 with cairo's rounding bias of
/// 0x7f (``lerp(_:_:_:)``; pixman's is 0x80, and blended through pixman most band tops came
/// out a level apart). So this takes such shapes only, drawn on the image itself (not on a
/// layer) under no clip but the band's: a clip path or a viewport's clip limits the whole
/// image's stroker too. A band's other strokes go unclipped onto rows of pixels this keeps
/// too (`UnclippedStroke.swift`).
final class CoverageMask {
  let width: Int
  let height: Int
  /// Clips set on the context besides the band's own, as the walk enters them.
  var clips = 0
  private var surface: OpaquePointer?
  /// Pixel rows for a band's unclipped strokes, and their size in bytes.
  private var pixels: (start: UnsafeMutableRawPointer, bytes: Int)?

  init(width: Int, height: Int) {
    self.width = width
    self.height = height
  }

  deinit {
    if let surface { cairo_surface_destroy(surface) }
    pixels?.start.deallocate()
  }

  /// At least `bytes` of scratch pixels, kept from one stroke to the next and grown when a
  /// stroke needs more, their pages mapped for writing at once (``PageMapping``). cairo
  /// reads the pixels it blends into before writing them: fresh pages were mapped to the
  /// kernel's zero page, then copied at the first write with an interrupt to the other
  /// core (the other band) to flush its view of the page; allocated and freed for each
  /// stroke, clipboard_01.svg drew 5 times slower in bands than in one.
  func pixelRows(bytes: Int) -> UnsafeMutableRawPointer {
    if let pixels, pixels.bytes >= bytes { return pixels.start }
    pixels?.start.deallocate()
    let start = UnsafeMutableRawPointer.allocate(byteCount: bytes, alignment: 64)
    PageMapping.prefault(start, count: bytes)
    pixels = (start, bytes)
    return start
  }

  /// Whether a shape drawn on `cr`, which draws in `layers` layers (as the survey counts
  /// them; a context drawing on a layer has another target), is drawn on the image itself
  /// under no clip but the band's.
  func drawsOnImage(_ cr: OpaquePointer, layers: Int = 0) -> Bool {
    clips == 0 && layers == 0 && cairo_get_group_target(cr) == cairo_get_target(cr)
  }

  /// The opaque colour of `stroke` of `node` when it is anti-aliased, else nil.
  static func colour(of stroke: Stroke, _ node: PathNode) -> Color? {
    opaque(stroke.paint, stroke.opacity, node)
  }

  /// The opaque colour of `fill` of `node` when it is anti-aliased, else nil.
  static func colour(of fill: Fill, _ node: PathNode) -> Color? {
    opaque(fill.paint, fill.opacity, node)
  }

  private static func opaque(_ paint: RenderPaint, _ opacity: Double, _ node: PathNode) -> Color? {
    guard case .color(let c) = paint, c.alpha * opacity >= 1, node.antialias else { return nil }
    return c
  }

  /// The coverage of `path` stroked as the renderer strokes it (appended under `toDevice`,
  /// then `stroke`'s style set), whose drawing lies within the device box `extent`; nil when
  /// no coverage surface fits the budget.
  func coverage(
    stroking path: Path, _ stroke: Stroke, toDevice: Transform, extent: Rect,
    budget: PixelBudget
  ) -> Coverage? {
    coverage(toDevice: toDevice, extent: extent, budget: budget) { scratch in
      CairoPath.append(path, to: scratch)
      CairoStroke.setStyle(stroke, width: stroke.width, on: scratch)
      cairo_stroke(scratch)
    }
  }

  /// The coverage of `path` filled under `toDevice` with the even-odd rule or the nonzero
  /// one, whose drawing lies within the device box `extent`; nil when no coverage surface
  /// fits the budget.
  func coverage(
    filling path: Path, evenOdd: Bool, toDevice: Transform, extent: Rect, budget: PixelBudget
  ) -> Coverage? {
    coverage(toDevice: toDevice, extent: extent, budget: budget) { scratch in
      CairoPath.append(path, to: scratch)
      cairo_set_fill_rule(
        scratch, evenOdd ? CAIRO_FILL_RULE_EVEN_ODD : CAIRO_FILL_RULE_WINDING)
      cairo_fill(scratch)
    }
  }

  private func coverage(
    toDevice: Transform, extent: Rect, budget: PixelBudget, _ draw: (OpaquePointer) -> Void
  ) -> Coverage? {
    // Whole pixels within the image (all of them for a box that is not finite).
    func span(_ low: Double, _ high: Double, _ size: Int) -> Range<Int> {
      guard low.isFinite, high.isFinite else { return 0..<size }
      let n = Double(size)
      let lower = Int(min(n, max(0, low.rounded(.down))))
      return lower..<max(lower, Int(min(n, max(0, high.rounded(.up)))))
    }
    let rows = span(extent.minY, extent.maxY, height)
    let columns = span(extent.minX, extent.maxX, width)
    guard !rows.isEmpty, !columns.isEmpty else { return .empty }
    if surface == nil, budget.allows(width: width, height: height) {
      surface = cairo_image_surface_create(CAIRO_FORMAT_A8, Int32(width), Int32(height))
    }
    guard let surface, cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS else {
      return nil
    }
    let scratch = cairo_create(surface)!
    cairo_transform(scratch, toDevice)
    draw(scratch)
    cairo_destroy(scratch)
    cairo_surface_flush(surface)
    let data = cairo_image_surface_get_data(surface)!
    let stride = Int(cairo_image_surface_get_stride(surface))
    let coverage = Coverage(rows: rows, columns: columns) {
      UnsafePointer(data + $0 * stride + columns.lowerBound)
    }
    for y in rows { memset(data + y * stride + columns.lowerBound, 0, columns.count) }
    cairo_surface_mark_dirty(surface)
    return coverage
  }

  /// Blends `colour` (opaque) through `coverage` into the rows `clip` of `cr`'s image.
  static func blend(
    _ coverage: Coverage, colour: Color, clip: (top: Double, bottom: Double), on cr: OpaquePointer
  ) {
    let top = max(coverage.rows.lowerBound, Int(clip.top.rounded(.down)))
    let bottom = min(coverage.rows.upperBound, Int(clip.bottom.rounded(.up)))
    guard top < bottom else { return }
    let target = cairo_get_target(cr)!
    cairo_surface_flush(target)
    let pixels = UnsafeMutableRawPointer(cairo_image_surface_get_data(target)!)
    let stride = Int(cairo_image_surface_get_stride(target))
    let pixel =
      0xff00_0000 | UInt32(colour.r) << 16 | UInt32(colour.g) << 8 | UInt32(colour.b)
    coverage.bytes.withUnsafeBufferPointer { bytes in
      for y in top..<bottom {
        let row = (pixels + y * stride).assumingMemoryBound(to: UInt32.self)
        let i = y - coverage.rows.lowerBound
        for r in Int(coverage.rowRuns[i])..<Int(coverage.rowRuns[i + 1]) {
          let (x, start) = (Int(coverage.runs[r].x), Int(coverage.runs[r].start))
          let a = bytes.baseAddress! + start
          let out = row + x
          let n = Int(coverage.runs[r + 1].start) - start
          var j = 0
          while j < n {
            if j + 8 <= n {
              let w = Coverage.word(a + j)
              if w == ~0 {
                (out + j).update(repeating: pixel, count: 8)
                j += 8
                continue
              }
              if w == 0 {
                j += 8
                continue
              }
            }
            if a[j] != 0 { out[j] = a[j] == 0xff ? pixel : lerp(pixel, a[j], out[j]) }
            j += 1
          }
        }
      }
    }
    cairo_surface_mark_dirty(target)
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
