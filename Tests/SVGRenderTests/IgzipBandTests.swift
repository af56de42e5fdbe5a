import CIsal
import Glibc
import TestSupport
import Testing

@testable import SVGRender

/// igzip's bands (``ParallelPNG/igzipBand(_:width:stride:rows:last:)``): their bytes do not
/// depend on where the deflate stream lies, which ISA-L 2.30's level 1 makes them do for a
/// stream without history, and a session's PNG deflates a band again when the row above it,
/// its dictionary, changed.
@Suite(.enabled(if: IgzipStream.isAvailable)) struct IgzipBandTests {
  /// CRC-32C of the four bytes of `value` from 0, without inversions: x86's `crc32`
  /// instruction, igzip's hash of four bytes.
  static func crc32c(_ value: UInt32) -> UInt32 {
    var crc: UInt32 = 0
    for i in 0..<4 {
      crc ^= value >> (8 * i) & 0xFF
      for _ in 0..<8 { crc = crc >> 1 ^ (crc & 1 == 0 ? 0 : 0x82F6_3B78) }
    }
    return crc
  }

  /// igzip's level-1 hash bucket (of 8,192) of the four bytes `value`.
  static func bucket(_ value: UInt32) -> UInt32 { crc32c(value) & 8191 }

  /// A deflate stream set up at `address` (mapped there, or nil when that is taken), with
  /// its level buffer elsewhere.
  final class PlacedStream {
    let z: UnsafeMutablePointer<isal_zstream>
    let levelBuffer = UnsafeMutableRawPointer.allocate(
      byteCount: Int(inkpath_isal_level1_buffer), alignment: 64)

    init?(at address: UInt) {
      let size = MemoryLayout<isal_zstream>.size
      guard let hint = UnsafeMutableRawPointer(bitPattern: address),
        let mapped = mmap(hint, size, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0),
        mapped != MAP_FAILED
      else { return nil }
      guard mapped == hint else {
        munmap(mapped, size)
        return nil
      }
      z = mapped.bindMemory(to: isal_zstream.self, capacity: 1)
      isal_deflate_init(z)
      IgzipStream.reset(z, levelBuffer: levelBuffer)
    }

    deinit {
      munmap(z, MemoryLayout<isal_zstream>.size)
      levelBuffer.deallocate()
    }
  }

  /// The first 64 KiB-aligned address from `start` whose bits 16-47 hash as `wanted` says,
  /// where a stream can be mapped.
  static func stream(from start: UInt, _ wanted: (UInt32) -> Bool) -> PlacedStream? {
    for k in UInt(0)..<(1 << 20) {
      let address = start + k << 16
      if wanted(bucket(UInt32(truncatingIfNeeded: address >> 16))),
        let stream = PlacedStream(at: address)
      {
        return stream
      }
    }
    return nil
  }

  /// Rows 1 and 2 of a 3-row image start with two opaque pixels that differ only in the
  /// first byte, so row 2 repeats row 1 from its third byte on. Deflated without history
  /// from a stream whose address ISA-L hashes into the bucket of row 1's third byte (where
  /// the byte belongs), row 2 was one match from its third byte; from any other stream,
  /// that bucket was empty and row 2's third byte a literal. With the row above as
  /// dictionary the bytes are the same from both.
  @Test func aBandsBytesDoNotDependOnWhereItsStreamLies() throws {
    var bitmap = Bitmap(width: 800, height: 3)
    let pixels: [(y: Int, x: Int, bgra: [UInt8])] = [
      (1, 0, [99, 17, 200, 255]), (1, 1, [70, 180, 33, 255]),
      (2, 0, [99, 17, 201, 255]), (2, 1, [70, 180, 33, 255]),
    ]
    for (y, x, bgra) in pixels {
      for k in 0..<4 { bitmap.pixels[y * bitmap.stride + x * 4 + k] = bgra[k] }
    }
    // Row 1's bytes 2-5 (after its filter byte): G, B, A of its first pixel, R of its second.
    let third = Self.bucket(UInt32(17) | 99 << 8 | 255 << 16 | 33 << 24)
    let start: UInt = 0x2100_0000_0000
    let matching = try #require(Self.stream(from: start) { $0 == third })
    let other = try #require(Self.stream(from: start) { $0 != third })
    let bands = [matching.z, other.z].map { z in
      bitmap.pixels.withUnsafeBytes { pixels in
        ParallelPNG.deflate(
          pixels, width: 800, stride: bitmap.stride, rows: 1..<3, last: false, into: .igzip(z))
      }
    }
    #expect(!bands[0].failed && !bands[1].failed)
    #expect(firstDifference(bands[0].data, bands[1].data) == nil)
  }

  /// Only the row just above a band changes: the band, whose dictionary it is, is deflated
  /// again, and the PNG is the bytes of a new encoding.
  @Test func aSessionDeflatesABandAgainWhenTheRowAboveItChanges() throws {
    var bitmap = PNGEncoderTests.bitmap(width: 900, height: 700, seed: 5)
    let last = try bitmap.sessionPNG()
    let count = last.bands.count
    let above = ParallelPNG.rows(ofBand: count / 2, of: count, height: 700).lowerBound - 1
    for x in 0..<900 { bitmap.pixels[above * bitmap.stride + x * 4 + 1] &+= 40 }
    let next = try bitmap.sessionPNG(reusing: last, changedRows: above..<(above + 1))
    let fresh = try bitmap.sessionPNG()
    #expect(firstDifference(next.bytes, fresh.bytes) == nil)
  }
}
