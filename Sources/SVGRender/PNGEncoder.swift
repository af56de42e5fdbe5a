import CPNG

/// PNG encoding with libpng's simplified API.
///
/// cairo's own PNG writer always uses libpng's default settings, which spend more time
/// compressing than rendering took (4x the render on openclipart's largest drawings);
/// ``Bitmap/pngData(fast:)`` lets the caller choose.
enum PNGEncoder {
  static func encode(_ bitmap: Bitmap, fast: Bool) throws(RenderError) -> [UInt8] {
    let w = bitmap.width
    let h = bitmap.height
    // Straight (non-premultiplied) BGRA: little-endian ARGB32 is B, G, R, A in memory.
    let straight = [UInt8](unsafeUninitializedCapacity: w * h * 4) { dst, count in
      count = w * h * 4
      bitmap.pixels.withUnsafeBytes { src in
        for y in 0..<h {
          for x in 0..<w {
            let v = src.loadUnaligned(fromByteOffset: y * bitmap.stride + x * 4, as: UInt32.self)
            let a = v >> 24
            var out = v
            if a != 0 && a != 255 {
              func un(_ c: UInt32) -> UInt32 { min(255, (c * 255 + a / 2) / a) }
              out = a << 24 | un((v >> 16) & 0xFF) << 16 | un((v >> 8) & 0xFF) << 8 | un(v & 0xFF)
            }
            UnsafeMutableRawBufferPointer(dst).storeBytes(
              of: out, toByteOffset: (y * w + x) * 4, as: UInt32.self)
          }
        }
      }
    }
    var image = png_image()
    image.version = UInt32(PNG_IMAGE_VERSION)
    image.width = UInt32(w)
    image.height = UInt32(h)
    image.format = UInt32(PNG_FORMAT_BGRA)
    image.flags = fast ? UInt32(PNG_IMAGE_FLAG_FAST) : 0
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
    let reason = message(&image)
    png_image_free(&image)
    throw RenderError("cannot encode PNG: \(reason)")
  }

  private static func message(_ image: inout png_image) -> String {
    withUnsafeBytes(of: &image.message) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
  }
}
