import Foundation

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
    image.pixels.withUnsafeMutableBufferPointer { px in
      var line = [Int32](repeating: 0, count: 4 * (max(w, h) + 2))
      var out = [UInt32](repeating: 0, count: max(w, h))
      // Rows.
      if sx > 0 {
        for y in 0..<h {
          pass(px, start: y * w, step: 1, count: w, sigma: sx, box: useBox, &line, &out)
        }
      }
      if sy > 0 {
        for x in 0..<w {
          pass(px, start: x, step: w, count: h, sigma: sy, box: useBox, &line, &out)
        }
      }
    }
  }

  /// Blurs one row or column in place.
  private static func pass(
    _ px: UnsafeMutableBufferPointer<UInt32>, start: Int, step: Int, count: Int, sigma: Double,
    box: Bool, _ line: inout [Int32], _ out: inout [UInt32]
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
    var sa = 0
    var sr = 0
    var sg = 0
    var sb = 0
    @inline(__always) func add(_ v: UInt32, _ sign: Int) {
      sa += sign * Int(v >> 24)
      sr += sign * Int((v >> 16) & 0xFF)
      sg += sign * Int((v >> 8) & 0xFF)
      sb += sign * Int(v & 0xFF)
    }
    let hi = size - offset  // first index past the window for i = 0
    for j in 0..<min(hi, count) { add(px[start + j * step], 1) }
    let half = size / 2
    for i in 0..<count {
      out[i] =
        UInt32((sa + half) / size) << 24 | UInt32((sr + half) / size) << 16
        | UInt32((sg + half) / size) << 8 | UInt32((sb + half) / size)
      let enter = i + hi
      let leave = i - offset
      if enter < count { add(px[start + enter * step], 1) }
      if leave >= 0 && leave < count { add(px[start + leave * step], -1) }
    }
    for i in 0..<count { px[start + i * step] = out[i] }
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
