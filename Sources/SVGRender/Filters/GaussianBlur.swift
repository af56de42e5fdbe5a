import Glibc

/// `feGaussianBlur` on premultiplied pixels, edges transparent.
///
/// Small deviations (under 2 px) use the exact separable Gaussian kernel; larger ones the
/// three successive box blurs the specification allows, each a running sum, so the cost is
/// linear in the image size and independent of the radius.
enum GaussianBlur {
  /// The deviation at which the box approximation takes over.
  static let boxThreshold = 2.0

  static func apply(_ image: inout FilterImage, sigmaX: Double, sigmaY: Double) {
    let w = image.width
    let h = image.height
    guard w > 0, h > 0 else { return }
    var sx = sigmaX
    var sy = sigmaY
    if sx < 0.05 { sx = 0 }
    if sy < 0.05 { sy = 0 }
    guard sx > 0 || sy > 0 else { return }
    let useBox = sx >= boxThreshold || sy >= boxThreshold
    var out = [UInt32](repeating: 0, count: max(w, h))
    image.pixels.withUnsafeMutableBufferPointer { px in
      if sx > 0 {
        for y in 0..<h { pass(px, start: y * w, step: 1, count: w, sigma: sx, box: useBox, &out) }
      }
      guard sy > 0 else { return }
      if useBox {
        // Whole rows at a time: the running sums walk memory in order.
        var other = [UInt32](repeating: 0, count: w * h)
        other.withUnsafeMutableBufferPointer { tmp in
          var src = px
          var dst = tmp
          for (size, offset) in boxes(sy) {
            verticalBoxPass(src, dst, width: w, height: h, size: size, offset: offset)
            swap(&src, &dst)
          }
          if src.baseAddress != px.baseAddress {
            px.baseAddress!.update(from: src.baseAddress!, count: w * h)
          }
        }
      } else {
        for x in 0..<w { pass(px, start: x, step: w, count: h, sigma: sy, box: false, &out) }
      }
    }
  }

  /// One vertical box pass from `src` into `dst`, a row at a time.
  private static func verticalBoxPass(
    _ src: UnsafeMutableBufferPointer<UInt32>, _ dst: UnsafeMutableBufferPointer<UInt32>,
    width w: Int, height h: Int, size: Int, offset: Int
  ) {
    let sums = UnsafeMutablePointer<Int>.allocate(capacity: w * 4)
    sums.initialize(repeating: 0, count: w * 4)
    defer { sums.deallocate() }
    let recip = (1 << 24) / size
    func add(_ row: Int, _ sign: Int) {
      let line = src.baseAddress! + row * w
      for x in 0..<w {
        let v = line[x]
        guard v != 0 else { continue }
        let s = sums + 4 * x
        s[0] += sign * Int(v >> 24)
        s[1] += sign * Int((v >> 16) & 0xFF)
        s[2] += sign * Int((v >> 8) & 0xFF)
        s[3] += sign * Int(v & 0xFF)
      }
    }
    let hi = size - offset
    for j in 0..<min(hi, h) { add(j, 1) }
    for y in 0..<h {
      let line = dst.baseAddress! + y * w
      for x in 0..<w {
        let s = sums + 4 * x
        let a = UInt32(truncatingIfNeeded: (s[0] &* recip &+ (1 << 23)) >> 24)
        let r = UInt32(truncatingIfNeeded: (s[1] &* recip &+ (1 << 23)) >> 24)
        let g = UInt32(truncatingIfNeeded: (s[2] &* recip &+ (1 << 23)) >> 24)
        let b = UInt32(truncatingIfNeeded: (s[3] &* recip &+ (1 << 23)) >> 24)
        line[x] = a << 24 | r << 16 | g << 8 | b
      }
      if y + hi < h { add(y + hi, 1) }
      if y - offset >= 0 { add(y - offset, -1) }
    }
  }

  /// Blurs one row or column in place.
  private static func pass(
    _ px: UnsafeMutableBufferPointer<UInt32>, start: Int, step: Int, count: Int, sigma: Double,
    box: Bool, _ out: inout [UInt32]
  ) {
    if box {
      for (size, offset) in boxes(sigma) {
        boxPass(px, start: start, step: step, count: count, size: size, offset: offset, &out)
      }
    } else {
      kernelPass(px, start: start, step: step, count: count, kernel: kernel(sigma), &out)
    }
  }

