import CZlib

extension ParallelPNG {
  /// The rows of a band deflated by igzip, in a stream that starts with history: the row above
  /// its first, as a dictionary. Row 0 has none above, so zlib deflates it (ended by a sync
  /// flush) and igzip goes on from row 1.
  ///
  /// ISA-L 2.30's level 1, given a stream without history (its body's `.write_first_byte`),
  /// hashes a register that holds the stream's address instead of the stream's third byte:
  /// the third byte's position goes into a hash bucket chosen by bits 16-47 of the address, and
  /// later matches depend on it. So the same rows deflated to other bytes in about one band of
  /// 5,000, as streams were allocated at other addresses (a PNG of `usb.svg` differed once in
  /// 3,000 renders). Given a dictionary, igzip skips that path, and its bytes no longer depend
  /// on the address. The row above is the data just before the band's in the PNG's stream, so
  /// the band's first rows may refer to it: files are smaller, not larger (2.7% on that PNG,
  /// 0.5% over the 40 largest openclipart drawings at 800 px).
  static func igzipBand(
    _ pixels: UnsafeRawBufferPointer, width: Int, stride: Int, rows: Range<Int>, last: Bool
  ) -> Band {
    func igzip(_ rows: Range<Int>) -> Band {
      IgzipStream.withStream { z in
        deflate(pixels, width: width, stride: stride, rows: rows, last: last, into: .igzip(z))
      }
    }
    guard rows.lowerBound == 0 else { return igzip(rows) }
    let (windowBits, memLevel) = DeflateStream.parameters(forBytes: 1 + width * 4)
    let first =
      DeflateStream.withStream(level: level, windowBits: windowBits, memLevel: memLevel) { z in
        deflate(
          pixels, width: width, stride: stride, rows: 0..<1, last: last && rows.count == 1,
          into: .zlib(z))
      } ?? Band(failed: true)
    return rows.count == 1 ? first : first.followed(by: igzip(1..<rows.upperBound))
  }
}

extension ParallelPNG.Band {
  /// This band's bytes, then `next`'s (which continues the stream this band's sync flush ends).
  func followed(by next: Self) -> Self {
    Self(
      data: data + next.data,
      adler: adler32_combine(adler, next.adler, next.length),
      length: length + next.length, windowBits: max(windowBits, next.windowBits),
      failed: failed || next.failed)
  }
}
