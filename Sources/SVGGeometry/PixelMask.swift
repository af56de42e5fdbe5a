/// A grid of on and off pixels, row by row: what a flood fill makes and contour tracing reads.
///
/// Pixel `(x, y)` covers the square `[x, x + 1] × [y, y + 1]`; its centre is
/// `(x + 0.5, y + 0.5)`.
public struct PixelMask: Sendable, Hashable {
  public let width: Int
  public let height: Int
  /// One byte a pixel, 1 for on, row by row.
  public var bits: [UInt8]

  /// A mask with every pixel off.
  public init(width: Int, height: Int) {
    self.width = max(0, width)
    self.height = max(0, height)
    bits = [UInt8](repeating: 0, count: self.width * self.height)
  }

  /// A mask whose pixel `(x, y)` is on where `isOn(x, y)`.
  public init(width: Int, height: Int, _ isOn: (Int, Int) -> Bool) {
    self.init(width: width, height: height)
    for y in 0..<self.height {
      for x in 0..<self.width where isOn(x, y) { bits[y * self.width + x] = 1 }
    }
  }

  /// Whether `(x, y)` is on; pixels outside the grid are off.
  public subscript(x: Int, y: Int) -> Bool {
    get { x >= 0 && y >= 0 && x < width && y < height && bits[y * width + x] != 0 }
    set {
      guard x >= 0, y >= 0, x < width, y < height else { return }
      bits[y * width + x] = newValue ? 1 : 0
    }
  }

  /// The number of pixels on.
  public var count: Int { bits.reduce(0) { $0 + Int($1) } }

  /// Whether a pixel on the first or last row or column is on.
  public var touchesEdge: Bool {
    guard width > 0, height > 0 else { return false }
    for x in 0..<width where bits[x] != 0 || bits[(height - 1) * width + x] != 0 { return true }
    for y in 0..<height where bits[y * width] != 0 || bits[y * width + width - 1] != 0 {
      return true
    }
    return false
  }

  /// The pixels on in one, off in the other: `self` and not `other`.
  public func subtracting(_ other: PixelMask) -> PixelMask {
    var out = self
    for i in out.bits.indices where other.bits[i] != 0 { out.bits[i] = 0 }
    return out
  }

  /// The inverse: on where this mask is off.
  public var inverted: PixelMask {
    var out = self
    for i in out.bits.indices { out.bits[i] ^= 1 }
    return out
  }

  /// The pixels 4-connected to `(x, y)` through pixels that are on (none when that pixel
  /// is off): the flood fill of paint programs.
  public func component(containing x: Int, _ y: Int) -> PixelMask {
    var out = PixelMask(width: width, height: height)
    guard self[x, y] else { return out }
    out.bits.withUnsafeMutableBufferPointer { filled in
      bits.withUnsafeBufferPointer { open in
        var stack = [y * width + x]
        filled[y * width + x] = 1
        while let i = stack.popLast() {
          let px = i % width
          if px > 0, open[i - 1] != 0, filled[i - 1] == 0 {
            filled[i - 1] = 1
            stack.append(i - 1)
          }
          if px < width - 1, open[i + 1] != 0, filled[i + 1] == 0 {
            filled[i + 1] = 1
            stack.append(i + 1)
          }
          if i >= width, open[i - width] != 0, filled[i - width] == 0 {
            filled[i - width] = 1
            stack.append(i - width)
          }
          if i + width < open.count, open[i + width] != 0, filled[i + width] == 0 {
            filled[i + width] = 1
            stack.append(i + width)
          }
        }
      }
    }
    return out
  }

  /// Every pixel whose centre lies within `radius` (Euclidean) of the centre of a pixel
  /// that is on. A radius under 0.5 changes nothing.
  public func dilated(by radius: Double) -> PixelMask {
    guard radius >= 0.5, width > 0, height > 0 else { return self }
    let limit = radius * radius
    let far = Double(width * width + height * height) + limit + 1
    var distance = bits.map { $0 != 0 ? 0 : far }
    DistanceTransform.squaredDistances(&distance, width: width, height: height)
    var out = self
    for i in distance.indices where distance[i] <= limit { out.bits[i] = 1 }
    return out
  }
}

/// Felzenszwalb and Huttenlocher's exact squared Euclidean distance transform: one pass of
/// the lower envelope of parabolas along every column, then along every row.
enum DistanceTransform {
  static func squaredDistances(_ grid: inout [Double], width: Int, height: Int) {
    let n = max(width, height)
    var line = [Double](repeating: 0, count: n)
    var result = [Double](repeating: 0, count: n)
    var vertices = [Int](repeating: 0, count: n)
    var bounds = [Double](repeating: 0, count: n + 1)
    for x in 0..<width {
      for y in 0..<height { line[y] = grid[y * width + x] }
      envelope(line, height, &result, &vertices, &bounds)
      for y in 0..<height { grid[y * width + x] = result[y] }
    }
    for y in 0..<height {
      for x in 0..<width { line[x] = grid[y * width + x] }
      envelope(line, width, &result, &vertices, &bounds)
      for x in 0..<width { grid[y * width + x] = result[x] }
    }
  }

  /// The 1-D transform of `f[0..<n]` into `d`.
  private static func envelope(
    _ f: [Double], _ n: Int, _ d: inout [Double], _ v: inout [Int], _ z: inout [Double]
  ) {
    var k = 0
    v[0] = 0
    z[0] = -.infinity
    z[1] = .infinity
    for q in 1..<max(n, 1) {
      var s = 0.0
      while true {
        let p = v[k]
        s = ((f[q] + Double(q * q)) - (f[p] + Double(p * p))) / Double(2 * (q - p))
        // z[0] is -infinity, so k never drops below 0.
        guard s <= z[k] else { break }
        k -= 1
      }
      k += 1
      v[k] = q
      z[k] = s
      z[k + 1] = .infinity
    }
    k = 0
    for q in 0..<n {
      while z[k + 1] < Double(q) { k += 1 }
      let dq = Double(q - v[k])
      d[q] = dq * dq + f[v[k]]
    }
  }
}
