import CCairo
import Dispatch
import Glibc
import SVGTree
import Synchronization

/// A JPEG or PNG file as read, with the MIME type cairo knows it by.
struct EncodedImage: Sendable {
  var mimeType: String
  var bytes: [UInt8]
}

/// A raster image: premultiplied ARGB32 pixels in native byte order (cairo's format),
/// rows of `stride` bytes.
public struct Bitmap: Sendable {
  public let width: Int
  public let height: Int
  public let stride: Int
  public internal(set) var pixels: [UInt8]
  /// The compressed file the pixels were decoded from (JPEG or PNG), kept when
  /// ``RenderOptions/keepImageData`` asks for it: vector outputs embed it as it is.
  var encoded: EncodedImage?

  init(width: Int, height: Int, stride: Int, pixels: [UInt8]) {
    self.width = width
    self.height = height
    self.stride = stride
    self.pixels = pixels
  }

  /// A transparent image.
  public init(width: Int, height: Int) {
    self.init(width: width, height: height, spareRows: 0, cleared: true)
  }

  /// An image whose pixels can grow by `spareRows` rows without being copied (bands draw
  /// rows above their own, see ``BandedRaster``), mapped (``PageMapping``: in one call, not a
  /// page fault per 4 KiB) and cleared, or, when `cleared` is false, as malloc left them.
  private init(width: Int, height: Int, spareRows: Int, cleared: Bool) {
    self.width = width
    self.height = height
    let stride = Int(cairo_format_stride_for_width(CAIRO_FORMAT_ARGB32, Int32(width)))
    self.stride = stride
    self.pixels = [UInt8](unsafeUninitializedCapacity: stride * (height + spareRows)) {
      buffer, count in
      count = stride * height
      if cleared, count > 0 {
        Self.clear(buffer.baseAddress!, count: count, capacity: buffer.count)
      }
    }
  }

  private static func clear(_ start: UnsafeMutablePointer<UInt8>, count: Int, capacity: Int) {
    PageMapping.prefault(start, count: capacity)
    memset(start, 0, count)
  }

  /// A transparent image that can grow by `spareRows` rows without being copied, whose pages
  /// are mapped and cleared on another core while `work` runs on this one, and what `work`
  /// returned. `work` may make a surface of the image but must not read or write its
  /// pixels: the band plan (a walk of the tree that draws nothing) runs so while the kernel
  /// maps the image, the two serial steps between building and drawing. When no other
  /// thread has begun the clearing by the time `work` returns (every one of Dispatch's busy,
  /// as in a batch), this thread does it rather than wait for one.
  static func clearing<T>(
    width: Int, height: Int, spareRows: Int, while work: (inout Bitmap) -> T
  ) -> (Bitmap, T) {
    var bitmap = Bitmap(width: width, height: height, spareRows: spareRows, cleared: false)
    let (count, capacity) = (bitmap.pixels.count, bitmap.stride * (height + spareRows))
    guard let start = bitmap.pixels.withUnsafeMutableBufferPointer({ $0.baseAddress }), count > 0
    else { return (bitmap, work(&bitmap)) }
    let job = ClearingJob(start, count: count, capacity: capacity)
    ThreadPlacement.handingOff()
    DispatchQueue.global().async {
      ThreadPlacement.helperStarts()
      job.run()
    }
    let result = work(&bitmap)
    job.finish()
    return (bitmap, result)
  }

  /// The clearing of an image's pixels, done once, by whichever thread claims it first.
  final class ClearingJob: @unchecked Sendable {
    private let start: UnsafeMutablePointer<UInt8>
    private let count: Int
    private let capacity: Int
    private let claimed = Atomic(false)
    private let done = DispatchSemaphore(value: 0)

    init(_ start: UnsafeMutablePointer<UInt8>, count: Int, capacity: Int) {
      (self.start, self.count, self.capacity) = (start, count, capacity)
    }

    /// Clears the pixels unless another thread has claimed them.
    func run() {
      guard !claimed.exchange(true, ordering: .acquiring) else { return }
      Bitmap.clear(start, count: count, capacity: capacity)
      done.signal()
    }

    /// Returns once the pixels are clear: clears them here if no thread has begun.
    func finish() {
      if claimed.exchange(true, ordering: .acquiring) {
        done.wait()
      } else {
        Bitmap.clear(start, count: count, capacity: capacity)
      }
    }
  }

