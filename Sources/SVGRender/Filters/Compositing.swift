import CCairo

/// `feComposite` (Porter-Duff through cairo, `arithmetic` by hand) and `feTile`.
enum Compositing {
  /// `in` composited onto `in2`.
  static func composite(_ op: CompositeOperator, _ a: FilterImage, _ b: FilterImage)
    -> FilterImage
  {
    let cairoOp: cairo_operator_t
    switch op {
    case .over: cairoOp = CAIRO_OPERATOR_OVER
    case .in: cairoOp = CAIRO_OPERATOR_IN
    case .out: cairoOp = CAIRO_OPERATOR_OUT
    case .atop: cairoOp = CAIRO_OPERATOR_ATOP
    case .xor: cairoOp = CAIRO_OPERATOR_XOR
    case .lighter: cairoOp = CAIRO_OPERATOR_ADD
    case .arithmetic(let k1, let k2, let k3, let k4):
      return arithmetic(k1, k2, k3, k4, a, b)
    }
    var out = b
    out.draw(a, op: cairoOp)
    return out
  }

  /// `k1·i1·i2 + k2·i1 + k3·i2 + k4` on premultiplied channels, colour clamped to alpha.
  static func arithmetic(
    _ k1: Double, _ k2: Double, _ k3: Double, _ k4: Double, _ a: FilterImage, _ b: FilterImage
  ) -> FilterImage {
    var out = FilterImage(width: a.width, height: a.height)
    out.linearRGB = a.linearRGB
    guard a.width == b.width, a.height == b.height else { return out }
    func calc(_ x: UInt32, _ y: UInt32, _ hi: Double) -> Double {
      let i1 = Double(x) / 255
      let i2 = Double(y) / 255
      return min(max(k1 * i1 * i2 + k2 * i1 + k3 * i2 + k4, 0), hi)
    }
    for i in out.pixels.indices {
      let p = a.pixels[i]
      let q = b.pixels[i]
      let alpha = calc(p >> 24, q >> 24, 1)
      guard alpha > 1e-6 else { continue }
      let r = UInt32(calc((p >> 16) & 0xFF, (q >> 16) & 0xFF, alpha) * 255)
      let g = UInt32(calc((p >> 8) & 0xFF, (q >> 8) & 0xFF, alpha) * 255)
      let bl = UInt32(calc(p & 0xFF, q & 0xFF, alpha) * 255)
      out.pixels[i] = UInt32(alpha * 255) << 24 | r << 16 | g << 8 | bl
    }
    return out
  }

  /// Repeats the `area` of `input` over the whole image.
  static func tile(_ input: FilterImage, area: PixelRect) -> FilterImage {
    var out = FilterImage(width: input.width, height: input.height)
    out.linearRGB = input.linearRGB
    let bounds = PixelRect(x: 0, y: 0, width: input.width, height: input.height)
    guard let a = area.intersection(bounds) else { return out }
    for y in 0..<out.height {
      var ty = (y - a.y) % a.height
      if ty < 0 { ty += a.height }
      let srcRow = (a.y + ty) * input.width
      for x in 0..<out.width {
        var tx = (x - a.x) % a.width
        if tx < 0 { tx += a.width }
        out.pixels[y * out.width + x] = input.pixels[srcRow + a.x + tx]
      }
    }
    return out
  }
}
