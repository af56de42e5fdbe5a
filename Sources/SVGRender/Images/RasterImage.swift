/// The renderer's own decoders for callers that must know that bytes are an image before
/// they put them in a document (SVGCommands' `insertImage`): the same sniffing and decoding
/// `<image>` uses, so what passes here renders.
package enum RasterImage {
  /// What an encoded raster image is.
  package struct Info: Sendable, Hashable {
    /// `png`, `jpeg`, `gif` or `webp`, from the bytes (never from a declared media type).
    package var format: String
    package var width: Int
    package var height: Int
  }

  /// Sniffs and fully decodes `bytes`. Throws, with the reason, for anything that is not a
  /// raster image the decoders read (SVG included), a corrupt one, or one of more than
  /// `maxPixels` pixels (refused from its header, before pixel memory is allocated).
  package static func inspect(_ bytes: [UInt8], maxPixels: Int) throws(RasterImageError) -> Info {
    guard let format = ImageFormat(sniffing: bytes), format != .svg else {
      throw RasterImageError("not a PNG, JPEG, GIF or WebP image")
    }
    do throws(ImageDecodingError) {
      let bitmap = try ImageDecoder.decode(bytes, format: format, maxPixels: maxPixels)
      return Info(format: format.rawValue, width: bitmap.width, height: bitmap.height)
    } catch {
      throw RasterImageError(error.message)
    }
  }
}

/// Why bytes are not a usable raster image.
package struct RasterImageError: Error, Sendable, CustomStringConvertible {
  package var message: String
  package init(_ message: String) { self.message = message }
  package var description: String { message }
}
