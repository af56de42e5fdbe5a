import CZlib
import Synchronization

/// A zlib raw deflate stream of the fast PNG encoding where libisal cannot be loaded
/// (``IgzipStream`` deflates otherwise), kept for reuse.
///
/// Setting a stream up (`deflateInit2`) allocates and clears its window, hash chains and
/// pending buffer, about 256 KiB at zlib's defaults; for a 64 px thumbnail or a service's
/// icon that set-up costs more than compressing its 16 KiB of rows. So a finished stream is
/// kept, idle, and the next image of the same parameters takes it back with `deflateReset`
/// (which produces the same bytes as a new stream), and the parameters fit the image: a
/// window no larger than the data it can reach back into, and a hash table of about one
/// entry per input byte, up to 2^14 entries (``maxMemLevel``).
final class DeflateStream: @unchecked Sendable {
  /// The zlib level.
  let level: Int32
  /// The window is 2^windowBits bytes (raw deflate: 9...15).
  let windowBits: Int32
  /// The hash table has 2^(memLevel + 7) entries (1...8).
  let memLevel: Int32
  /// zlib's state points back to its `z_stream`, so the stream stays at one address.
  let z: UnsafeMutablePointer<z_stream>

  private init?(level: Int32, windowBits: Int32, memLevel: Int32) {
    self.level = level
    self.windowBits = windowBits
    self.memLevel = memLevel
    z = .allocate(capacity: 1)
    z.initialize(to: z_stream())
    guard
      deflateInit2_(
        z, level, Z_DEFLATED, -windowBits, memLevel, Z_DEFAULT_STRATEGY, ZLIB_VERSION,
        Int32(MemoryLayout<z_stream>.size)) == Z_OK
    else {
      z.deallocate()
      return nil
    }
  }

  deinit {
    deflateEnd(z)
    z.deallocate()
  }

  /// The largest hash table, 2^(maxMemLevel + 7) entries; memLevel also sets zlib's
  /// symbol buffer, 2^(maxMemLevel + 6) symbols, after which it ends a deflate block and
  /// builds its Huffman trees again. zlib's default (8, 2^15 entries) costs more than it
  /// finds at the fast levels: `deflateReset` clears the whole table before each block of
  /// rows (``ParallelPNG/blockBytes``). At level 3, 6 instead of 8 took 14% fewer
  /// instructions; at level 1 (``ParallelPNG/level``), on the 40 largest openclipart drawings
  /// at 800 px deflated as `svg-render` does (a C harness over their rows), 7 took 3.6%
  /// fewer instructions than 6 and 8-16% less CPU time, for files 0.4% smaller; 8 sat
  /// between. A small image's ~16 KiB took 2% fewer instructions with 2^14 entries than
  /// with 2^13.
  static let maxMemLevel: Int32 = 7

  /// The window and hash sizes for `bytes` bytes of input: the window covers the input and
  /// zlib's lookahead margin (262 bytes), the hash table about one entry per input byte, up
  /// to ``maxMemLevel``.
  static func parameters(forBytes bytes: Int) -> (windowBits: Int32, memLevel: Int32) {
    func bits(_ n: Int) -> Int32 { Int32(Int.bitWidth - max(1, n - 1).leadingZeroBitCount) }
    let windowBits = min(15, max(9, bits(bytes + 262)))
    let memLevel = min(maxMemLevel, max(1, bits(bytes) - 7))
    return (windowBits, memLevel)
  }

  /// Idle streams, at most ``maxIdle``: about as many as images are encoded at once.
  private static let idle = Mutex<[DeflateStream]>([])
  static let maxIdle = 8

  /// Runs `body` with a stream of zlib `level` and these parameters, freshly reset: an idle
  /// one when there is one. Nil when zlib cannot set one up (no memory).
  static func withStream<T>(
    level: Int32, windowBits: Int32, memLevel: Int32,
    _ body: (UnsafeMutablePointer<z_stream>) -> T
  ) -> T? {
    let kept = idle.withLock { streams -> DeflateStream? in
      guard
        let i = streams.lastIndex(where: {
          $0.level == level && $0.windowBits == windowBits && $0.memLevel == memLevel
        })
      else { return nil }
      return streams.remove(at: i)
    }
    let stream: DeflateStream
    if let kept, deflateReset(kept.z) == Z_OK {
      stream = kept
    } else if let new = DeflateStream(level: level, windowBits: windowBits, memLevel: memLevel) {
      stream = new
    } else {
      return nil
    }
    let result = body(stream.z)
    idle.withLock { streams in
      streams.append(stream)
      if streams.count > maxIdle { streams.removeFirst() }
    }
    return result
  }
}
