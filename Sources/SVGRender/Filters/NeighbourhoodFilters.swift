/// `feConvolveMatrix`, `feMorphology` and `feDisplacementMap`.
enum NeighbourhoodFilters {
  /// Convolution with the (already reversed) kernel; premultiplied unless `preserveAlpha`.
  static func convolve(_ input: FilterImage, _ m: ConvolveMatrix) -> FilterImage {
    let w = input.width
    let h = input.height
    var out = FilterImage(width: w, height: h)
    guard w > 0, h > 0 else { return out }
    var src = input
    if m.preserveAlpha {
      for i in src.pixels.indices {
        let v = src.pixels[i]
        guard v >> 24 > 0 else { continue }
        let (r, g, b) = Premultiplied.unpremultiply(v)
        src.pixels[i] = v & 0xFF00_0000 | UInt32(r) << 16 | UInt32(g) << 8 | UInt32(b)
      }
    }
    for y in 0..<h {
      for x in 0..<w {
        var nr = 0.0
        var ng = 0.0
        var nb = 0.0
        var na = 0.0
        for oy in 0..<m.orderY {
          for ox in 0..<m.orderX {
            var tx = x - m.targetX + ox
            var ty = y - m.targetY + oy
            switch m.edgeMode {
            case .none:
              if tx < 0 || tx >= w || ty < 0 || ty >= h { continue }
            case .duplicate:
              tx = min(max(tx, 0), w - 1)
              ty = min(max(ty, 0), h - 1)
            case .wrap:
              tx = ((tx % w) + w) % w
              ty = ((ty % h) + h) % h
            }
            let k = m.kernel[oy * m.orderX + ox]
            let p = src.pixels[ty * w + tx]
            nr += Double((p >> 16) & 0xFF) / 255 * k
            ng += Double((p >> 8) & 0xFF) / 255 * k
            nb += Double(p & 0xFF) / 255 * k
            if !m.preserveAlpha { na += Double(p >> 24) / 255 * k }
          }
        }
        let a =
          m.preserveAlpha ? Double(src.pixels[y * w + x] >> 24) / 255 : na / m.divisor + m.bias
        let ba = min(max(a, 0), 1)
        func calc(_ c: Double) -> UInt32 {
          let v = c / m.divisor + m.bias * a
          let clamped = m.preserveAlpha ? min(max(v, 0), 1) * ba : min(max(v, 0), ba)
          return UInt32(clamped * 255 + 0.5)
        }
        out.pixels[y * w + x] =
          UInt32(ba * 255 + 0.5) << 24 | calc(nr) << 16 | calc(ng) << 8 | calc(nb)
      }
    }
    return out
  }

  /// Erosion (minimum) or dilation (maximum) over a `2·ceil(r)` window, per channel,
  /// done as two one-dimensional passes.
  static func morphology(_ image: inout FilterImage, dilate: Bool, rx: Double, ry: Double) {
    let w = image.width
    let h = image.height
    guard w > 0, h > 0 else { return }
    let columns = min(Int(rx.rounded(.up)) * 2, w)
    let rows = min(Int(ry.rounded(.up)) * 2, h)
    let tx = columns / 2
    let ty = rows / 2
    func combine(_ a: UInt32, _ b: UInt32) -> UInt32 {
      var out: UInt32 = 0
      for shift in stride(from: 0, through: 24, by: 8) {
        let x = (a >> UInt32(shift)) & 0xFF
        let y = (b >> UInt32(shift)) & 0xFF
        out |= (dilate ? max(x, y) : min(x, y)) << UInt32(shift)
      }
      return out
    }
    let initial: UInt32 = dilate ? 0 : 0xFFFF_FFFF
    var tmp = image.pixels
    for y in 0..<h {
      for x in 0..<w {
        var v = initial
        for o in 0..<columns {
          let sx = x - tx + o
          if sx >= 0 && sx < w { v = combine(v, image.pixels[y * w + sx]) }
        }
        tmp[y * w + x] = v
      }
    }
    for y in 0..<h {
      for x in 0..<w {
        var v = initial
        for o in 0..<rows {
          let sy = y - ty + o
          if sy >= 0 && sy < h { v = combine(v, tmp[sy * w + x]) }
        }
        image.pixels[y * w + x] = v
      }
    }
  }

  /// Moves each pixel of `input` by the `map` channels (`scale` in user units).
  static func displace(
    _ input: FilterImage, map: FilterImage, _ d: DisplacementMap, sx: Double, sy: Double
  ) -> FilterImage {
    let w = input.width
    let h = input.height
    var out = FilterImage(width: w, height: h)
    guard map.width == w, map.height == h else { return out }
    func channel(_ v: UInt32, _ c: DisplacementMap.Channel) -> Double {
      let byte: UInt32
      switch c {
      case .r: byte = (v >> 16) & 0xFF
      case .g: byte = (v >> 8) & 0xFF
      case .b: byte = v & 0xFF
      case .a: byte = v >> 24
      }
      return Double(byte) / 255 - 0.5
    }
    for y in 0..<h {
      for x in 0..<w {
        let m = map.pixels[y * w + x]
        let ox = Int((Double(x) + channel(m, d.xChannel) * sx * d.scale).rounded())
        let oy = Int((Double(y) + channel(m, d.yChannel) * sy * d.scale).rounded())
        if ox >= 0 && ox < w && oy >= 0 && oy < h {
          out.pixels[y * w + x] = input.pixels[oy * w + ox]
        }
      }
    }
    return out
  }
}
