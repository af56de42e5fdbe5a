import TestSupport
import Testing

@testable import SVGRender

/// The fast PNG encoding: images from one pixel to several deflate bands decode (through
/// libpng, which checks the zlib header's window, every back-reference and the Adler-32) to
/// the pixels encoded; deflate streams kept for reuse give the bytes of new ones.
@Suite struct PNGEncoderTests {
  /// Opaque and transparent pixels (they survive premultiplying exactly) whose rows repeat
  /// rows far above them, so that deflate reaches as far back as its window lets it.
  static func bitmap(width: Int, height: Int, seed: UInt64) -> Bitmap {
    var random = SplitMix(seed: seed)
    var bitmap = Bitmap(width: width, height: height)
    let period = max(1, height * 9 / 10)
    for y in 0..<height {
      for x in 0..<width {
        let i = y * bitmap.stride + x * 4
        if y >= period {
          for k in 0..<4 { bitmap.pixels[i + k] = bitmap.pixels[i - period * bitmap.stride + k] }
        } else if random.next() < 0.7 {
          let v = UInt32(random.next() * 8) << 21 | UInt32(random.next() * 8) << 13 | 0xFF00_0000
          withUnsafeBytes(of: v.littleEndian) { bytes in
            for k in 0..<4 { bitmap.pixels[i + k] = bytes[k] }
          }
        }
      }
    }
    return bitmap
  }

  static let sizes = [(1, 1), (3, 2), (64, 64), (64, 128), (200, 300), (700, 600), (1500, 90)]

  @Test(arguments: sizes)
  func decodesToThePixelsEncoded(_ size: (Int, Int)) throws {
    let original = Self.bitmap(width: size.0, height: size.1, seed: UInt64(size.0 * 7919 + size.1))
    let png = try original.pngData()
    let decoded = try PNG.decode(png)
    #expect(decoded.width == original.width && decoded.height == original.height)
    #expect(firstDifference(decoded.pixels, original.pixels) == nil)
  }

  /// Both deflaters, and bands of one joined with bands of the other, decode to the pixels.
  @Test(arguments: sizes)
  func eachDeflaterDecodesToThePixelsEncoded(_ size: (Int, Int)) throws {
    let (w, h) = size
    let original = Self.bitmap(width: w, height: h, seed: UInt64(w * 31 + h))
    let zlib = try ParallelPNG.bands(
      of: original, using: ParallelPNG.zlibDeflater(width: w, height: h))
    let igzip = try ParallelPNG.bands(of: original, using: .igzip)
    let mixed = zlib.indices.map { $0 % 2 == 0 ? zlib[$0] : igzip[$0] }
    for bands in [zlib, igzip, mixed] {
      let decoded = try PNG.decode(ParallelPNG.assemble(bands, width: w, height: h))
      #expect(firstDifference(decoded.pixels, original.pixels) == nil, "\(w)x\(h)")
    }
  }

  /// Opaque, transparent and translucent pixels in every mix and at every place in rows of
  /// 1 to 9 pixels: each comes out straight, every channel divided by its alpha and rounded
  /// to the nearest level, as on its own.
  @Test func unpremultipliesEachPixelAsOnItsOwn() {
    var random = SplitMix(seed: 7)
    for width in 1...9 {
      var bitmap = Bitmap(width: width, height: 300)
      var expected: [UInt8] = []
      for y in 0..<bitmap.height {
        for x in 0..<width {
          let kind = random.next()
          let a = kind < 0.4 ? 255 : kind < 0.7 ? 0 : UInt32(random.next() * 256)
          let c = (0..<3).map { _ in UInt32(random.next() * Double(a + 1)) }
          let v = a << 24 | c[0] << 16 | c[1] << 8 | c[2]
          withUnsafeBytes(of: v.littleEndian) { bytes in
            for k in 0..<4 { bitmap.pixels[y * bitmap.stride + x * 4 + k] = bytes[k] }
          }
          expected += c.map { a == 0 ? 0 : UInt8(($0 * 255 + a / 2) / a) } + [UInt8(a)]
        }
      }
      var row = [UInt8](repeating: 0, count: width * 4)
      var straight: [UInt8] = []
      bitmap.pixels.withUnsafeBytes { src in
        for y in 0..<bitmap.height {
          row.withUnsafeMutableBytes {
            PNGEncoder.unpremultiply(src, row: y, of: bitmap, into: $0.baseAddress!)
          }
          straight += row
        }
      }
      #expect(straight == expected, "rows of \(width) pixels")
    }
  }

  @Test func aReusedStreamWritesTheBytesOfANewOne() throws {
    let small = Self.bitmap(width: 64, height: 64, seed: 1)
    let large = Self.bitmap(width: 700, height: 600, seed: 2)
    for deflater in [ParallelPNG.Deflater.igzip, ParallelPNG.zlibDeflater(width: 64, height: 64)] {
      func png(_ bitmap: Bitmap) throws -> [UInt8] {
        let bands = try ParallelPNG.bands(of: bitmap, using: deflater)
        return ParallelPNG.assemble(bands, width: bitmap.width, height: bitmap.height)
      }
      let first = try png(small)
      // Streams of other sizes are taken and given back in between.
      _ = try png(large)
      _ = try png(Self.bitmap(width: 5, height: 5, seed: 3))
      #expect(try png(small) == first)
    }
    #expect(try small.fastPNG().bytes == small.pngData())
  }

  /// libisal is installed where the tests run (scripts/bootstrap): every image goes through
  /// igzip, whose window the zlib header names.
  @Test func everyImageIsDeflatedByIgzipWhereLibisalLoads() throws {
    #expect(IgzipStream.isAvailable)
    #expect(ParallelPNG.deflater(width: 1, height: 1) == .igzip)
    #expect(ParallelPNG.deflater(width: 800, height: 600, count: 4) == .igzip)
    let png = try Self.bitmap(width: 700, height: 600, seed: 4).pngData()
    // The IDAT's first two bytes, after the signature (8), IHDR (25) and sRGB (13) chunks
    // and the IDAT's length and type (8): a 32 KiB window, deflate, the fastest level.
    #expect(Array(png[54..<56]) == [0x78, 0x01])
  }

  @Test func whereLibisalIsMissingImagesAreDeflatedAtZlibLevelOne() {
    #expect(ParallelPNG.level == 1)
    #expect(ParallelPNG.zlibDeflater(width: 64, height: 64) == .zlib(windowBits: 15, memLevel: 7))
    #expect(ParallelPNG.zlibDeflater(width: 800, height: 600) == .zlib(windowBits: 15, memLevel: 7))
  }

  @Test func theWindowCoversTheDataOfSmallImagesAndIsZlibsLargestForBigOnes() {
    #expect(DeflateStream.parameters(forBytes: 1).windowBits == 9)
    #expect(DeflateStream.parameters(forBytes: 64 * 257).windowBits == 15)
    #expect(DeflateStream.parameters(forBytes: 16 * 65).windowBits == 11)
    #expect(DeflateStream.parameters(forBytes: 1 << 20) == (15, DeflateStream.maxMemLevel))
    for bytes in [1, 100, 5000, 16448, 40000] {
      let p = DeflateStream.parameters(forBytes: bytes)
      #expect(1 << Int(p.windowBits) >= bytes + 262 || p.windowBits == 15)
      #expect((1...DeflateStream.maxMemLevel).contains(p.memLevel))
    }
  }
}
