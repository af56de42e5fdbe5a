import CPNG
import CZlib
import Dispatch
import Glibc
import SVGTree

/// PNG encoding.
///
/// cairo's own PNG writer always uses libpng's default settings, which spend more time
/// compressing than rendering took (4x the render on openclipart's largest drawings);
/// ``Bitmap/pngData(fast:)`` lets the caller choose. The fast encoding (no row filters,
/// ISA-L's igzip at level 1, or zlib at level 1 where libisal cannot be loaded: see
/// ``ParallelPNG/deflater(width:height:count:)``) is written here: bands of rows are
/// un-premultiplied and deflated on all cores at once, each band straight from the bitmap in
/// blocks of about 63 KiB (the image is never held twice: ``ParallelPNG/blockBytes``), and
/// the bands' deflate streams are joined into one zlib stream (a sync flush ends every band
/// but the last; their Adler-32 checksums combine), as pigz does. The small encoding goes
/// through libpng's adaptive filters.
enum PNGEncoder {
  static func encode(_ bitmap: Bitmap, fast: Bool) throws(RenderError) -> [UInt8] {
    fast ? try ParallelPNG.encode(bitmap) : try encodeSmall(bitmap)
  }

  /// Straight (non-premultiplied) RGBA of row `y`, written to `dst` (`width * 4` bytes).
  ///
  /// Most pixels of a drawing are opaque or transparent, and those need no division: only
  /// their red and blue trade places. So four pixels are taken at once, and only a group with
  /// a pixel of another alpha is divided pixel by pixel: on the 40 largest openclipart
  /// drawings at 800 px, 215M instructions instead of 752M (callgrind).
  static func unpremultiply(
    _ src: UnsafeRawBufferPointer, row y: Int, of bitmap: Bitmap, into dst: UnsafeMutableRawPointer
  ) {
    unpremultiply(src, row: y, width: bitmap.width, stride: bitmap.stride, into: dst)
  }

  /// ``unpremultiply(_:row:of:into:)`` of rows `width` pixels wide, `stride` bytes apart.
  static func unpremultiply(
    _ src: UnsafeRawBufferPointer, row y: Int, width: Int, stride: Int,
    into dst: UnsafeMutableRawPointer
  ) {
    let row = src.baseAddress! + y * stride
    func pixel(_ x: Int) {
      let v = row.loadUnaligned(fromByteOffset: x &* 4, as: UInt32.self)
      dst.storeBytes(of: straight(v).littleEndian, toByteOffset: x &* 4, as: UInt32.self)
    }
    var x = 0
    #if _endian(little)
      // Little-endian: the SIMD words stored as they are give RGBA's byte order.
      while x &+ 4 <= width {
        let v = row.loadUnaligned(fromByteOffset: x &* 4, as: SIMD4<UInt32>.self)
        // Alpha 0 and 255 are the two values that 1 less wraps to 254 or more.
        if all((v &>> 24 &- 1) .>= 254) {
          let swapped = v & 0xFF00_FF00 | (v &>> 16) & 0xFF | (v & 0xFF) &<< 16
          dst.storeBytes(of: swapped, toByteOffset: x &* 4, as: SIMD4<UInt32>.self)
        } else {
          pixel(x)
          pixel(x &+ 1)
          pixel(x &+ 2)
          pixel(x &+ 3)
        }
        x &+= 4
      }
    #endif
    while x < width {
      pixel(x)
      x &+= 1
    }
  }

  /// The straight RGBA of a premultiplied native-endian ARGB32 word `A << 24 | R << 16 |
  /// G << 8 | B`, as the word `A << 24 | B << 16 | G << 8 | R` (RGBA in little-endian memory).
  static func straight(_ v: UInt32) -> UInt32 {
    let a = v >> 24
    var r = (v >> 16) & 0xFF
    var g = (v >> 8) & 0xFF
    var b = v & 0xFF
    if a != 0 && a != 255 {
      r = min(255, (r * 255 + a / 2) / a)
      g = min(255, (g * 255 + a / 2) / a)
      b = min(255, (b * 255 + a / 2) / a)
    }
    return a << 24 | b << 16 | g << 8 | r
  }

