import SVGGeometry
import SVGTree
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
    #expect(png == (try tree.rasterize(covering: size, bands: 1).pngData()))
  }

  /// 800 × 800 pixels are 9 PNG bands of 88 or 89 rows; the fourth (rows 266 to 354) lies
  /// across the raster edge at row 300.
  @Test func aPNGBandIsReadyWhenOneRasterBandHoldsAllItsRows() {
    let pipeline = PNGPipeline(edges: [0, 300, 800], width: 800, stride: 3200)
    #expect(pipeline.count == 9)
    #expect((0..<9).map(pipeline.rasterBand(holding:)) == [0, 0, 0, nil, 1, 1, 1, 1, 1])
  }

  /// The first raster band drawn deflates its PNG bands while the second draws; the
  /// second, drawn last, leaves the rest to ``PNGPipeline/png(of:)``.
  @Test func bandsAreDeflatedOnlyWhileAnotherDraws() throws {
    let bitmap = PNGEncoderTests.bitmap(width: 800, height: 800, seed: 3)
    let pipeline = PNGPipeline(edges: [0, 400, 800], width: 800, stride: bitmap.stride)
    bitmap.pixels.withUnsafeBytes { pixels in
      pipeline.drawn(1, origin: pixels.baseAddress!)
      #expect(pipeline.deflated == [5, 6, 7, 8])
      pipeline.drawn(0, origin: pixels.baseAddress!)
      #expect(pipeline.deflated == [5, 6, 7, 8])
    }
    #expect(try pipeline.png(of: bitmap) == (try bitmap.pngData()))
  }
}
