import CCairo

/// PNG through cairo's reader (libpng underneath: all bit depths, palettes, transparency,
/// interlacing). The size is read from the IHDR chunk first, for the pixel limit.
enum PNGDecoder {
  static func decode(_ bytes: [UInt8], maxPixels: Int) throws(ImageDecodingError) -> Bitmap {
    // Signature (8), IHDR length (4), "IHDR" (4), width (4), height (4).
    guard bytes.count >= 24, Array(bytes[12..<16]) == Array("IHDR".utf8) else {
      throw ImageDecodingError("corrupt PNG: no IHDR header")
    }
    func u32(_ at: Int) -> Int {
      Int(bytes[at]) << 24 | Int(bytes[at + 1]) << 16 | Int(bytes[at + 2]) << 8 | Int(bytes[at + 3])
    }
    try ImageDecoder.checkSize(u32(16), u32(20), maxPixels: maxPixels)
    var reader = ByteReader(bytes: bytes)
    let surface = withUnsafeMutablePointer(to: &reader) { pointer in
      cairo_image_surface_create_from_png_stream(
        { closure, data, length in
          let reader = closure!.assumingMemoryBound(to: ByteReader.self)
          return reader.pointee.read(into: data, count: Int(length))
            ? CAIRO_STATUS_SUCCESS : CAIRO_STATUS_READ_ERROR
        }, pointer)
    }
    guard let surface else { throw ImageDecodingError("corrupt PNG") }
    defer { cairo_surface_destroy(surface) }
    let status = cairo_surface_status(surface)
    guard status == CAIRO_STATUS_SUCCESS else {
      throw ImageDecodingError("corrupt PNG (\(String(cString: cairo_status_to_string(status))))")
    }
    return Bitmap(copying: surface)
  }

  private struct ByteReader {
    let bytes: [UInt8]
    var offset = 0

    mutating func read(into target: UnsafeMutablePointer<UInt8>?, count: Int) -> Bool {
      guard let target, count <= bytes.count - offset else { return false }
      bytes.withUnsafeBufferPointer { source in
        target.update(from: source.baseAddress! + offset, count: count)
      }
      offset += count
      return true
    }
  }
}
