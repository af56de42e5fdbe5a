import SVGGeometry
import SVGRender

/// The pixels a tap fills, by the paint programs' rule: the flood from the tapped pixel over
/// pixels close in colour to it, bounded by everything else (lines, filled shapes, earlier
/// fills of other colours).
///
/// **Gap closing.** Lines are grown by half the gap for the flood, so a break narrower than
/// the gap holds; the flood is then grown back by the same amount within the pixels that
/// are not lines, so the region still reaches the lines everywhere.
enum RegionFlood {
  /// How far a channel (0-255, over white) may differ from the tapped pixel's and still be
  /// flooded: the faint anti-aliased edge of a line is region, its body is boundary.
  static let tolerance = 64

  /// The pixels that differ from the colour at `seed` by more than ``tolerance``.
  static func boundary(of canvas: RegionCanvas, seed: (x: Int, y: Int)) -> PixelMask {
    let (w, h) = (canvas.width, canvas.height)
    let (r0, g0, b0) = canvas.colour(seed.x, seed.y)
    var mask = PixelMask(width: w, height: h)
    let stride = canvas.colours.stride
    canvas.colours.pixels.withUnsafeBytes { raw in
      mask.bits.withUnsafeMutableBufferPointer { bits in
        for y in 0..<h {
          for x in 0..<w {
            let v = raw.loadUnaligned(fromByteOffset: y * stride + x * 4, as: UInt32.self)
            let white = 255 - Int(v >> 24)
            let r = Int((v >> 16) & 0xFF) + white
            let g = Int((v >> 8) & 0xFF) + white
            let b = Int(v & 0xFF) + white
            if max(abs(r - r0), abs(g - g0), abs(b - b0)) > tolerance { bits[y * w + x] = 1 }
          }
        }
      }
    }
    return mask
  }

  /// The region filled from `seed`, closing breaks in lines narrower than `gap` pixels.
  /// Throws when the region reaches the edge of the canvas (it is the page background).
  static func region(of canvas: RegionCanvas, seed: (x: Int, y: Int), gap: Double)
    throws(RegionFillError) -> PixelMask
  {
    let lines = boundary(of: canvas, seed: seed)
    let radius = gap / 2
    let open = radius >= 0.5 ? lines.dilated(by: radius).inverted : lines.inverted
    guard let start = nearestOpen(open, lines, from: seed, within: radius + 2) else {
      throw RegionFillError("there is no room to fill between the lines there")
    }
    let flood = open.component(containing: start.x, start.y)
    if flood.touchesEdge {
      throw RegionFillError(
        "the region reaches the edge of the drawing: it is the page background, not an "
          + "enclosed region (a larger GAP closes wider breaks in its lines)")
    }
    guard radius >= 0.5 else { return flood }
    return flood.dilated(by: radius).subtracting(lines).component(containing: start.x, start.y)
  }

  /// `seed` when open, else the first open pixel reached from it without crossing a line,
  /// within `limit` pixels.
  private static func nearestOpen(
    _ open: PixelMask, _ lines: PixelMask, from seed: (x: Int, y: Int), within limit: Double
  ) -> (x: Int, y: Int)? {
    if open[seed.x, seed.y] { return seed }
    var queue = [seed]
    var seen: Set<Int> = [seed.y * open.width + seed.x]
    var head = 0
    while head < queue.count {
      let p = queue[head]
      head += 1
      for (dx, dy) in [(1, 0), (-1, 0), (0, 1), (0, -1)] {
        let q = (x: p.x + dx, y: p.y + dy)
        let dist = Double((q.x - seed.x) * (q.x - seed.x) + (q.y - seed.y) * (q.y - seed.y))
        guard q.x >= 0, q.y >= 0, q.x < open.width, q.y < open.height, dist <= limit * limit,
          !lines[q.x, q.y], seen.insert(q.y * open.width + q.x).inserted
        else { continue }
        if open[q.x, q.y] { return q }
        queue.append(q)
      }
    }
    return nil
  }
}

/// Why a region cannot be filled.
struct RegionFillError: Error, CustomStringConvertible {
  var description: String
  init(_ message: String) { description = message }
}
