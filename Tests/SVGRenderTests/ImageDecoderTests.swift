import Foundation
import TestSupport
import Testing

@testable import SVGRender

/// Pixels of a decoded bitmap as straight RGBA, compared with a tolerance for lossy codecs.
private func expectPixel(
  _ bitmap: Bitmap, _ x: Int, _ y: Int, _ expected: (Int, Int, Int, Int), tolerance: Int = 0,
  sourceLocation: SourceLocation = #_sourceLocation
) {
  let p = bitmap.rgba(x: x, y: y)
  let actual = (Int(p.r), Int(p.g), Int(p.b), Int(p.a))
  let close =
    abs(actual.0 - expected.0) <= tolerance && abs(actual.1 - expected.1) <= tolerance
    && abs(actual.2 - expected.2) <= tolerance && abs(actual.3 - expected.3) <= tolerance
  #expect(
    close, "pixel (\(x), \(y)) is \(actual), expected \(expected)",
    sourceLocation: sourceLocation)
}

private func decodingError(_ bytes: [UInt8], _ format: ImageFormat, maxPixels: Int = 1_000_000)
  -> String?
{
  do {
    _ = try ImageDecoder.decode(bytes, format: format, maxPixels: maxPixels)
    return nil
  } catch {
    return error.message
  }
}

private func fixture(_ base64: String, _ format: ImageFormat) throws -> Bitmap {
  try ImageDecoder.decode(ImageFixtures.bytes(base64), format: format, maxPixels: 100)
}

/// A 2x1 PNG: red, then half-transparent blue.
func twoPixelPNG() throws -> [UInt8] {
  var bitmap = Bitmap(width: 2, height: 1)
  bitmap.pixels.withUnsafeMutableBytes { p in
    p.storeBytes(of: 0xFFFF_0000 as UInt32, toByteOffset: 0, as: UInt32.self)
    p.storeBytes(of: 0x8000_0080 as UInt32, toByteOffset: 4, as: UInt32.self)
  }
  return try bitmap.pngData()
}

@Suite struct ImageFormatTests {
  @Test func formatsAreSniffedFromTheBytes() throws {
    #expect(ImageFormat(sniffing: try twoPixelPNG()) == .png)
    #expect(ImageFormat(sniffing: ImageFixtures.bytes(ImageFixtures.jpegRed)) == .jpeg)
    #expect(ImageFormat(sniffing: ImageFixtures.bytes(ImageFixtures.gif)) == .gif)
    #expect(ImageFormat(sniffing: ImageFixtures.bytes(ImageFixtures.webp)) == .webp)
    #expect(ImageFormat(sniffing: ImageFixtures.bytes(ImageFixtures.svgz)) == .svg)
    #expect(ImageFormat(sniffing: Array("\u{FEFF}  <?xml version='1.0'?><svg/>".utf8)) == .svg)
  }

  @Test func unknownBytesAreNoFormat() {
    #expect(ImageFormat(sniffing: []) == nil)
    #expect(ImageFormat(sniffing: Array("hello".utf8)) == nil)
    #expect(ImageFormat(sniffing: Array("RIFF0000WAVE".utf8)) == nil)
    #expect(ImageFormat(sniffing: [0x89, 0x50, 0x4E]) == nil)
  }
}

@Suite struct PNGDecoderTests {
  @Test func decodesToPremultipliedPixels() throws {
    let bitmap = try ImageDecoder.decode(try twoPixelPNG(), format: .png, maxPixels: 100)
    #expect(bitmap.width == 2 && bitmap.height == 1)
    expectPixel(bitmap, 0, 0, (255, 0, 0, 255))
    expectPixel(bitmap, 1, 0, (0, 0, 255, 128), tolerance: 1)
  }

  @Test func theSizeLimitIsCheckedFromTheHeader() throws {
    var header = try twoPixelPNG()
    // IHDR width and height: 50,000 x 50,000.
    header.replaceSubrange(16..<24, with: [0, 0, 0xC3, 0x50, 0, 0, 0xC3, 0x50])
    #expect(decodingError(header, .png)?.contains("over the limit") == true)
    #expect(decodingError(try twoPixelPNG(), .png, maxPixels: 1)?.contains("2x1") == true)
  }

  @Test func corruptDataIsAnError() throws {
    let png = try twoPixelPNG()
    #expect(decodingError(Array(png.prefix(40)), .png)?.contains("corrupt PNG") == true)
    #expect(decodingError(Array(png.prefix(12)), .png)?.contains("IHDR") == true)
    var flipped = png
    flipped[png.count - 20] ^= 0xFF
    #expect(decodingError(flipped, .png) != nil)
  }
}

