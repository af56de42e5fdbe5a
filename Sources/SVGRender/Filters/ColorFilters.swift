import Glibc

/// `feColorMatrix` and `feComponentTransfer`: per-pixel functions of the straight
/// (non-premultiplied) channels.
enum ColorFilters {
  static func apply(_ matrix: ColorMatrix, to image: inout FilterImage) {
    func n(_ c: UInt8) -> Double { Double(c) / 255 }
    func q(_ x: Double) -> UInt8 { UInt8(min(max(x, 0), 1) * 255) }
    switch matrix {
    case .matrix(let m):
      // Alpha can come from nothing (m[19] > 0), so transparent pixels count too.
      for i in image.pixels.indices {
        let v = image.pixels[i]
        let a8 = UInt8(v >> 24)
        let (r8, g8, b8) = a8 > 0 ? Premultiplied.unpremultiply(v) : (0, 0, 0)
        let (r, g, b, a) = (n(r8), n(g8), n(b8), n(a8))
        let nr = r * m[0] + g * m[1] + b * m[2] + a * m[3] + m[4]
        let ng = r * m[5] + g * m[6] + b * m[7] + a * m[8] + m[9]
        let nb = r * m[10] + g * m[11] + b * m[12] + a * m[13] + m[14]
        let na = r * m[15] + g * m[16] + b * m[17] + a * m[18] + m[19]
        image.pixels[i] = Premultiplied.pack(q(nr), q(ng), q(nb), q(na))
      }
    case .saturate(let s):
      let v = max(s, 0)
      rgb(
        [
          0.213 + 0.787 * v, 0.715 - 0.715 * v, 0.072 - 0.072 * v,
          0.213 - 0.213 * v, 0.715 + 0.285 * v, 0.072 - 0.072 * v,
          0.213 - 0.213 * v, 0.715 - 0.715 * v, 0.072 + 0.928 * v,
        ], &image)
    case .hueRotate(let degrees):
      let a1 = cos(degrees * .pi / 180)
      let a2 = sin(degrees * .pi / 180)
      rgb(
        [
          0.213 + 0.787 * a1 - 0.213 * a2, 0.715 - 0.715 * a1 - 0.715 * a2,
          0.072 - 0.072 * a1 + 0.928 * a2,
          0.213 - 0.213 * a1 + 0.143 * a2, 0.715 + 0.285 * a1 + 0.140 * a2,
          0.072 - 0.072 * a1 - 0.283 * a2,
          0.213 - 0.213 * a1 - 0.787 * a2, 0.715 - 0.715 * a1 + 0.715 * a2,
          0.072 + 0.928 * a1 + 0.072 * a2,
        ], &image)
    case .luminanceToAlpha:
      image.mapStraight { r, g, b, _ in
        (0, 0, 0, q(n(r) * 0.2125 + n(g) * 0.7154 + n(b) * 0.0721))
      }
    }
  }

  private static func rgb(_ m: [Double], _ image: inout FilterImage) {
    func n(_ c: UInt8) -> Double { Double(c) / 255 }
    func q(_ x: Double) -> UInt8 { UInt8(min(max(x, 0), 1) * 255) }
    image.mapStraight { r8, g8, b8, a in
      let (r, g, b) = (n(r8), n(g8), n(b8))
      return (
        q(r * m[0] + g * m[1] + b * m[2]), q(r * m[3] + g * m[4] + b * m[5]),
        q(r * m[6] + g * m[7] + b * m[8]), a
      )
    }
  }

  static func apply(_ t: ComponentTransfer, to image: inout FilterImage) {
    let r = table(t.red)
    let g = table(t.green)
    let b = table(t.blue)
    let a = table(t.alpha)
    // A transfer on alpha can make transparent pixels visible.
    let alphaFromZero = a.map { $0[0] > 0 } ?? false
    for i in image.pixels.indices {
      let v = image.pixels[i]
      let a8 = UInt8(v >> 24)
      if a8 == 0 && !alphaFromZero { continue }
      var (r8, g8, b8) = a8 > 0 ? Premultiplied.unpremultiply(v) : (0, 0, 0)
      if let r { r8 = r[Int(r8)] }
      if let g { g8 = g[Int(g8)] }
      if let b { b8 = b[Int(b8)] }
      let na = a.map { $0[Int(a8)] } ?? a8
      image.pixels[i] = Premultiplied.pack(r8, g8, b8, na)
    }
  }

  /// The function tabulated for the 256 channel values; nil when it changes nothing.
  static func table(_ f: ComponentTransfer.Function) -> [UInt8]? {
    switch f {
    case .identity: return nil
    case .table(let v) where v.isEmpty: return nil
    case .discrete(let v) where v.isEmpty: return nil
    default: break
    }
    return (0..<256).map { i in
      let c = Double(i) / 255
      let out: Double
      switch f {
      case .identity: out = c
      case .table(let v):
        let n = v.count - 1
        let k = min(Int((c * Double(n)).rounded(.down)), n)
        out = k == n ? v[k] : v[k] + (c - Double(k) / Double(n)) * Double(n) * (v[k + 1] - v[k])
      case .discrete(let v):
        let n = v.count
        out = v[min(Int((c * Double(n)).rounded(.down)), n - 1)]
      case .linear(let slope, let intercept): out = slope * c + intercept
      case .gamma(let amplitude, let exponent, let offset):
        out = amplitude * pow(c, exponent) + offset
      }
      return UInt8(min(max(out, 0), 1) * 255)
    }
  }
}