  /// libpng's simplified API with its default (adaptive) filters and compression.
  private static func encodeSmall(_ bitmap: Bitmap) throws(RenderError) -> [UInt8] {
    let w = bitmap.width
    let h = bitmap.height
    let straight = [UInt8](unsafeUninitializedCapacity: w * h * 4) { dst, count in
      count = w * h * 4
      bitmap.pixels.withUnsafeBytes { src in
        for y in 0..<h {
          unpremultiply(
            src, row: y, of: bitmap, into: UnsafeMutableRawPointer(dst.baseAddress!) + y * w * 4)
        }
      }
    }
    var image = png_image()
    image.version = UInt32(PNG_IMAGE_VERSION)
    image.width = UInt32(w)
    image.height = UInt32(h)
    image.format = UInt32(PNG_FORMAT_FLAG_COLOR | PNG_FORMAT_FLAG_ALPHA)  // RGBA
    // One pass into a buffer that fits all but incompressible images; libpng reports the
    // size it needs when the buffer is too small, and a second pass uses that.
    var capacity = h * (w * 4 + 1) / 2 + 4096
    for _ in 0..<2 {
      var size = capacity
      var written = false
      let out = [UInt8](unsafeUninitializedCapacity: capacity) { buf, count in
        written =
          png_image_write_to_memory(&image, buf.baseAddress, &size, 0, straight, Int32(w * 4), nil)
          != 0
        count = written ? size : 0
      }
      if written {
        png_image_free(&image)
        return out
      }
      guard size > capacity else { break }
      capacity = size
      image.warning_or_error = 0
    }
    let reason = withUnsafeBytes(of: &image.message) {
      String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self)
    }
    png_image_free(&image)
    throw RenderError("cannot encode PNG: \(reason)")
  }
}

/// The fast PNG writer: bands of rows deflated in parallel into one zlib stream.
enum ParallelPNG {
  /// zlib level of the fast encoding where libisal cannot be loaded, whatever the image's
  /// size. libpng's `PNG_IMAGE_FLAG_FAST` uses 3; on the 40 largest openclipart drawings at
  /// 800 px (one `svg-render` each) level 1 with ``DeflateStream/maxMemLevel`` 7 took 9% fewer
  /// instructions to encode than level 3 with 6 (1,639M against 1,802M, callgrind; 1.6% of
  /// the whole runs), and 30% less CPU time to deflate (a C harness over their rows), for
  /// files 3.3% larger, still 16% smaller than resvg's (level 2: 1.8% larger). On the 299
  /// thumbnails of `scripts/bench thumbs` level 1 took 15% fewer instructions than 3 for
  /// files 3.6% larger, a third smaller than resvg's. Row filters made every level larger
  /// there (antialiased edges on transparency), and `Z_RLE` half as large again (2.6 times
  /// as large on the 40).
  static let level: Int32 = 1
  /// Images smaller than this many pixels are one band: threads cost more than they save.
  /// Bands this small (128 KiB of rows) also let the deflate that is left when the last
  /// raster band is drawn (``PNGPipeline``: the bands in it and the one across its edge) run
  /// on all cores, in pieces small enough that neither core deflates the last one long
  /// alone: with 1 << 17 pixels per band, an 800 × 469 image was two bands, and the second
  /// was deflated on one core after drawing; 1 << 16 then took 2-6% less time over the 40
  /// largest openclipart drawings at 800 px, and 1 << 15 another 2-3% (21 alternating runs
  /// of the loop: 0.860 s -> 0.834 s, once helpers stopped waiting for the main thread's
  /// core, ``SVGTree/ThreadPlacement``), for files 0.47% larger (32 bands were not clearly
  /// faster, +0% to +2% in three runs, for files 0.2% larger again).
  static let minPixelsPerBand = 1 << 15
  /// At most this many bands, whatever the machine: the bands, and so the file's bytes, do
  /// not depend on the number of cores, so an image encodes the same everywhere.
  static let maxBands = 16

  /// One band's deflate output and the Adler-32 of its uncompressed bytes.
  struct Band {
    var data: [UInt8] = []
    var adler: UInt = 1
    var length = 0
    /// The window its back-references stay within, 2^windowBits bytes (igzip's: 32 KiB).
    var windowBits: Int32 = 15
    var failed = false
  }

  static func encode(_ bitmap: Bitmap) throws(RenderError) -> [UInt8] {
    assemble(try bands(of: bitmap), width: bitmap.width, height: bitmap.height)
  }

