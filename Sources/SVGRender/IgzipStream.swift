import CIsal
import SVGTree
import Synchronization

/// A raw deflate stream of ISA-L's igzip at level 1, which deflates the rows of the fast PNG
/// encoding (``ParallelPNG``) instead of zlib.
///
/// On the rows of openclipart's 40 largest drawings at 800 px, deflated in the encoder's
/// bands (a C harness), igzip took 38 ms where zlib at level 1 took 164, for output 7%
/// smaller (5.36 MB against 5.75). Its bytes are the same on every x86-64 processor with
/// SSE4.2 (its SSE4.2, AVX2 and AVX-512 code; checked under qemu as Nehalem and Haswell and
/// on an AVX-512 machine); on older ones its plain C code deflates otherwise (4% larger).
/// That holds only for streams that start with history (``ParallelPNG/igzipBand``): ISA-L
/// 2.30's level 1 hashes bits 16-47 of the stream's address in place of the third byte of a
/// stream without it.
/// The library (libisal.so.2) is loaded when the first image is encoded; without it, every
/// image is deflated by zlib (``ParallelPNG/deflater(width:height:count:)``).
final class IgzipStream: @unchecked Sendable {
  let stream: UnsafeMutablePointer<isal_zstream>
  /// igzip's buffer for level 1: its hash table and the symbols of a block.
  private let levelBuffer: UnsafeMutableRawPointer

  private init() {
    stream = .allocate(capacity: 1)
    levelBuffer = .allocate(byteCount: Int(inkpath_isal_level1_buffer), alignment: 64)
    isal_deflate_init(stream)
  }

  deinit {
    stream.deallocate()
    levelBuffer.deallocate()
  }

  /// Whether libisal.so.2 could be loaded (once, when first asked).
  static let isAvailable = NativeLibrary.isal.load() == nil

  /// Sets `z` (initialized once by `isal_deflate_init`) up for a new raw deflate stream at
  /// level 1 whose hash table and symbols go in `levelBuffer`, of
  /// `inkpath_isal_level1_buffer` bytes.
  static func reset(
    _ z: UnsafeMutablePointer<isal_zstream>, levelBuffer: UnsafeMutableRawPointer
  ) {
    isal_deflate_reset(z)
    z.pointee.level = 1
    z.pointee.level_buf = levelBuffer.assumingMemoryBound(to: UInt8.self)
    z.pointee.level_buf_size = inkpath_isal_level1_buffer
    z.pointee.gzip_flag = UInt16(IGZIP_DEFLATE)
    z.pointee.hist_bits = 0
  }

  /// Idle streams, at most ``DeflateStream/maxIdle``.
  private static let idle = Mutex<[IgzipStream]>([])

  /// Runs `body` with a stream set for a new raw deflate stream at level 1: an idle one
  /// when there is one (a stream and its buffers are 350 KiB, mapped and cleared when new).
  static func withStream<T>(_ body: (UnsafeMutablePointer<isal_zstream>) -> T) -> T {
    let stream = idle.withLock { $0.popLast() } ?? IgzipStream()
    reset(stream.stream, levelBuffer: stream.levelBuffer)
    let result = body(stream.stream)
    idle.withLock { streams in
      streams.append(stream)
      if streams.count > DeflateStream.maxIdle { streams.removeFirst() }
    }
    return result
  }
}
