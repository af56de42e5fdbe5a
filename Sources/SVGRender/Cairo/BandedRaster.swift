import CCairo
import Dispatch
import Glibc
import SVGGeometry
import SVGTree
import Synchronization

/// Rasterization of one large image on all cores: the image is cut into horizontal bands
/// and every band draws the whole (immutable, shared) render tree on a cairo context of its
/// own, clipped to its rows (and a few above and below them, see below) of one pixel
/// buffer, a few rows taller per band. No band writes outside its rows, so the bands need
/// no locks; each band's own rows are then moved into place.
///
/// A banded image must be byte-identical to one drawn in one band. Each band's surface
/// spans the whole image (same size, same origin), so every coordinate cairo computes is
/// the one a single band computes; only the clip differs, and a pixel-aligned clip changes
/// no coverage, except near a band's first row. cairo's scan converter starts every edge
/// that crosses into the clip at the clip's first row, so it samples that row (15 sub-rows)
/// where the whole image may compute it analytically, and it sorts those edges afresh where
/// the whole image keeps the order they came in; a fill whose edges cross or nearly meet
/// inside a pixel there comes out a level or more apart. So every band but the first draws
/// ``settleRows`` rows above its own and discards them: the edges' positions are exact
/// (rationals, whatever rows came before), so once the converter has sampled a row above
/// the band and its edges no longer share a pixel cell, its state is the whole image's.
/// That is not a bound: two edges that stay within a 256th of a pixel of each other for
/// more rows than that keep the fresh order (random slivers still differ at some band top;
/// the 40 largest openclipart drawings do not at any, see the README). A band's bottom
/// edge matters too: under a clip path that cairo intersects with each shape's polygon, a
/// band's last rows come out a level apart here and there (at 781 of the 2,883 band tops
/// of openclipart's pen_sek_.svg, bands of 16 rows; cause not traced in cairo), and a plain
/// fill has been seen to, far more rarely (3 of 1,000 random polygons). So every band but
/// the last also draws ``trailRows`` rows below its own and discards them. What the clip
/// does change is the extent of each drawing operation, and cairo rounds the matrix of a
/// gradient, pattern or image source to pixman's fixed point around the centre of that
/// extent (`_cairo_matrix_to_pixman_matrix_offset`), so those paints can come out one
/// level apart between a band and the whole image. Gradients are
/// therefore placed in device space with a matrix that fixed point holds exactly
/// (``DeviceGradient``), which makes that rounding nothing; patterns and raster images are
/// not; filters read pixels beyond the band. A tree with any of them (anywhere: in masks,
/// clips, patterns, nested SVG images) is drawn in one band (``refusal(_:)-(Group)``), and so
/// is one with a clip path that cairo holds as boxes (``BandClips``, found by the band plan's
/// survey). cairo's stroker also replaces a curve that lies wholly outside the clip by a
/// straight line. The chord turns the joins at its ends (a miter or bevel join changes with
/// the directions it joins, seen in the suite's `shapes/path/M-T-T-rel`) and moves the
/// outline of the segments beside it; all of that lies within the stroke's reach of the
/// chord and its neighbours, so where a band strokes a curve that the stroker turns into its
/// chord and the curve or a neighbour reaches the band, the band raises the band hazard
/// (``BandChords``), whatever the joins. Dashed strokes go through cairo's older stroker,
/// which follows every curve whatever the clip (no dash moves) and leaves out dashes and
/// round joins beyond the stroke's reach of the clip, and dashes that cross its box whole
/// (``BandChords`` checks both). A band draws such a stroke of an opaque colour through a
/// coverage surface the size of the image, where the stroker keeps the whole image's box
/// (``CoverageMask``); for the others, the band edges are chosen before drawing so that no
/// band raises the hazard (``BandPlan``). Layers (opacity, clips, masks, blending) are per-pixel
/// and their sources are whole-pixel translations, which cairo passes to pixman exactly.
enum BandedRaster {
  /// Images with fewer pixels are one band: starting threads and walking the tree once
  /// more cost more than they save there.
  static let minPixels = 1 << 17
  /// Bands are at least this many rows tall.
  static let minRows = 32
  /// Rows drawn above a band's first row and discarded, so that cairo's scan converter has
  /// settled when it reaches the band's own rows (see above). One removes the sampled first
  /// row; the rest shorten the reach of the fresh edge order (band tops of 1,000 random
  /// slivers that differ: 486 with none, 348 with 1, 245 with 2, 65 with 8, 5 with 32). Each
  /// costs a row of drawing per band.
  static let settleRows = 8
  /// Rows drawn below a band's last row and discarded, so that its last rows are not the
  /// end of the clip (see above). Band tops of pen_sek_.svg that differ in 16 rows: 781 with
  /// none, 17 with 2, none with 4 or 8.
  static let trailRows = 8
  /// Rows drawn above the first row of a partial redraw and put back. Its first row is
  /// wherever a change starts, so more are drawn there than above a band: of 1,000 random
  /// polygons with slivers, 65 differ at some band top with 8 rows, 5 with 32 (see
  /// `svg-bench bands-check --tops`); with 8, openclipart's casco_con_microfono_arch_01.svg
  /// redrawn at a scale of 2.5 had 3 pixels a level apart, 113 rows below the clip's top.
  static let redrawSettleRows = 32
  /// The rows a band draws beyond its own: the rows of buffer each band but the first
  /// needs.
  static let marginRows = settleRows + trailRows

