import CCairo
import Glibc
import SVGGeometry
import SVGTree

/// Checks of banded drawing at chosen band edges, for `svg-bench bands-check` and the band
/// tests: whether a band starting at a given row draws that row and the rows below it as
/// the whole image does (see ``BandedRaster``).
extension RenderTree {
  /// The tree drawn as ``rasterize(covering:background:limits:cancellation:)`` draws it
  /// in bands at `edges` (first 0, last the image's height), without the band plan, or nil
  /// when a band raised the band hazard.
  package func rasterize(covering size: Size, bandEdges edges: [Int]) throws(RenderError)
    -> Bitmap?
  {
    let (width, height) = try Self.canvas(covering: size, limits: .default)
    var bitmap = Bitmap(width: width, height: height)
    let kept = drawBands(
      edges, into: &bitmap, drawing: size,
      background: nil, budget: PixelBudget(maxPixels: Limits.default.maxPixels),
      cancellation: nil, hazard: BandHazard())
    return kept ? bitmap : nil
  }

  /// The rows of `tops` at which a band whose own rows start there, drawn with `settle`
  /// rows above them and `trail` rows below, differs from `whole` (the tree drawn in one
  /// band covering `size`) in its first `depth` rows, and those at which the band raises the
  /// band hazard (a stroke that the band plan keeps band edges away from, ``BandChords``;
  /// not compared). One band is drawn per top, on one scratch image.
  package func bandTops(
    _ tops: some Sequence<Int>, differingFrom whole: Bitmap, covering drawing: Size, depth: Int,
    settle: Int, trail: Int = RenderTree.bandTrailRows
  ) -> (differing: [Int], hazards: [Int]) {
    let (w, h, s) = (whole.width, whole.height, whole.stride)
    let budget = PixelBudget(maxPixels: Limits.default.maxPixels)
    var scratch = [UInt8](repeating: 0, count: s * h)
    var (differing, hazards): ([Int], [Int]) = ([], [])
    scratch.withUnsafeMutableBufferPointer { buffer in
      whole.pixels.withUnsafeBufferPointer { expected in
        let (base, want) = (buffer.baseAddress!, expected.baseAddress!)
        for top in tops where top > 0 && top < h {
          let rows = top..<min(h, top + depth)
          let first = BandedRaster.clipTop(top, settle: settle)
          let last = BandedRaster.clipBottom(rows.upperBound, trail: trail, height: h)
          memset(base + first * s, 0, (last - first) * s)
          let hazard = BandHazard()
          drawBand(
            rows, settle: settle, trail: trail, over: base, width: w, height: h, stride: s,
            drawing: drawing, background: nil, budget: budget, cancellation: nil,
            hazard: hazard)
          if hazard.isRaised {
            hazards.append(top)
          } else if memcmp(base + top * s, want + top * s, rows.count * s) != 0 {
            differing.append(top)
          }
        }
      }
    }
    return (differing, hazards)
  }
}

extension RenderTree {
  /// Rows a band draws above its first row and discards (``BandedRaster/settleRows``).
  package static var bandSettleRows: Int { BandedRaster.settleRows }
  /// Rows a band draws below its last row and discards (``BandedRaster/trailRows``).
  package static var bandTrailRows: Int { BandedRaster.trailRows }
}
