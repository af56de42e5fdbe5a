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
  ///
  /// Exact, in time linear in the pixels: the distance to the nearest on pixel of the same
  /// column by two sweeps, then along each row the lower envelope of parabolas (Felzenszwalb
  /// and Huttenlocher's distance transform). Distances past the radius are capped.
  public func dilated(by radius: Double) -> PixelMask {
    guard radius >= 0.5, width > 0, height > 0 else { return self }
    let (w, h) = (width, height)
    let cap = Int32(min(Double(w + h), radius.rounded(.up) + 1))
    let limit = radius * radius
    var out = self
    var vertical = [Int32](repeating: cap, count: w * h)
    vertical.withUnsafeMutableBufferPointer { v in
      bits.withUnsafeBufferPointer { on in
        for i in 0..<(w * h) {
          if on[i] != 0 {
            v[i] = 0
          } else if i >= w {
            v[i] = min(cap, v[i - w] + 1)
          }
        }
        for i in stride(from: w * h - w - 1, through: 0, by: -1) where v[i + w] + 1 < v[i] {
          v[i] = v[i + w] + 1
        }
      }
      out.bits.withUnsafeMutableBufferPointer { result in
        var envelope = ParabolaEnvelope(count: w)
        for y in 0..<h {
          // A row with no on pixel within reach stays off (as it is in `self`).
          guard (0..<w).contains(where: { v[y * w + $0] < cap }) else { continue }
          envelope.build { Double(v[y * w + $0]) * Double(v[y * w + $0]) }
          envelope.evaluate { x, d in result[y * w + x] = d <= limit ? 1 : 0 }
        }
      }
    }
    return out
  }
}

/// The lower envelope of the parabolas `(x - q)² + f(q)` over `q` in `0..<count`, for
/// Felzenszwalb and Huttenlocher's distance transform.
struct ParabolaEnvelope {
  let count: Int
  private var values: [Double]
  private var vertices: [Int]
  private var bounds: [Double]
  private var k = 0

  init(count: Int) {
    self.count = count
    values = [Double](repeating: 0, count: count)
    vertices = [Int](repeating: 0, count: count)
    bounds = [Double](repeating: 0, count: count + 1)
  }

  mutating func build(_ f: (Int) -> Double) {
    for q in 0..<count { values[q] = f(q) }
    k = 0
    vertices[0] = 0
    bounds[0] = -.infinity
    bounds[1] = .infinity
    guard count > 1 else { return }
    for q in 1..<count {
      let fq = values[q] + Double(q * q)
      var s = 0.0
      while true {
        let p = vertices[k]
        s = (fq - (values[p] + Double(p * p))) / Double(2 * (q - p))
        // bounds[0] is -infinity, so k never drops below 0.
        guard s <= bounds[k] else { break }
        k -= 1
      }
      k += 1
      vertices[k] = q
      bounds[k] = s
      bounds[k + 1] = .infinity
    }
  }

  /// Calls `body(x, minimum over q)` for every x in order.
  func evaluate(_ body: (Int, Double) -> Void) {
    var j = 0
    for x in 0..<count {
      while bounds[j + 1] < Double(x) { j += 1 }
      let dx = Double(x - vertices[j])
      body(x, dx * dx + values[vertices[j]])
    }
  }
}