  /// The first row of the clip of a band whose own rows start at `edge`, drawn with
  /// `settle` rows above them.
  static func clipTop(_ edge: Int, settle: Int = settleRows) -> Int { max(0, edge - settle) }

  /// The first row of the clip of a partial redraw whose own rows start at `row`
  /// (``redrawSettleRows`` above them).
  static func redrawClipTop(_ row: Int) -> Int { clipTop(row, settle: redrawSettleRows) }

  /// The row after the last of the clip of a band whose own rows end at `edge`, drawn with
  /// `trail` rows below them, in an image of `height` rows.
  static func clipBottom(_ edge: Int, trail: Int = trailRows, height: Int) -> Int {
    min(height, edge + trail)
  }

  /// The number of bands for a `width` × `height` image: one per core, within the bounds
  /// above.
  static func automaticCount(width: Int, height: Int) -> Int {
    guard width * height >= minPixels else { return 1 }
    return max(1, min(ThreadPlacement.onlineCores, height / minRows))
  }

  /// Whether every paint of `group`'s subtree draws the same pixels whatever the clip (see
  /// ``refusal(_:)-(Group)``).
  static func isBandable(_ group: Group) -> Bool { refusal(group) == nil }

  /// What in `group`'s subtree could draw differently in a band than in the whole image, or
  /// nil when nothing does: colours and gradients only, no filters, no raster images.
  static func refusal(_ group: Group) -> String? {
    guard group.filters.isEmpty else { return "a filter" }
    if let clip = group.clipPath, let reason = refusal(clip) { return reason }
    var mask = group.mask
    while let m = mask {
      if let reason = refusal(m.content) { return reason }
      mask = m.mask
    }
    for child in group.children {
      if let reason = refusal(child) { return reason }
    }
    return nil
  }

  private static func refusal(_ clip: ClipPath) -> String? {
    // Clip children are drawn as opaque coverage: their paints do not matter.
    for case .group(let g) in clip.children {
      if let reason = refusal(g) { return reason }
    }
    return clip.clipPath.flatMap(refusal)
  }

  private static func refusal(_ node: RenderNode) -> String? {
    switch node {
    case .group(let g): return refusal(g)
    case .path(let p):
      if let reason = refusal(p.fill?.paint) { return reason + " fill" }
      return p.stroke.flatMap { refusal($0) }
    case .image(let i):
      if case .svg(let tree) = i.content { return refusal(tree.root) }
      return "a raster image"
    }
  }

