import Foundation
import SVGRender

/// Reads PNGs (files or bytes) through the renderer's own decoder.
package enum PNG {
  package static func decode(_ bytes: [UInt8]) throws -> Bitmap {
    let folder = try TemporaryDirectory("inkpath-png")
    return try Bitmap(pngFile: try folder.write("image.png", bytes))
  }

  /// The pixel at (x, y) of PNG bytes as [r, g, b, a].
  package static func pixel(_ bytes: [UInt8], _ x: Int, _ y: Int) throws -> [Int] {
    components(try decode(bytes), x, y)
  }

  /// The pixel at (x, y) of a PNG file as [r, g, b, a].
  package static func pixel(file: String, _ x: Int, _ y: Int) throws -> [Int] {
    components(try Bitmap(pngFile: file), x, y)
  }

  /// Width and height from the header, or nil when the bytes are not a PNG.
  package static func size(_ bytes: [UInt8]) -> (Int, Int)? {
    guard bytes.count > 24, bytes.starts(with: signature) else { return nil }
    func u32(_ i: Int) -> Int { bytes[i..<i + 4].reduce(0) { $0 << 8 | Int($1) } }
    return (u32(16), u32(20))
  }

  /// The eight bytes every PNG starts with.
  package static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

  private static func components(_ bitmap: Bitmap, _ x: Int, _ y: Int) -> [Int] {
    let p = bitmap.rgba(x: x, y: y)
    return [Int(p.r), Int(p.g), Int(p.b), Int(p.a)]
  }
}
