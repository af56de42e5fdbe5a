import FoundationEssentials
import Glibc

/// The image formats `--images` embeds, told from the file's first bytes (its name is not
/// trusted), and the `data:` URL that carries them.
enum ImageData {
  /// The media type of an image, or nil when it is none of PNG, JPEG, GIF, WebP and SVG.
  static func mediaType(of bytes: [UInt8]) -> String? {
    if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return "image/png" }
    if bytes.starts(with: [0xFF, 0xD8, 0xFF]) { return "image/jpeg" }
    if bytes.starts(with: Array("GIF87a".utf8)) || bytes.starts(with: Array("GIF89a".utf8)) {
      return "image/gif"
    }
    if bytes.count >= 12, bytes.starts(with: Array("RIFF".utf8)),
      Array(bytes[8..<12]) == Array("WEBP".utf8)
    {
      return "image/webp"
    }
    if looksLikeSVG(bytes) { return "image/svg+xml" }
    return nil
  }

  /// Text that starts with markup and has an `<svg` start tag early on.
  private static func looksLikeSVG(_ bytes: [UInt8]) -> Bool {
    let head = Array(bytes.prefix(8192))
    let text = String(
      decoding: head.starts(with: [0xEF, 0xBB, 0xBF]) ? Array(head.dropFirst(3)) : head,
      as: UTF8.self)
    let trimmed = text.drop { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }
    guard trimmed.hasPrefix("<") else { return false }
    return trimmed.contains("<svg") || trimmed.contains(":svg")
  }

  /// `data:<type>;base64,<bytes>`.
  static func dataURL(_ bytes: [UInt8], mediaType: String) -> [UInt8] {
    Array("data:\(mediaType);base64,".utf8) + base64(bytes)
  }

  /// Standard base64 (RFC 4648), padded, on one line.
  static func base64(_ bytes: [UInt8]) -> [UInt8] {
    Array(Data(bytes).base64EncodedData())
  }
}
