import TestSupport
import Testing

@testable import SVGRender

/// A session's PNG encoding (``Bitmap/sessionPNG(reusing:changedRows:)``): the fast
/// encoding in smaller deflate bands, which a re-render that changed some rows deflates
/// again only where they are.
@Suite struct SessionPNGTests {
  @Test(arguments: [(1, 1), (64, 64), (700, 600), (1052, 745), (300, 2000)])
  func decodesToThePixelsEncoded(_ size: (Int, Int)) throws {
    let bitmap = PNGEncoderTests.bitmap(width: size.0, height: size.1, seed: UInt64(size.1))
    let png = try bitmap.sessionPNG()
    let decoded = try PNG.decode(png.bytes)
    #expect(decoded.width == bitmap.width && decoded.height == bitmap.height)
    #expect(firstDifference(decoded.pixels, bitmap.pixels) == nil)
    let count = Bitmap.sessionBandCount(width: size.0, height: size.1)
    #expect(png.bands.count == count)
    #expect(count >= ParallelPNG.bandCount(width: size.0, height: size.1))
    if count == 1 { #expect(png.bytes == (try bitmap.pngData())) }
  }

  @Test func largeImagesHaveBandsOfAboutTheSessionSize() {
    let count = Bitmap.sessionBandCount(width: 1052, height: 745)
    #expect(count > ParallelPNG.bandCount(width: 1052, height: 745))
    let bytes = 745 * (1 + 1052 * 4)
    #expect(bytes / count <= Bitmap.sessionBandBytes)
    #expect(bytes / count > Bitmap.sessionBandBytes / 2)
    #expect(Bitmap.sessionBandCount(width: 1, height: 3) == 1)
    #expect(Bitmap.sessionBandCount(width: 100_000, height: 2) == 2)
    #expect(Bitmap.sessionBandCount(width: 4000, height: 40_000) == Bitmap.maxSessionBands)
  }

  /// Rows changed in a few places: the PNG made from the last one, deflating again only
  /// the bands of the changed rows, is the bytes of a new encoding of the changed image
  /// (and not the last one's).
  @Test func reusingTheLastPNGGivesTheBytesOfANewOne() throws {
    var bitmap = PNGEncoderTests.bitmap(width: 900, height: 700, seed: 4)
    var last = try bitmap.sessionPNG()
    var random = SplitMix(seed: 9)
    for _ in 0..<6 {
      let first = Int(random.next() * 690)
      let rows = first..<min(700, first + 1 + Int(random.next() * 120))
      for y in rows {
        for x in stride(from: 0, to: 900, by: 7) {
          bitmap.pixels[y * bitmap.stride + x * 4 + 1] &+= 40
        }
      }
      let next = try bitmap.sessionPNG(reusing: last, changedRows: rows)
      let fresh = try bitmap.sessionPNG()
      #expect(
        firstDifference(next.bytes, fresh.bytes) == nil,
        "\(Self.difference(next, fresh, changed: rows))")
      #expect(firstDifference(next.bytes, last.bytes) != nil)
      let again = try bitmap.sessionPNG()
      #expect(
        firstDifference(fresh.bytes, again.bytes) == nil,
        "a fresh encoding of the same pixels gave other bytes")
      last = next
    }
  }

  /// Which bands of `reused` (the encoding that reused bands outside `changed`) differ from
  /// `fresh`, and whether each was reused or deflated again: what a failure needs to say.
  static func difference(_ reused: EncodedPNG, _ fresh: EncodedPNG, changed: Range<Int>) -> String {
    let count = fresh.bands.count
    let differing = fresh.bands.indices.filter { reused.bands[$0].data != fresh.bands[$0].data }
    guard !differing.isEmpty else { return "every band's deflated bytes are the same" }
    return differing.map { i in
      let rows = ParallelPNG.rowsRead(byBand: i, of: count, height: fresh.height)
      return
        "band \(i) of \(count) (reading rows \(rows), \(rows.overlaps(changed) ? "deflated again" : "reused"))"
    }.joined(separator: ", ") + " differ"
  }
}