  /// The three boxes of the specification: size `d`, and for an even `d` two boxes offset
  /// by half a pixel either way and a third of size `d + 1`. `offset` is the number of
  /// pixels of the box left of (before) the output pixel.
  static func boxes(_ sigma: Double) -> [(size: Int, offset: Int)] {
    let d = Int((sigma * 3 * (2 * Double.pi).squareRoot() / 4 + 0.5).rounded(.down))
    guard d > 1 else { return [] }
    if d % 2 == 1 { return [(d, d / 2), (d, d / 2), (d, d / 2)] }
    return [(d, d / 2), (d, d / 2 - 1), (d + 1, d / 2)]
  }

  private static func boxPass(
    _ px: UnsafeMutableBufferPointer<UInt32>, start: Int, step: Int, count: Int, size: Int,
    offset: Int, _ out: inout [UInt32]
  ) {
    // Running sums of the four channels over [i - offset, i - offset + size).
    let p = px.baseAddress! + start
    var sa = 0
    var sr = 0
    var sg = 0
    var sb = 0
    let hi = size - offset  // first index past the window for i = 0
    for j in 0..<min(hi, count) {
      let v = p[j * step]
      sa &+= Int(v >> 24)
      sr &+= Int((v >> 16) & 0xFF)
      sg &+= Int((v >> 8) & 0xFF)
      sb &+= Int(v & 0xFF)
    }
    let recip = (1 << 24) / size
    @inline(__always) func avg(_ s: Int) -> UInt32 {
      UInt32(truncatingIfNeeded: (s &* recip &+ (1 << 23)) >> 24)
    }
    out.withUnsafeMutableBufferPointer { o in
      let o = o.baseAddress!
      for i in 0..<count {
        o[i] = avg(sa) << 24 | avg(sr) << 16 | avg(sg) << 8 | avg(sb)
        let enter = i + hi
        let leave = i - offset
        if enter < count {
          let v = p[enter * step]
          sa &+= Int(v >> 24)
          sr &+= Int((v >> 16) & 0xFF)
          sg &+= Int((v >> 8) & 0xFF)
          sb &+= Int(v & 0xFF)
        }
        if leave >= 0 {
          let v = p[leave * step]
          sa &-= Int(v >> 24)
          sr &-= Int((v >> 16) & 0xFF)
          sg &-= Int((v >> 8) & 0xFF)
          sb &-= Int(v & 0xFF)
        }
      }
      for i in 0..<count { p[i * step] = o[i] }
    }
  }

  /// The normalized Gaussian kernel for `sigma`, radius `ceil(3 sigma)`.
  static func kernel(_ sigma: Double) -> [Double] {
    let radius = max(1, Int((sigma * 3).rounded(.up)))
    var k = (-radius...radius).map { i in exp(-Double(i * i) / (2 * sigma * sigma)) }
    let sum = k.reduce(0, +)
    for i in k.indices { k[i] /= sum }
    return k
  }

  private static func kernelPass(
    _ px: UnsafeMutableBufferPointer<UInt32>, start: Int, step: Int, count: Int,
    kernel: [Double], _ out: inout [UInt32]
  ) {
    let radius = kernel.count / 2
    for i in 0..<count {
      var a = 0.0
      var r = 0.0
      var g = 0.0
      var b = 0.0
      for k in max(0, i - radius)...min(count - 1, i + radius) {
        let v = px[start + k * step]
        guard v != 0 else { continue }
        let wgt = kernel[k - i + radius]
        a += wgt * Double(v >> 24)
        r += wgt * Double((v >> 16) & 0xFF)
        g += wgt * Double((v >> 8) & 0xFF)
        b += wgt * Double(v & 0xFF)
      }
      let a8 = UInt32(min(255, a + 0.5))
      out[i] =
        a8 << 24 | min(a8, UInt32(r + 0.5)) << 16 | min(a8, UInt32(g + 0.5)) << 8
        | min(a8, UInt32(b + 0.5))
    }
    for i in 0..<count { px[start + i * step] = out[i] }
  }
}
