import SVGGeometry
import SVGTree
import TestSupport
import Testing

@testable import SVGRender

/// PNG bands deflated while other raster bands still draw (``PNGPipeline``): the file must be
/// the bytes of the raster encoded after drawing.
@Suite struct PNGPipelineTests {
  @Test(arguments: [1, 2, 3, 7])
  func thePipelinedPNGIsTheBytesOfTheRasterEncoded(_ bands: Int) throws {
    let tree = try RenderTree(document: Document(string: BandedRasterTests.layered))
    let size = Size(width: 1000, height: 1000)
    let png = try tree.fastPNG(covering: size, bands: bands)
    let encoded = try tree.rasterize(covering: size, bands: 1).pngData()
    #expect(firstDifference(png, encoded) == nil)
  }

  /// 800 × 800 pixels are 16 PNG bands of 50 rows; the seventh (rows 300 to 350) lies
  /// across the raster edge at row 325. With the edge at row 400, the ninth (rows 400 to
  /// 450) reads row 399 too, its dictionary, which the first raster band holds.
  @Test func aPNGBandIsReadyWhenOneRasterBandHoldsAllTheRowsItReads() {
    let pipeline = PNGPipeline(edges: [0, 325, 800], width: 800, stride: 3200)
    #expect(pipeline.count == 16)
    #expect(
      (0..<16).map(pipeline.rasterBand(holding:))
        == Array(repeating: 0, count: 6) + [nil] + Array(repeating: 1, count: 9))
    let atABandsStart = PNGPipeline(edges: [0, 400, 800], width: 800, stride: 3200)
    #expect(
      (0..<16).map(atABandsStart.rasterBand(holding:))
        == Array(repeating: 0, count: 8) + [nil] + Array(repeating: 1, count: 7))
  }

  /// The first raster band drawn deflates its PNG bands while the second draws; the
  /// second, drawn last, leaves the rest to ``PNGPipeline/png(of:)``.
  @Test func bandsAreDeflatedOnlyWhileAnotherDraws() throws {
    let bitmap = PNGEncoderTests.bitmap(width: 800, height: 800, seed: 3)
    let pipeline = PNGPipeline(edges: [0, 400, 800], width: 800, stride: bitmap.stride)
    bitmap.pixels.withUnsafeBytes { pixels in
      pipeline.drawn(1, origin: pixels.baseAddress!)
      #expect(pipeline.deflated == Array(9..<16))
      pipeline.drawn(0, origin: pixels.baseAddress!)
      #expect(pipeline.deflated == Array(9..<16))
    }
    #expect(try pipeline.png(of: bitmap) == (try bitmap.pngData()))
  }
}
