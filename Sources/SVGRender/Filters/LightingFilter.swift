import Glibc

/// `feDiffuseLighting` and `feSpecularLighting`: the input's alpha is a height map whose
/// Sobel normals are lit by a distant, point or spot light (positions already in region
/// pixels).
enum LightingFilter {
  private struct Vec3 {
    var x, y, z: Double
    static func - (a: Vec3, b: Vec3) -> Vec3 { Vec3(x: a.x - b.x, y: a.y - b.y, z: a.z - b.z) }
    static func + (a: Vec3, b: Vec3) -> Vec3 { Vec3(x: a.x + b.x, y: a.y + b.y, z: a.z + b.z) }
    func dot(_ o: Vec3) -> Double { x * o.x + y * o.y + z * o.z }
    var length: Double { dot(self).squareRoot() }
    var normalized: Vec3 {
      let l = length
      return l > 1e-12 ? Vec3(x: x / l, y: y / l, z: z / l) : self
    }
  }

  static func apply(
    _ input: FilterImage, lighting: Lighting, light: LightSource, specular: Bool
  ) -> FilterImage {
    let w = input.width
    let h = input.height
    var out = FilterImage(width: w, height: h)
    guard w >= 3, h >= 3 else { return out }
    func alpha(_ x: Int, _ y: Int) -> Double { Double(input.pixels[y * w + x] >> 24) }
    let scale = lighting.surfaceScale
    let color = lighting.color
    var distant: Vec3?
    if case .distant(let az, let el) = light {
      let a = az * .pi / 180
      let e = el * .pi / 180
      distant = Vec3(x: cos(a) * cos(e), y: sin(a) * cos(e), z: sin(e))
    }
    var spotDirection = Vec3(x: 0, y: 0, z: 0)
    if case .spot(let x, let y, let z, let px, let py, let pz, _, _) = light {
      spotDirection = (Vec3(x: px, y: py, z: pz) - Vec3(x: x, y: y, z: z)).normalized
    }
    for y in 0..<h {
      for x in 0..<w {
        // Sobel derivatives with the specification's edge rules.
        let x0 = max(x - 1, 0)
        let x1 = min(x + 1, w - 1)
        let y0 = max(y - 1, 0)
        let y1 = min(y + 1, h - 1)
        func rowDiff(_ yy: Int) -> Double { alpha(x1, yy) - alpha(x0, yy) }
        func colDiff(_ xx: Int) -> Double { alpha(xx, y1) - alpha(xx, y0) }
        var dx = 2 * rowDiff(y)
        var rowWeight = 2.0
        if y > 0 { dx += rowDiff(y - 1); rowWeight += 1 }
        if y < h - 1 { dx += rowDiff(y + 1); rowWeight += 1 }
        var dy = 2 * colDiff(x)
        var colWeight = 2.0
        if x > 0 { dy += colDiff(x - 1); colWeight += 1 }
        if x < w - 1 { dy += colDiff(x + 1); colWeight += 1 }
        let fx = 2 / (Double(x1 - x0) * rowWeight)
        let fy = 2 / (Double(y1 - y0) * colWeight)
        let nx = -dx * scale / 255 * fx
        let ny = -dy * scale / 255 * fy
        let flat = dx == 0 && dy == 0

        var l: Vec3
        var lightColor = (Double(color.r), Double(color.g), Double(color.b))
        switch light {
        case .distant:
          l = distant!
        case .point(let lx, let ly, let lz):
          let v =
            Vec3(x: lx, y: ly, z: lz)
            - Vec3(x: Double(x), y: Double(y), z: alpha(x, y) / 255 * scale)
          l = v.normalized
        case .spot(let lx, let ly, let lz, _, _, _, let exponent, let cone):
          let v =
            Vec3(x: lx, y: ly, z: lz)
            - Vec3(x: Double(x), y: Double(y), z: alpha(x, y) / 255 * scale)
          l = v.normalized
          let minusLdotS = -l.dot(spotDirection)
          if minusLdotS <= 0 || (cone.map { minusLdotS < cos($0 * .pi / 180) } ?? false) {
            lightColor = (0, 0, 0)
          } else {
            let f = pow(minusLdotS, exponent)
            func c(_ v: Double) -> Double { (min(max(v * f, 0), 255) + 0.5).rounded(.down) }
            lightColor = (c(lightColor.0), c(lightColor.1), c(lightColor.2))
          }
        }
        let normal = Vec3(x: nx, y: ny, z: 1)
        let factor: Double
        if specular {
          let hv = l + Vec3(x: 0, y: 0, z: 1)
          let hl = hv.length
          if hl < 1e-12 {
            factor = 0
          } else {
            let nDotH = flat ? hv.z / hl : normal.dot(hv) / normal.length / hl
            let e = lighting.specularExponent
            factor = lighting.constant * (e == 1 ? nDotH : pow(nDotH, e))
          }
        } else {
          factor = lighting.constant * (flat ? l.z : normal.dot(l) / normal.length)
        }
        func q(_ v: Double) -> UInt32 { UInt32(min(max(v * factor, 0), 255) + 0.5) }
        let r = q(lightColor.0)
        let g = q(lightColor.1)
        let b = q(lightColor.2)
        let a: UInt32 = specular ? max(r, g, b) : 255
        out.pixels[y * w + x] = a << 24 | r << 16 | g << 8 | b
      }
    }
    return out
  }
}
