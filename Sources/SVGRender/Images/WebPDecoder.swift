import CWebP

/// WebP through libwebp (lossy, lossless, with alpha), decoded straight into premultiplied
/// BGRA, which is cairo's ARGB32 on little-endian machines. Animated WebP is refused.
enum WebPDecoder {
  static func decode(_ bytes: [UInt8], maxPixels: Int) throws(ImageDecodingError) -> Bitmap {
    var config = WebPDecoderConfig()
    guard WebPInitDecoderConfig(&config) != 0 else {
      throw ImageDecodingError("cannot start the WebP decoder")
    }
    let features = bytes.withUnsafeBufferPointer {
      WebPGetFeatures($0.baseAddress, $0.count, &config.input)
    }
    guard features == VP8_STATUS_OK else {
      throw ImageDecodingError("corrupt WebP (\(describe(features)))")
    }
    guard config.input.has_animation == 0 else {
      throw ImageDecodingError("animated WebP is not supported")
    }
    let (w, h) = (Int(config.input.width), Int(config.input.height))
    try ImageDecoder.checkSize(w, h, maxPixels: maxPixels)
    var bitmap = Bitmap(width: w, height: h)
    let stride = bitmap.stride
    #if _endian(little)
      config.output.colorspace = MODE_bgrA
    #else
      config.output.colorspace = MODE_Argb
    #endif
    config.output.is_external_memory = 1
    let status = bitmap.pixels.withUnsafeMutableBufferPointer { target in
      config.output.u.RGBA.rgba = target.baseAddress
      config.output.u.RGBA.stride = Int32(stride)
      config.output.u.RGBA.size = target.count
      defer { WebPFreeDecBuffer(&config.output) }
      return bytes.withUnsafeBufferPointer { WebPDecode($0.baseAddress, $0.count, &config) }
    }
    guard status == VP8_STATUS_OK else {
      throw ImageDecodingError("corrupt WebP (\(describe(status)))")
    }
    return bitmap
  }

  private static func describe(_ status: VP8StatusCode) -> String {
    switch status {
    case VP8_STATUS_OUT_OF_MEMORY: "out of memory"
    case VP8_STATUS_INVALID_PARAM: "invalid parameter"
    case VP8_STATUS_BITSTREAM_ERROR: "bitstream error"
    case VP8_STATUS_UNSUPPORTED_FEATURE: "unsupported feature"
    case VP8_STATUS_NOT_ENOUGH_DATA: "truncated data"
    default: "status \(status.rawValue)"
    }
  }
}
