/// A PNG of the fast encoding (``Bitmap/pngData(fast:)``) with the deflated bands it is made
/// of, kept so that the PNG of a later image of the same size that differs only in some rows
/// deflates again only the bands holding those rows.
package struct EncodedPNG: Sendable {
  /// The file.
  package let bytes: [UInt8]
  let width: Int
  let height: Int
  let bands: [ParallelPNG.Band]
}

extension Bitmap {
  /// The fast PNG of the bitmap, the same bytes as ``pngData(fast:)``. With `previous`, the
  /// encoding of an image of the same size that differs from this one only in `changedRows`,
  /// the bands outside those rows are taken from it instead of deflated again.
  package func fastPNG(reusing previous: EncodedPNG? = nil, changedRows: Range<Int>? = nil)
    throws(RenderError) -> EncodedPNG
  {
    var reused: [ParallelPNG.Band]?
    var redo: Set<Int> = []
    if let previous, let changedRows, previous.width == width, previous.height == height {
      reused = previous.bands
      let count = ParallelPNG.bandCount(width: width, height: height)
      for i in 0..<count
      where ParallelPNG.rows(ofBand: i, of: count, height: height).overlaps(changedRows) {
        redo.insert(i)
      }
    }
    let bands = try ParallelPNG.bands(of: self, reusing: reused, redo: redo)
    return EncodedPNG(
      bytes: ParallelPNG.assemble(bands, width: width, height: height), width: width,
      height: height, bands: bands)
  }
}