  /// How many bands an image of `w` × `h` pixels is deflated in.
  static func bandCount(width w: Int, height h: Int) -> Int {
    max(1, min(maxBands, h, w * h / minPixelsPerBand))
  }

  /// How the rows of an image are deflated.
  enum Deflater: Equatable {
    /// zlib at ``ParallelPNG/level`` with this window and hash (``DeflateStream``).
    case zlib(windowBits: Int32, memLevel: Int32)
    /// igzip at level 1, whose window is 32 KiB (``IgzipStream``).
    case igzip
  }

  /// How a `w` × `h` image in `count` bands (by default ``bandCount(width:height:)``) is
  /// deflated: by igzip when libisal can be loaded (even a 64 px thumbnail, one process
  /// each, took no longer with it, loading included: 1.005x the time over the 235 of
  /// `scripts/bench thumbs`, and their batch 0.95x), else by zlib
  /// (``zlibDeflater(width:height:count:)``).
  static func deflater(width w: Int, height h: Int, count: Int? = nil) -> Deflater {
    IgzipStream.isAvailable ? .igzip : zlibDeflater(width: w, height: h, count: count)
  }

  /// zlib for a `w` × `h` image in `count` bands (by default ``bandCount(width:height:)``),
  /// with the window and hash of its largest band (``DeflateStream/parameters(forBytes:)``),
  /// the same for every band.
  static func zlibDeflater(width w: Int, height h: Int, count: Int? = nil) -> Deflater {
    let count = count ?? bandCount(width: w, height: h)
    let (windowBits, memLevel) = DeflateStream.parameters(forBytes: (h / count + 1) * (1 + w * 4))
    return .zlib(windowBits: windowBits, memLevel: memLevel)
  }

  /// The rows of band `i` of `count` in an image of `h` rows.
  static func rows(ofBand i: Int, of count: Int, height h: Int) -> Range<Int> {
    (h * i / count)..<(h * (i + 1) / count)
  }

  /// The rows whose pixels band `i`'s bytes depend on: its own and the row above, an igzip
  /// band's dictionary (``igzipBand(_:width:stride:rows:last:)``).
  static func rowsRead(byBand i: Int, of count: Int, height h: Int) -> Range<Int> {
    let rows = rows(ofBand: i, of: count, height: h)
    return max(0, rows.lowerBound - 1)..<rows.upperBound
  }

  /// The deflated bands of `bitmap` (`count` of them, by default ``bandCount(width:height:)``),
  /// on all cores; the bands of `reused` that `redo` does not name are taken as they are
  /// (they hold the same rows of an earlier image). `deflater` is the image's by default
  /// (``deflater(width:height:count:)``).
  static func bands(
    of bitmap: Bitmap, count: Int? = nil, reusing reused: [Band]? = nil, redo: Set<Int> = [],
    using deflater: Deflater? = nil
  ) throws(RenderError) -> [Band] {
    let (w, h) = (bitmap.width, bitmap.height)
    let count = count ?? bandCount(width: w, height: h)
    let work = reused?.count == count ? redo.sorted() : Array(0..<count)
    var bands = reused?.count == count ? reused! : [Band](repeating: Band(), count: count)
    let stride = bitmap.stride
    bitmap.pixels.withUnsafeBytes { pixels in
      bands.withUnsafeMutableBufferPointer { out in
        let out = UnsafeSendable(out)
        let pixels = UnsafeSendable(pixels)
        let deflateBand = { @Sendable (i: Int) in
          out.value[i] = band(
            i, of: count, pixels: pixels.value, width: w, height: h, stride: stride,
            using: deflater)
        }
        // One band (every small image) is deflated on the calling thread.
        if work.count == 1 {
          deflateBand(work[0])
        } else {
          ThreadPlacement.concurrentPerform(iterations: work.count) { deflateBand(work[$0]) }
        }
      }
    }
    guard !bands.contains(where: \.failed) else { throw RenderError("cannot encode PNG: deflate") }
    return bands
  }