@Suite struct JPEGDecoderTests {
  @Test func colourGreyAndCMYK() throws {
    let red = try fixture(ImageFixtures.jpegRed, .jpeg)
    #expect(red.width == 8 && red.height == 8)
    expectPixel(red, 3, 3, (255, 0, 0, 255), tolerance: 4)
    let grey = try fixture(ImageFixtures.jpegGray, .jpeg)
    expectPixel(grey, 7, 7, (128, 128, 128, 255), tolerance: 2)
    let cmyk = try fixture(ImageFixtures.jpegCMYK, .jpeg)
    expectPixel(cmyk, 0, 0, (255, 0, 0, 255), tolerance: 4)
  }

  @Test func theSizeLimitIsCheckedFromTheHeader() throws {
    var bytes = ImageFixtures.bytes(ImageFixtures.jpegRed)
    let sof = try #require(bytes.indices.first { bytes[$0] == 0xFF && bytes[$0 + 1] == 0xC0 })
    bytes.replaceSubrange((sof + 5)..<(sof + 9), with: [0xFF, 0x00, 0xFF, 0x00])
    #expect(decodingError(bytes, .jpeg)?.contains("over the limit") == true)
    #expect(decodingError(ImageFixtures.bytes(ImageFixtures.jpegRed), .jpeg, maxPixels: 63) != nil)
  }

  @Test func corruptDataIsAnErrorNotACrash() {
    let bytes = ImageFixtures.bytes(ImageFixtures.jpegRed)
    #expect(decodingError(Array(bytes.prefix(100)), .jpeg)?.contains("corrupt JPEG") == true)
    #expect(decodingError([0xFF, 0xD8, 0xFF, 0x00, 0x01, 0x02], .jpeg) != nil)
  }
}

@Suite struct GIFDecoderTests {
  @Test func firstFrameWithTransparency() throws {
    let gif = try fixture(ImageFixtures.gif, .gif)
    #expect(gif.width == 2 && gif.height == 2)
    expectPixel(gif, 0, 0, (255, 0, 0, 255))
    expectPixel(gif, 1, 0, (0, 255, 0, 255))
    expectPixel(gif, 0, 1, (0, 0, 255, 255))
    expectPixel(gif, 1, 1, (0, 0, 0, 0))
  }

  @Test func interlacedRowsLandInPlace() throws {
    let bytes = ImageFixtures.bytes(ImageFixtures.gifInterlaced)
    let gif = try ImageDecoder.decode(bytes, format: .gif, maxPixels: 1000)
    for y in 0..<16 {
      expectPixel(gif, 5, y, y % 2 == 0 ? (255, 0, 0, 255) : (0, 0, 255, 255))
    }
  }

  @Test func limitsAndCorruptData() {
    let bytes = ImageFixtures.bytes(ImageFixtures.gif)
    #expect(decodingError(bytes, .gif, maxPixels: 3)?.contains("over the limit") == true)
    #expect(decodingError(Array(bytes.prefix(30)), .gif)?.contains("corrupt GIF") == true)
    #expect(decodingError(Array("GIF89a".utf8), .gif) != nil)
  }

  @Test func aFrameLargerThanTheScreenIsCappedToo() throws {
    var bytes = ImageFixtures.bytes(ImageFixtures.gif)
    // The image descriptor: ',' left top width height (little-endian), here 0 0 2 2.
    let desc = try #require(
      bytes.indices.first { bytes[$0] == 0x2C && bytes[$0 + 5] == 2 && bytes[$0 + 7] == 2 })
    bytes.replaceSubrange((desc + 5)..<(desc + 9), with: [0x60, 0xEA, 0x60, 0xEA])
    #expect(decodingError(bytes, .gif)?.contains("60000x60000") == true)
  }
}

@Suite struct WebPDecoderTests {
  @Test func losslessWithAlphaIsPremultiplied() throws {
    let webp = try fixture(ImageFixtures.webp, .webp)
    #expect(webp.width == 2 && webp.height == 2)
    expectPixel(webp, 0, 0, (255, 0, 0, 128), tolerance: 2)
    expectPixel(webp, 1, 0, (0, 0, 255, 255))
    let raw = webp.pixels.withUnsafeBytes { $0.load(fromByteOffset: 0, as: UInt32.self) }
    #expect(raw >> 24 == 128 && (raw >> 16) & 0xFF <= 129, "premultiplied red")
  }

  @Test func animationLimitsAndCorruptData() {
    let animated = ImageFixtures.bytes(ImageFixtures.webpAnimated)
    #expect(decodingError(animated, .webp)?.contains("animated") == true)
    let bytes = ImageFixtures.bytes(ImageFixtures.webp)
    #expect(decodingError(bytes, .webp, maxPixels: 3)?.contains("over the limit") == true)
    #expect(decodingError(Array(bytes.prefix(24)), .webp)?.contains("corrupt WebP") == true)
  }
}
