import CJpeg

/// JPEG through libjpeg-turbo: baseline and progressive, greyscale, YCbCr and CMYK/YCCK
/// (Adobe's inverted CMYK included). The C side does the decoding behind a `setjmp`, since
/// libjpeg reports errors by jumping out.
enum JPEGDecoder {
  static func decode(_ bytes: [UInt8], maxPixels: Int) throws(ImageDecodingError) -> Bitmap {
    var width: Int32 = 0
    var height: Int32 = 0
    var overLimit: Int32 = 0
    var message = [CChar](repeating: 0, count: 256)
    let pixels = bytes.withUnsafeBufferPointer { data in
      message.withUnsafeMutableBufferPointer { text in
        inkpath_jpeg_decode(
          data.baseAddress, UInt(data.count), maxPixels, &width, &height, &overLimit,
          text.baseAddress, text.count)
      }
    }
    guard let pixels else {
      let text = String(
        decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
      if overLimit != 0 { throw ImageDecodingError(text) }
      throw ImageDecodingError("corrupt JPEG: \(text.isEmpty ? "unreadable" : text)")
    }
    defer { free(pixels) }
    let (w, h) = (Int(width), Int(height))
    var bitmap = Bitmap(width: w, height: h)
    let stride = bitmap.stride
    bitmap.pixels.withUnsafeMutableBytes { target in
      for y in 0..<h {
        (target.baseAddress! + y * stride).copyMemory(from: pixels + y * w * 4, byteCount: w * 4)
      }
    }
    return bitmap
  }
}
