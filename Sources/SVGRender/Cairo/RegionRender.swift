import CCairo
import Glibc
import SVGGeometry
import SVGTree

/// A raster of a drawing made from a raster of an earlier state of it: only some rows are
/// drawn again, clipped to them, and the result is byte for byte the full render.
///
/// A clip of whole rows changes no coverage, no plain colour and no gradient placed in
/// device space (``DeviceGradient``), once the rows above the first and below the last are
/// drawn too and put back, as a band draws them (see ``BandedRaster``). What it can change
/// is a pattern or image, whose matrix cairo rounds around the centre of the drawing
/// operation's extent, and a stroke whose outline depends on the clip (cairo's stroker
/// straightens curves that lie outside it: dashes move, miter and bevel joins turn). So the
/// rows grow until they hold every row of each such node they touch (``RedrawArea``): each
/// of those is then drawn with the extent and the outline it has in a full render. A
/// filter reads pixels beyond its shapes: a drawing with one is drawn in full. A
/// straightened curve also moves the outline of the segments beside it, round joins or
/// not, and a gradient may not be placeable in device space: a redraw where either reaches
/// the rows raises the band hazard (``BandChords``), and the image is drawn in full. Rows
/// enough for two cores are drawn in two bands where the band plan finds an edge for them
/// (``regionEdges(_:in:drawing:budget:)``). Given a session's ``CoverageCache``, the redraw
/// blends the kept coverage of the shapes of an opaque colour on the image instead of
/// drawing them again: that coverage is the whole image's, whatever the clip.
extension RenderTree {
  /// The raster of this drawing, scaled to `size` as
  /// ``rasterize(covering:background:limits:cancellation:)`` draws it, made from `base`: a
  /// full render of an earlier state of the drawing at the same size and background that
  /// differs from this one only inside `change` (canvas units, as ``change(since:)`` gives
  /// it), with the coverage kept in `coverage` (see ``CoverageCache``). Returns the rows
  /// that may differ from `base`.
  package func rasterize(
    changedIn change: Rect, onto base: Bitmap, covering size: Size, background: Color? = nil,
    limits: Limits = .default, cancellation: RenderCancellation? = nil,
    coverage: CoverageCache? = nil
  ) throws(RenderError) -> (bitmap: Bitmap, rows: Range<Int>) {
    var bitmap = base
    let rows = try redraw(
      changedIn: change, in: &bitmap, covering: size, background: background, limits: limits,
      cancellation: cancellation, coverage: coverage)
    return (bitmap, rows.drawn)
  }

  /// Makes `bitmap`, a full render of an earlier state of the drawing as
  /// ``rasterize(changedIn:onto:covering:background:limits:cancellation:coverage:)`` takes it, the
  /// raster of this one, drawing again in place (a session's last raster, held only by
  /// it, is not copied). Returns the rows drawn again, and the rows from the first to the
  /// last that differ from the earlier raster, which lie within those the change reaches
  /// however the image is drawn (a full render, when a redraw cannot be exact): the rest of
  /// the image is the same in both states.
  package func redraw(
    changedIn change: Rect, in bitmap: inout Bitmap, covering size: Size,
    background: Color? = nil, limits: Limits = .default,
    cancellation: RenderCancellation? = nil, coverage: CoverageCache? = nil
  ) throws(RenderError) -> (drawn: Range<Int>, changed: Range<Int>) {
    let (width, height) = try Self.canvas(covering: size, limits: limits)
    let budget = PixelBudget(maxPixels: limits.maxPixels)
    guard bitmap.width == width, bitmap.height == height,
      budget.allows(width: width + 1, height: height + 1),
      let area = redrawArea(for: change, drawing: size, width: width, height: height)
    else {
      let old = bitmap
      bitmap = try rasterize(
        covering: size, background: background, limits: limits, cancellation: cancellation)
      return (0..<height, bitmap.rows(differingFrom: old))
    }
    guard let rows = area else { return (0..<0, 0..<0) }
    let cancellation = RenderCancellation.token(cancellation, limits: limits)
    let hazard = BandHazard()
    // Each band also draws rows above and below its own, as the bands of a full render do;
    // those outside `rows` are then put back.
    let edges = regionEdges(rows, in: &bitmap, drawing: size, budget: budget)
    let spill =
      BandedRaster.clipBottom(rows.upperBound, height: height)
      + (edges.count - 2) * BandedRaster.marginRows
    let drawn =
      BandedRaster.redrawClipTop(rows.lowerBound)..<min(height, spill)
    let stride = bitmap.stride
    let saved = Array(bitmap.pixels[drawn.lowerBound * stride..<drawn.upperBound * stride])
    _ = drawBands(
      edges, into: &bitmap, drawing: size, background: background, budget: budget,
      cancellation: cancellation, hazard: hazard, clearing: true,
      firstSettle: BandedRaster.redrawSettleRows, coverage: coverage)
    for outside in [drawn.lowerBound..<rows.lowerBound, rows.upperBound..<drawn.upperBound] {
      let offset = (outside.lowerBound - drawn.lowerBound) * stride
      bitmap.pixels.replaceSubrange(
        outside.lowerBound * stride..<outside.upperBound * stride,
        with: saved[offset..<offset + outside.count * stride])
    }
    try cancellation?.check()
    var redrawn = rows
    if hazard.isRaised {
      bitmap = try rasterize(
        covering: size, background: background, limits: limits, cancellation: cancellation)
      redrawn = 0..<height
    }
    return (redrawn, bitmap.rows(differingFrom: saved[...], from: drawn.lowerBound))
  }

