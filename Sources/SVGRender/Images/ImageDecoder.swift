import SVGTree

/// The raster formats `<image>` reads, and the sniffing that tells them apart.
///
/// The format comes from the bytes, never from the file name or the declared media type:
/// both lie often (a `data:image/jpg` holding a PNG), and the decoder must not be picked
/// by the attacker's label anyway.
enum ImageFormat: String, Sendable, Hashable {
  case png, jpeg, gif, webp, svg

  /// Recognizes the format from the first bytes; nil for anything else.
  init?(sniffing bytes: [UInt8]) {
    func starts(_ prefix: [UInt8], at offset: Int = 0) -> Bool {
      bytes.count >= offset + prefix.count && Array(bytes[offset..<offset + prefix.count]) == prefix
    }
    if starts([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) {
      self = .png
    } else if starts([0xFF, 0xD8, 0xFF]) {
      self = .jpeg
    } else if starts(Array("GIF87a".utf8)) || starts(Array("GIF89a".utf8)) {
      self = .gif
    } else if starts(Array("RIFF".utf8)) && starts(Array("WEBP".utf8), at: 8) {
      self = .webp
    } else if starts([0x1F, 0x8B]) || ImageFormat.looksLikeXML(bytes) {
      self = .svg
    } else {
      return nil
    }
  }

  /// The MIME type under which cairo's vector backends embed the file as it is: JPEG in PDF,
  /// PostScript and SVG, PNG in SVG; nil for formats none of them embeds.
  var cairoMimeType: String? {
    switch self {
    case .jpeg: "image/jpeg"
    case .png: "image/png"
    case .gif, .webp, .svg: nil
    }
  }

  /// Text whose first non-space character (after an optional UTF-8 byte-order mark) is `<`.
  private static func looksLikeXML(_ bytes: [UInt8]) -> Bool {
    var i = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
    while i < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[i]) { i += 1 }
    return i < bytes.count && bytes[i] == UInt8(ascii: "<")
  }
}

/// A raster image could not be decoded (corrupt, unsupported variant, over the pixel
/// limit). The message says why.
struct ImageDecodingError: Error, Sendable, CustomStringConvertible {
  var message: String
  init(_ message: String) { self.message = message }
  var description: String { message }
}

enum ImageDecoder {
  /// Decodes a raster image of a known format into premultiplied ARGB32. Images of more
  /// than `maxPixels` pixels are refused from their header, before any pixel memory is
  /// allocated.
  static func decode(_ bytes: [UInt8], format: ImageFormat, maxPixels: Int)
    throws(ImageDecodingError) -> Bitmap
  {
    let library: NativeLibrary? =
      switch format {
      case .png: nil
      case .jpeg: .jpeg
      case .gif: .gif
      case .webp: .webp
      case .svg: nil
      }
    if let reason = library?.load() { throw ImageDecodingError(reason) }
    return switch format {
    case .png: try PNGDecoder.decode(bytes, maxPixels: maxPixels)
    case .jpeg: try JPEGDecoder.decode(bytes, maxPixels: maxPixels)
    case .gif: try GIFDecoder.decode(bytes, maxPixels: maxPixels)
    case .webp: try WebPDecoder.decode(bytes, maxPixels: maxPixels)
    case .svg: throw ImageDecodingError("an SVG image is not a raster image")
    }
  }

  static func checkSize(_ width: Int, _ height: Int, maxPixels: Int) throws(ImageDecodingError) {
    guard width > 0, height > 0 else {
      throw ImageDecodingError("the image has an empty size (\(width)x\(height))")
    }
    guard width <= 1 << 20, height <= 1 << 20, width * height <= maxPixels else {
      throw ImageDecodingError(
        "the image is \(width)x\(height) pixels, over the limit of \(maxPixels) pixels")
    }
  }
}
