import CCairo
import Glibc

/// A filter working image: premultiplied ARGB32 pixels (cairo's format, `0xAARRGGBB` in
/// native order), tightly packed, tagged with the colour space its channels are in.
struct FilterImage {
  var width: Int
  var height: Int
  var pixels: [UInt32]
  var linearRGB = false

  /// A transparent image.
  init(width: Int, height: Int) {
    self.width = max(0, width)
    self.height = max(0, height)
    pixels = [UInt32](repeating: 0, count: self.width * self.height)
  }

  /// An image filled with `pixel` (premultiplied).
  init(width: Int, height: Int, filledWith pixel: UInt32) {
    self.width = max(0, width)
    self.height = max(0, height)
    pixels = [UInt32](repeating: pixel, count: self.width * self.height)
  }

  /// Runs `body` with a cairo image surface over these pixels.
  mutating func withSurface<T>(_ body: (OpaquePointer) -> T) -> T {
    let (w, h) = (width, height)
    return pixels.withUnsafeMutableBytes { buf in
      let surface = cairo_image_surface_create_for_data(
        buf.baseAddress?.assumingMemoryBound(to: UInt8.self), CAIRO_FORMAT_ARGB32, Int32(w),
        Int32(h), Int32(w * 4))!
      defer {
        cairo_surface_flush(surface)
        cairo_surface_destroy(surface)
      }
      return body(surface)
    }
  }

  /// Draws `other` over (or with `op`) this image at offset (dx, dy) through cairo.
  mutating func draw(
    _ other: FilterImage, dx: Int = 0, dy: Int = 0, op: cairo_operator_t = CAIRO_OPERATOR_OVER
  ) {
    var src = other
    withSurface { dst in
      src.withSurface { s in
        let cr = cairo_create(dst)!
        cairo_set_operator(cr, op)
        cairo_set_source_surface(cr, s, Double(dx), Double(dy))
        cairo_paint(cr)
        cairo_destroy(cr)
      }
    }
  }

  /// Clears every pixel outside `rect` (in this image's pixel coordinates).
  mutating func clear(outside rect: PixelRect) {
    for y in 0..<height {
      let inside = y >= rect.y && y < rect.maxY
      for x in 0..<width where !inside || x < rect.x || x >= rect.maxX {
        pixels[y * width + x] = 0
      }
    }
  }

  /// The pixels of `rect`, which must lie inside the image.
  func cropped(_ rect: PixelRect) -> FilterImage {
    var out = FilterImage(width: rect.width, height: rect.height)
    out.linearRGB = linearRGB
    for y in 0..<rect.height {
      let src = (rect.y + y) * width + rect.x
      out.pixels.replaceSubrange(
        y * rect.width..<(y + 1) * rect.width, with: pixels[src..<src + rect.width])
    }
    return out
  }

  /// Converts the colour channels to linearRGB (or back to sRGB).
  func converted(toLinear: Bool) -> FilterImage {
    guard toLinear != linearRGB else { return self }
    var out = self
    out.linearRGB = toLinear
    let table = toLinear ? ColorSpaceTables.toLinear : ColorSpaceTables.toSRGB
    out.mapStraight { r, g, b, a in (table[Int(r)], table[Int(g)], table[Int(b)], a) }
    return out
  }

  /// Applies `f` to every pixel's straight (non-premultiplied) channels.
  mutating func mapStraight(_ f: (UInt8, UInt8, UInt8, UInt8) -> (UInt8, UInt8, UInt8, UInt8)) {
    for i in pixels.indices {
      let v = pixels[i]
      let a = v >> 24
      guard a > 0 else {
        pixels[i] = 0
        continue
      }
      let (r, g, b) = Premultiplied.unpremultiply(v)
      let o = f(r, g, b, UInt8(a))
      pixels[i] = Premultiplied.pack(o.0, o.1, o.2, o.3)
    }
  }
}

/// An integer pixel rectangle.
struct PixelRect: Hashable {
  var x: Int
  var y: Int
  var width: Int
  var height: Int
  var maxX: Int { x + width }
  var maxY: Int { y + height }

  func intersection(_ o: PixelRect) -> PixelRect? {
    let x0 = max(x, o.x)
    let y0 = max(y, o.y)
    let x1 = min(maxX, o.maxX)
    let y1 = min(maxY, o.maxY)
    guard x1 > x0, y1 > y0 else { return nil }
    return PixelRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
  }

  func offsetBy(_ dx: Int, _ dy: Int) -> PixelRect {
    PixelRect(x: x + dx, y: y + dy, width: width, height: height)
  }
}

/// Packing and unpacking of premultiplied ARGB32 pixels.
enum Premultiplied {
  /// A straight colour premultiplied and packed.
  @inline(__always)
  static func pack(_ r: UInt8, _ g: UInt8, _ b: UInt8, _ a: UInt8) -> UInt32 {
    let a32 = UInt32(a)
    func m(_ c: UInt8) -> UInt32 { (UInt32(c) * a32 + 127) / 255 }
    return a32 << 24 | m(r) << 16 | m(g) << 8 | m(b)
  }

  /// The straight channels of a premultiplied pixel (alpha must be non-zero).
  @inline(__always)
  static func unpremultiply(_ v: UInt32) -> (UInt8, UInt8, UInt8) {
    let a = v >> 24
    func u(_ c: UInt32) -> UInt8 { UInt8(min(255, (c * 255 + a / 2) / a)) }
    return (u((v >> 16) & 0xFF), u((v >> 8) & 0xFF), u(v & 0xFF))
  }

  /// Packs already-premultiplied channels given as doubles in 0...1 (clamped).
  @inline(__always)
  static func pack(premultiplied r: Double, _ g: Double, _ b: Double, _ a: Double) -> UInt32 {
    func c(_ x: Double, _ hi: Double) -> UInt32 { UInt32(min(max(x, 0), hi) * 255 + 0.5) }
    let a8 = c(a, 1)
    let af = Double(a8) / 255
    return a8 << 24 | c(r, af) << 16 | c(g, af) << 8 | c(b, af)
  }
}

/// sRGB <-> linearRGB lookup tables for 8-bit channels.
enum ColorSpaceTables {
  static let toLinear: [UInt8] = (0..<256).map { i in
    let c = Double(i) / 255
    let l = c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4)
    return UInt8((l * 255).rounded())
  }
  static let toSRGB: [UInt8] = (0..<256).map { i in
    let l = Double(i) / 255
    let c = l <= 0.0031308 ? l * 12.92 : 1.055 * pow(l, 1 / 2.4) - 0.055
    return UInt8((c * 255).rounded())
  }
}