  private static func refusal(_ stroke: Stroke) -> String? {
    refusal(stroke.paint).map { $0 + " stroke" }
  }

  /// Whether the stroke's outline is the same whatever the clip: undashed, with round joins
  /// where the path has curves. A partial redraw grows its rows over the other strokes it
  /// meets (``RedrawArea``); bands draw them and leave their chords to ``BandChords``.
  static func hasClipFreeGeometry(_ stroke: Stroke, on path: Path) -> Bool {
    guard (stroke.dashes ?? []).isEmpty else { return false }
    return stroke.join == .round || !path.hasCurves
  }

  /// Why a paint may draw different pixels in a band, or nil: colours draw the same, and so
  /// do gradients, which are placed in device space exactly (``DeviceGradient``; one that
  /// cannot be raises the band hazard).
  static func refusal(_ paint: RenderPaint?) -> String? {
    switch paint {
    case nil, .color, .linearGradient, .radialGradient: nil
    case .pattern: "a pattern"
    }
  }
}

/// Raised by a band that drew a paint which a band may draw differently from the whole
/// image (a gradient that could not be placed in device space, ``DeviceGradient``): the
/// image is then drawn again in one band.
final class BandHazard: Sendable {
  private let raised = Atomic(false)
  func raise() { raised.store(true, ordering: .relaxed) }
  var isRaised: Bool { raised.load(ordering: .relaxed) }
}

extension RenderTree {
  /// Draws the tree into `bitmap` in bands at once, band `i` the rows from `edges[i]` to
  /// `edges[i + 1]` (see ``BandedRaster`` and ``BandPlan``); false when a band raised
  /// `hazard`, and the pixels are not to be used.
  ///
  /// Every band but the first also draws the ``BandedRaster/settleRows`` rows above its
  /// own, which belong to the band above, and every band but the last the
  /// ``BandedRaster/trailRows`` below, which belong to the band below: the bitmap grows by
  /// ``BandedRaster/marginRows`` rows per band while drawing, band `i` draws on a surface of
  /// the image's size whose pixels start `i × marginRows` rows down the buffer (so its rows
  /// never meet another band's, and every coordinate is the whole image's), and its own
  /// rows are then moved into place. A band drawn hands its rows to `pipeline`
  /// (``PNGPipeline``) before they move. With `clearing`, each band clears its clip first:
  /// the bitmap holds an earlier image, and `edges` may span only some of its rows (a
  /// partial redraw, whose caller puts back the rows beyond them that the bands drew on).
  func drawBands(
    _ edges: [Int], into bitmap: inout Bitmap, drawing: Size, background: Color?,
    budget: PixelBudget, cancellation: RenderCancellation?, hazard: BandHazard,
    pipeline: PNGPipeline? = nil, clearing: Bool = false,
    firstSettle: Int = BandedRaster.settleRows, coverage: CoverageCache? = nil
  ) -> Bool {
    let (w, h, s) = (bitmap.width, bitmap.height, bitmap.stride)
    let margin = BandedRaster.marginRows
    let spare = (edges.count - 2) * margin * s
    bitmap.pixels.append(contentsOf: repeatElement(0, count: spare))
    bitmap.pixels.withUnsafeMutableBufferPointer { buffer in
      let base = buffer.baseAddress!
      let pixels = UnsafeSendable(base)
      ThreadPlacement.concurrentPerform(iterations: edges.count - 1) { i in
        drawBand(
          edges[i]..<edges[i + 1], settle: i == 0 ? firstSettle : BandedRaster.settleRows,
          over: pixels.value + i * margin * s,
          width: w, height: h, stride: s, drawing: drawing, background: background,
          budget: budget, cancellation: cancellation, hazard: hazard, clearing: clearing,
          coverage: coverage)
        // A band that raised the hazard is drawn again whole: nothing of it is deflated.
        if !hazard.isRaised { pipeline?.drawn(i, origin: pixels.value + i * margin * s) }
      }
      // Top down, each band's rows move up over rows already moved or discarded.
      for i in 1..<(edges.count - 1) {
        let rows = edges[i]..<edges[i + 1]
        memmove(
          base + rows.lowerBound * s, base + (rows.lowerBound + i * margin) * s, rows.count * s)
      }
    }
    bitmap.pixels.removeLast(spare)
    return !hazard.isRaised
  }

