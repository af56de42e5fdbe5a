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
  /// the bands that read none of those rows (``ParallelPNG/rowsRead(byBand:of:height:)``)
  /// are taken from it instead of deflated again.
  package func fastPNG(reusing previous: EncodedPNG? = nil, changedRows: Range<Int>? = nil)
    throws(RenderError) -> EncodedPNG
  {
    try encoded(
      bands: ParallelPNG.bandCount(width: width, height: height), reusing: previous,
      changedRows: changedRows)
  }

  /// The fast PNG of the bitmap in the bands of a session's renders (``sessionBandCount``):
  /// the encoding of ``fastPNG(reusing:changedRows:)`` (the same pixels, filters and level)
  /// with the rows deflated in bands of about ``sessionBandBytes`` each, so that a re-render
  /// that changed a few rows deflates little more than those rows again, on all cores. An
  /// image of one fast band is the same bytes as ``pngData(fast:)``.
  package func sessionPNG(reusing previous: EncodedPNG? = nil, changedRows: Range<Int>? = nil)
    throws(RenderError) -> EncodedPNG
  {
    try encoded(
      bands: Self.sessionBandCount(width: width, height: height), reusing: previous,
      changedRows: changedRows)
  }

  /// Uncompressed bytes (rows with their filter byte) per band of a session's PNG: small
  /// enough that a tap's change deflates few rows beyond its own, large enough that the
  /// window lost at each band's start costs little (0.4% of the file over openclipart's 40
  /// largest drawings at 800 px, deflated by igzip; about 1% by zlib).
  static let sessionBandBytes = 128 << 10
  /// At most this many bands in a session's PNG (each is an IDAT chunk).
  static let maxSessionBands = 256

  /// How many bands a session's PNG of a `w` × `h` image has: at least those of the fast
  /// encoding, and one per ``sessionBandBytes`` of rows.
  static func sessionBandCount(width w: Int, height h: Int) -> Int {
    let bytes = h * (1 + w * 4)
    let small = (bytes + sessionBandBytes - 1) / sessionBandBytes
    return max(ParallelPNG.bandCount(width: w, height: h), min(h, maxSessionBands, small))
  }

  private func encoded(bands count: Int, reusing previous: EncodedPNG?, changedRows: Range<Int>?)
    throws(RenderError) -> EncodedPNG
  {
    var reused: [ParallelPNG.Band]?
    var redo: Set<Int> = []
    if let previous, let changedRows, previous.width == width, previous.height == height,
      previous.bands.count == count
    {
      reused = previous.bands
      for i in 0..<count
      where ParallelPNG.rowsRead(byBand: i, of: count, height: height).overlaps(changedRows) {
        redo.insert(i)
      }
    }
    let bands = try ParallelPNG.bands(of: self, count: count, reusing: reused, redo: redo)
    return EncodedPNG(
      bytes: ParallelPNG.assemble(bands, width: width, height: height), width: width,
      height: height, bands: bands)
  }
}