  /// Reads a PNG file through cairo.
  package init(pngFile path: String) throws(RenderError) {
    guard let surface = cairo_image_surface_create_from_png(path),
      cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS
    else { throw RenderError("cannot read PNG file \(path)") }
    defer { cairo_surface_destroy(surface) }
    self = Bitmap(copying: surface)
  }

  /// Copies an image surface's pixels (as ARGB32).
  init(copying surface: OpaquePointer) {
    cairo_surface_flush(surface)
    let w = Int(cairo_image_surface_get_width(surface))
    let h = Int(cairo_image_surface_get_height(surface))
    let s = Int(cairo_image_surface_get_stride(surface))
    var bytes = [UInt8](repeating: 0, count: s * h)
    if let data = cairo_image_surface_get_data(surface) {
      if cairo_image_surface_get_format(surface) == CAIRO_FORMAT_ARGB32 {
        bytes.withUnsafeMutableBytes {
          $0.copyMemory(from: UnsafeRawBufferPointer(start: data, count: s * h))
        }
        self.init(width: w, height: h, stride: s, pixels: bytes)
        return
      }
    }
    // Other formats (RGB24 from some PNGs, A8): draw onto ARGB32.
    var converted = Bitmap(width: w, height: h)
    converted.withSurface { target in
      let cr = cairo_create(target)
      cairo_set_source_surface(cr, surface, 0, 0)
      cairo_paint(cr)
      cairo_destroy(cr)
    }
    self = converted
  }

  /// The pixel at (x, y) as straight (non-premultiplied) 8-bit RGBA.
  public func rgba(x: Int, y: Int) -> (r: UInt8, g: UInt8, b: UInt8, a: UInt8) {
    let i = y * stride + x * 4
    let v = pixels.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: i, as: UInt32.self) }
    let a = UInt8(v >> 24)
    guard a > 0 else { return (0, 0, 0, 0) }
    func un(_ c: UInt32) -> UInt8 { UInt8(min(255, (c * 255 + UInt32(a) / 2) / UInt32(a))) }
    return (un((v >> 16) & 0xFF), un((v >> 8) & 0xFF), un(v & 0xFF), a)
  }

  /// Runs `body` with a cairo image surface that draws into these pixels.
  mutating func withSurface<T>(_ body: (OpaquePointer) throws -> T) rethrows -> T {
    let (w, h, s) = (width, height, stride)
    return try pixels.withUnsafeMutableBufferPointer { buf in
      let surface = cairo_image_surface_create_for_data(
        buf.baseAddress, CAIRO_FORMAT_ARGB32, Int32(w), Int32(h), Int32(s))!
      defer {
        cairo_surface_flush(surface)
        cairo_surface_destroy(surface)
      }
      return try body(surface)
    }
  }

  /// PNG-encodes the image. `fast` (igzip or zlib at level 1, no row filters, see
  /// ``ParallelPNG/deflater(width:height:count:)``) trades file size for time, as resvg
  /// does: over the 40 largest openclipart drawings at 800 px, `svg-render` took 0.37x the
  /// time it takes with libpng's defaults (`fast: false`) for files 5.7% larger in all.
  public func pngData(fast: Bool = true) throws(RenderError) -> [UInt8] {
    return try PNGEncoder.encode(self, fast: fast)
  }
}

/// A document could not be rendered (output too large, unwritable, a backend failure).
public struct RenderError: Error, Sendable, Hashable, CustomStringConvertible {
  /// What went wrong, for callers that answer each kind differently (a service's status
  /// codes, a tool's exit code).
  public enum Kind: Sendable, Hashable {
    /// A ``SVGTree/Limits`` cap was reached: output pixels, references, `use` clones,
    /// nesting depth.
    case limit
    /// The render was cancelled or ran past its time budget.
    case cancelled
    /// Anything else: a document without a root, an empty output size, a backend that
    /// cannot write its format.
    case failure
  }

  public var kind: Kind
  public var message: String

  public init(_ kind: Kind, _ message: String) {
    self.kind = kind
    self.message = message
  }

  /// A ``Kind/failure``.
  public init(_ message: String) { self.init(.failure, message) }

  public var description: String { message }
}