  /// The band edges of a redraw of `rows` into `bitmap` (first and last the rows' own):
  /// two bands where the rows hold enough pixels for a second core to pay
  /// (``BandedRaster/minPixels``) and the band plan finds an edge in them that no stroke
  /// raises the band hazard at (``BandPlan``, from a survey of the tree), else one.
  func regionEdges(
    _ rows: Range<Int>, in bitmap: inout Bitmap, drawing: Size, budget: PixelBudget
  ) -> [Int] {
    let whole = [rows.lowerBound, rows.upperBound]
    let count = BandedRaster.automaticCount(width: bitmap.width, height: rows.count)
    guard count > 1, BandedRaster.isBandable(root) else { return whole }
    // Only the shapes that meet the rows the bands draw can stand at an edge among them.
    let clip = (
      Double(BandedRaster.redrawClipTop(rows.lowerBound)),
      Double(BandedRaster.clipBottom(rows.upperBound, height: bitmap.height))
    )
    let survey = survey(of: &bitmap, drawing: drawing, budget: budget, clipRows: clip)
    return BandPlan.edges(count: count, rows: rows, survey: survey) ?? whole
  }

  /// The rows to draw again so that a redraw clipped to them equals a full render, for a
  /// change inside `change` (canvas units): `.some(nil)` when no pixel changes, nil when
  /// only a full render is exact.
  ///
  /// Whole rows: a clip edge across a row makes cairo cut every edge of a polygon that
  /// crosses it, at a point rounded to its fixed point, which moves the coverage of the
  /// pixels beside the cut; a clip edge between rows only ends edges where they already
  /// pass (as bands do, see ``BandedRaster``).
  func redrawArea(for change: Rect, drawing: Size, width: Int, height: Int) -> Range<Int>?? {
    guard size.width > 0, size.height > 0 else { return nil }
    let toDevice = Transform.scale(drawing.width / size.width, drawing.height / size.height)
    // A pixel of margin for anti-aliasing.
    let box = change.applying(toDevice).insetBy(-1)
    guard box.minY.isFinite, box.maxY.isFinite, abs(box.minY) < 1e8, abs(box.maxY) < 1e8 else {
      return nil
    }
    var rows = Self.rows(box, height: height)
    guard !rows.isEmpty else { return .some(nil) }
    var nodes = RedrawArea(width: Double(width), height: Double(height))
    nodes.collect(.group(root), toDevice)
    if nodes.filtered { return nil }
    var grown = true
    while grown {
      grown = false
      // The redraw's clip: the rows and the rows above them it discards (see
      // ``BandedRaster``).
      let bottom = BandedRaster.clipBottom(rows.upperBound, height: height)
      let clip =
        BandedRaster.redrawClipTop(rows.lowerBound)..<bottom
      for box in nodes.sensitive
      where box.minY < Double(clip.upperBound) && box.maxY > Double(clip.lowerBound) {
        guard box.minY.isFinite, box.maxY.isFinite else { return nil }
        let reach = Self.rows(box, height: height)
        guard reach.lowerBound < clip.lowerBound || reach.upperBound > clip.upperBound else {
          continue
        }
        rows = min(rows.lowerBound, reach.lowerBound)..<max(rows.upperBound, reach.upperBound)
        grown = true
      }
    }
    return .some(rows)
  }

  /// The rows of a `height`-row image that a device box touches.
  private static func rows(_ box: Rect, height: Int) -> Range<Int> {
    let top = Int(max(0, min(Double(height), box.minY.rounded(.down))))
    let bottom = Int(max(0, min(Double(height), box.maxY.rounded(.up))))
    return top..<max(top, bottom)
  }
}

extension Bitmap {
  /// The rows from the first to the last that differ from `old`, an image of the same
  /// size (all rows when it is not).
  package func rows(differingFrom old: Bitmap) -> Range<Int> {
    guard old.width == width, old.height == height, old.stride == stride else {
      return 0..<height
    }
    return rows(differingFrom: old.pixels[...], from: 0)
  }

  /// The rows from the first to the last that differ from `old`, the pixels of this
  /// image's rows from `first` on (as many whole rows as it holds).
  func rows(differingFrom old: ArraySlice<UInt8>, from first: Int) -> Range<Int> {
    let count = min(old.count / stride, height - first)
    return old.withUnsafeBytes { x in
      pixels.withUnsafeBytes { y in
        func same(_ i: Int) -> Bool {
          memcmp(x.baseAddress! + i * stride, y.baseAddress! + (first + i) * stride, stride) == 0
        }
        var top = 0
        while top < count, same(top) { top += 1 }
        var bottom = count
        while bottom > top, same(bottom - 1) { bottom -= 1 }
        return (first + top)..<(first + bottom)
      }
    }
  }
}