  /// Draws the band of device rows `rows`, the `settle` rows above it and the `trail` rows
  /// below it (within the image) on a `width` × `height` surface whose pixels start at
  /// `pixels` (`settle` and `trail` are parameters so that `svg-bench bands-check --tops`
  /// and the tests can try other counts).
  func drawBand(
    _ rows: Range<Int>, settle: Int = BandedRaster.settleRows,
    trail: Int = BandedRaster.trailRows, over pixels: UnsafeMutablePointer<UInt8>, width: Int,
    height: Int, stride: Int, drawing: Size, background: Color?, budget: PixelBudget,
    cancellation: RenderCancellation?, hazard: BandHazard, clearing: Bool = false,
    coverage: CoverageCache? = nil
  ) {
    let top = BandedRaster.clipTop(rows.lowerBound, settle: settle)
    let bottom = BandedRaster.clipBottom(rows.upperBound, trail: trail, height: height)
    let surface = cairo_image_surface_create_for_data(
      pixels, CAIRO_FORMAT_ARGB32, Int32(width), Int32(height), Int32(stride))!
    let cr = cairo_create(surface)!
    cairo_rectangle(cr, 0, Double(top), Double(width), Double(bottom - top))
    cairo_clip(cr)
    if clearing {
      cairo_set_operator(cr, CAIRO_OPERATOR_CLEAR)
      cairo_paint(cr)
      cairo_set_operator(cr, CAIRO_OPERATOR_OVER)
    }
    draw(
      on: cr, drawing: drawing, background: background, budget: budget,
      cancellation: cancellation, bandHazard: hazard, clipRows: (Double(top), Double(bottom)),
      coverageMask: CoverageMask(width: width, height: height), coverageCache: coverage)
    cairo_destroy(cr)
    cairo_surface_flush(surface)
    cairo_surface_destroy(surface)
  }
}

extension RenderTree {
  /// Images of fewer pixels are drawn in one band (``BandedRaster/minPixels``).
  package static var bandedMinPixels: Int { BandedRaster.minPixels }
  /// Whether the tree is drawn in bands when asked (see ``BandedRaster``).
  package var isBandable: Bool { BandedRaster.isBandable(root) }
  /// Why the tree is drawn in one band, or nil when it is drawn in bands when asked.
  package var bandRefusal: String? { BandedRaster.refusal(root) }

  /// Why the tree drawn at `width` × `height` in `count` bands (the automatic number when
  /// nil) is drawn in one, or nil when it keeps its bands: it is bandable, the image is large
  /// enough, the plan finds band edges (``BandPlan``) and no band raises the band hazard
  /// (a diagnostic for `svg-bench stages -v` and the band tests: it draws the image in
  /// bands once). `edges` receives the plan's edges.
  package func bandRefusal(
    width: Int, height: Int, count: Int? = nil, edges: inout [Int]
  ) -> String? {
    let count = min(height, count ?? BandedRaster.automaticCount(width: width, height: height))
    if let refusal = bandRefusal { return refusal }
    guard count > 1 else { return "too small" }
    var bitmap = Bitmap(width: width, height: height)
    let drawing = Size(width: Double(width), height: Double(height))
    let budget = PixelBudget(maxPixels: Limits.default.maxPixels)
    var refusal: String?
    guard
      let planned = bandEdges(
        count, for: &bitmap, drawing: drawing, budget: budget, refusal: &refusal)
    else { return refusal }
    edges = planned
    let kept = drawBands(
      planned, into: &bitmap, drawing: drawing, background: nil, budget: budget,
      cancellation: nil, hazard: BandHazard())
    return kept ? nil : "a band raised the hazard (drawn again whole)"
  }
}
