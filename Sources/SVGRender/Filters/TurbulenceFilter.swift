/// `feTurbulence`: the specification's Perlin noise (its reference code's lattice, seeds and
/// stitching), sampled at each pixel's position in user space.
struct TurbulenceFilter {
  private static let randM: Int32 = 2_147_483_647
  private static let randA: Int32 = 16807
  private static let randQ: Int32 = 127_773
  private static let randR: Int32 = 2836
  private static let bSize = 0x100
  private static let perlinN = 0x1000

  private var lattice = [Int](repeating: 0, count: 0x100 * 2 + 2)
  /// gradient[channel][i] = (x, y)
  private var gradient = [[(Double, Double)]](
    repeating: [(Double, Double)](repeating: (0, 0), count: 0x100 * 2 + 2), count: 4)

  private static func random(_ seed: Int32) -> Int32 {
    var r = randA &* (seed % randQ) &- randR &* (seed / randQ)
    if r <= 0 { r &+= randM }
    return r
  }

  init(seed: Int) {
    var seed = Int32(clamping: seed)
    if seed <= 0 { seed = -(seed % (Self.randM - 1)) + 1 }
    if seed > Self.randM - 1 { seed = Self.randM - 1 }
    let b = Int32(Self.bSize)
    for k in 0..<4 {
      for i in 0..<Self.bSize {
        lattice[i] = i
        var g = (0.0, 0.0)
        seed = Self.random(seed)
        g.0 = Double((seed % (b + b)) - b) / Double(b)
        seed = Self.random(seed)
        g.1 = Double((seed % (b + b)) - b) / Double(b)
        let s = (g.0 * g.0 + g.1 * g.1).squareRoot()
        gradient[k][i] = (g.0 / s, g.1 / s)
      }
    }
    for i in stride(from: Self.bSize - 1, through: 1, by: -1) {
      let k = lattice[i]
      seed = Self.random(seed)
      let j = Int(seed % b)
      lattice[i] = lattice[j]
      lattice[j] = k
    }
    for i in 0..<(Self.bSize + 2) {
      lattice[Self.bSize + i] = lattice[i]
      for k in 0..<4 { gradient[k][Self.bSize + i] = gradient[k][i] }
    }
  }

  private struct Stitch {
    var width: Int
    var height: Int
    var wrapX: Int
    var wrapY: Int
  }

  private func noise(_ channel: Int, _ x: Double, _ y: Double, _ stitch: Stitch?) -> Double {
    let tx = x + Double(Self.perlinN)
    var bx0 = Int(tx)
    var bx1 = bx0 + 1
    let rx0 = tx - Double(Int64(tx))
    let rx1 = rx0 - 1
    let ty = y + Double(Self.perlinN)
    var by0 = Int(ty)
    var by1 = by0 + 1
    let ry0 = ty - Double(Int64(ty))
    let ry1 = ry0 - 1
    if let s = stitch {
      if bx0 >= s.wrapX { bx0 -= s.width }
      if bx1 >= s.wrapX { bx1 -= s.width }
      if by0 >= s.wrapY { by0 -= s.height }
      if by1 >= s.wrapY { by1 -= s.height }
    }
    bx0 &= 0xFF
    bx1 &= 0xFF
    by0 &= 0xFF
    by1 &= 0xFF
    let i = lattice[bx0]
    let j = lattice[bx1]
    let b00 = lattice[i + by0]
    let b10 = lattice[j + by0]
    let b01 = lattice[i + by1]
    let b11 = lattice[j + by1]
    let sx = rx0 * rx0 * (3 - 2 * rx0)
    let sy = ry0 * ry0 * (3 - 2 * ry0)
    let g = gradient[channel]
    var u = rx0 * g[b00].0 + ry0 * g[b00].1
    var v = rx1 * g[b10].0 + ry0 * g[b10].1
    let a = u + sx * (v - u)
    u = rx0 * g[b01].0 + ry1 * g[b01].1
    v = rx1 * g[b11].0 + ry1 * g[b11].1
    let b = u + sx * (v - u)
    return a + sy * (b - a)
  }

  private func turbulence(
    _ channel: Int, _ point: (Double, Double), tile: (x: Double, y: Double, w: Double, h: Double),
    _ t: Turbulence
  ) -> Double {
    var fx = t.baseFrequencyX
    var fy = t.baseFrequencyY
    var stitch: Stitch?
    if t.stitchTiles {
      if fx != 0 {
        let lo = (tile.w * fx).rounded(.down) / tile.w
        let hi = (tile.w * fx).rounded(.up) / tile.w
        fx = fx / lo < hi / fx ? lo : hi
      }
      if fy != 0 {
        let lo = (tile.h * fy).rounded(.down) / tile.h
        let hi = (tile.h * fy).rounded(.up) / tile.h
        fy = fy / lo < hi / fy ? lo : hi
      }
      let w = Int(tile.w * fx + 0.5)
      let h = Int(tile.h * fy + 0.5)
      stitch = Stitch(
        width: w, height: h, wrapX: Int(tile.x * fx + Double(Self.perlinN) + Double(w)),
        wrapY: Int(tile.y * fy + Double(Self.perlinN) + Double(h)))
    }
    var sum = 0.0
    var x = point.0 * fx
    var y = point.1 * fy
    var ratio = 1.0
    for _ in 0..<t.octaves {
      let n = noise(channel, x, y, stitch)
      sum += (t.fractalNoise ? n : abs(n)) / ratio
      x *= 2
      y *= 2
      ratio *= 2
      if var s = stitch {
        s.width *= 2
        s.wrapX = 2 * s.wrapX - Self.perlinN
        s.height *= 2
        s.wrapY = 2 * s.wrapY - Self.perlinN
        stitch = s
      }
    }
    return sum
  }

  /// Fills a `width` × `height` image; pixel (x, y) samples user point
  /// ((x + offsetX) / scaleX, (y + offsetY) / scaleY).
  static func render(
    _ t: Turbulence, width: Int, height: Int, offsetX: Double, offsetY: Double,
    scaleX: Double, scaleY: Double
  ) -> FilterImage {
    var out = FilterImage(width: width, height: height)
    guard scaleX > 0, scaleY > 0 else { return out }
    let gen = TurbulenceFilter(seed: t.seed)
    for y in 0..<height {
      for x in 0..<width {
        let p = ((Double(x) + offsetX) / scaleX, (Double(y) + offsetY) / scaleY)
        let tile = (x: Double(x), y: Double(y), w: Double(width), h: Double(height))
        var c: [UInt8] = [0, 0, 0, 0]
        for ch in 0..<4 {
          var n = gen.turbulence(ch, p, tile: tile, t)
          n = t.fractalNoise ? (n * 255 + 255) / 2 : n * 255
          c[ch] = UInt8(min(max(n, 0), 255) + 0.5)
        }
        out.pixels[y * width + x] = Premultiplied.pack(c[0], c[1], c[2], c[3])
      }
    }
    return out
  }
}
