/// The outlines of a ``PixelMask`` by marching squares: closed polygons through the midpoints
/// between the centres of an on pixel and an off neighbour, so a staircase of pixels becomes
/// a chamfered line and a lone pixel a diamond.
///
/// Pixels touching only at a corner are kept apart (the on pixels are 4-connected, as a
/// flood fill makes them). Every outline runs with the on pixels on its left on screen
/// (y down): outer outlines anticlockwise, the outlines of holes clockwise, so the polygons
/// fill the mask under both fill rules.
public enum ContourTracing {
  /// Every outline of the on pixels of `mask`, in a fixed order (by the first crossing in
  /// row order), each starting at that crossing.
  public static func contours(of mask: PixelMask) -> [[Point]] {
    guard let box = onBounds(mask) else { return [] }
    // Cells span the centres of pixels (i, j) to (i + 1, j + 1), i from box.x0 - 1.
    let cols = box.x1 - box.x0 + 2
    var next: [Int: Int] = [:]
    var starts: [Int] = []
    let (w, h) = (mask.width, mask.height)
    mask.bits.withUnsafeBufferPointer { bits in
      func on(_ x: Int, _ y: Int) -> Bool {
        x >= 0 && y >= 0 && x < w && y < h && bits[y * w + x] != 0
      }
      for j in (box.y0 - 1)...box.y1 {
        for i in (box.x0 - 1)...box.x1 {
          let a = on(i, j), b = on(i + 1, j), c = on(i + 1, j + 1), d = on(i, j + 1)
          if a == b && b == c && c == d { continue }
          for (from, to) in segments(a, b, c, d) {
            let f = edgeKey(from, i - box.x0 + 1, j - box.y0 + 1, cols)
            next[f] = edgeKey(to, i - box.x0 + 1, j - box.y0 + 1, cols)
            starts.append(f)
          }
        }
      }
    }
    var out: [[Point]] = []
    var visited = Set<Int>()
    for start in starts.sorted() where !visited.contains(start) {
      var loop: [Point] = []
      var key = start
      while !visited.contains(key), let to = next[key] {
        visited.insert(key)
        loop.append(point(ofEdge: key, cols, box.x0, box.y0))
        key = to
      }
      if loop.count >= 3 { out.append(loop) }
    }
    return out
  }

  /// The four edges of a cell, between its corner pixels: top (a-b), right (b-c),
  /// bottom (d-c), left (a-d).
  private enum Edge { case top, right, bottom, left }

  /// The directed segments of one cell with corners a (top left), b, c, d (clockwise),
  /// each with the on corners on its left (on screen).
  private static func segments(_ a: Bool, _ b: Bool, _ c: Bool, _ d: Bool) -> [(Edge, Edge)] {
    switch (a, b, c, d) {
    case (false, false, false, false), (true, true, true, true): return []
    // One corner on: the segment cuts it off.
    case (true, false, false, false): return [(.left, .top)]
    case (false, true, false, false): return [(.top, .right)]
    case (false, false, true, false): return [(.right, .bottom)]
    case (false, false, false, true): return [(.bottom, .left)]
    // Three on: the segment cuts off the one that is off.
    case (false, true, true, true): return [(.top, .left)]
    case (true, false, true, true): return [(.right, .top)]
    case (true, true, false, true): return [(.bottom, .right)]
    case (true, true, true, false): return [(.left, .bottom)]
    // Two on side by side.
    case (true, true, false, false): return [(.left, .right)]
    case (false, true, true, false): return [(.top, .bottom)]
    case (false, false, true, true): return [(.right, .left)]
    case (true, false, false, true): return [(.bottom, .top)]
    // Two on diagonally: kept apart.
    case (true, false, true, false): return [(.left, .top), (.right, .bottom)]
    case (false, true, false, true): return [(.top, .right), (.bottom, .left)]
    }
  }

  /// A key for the midpoint between two neighbouring pixel centres. Horizontal pairs
  /// (i, j)-(i + 1, j) are even keys, vertical pairs (i, j)-(i, j + 1) odd ones, with i and j
  /// shifted to start at 0.
  private static func edgeKey(_ e: Edge, _ i: Int, _ j: Int, _ cols: Int) -> Int {
    switch e {
    case .top: return (j * cols + i) * 2
    case .bottom: return ((j + 1) * cols + i) * 2
    case .left: return (j * cols + i) * 2 + 1
    case .right: return (j * cols + i + 1) * 2 + 1
    }
  }

  private static func point(ofEdge key: Int, _ cols: Int, _ x0: Int, _ y0: Int) -> Point {
    let cell = key / 2
    let i = cell % cols + x0 - 1
    let j = cell / cols + y0 - 1
    // Pixel (i, j) has its centre at (i + 0.5, j + 0.5).
    return key % 2 == 0
      ? Point(Double(i) + 1, Double(j) + 0.5) : Point(Double(i) + 0.5, Double(j) + 1)
  }

  private static func onBounds(_ mask: PixelMask) -> (x0: Int, y0: Int, x1: Int, y1: Int)? {
    var x0 = Int.max, y0 = Int.max, x1 = -1, y1 = -1
    for y in 0..<mask.height {
      for x in 0..<mask.width where mask.bits[y * mask.width + x] != 0 {
        x0 = min(x0, x)
        x1 = max(x1, x)
        y0 = min(y0, y)
        y1 = max(y1, y)
      }
    }
    return x1 < 0 ? nil : (x0, y0, x1, y1)
  }
}
