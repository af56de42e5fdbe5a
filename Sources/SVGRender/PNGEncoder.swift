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
    var straight = [UInt8](repeating: 0, count: w * h * 4)
    bitmap.pixels.withUnsafeBytes { src in
      straight.withUnsafeMutableBytes { dst in
        for y in 0..<h {
          for x in 0..<w {
            let v = src.loadUnaligned(fromByteOffset: y * bitmap.stride + x * 4, as: UInt32.self)
            let a = v >> 24
            var out = v
            if a != 0 && a != 255 {
              func un(_ c: UInt32) -> UInt32 { min(255, (c * 255 + a / 2) / a) }
              out = a << 24 | un((v >> 16) & 0xFF) << 16 | un((v >> 8) & 0xFF) << 8 | un(v & 0xFF)
            }
            dst.storeBytes(of: out, toByteOffset: (y * w + x) * 4, as: UInt32.self)
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
    var size: Int = 0
    guard png_image_write_to_memory(&image, nil, &size, 0, straight, Int32(w * 4), nil) != 0 else {
      throw RenderError("cannot encode PNG: \(message(&image))")
    }
    var out = [UInt8](repeating: 0, count: size)
    let ok = out.withUnsafeMutableBytes { buf in
      png_image_write_to_memory(&image, buf.baseAddress, &size, 0, straight, Int32(w * 4), nil)
    }
    guard ok != 0 else { throw RenderError("cannot encode PNG: \(message(&image))") }
    png_image_free(&image)
    return Array(out.prefix(size))
  }

  private static func message(_ image: inout png_image) -> String {
    withUnsafeBytes(of: &image.message) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
  }
}