  /// Band `i` of `count` of a `w` × `h` image whose row `y` starts `y × stride` bytes into
  /// `pixels`, deflated by `deflater` (by default the image's); failed when deflate fails.
  static func band(
    _ i: Int, of count: Int, pixels: UnsafeRawBufferPointer, width w: Int, height h: Int,
    stride: Int, using deflater: Deflater? = nil
  ) -> Band {
    let rows = rows(ofBand: i, of: count, height: h)
    let last = i == count - 1
    var band: Band
    switch deflater ?? self.deflater(width: w, height: h, count: count) {
    case .igzip:
      band = igzipBand(pixels, width: w, stride: stride, rows: rows, last: last)
    case .zlib(let windowBits, let memLevel):
      band =
        DeflateStream.withStream(level: level, windowBits: windowBits, memLevel: memLevel) {
          z in deflate(pixels, width: w, stride: stride, rows: rows, last: last, into: .zlib(z))
        } ?? Band(failed: true)
      band.windowBits = windowBits
    }
    return band
  }

  /// The PNG file of deflated `bands` of a `w` × `h` image (in as many bands), written
  /// once into an array of its exact size whose pages are mapped in one call
  /// (``SVGTree/PageMapping``): each band's bytes are copied once, into their IDAT chunk.
  static func assemble(_ bands: [Band], width w: Int, height h: Int) -> [UInt8] {
    var adler = bands[0].adler
    for band in bands.dropFirst() { adler = adler32_combine(adler, band.adler, band.length) }
    // 8 bits per channel, RGBA, deflate, no filter method, no interlace.
    let header = bigEndian(UInt32(w)) + bigEndian(UInt32(h)) + [8, 6, 0, 0, 0]
    // The zlib header names the window (2^windowBits bytes) and the level class, 0
    // ("fastest", as zlib writes it for level 1); its check bits make it a multiple of 31.
    let windowBits = bands.map(\.windowBits).max()!
    var zlibHeader = UInt16(windowBits - 8) << 12 | 0x08 << 8
    zlibHeader += 31 - zlibHeader % 31
    let size = bands.reduce(8 + 25 + 13 + 12 + 6) { $0 + $1.data.count + 12 }
    return [UInt8](unsafeUninitializedCapacity: size) { buffer, count in
      PageMapping.prefault(buffer.baseAddress!, count: size)
      var png = ChunkWriter(to: buffer.baseAddress!)
      png.put([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
      png.chunk("IHDR", header)
      png.chunk("sRGB", [0])  // perceptual intent, as libpng writes for sRGB data
      for (i, band) in bands.enumerated() {
        let first = i == 0
        let last = i == bands.count - 1
        png.start("IDAT", length: band.data.count + (first ? 2 : 0) + (last ? 4 : 0))
        if first { png.data([UInt8(zlibHeader >> 8), UInt8(zlibHeader & 0xFF)]) }
        png.data(band.data)
        if last { png.data(bigEndian(UInt32(truncatingIfNeeded: adler))) }
        png.end()
      }
      png.chunk("IEND", [])
      count = png.at - buffer.baseAddress!
    }
  }

  static func bigEndian(_ v: UInt32) -> [UInt8] {
    [UInt8(v >> 24), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)]
  }
}

/// Writes PNG chunks into memory: length, type, data (written in pieces) and the CRC of
/// type and data.
struct ChunkWriter {
  private(set) var at: UnsafeMutablePointer<UInt8>
  private var crc: UInt = 0

  init(to start: UnsafeMutablePointer<UInt8>) { at = start }

  /// Bytes outside any chunk's CRC.
  mutating func put(_ bytes: [UInt8]) {
    guard !bytes.isEmpty else { return }
    bytes.withUnsafeBufferPointer { at.update(from: $0.baseAddress!, count: $0.count) }
    at += bytes.count
  }

  mutating func start(_ type: String, length: Int) {
    put(ParallelPNG.bigEndian(UInt32(length)))
    crc = 0
    data(Array(type.utf8))
  }

  mutating func data(_ bytes: [UInt8]) {
    crc = bytes.withUnsafeBufferPointer { crc32(crc, $0.baseAddress, UInt32($0.count)) }
    put(bytes)
  }

  mutating func end() { put(ParallelPNG.bigEndian(UInt32(truncatingIfNeeded: crc))) }

  mutating func chunk(_ type: String, _ bytes: [UInt8]) {
    start(type, length: bytes.count)
    data(bytes)
    end()
  }
}

/// A pointer handed to the bands of one `concurrentPerform`: each band writes only its own
/// part, and the call returns only when all are done.
struct UnsafeSendable<T>: @unchecked Sendable {
  let value: T
  init(_ value: T) { self.value = value }
}
