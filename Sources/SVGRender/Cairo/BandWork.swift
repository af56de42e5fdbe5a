import CCairo
import SVGGeometry

/// An estimate of how the drawing work of an image is spread over its rows, gathered by the
/// band plan's survey walk (``ChordSurvey``) so that the bands are cut where each gets an
/// equal share of the work, not an equal share of the rows: a drawing whose detail sits in
/// its lower half kept one core idle most of the time with even bands (one band drew in
/// 8 ms what the other drew in 74).
///
/// cairo's scan converter walks every edge of a polygon across each row it spans, and fills
/// the spans between them, so a shape costs each row it covers about one unit per segment
/// crossing the row (two for a stroke, whose outline runs on both sides of the path) and one
/// unit per 64 pixels of its width. Curves count once over the rows their control points
/// span. What every band pays alike (the walk of the tree, building each path) does not
/// move the edges and is left out.
///
/// The edges are then moved to the nearest even edge of ``grid`` bands, the rows
/// `svg-bench bands-check` compares over the 40 largest drawings. Since bands draw rows above
/// their own (``BandedRaster/settleRows``), those rows are no safer than any other:
/// `svg-bench bands-check --tops` finds no band top on the 40 at 800 px that differs from
/// the whole image, where 8 rows of mr_lakshman_poonyth_ did without them (371, 373, 429,
/// 458, 468, 647, 666, 668).
struct BandWork {
  /// Work starting at each row minus work ending there (a difference array), one more
  /// entry than rows.
  private var delta: [Double]

  init(rows: Int) { delta = [Double](repeating: 0, count: max(0, rows) + 1) }

  var rows: Int { delta.count - 1 }
  /// Band edges are placed at even edges of this many bands (see ``balancedEdges(count:)``).
  let grid = 16

  /// Adds `path` drawn under `m` (user space to device), its outline `reach` device pixels
  /// beyond the path (half a stroke's width, 0 for a fill), `sides` outlines per segment;
  /// returns the work added, over all its rows.
  @discardableResult
  mutating func add(_ path: Path, matrix m: cairo_matrix_t, reach: Double, sides: Double)
    -> Double
  {
    guard rows > 0 else { return 0 }
    var added = 0.0
    var current = (x: 0.0, y: 0.0)
    var start = current
    var (minX, maxX) = (Double.infinity, -Double.infinity)
    var (top, bottom) = (Double.infinity, -Double.infinity)
    func device(_ p: Point) -> (x: Double, y: Double) {
      (m.xx * p.x + m.xy * p.y + m.x0, m.yx * p.x + m.yy * p.y + m.y0)
    }
    func segment(_ y0: Double, _ y1: Double) {
      let low = y0 - reach
      let high = y1 + reach
      added += span(low, high, sides)
      top = min(top, low)
      bottom = max(bottom, high)
    }
    for element in path.elements {
      switch element {
      case .move(let p):
        current = device(p)
        start = current
      case .line(let p):
        let d = device(p)
        segment(min(current.y, d.y), max(current.y, d.y))
        minX = min(minX, current.x, d.x)
        maxX = max(maxX, current.x, d.x)
        current = d
      case .quad(let c, let p):
        let (dc, d) = (device(c), device(p))
        segment(min(current.y, dc.y, d.y), max(current.y, dc.y, d.y))
        minX = min(minX, current.x, dc.x, d.x)
        maxX = max(maxX, current.x, dc.x, d.x)
        current = d
      case .cubic(let c1, let c2, let p):
        let (d1, d2, d) = (device(c1), device(c2), device(p))
        segment(min(current.y, d1.y, d2.y, d.y), max(current.y, d1.y, d2.y, d.y))
        minX = min(minX, current.x, d1.x, d2.x, d.x)
        maxX = max(maxX, current.x, d1.x, d2.x, d.x)
        current = d
      case .close:
        segment(min(current.y, start.y), max(current.y, start.y))
        current = start
      }
    }
    guard top <= bottom, minX <= maxX else { return added }
    return added + span(top, bottom, (maxX - minX + 2 * reach) / 64)
  }

  /// Adds `amount` to every row from `low` to `high` (device y), within the image; returns
  /// the work added.
  private mutating func span(_ low: Double, _ high: Double, _ amount: Double) -> Double {
    guard high >= 0, low < Double(rows), low.isFinite, high.isFinite else { return 0 }
    let first = Int(max(0, low.rounded(.down)))
    let end = Int(min(Double(rows), high.rounded(.down) + 1))
    guard first < end else { return 0 }
    delta[first] += amount
    delta[end] -= amount
    return amount * Double(end - first)
  }

  /// The work added over all rows.
  var total: Double { cumulative[rows] }

  /// The work of the rows above each row, and over all of them last.
  private var cumulative: [Double] {
    var running = 0.0
    var sums = [Double](repeating: 0, count: rows + 1)
    for r in 0..<rows {
      running += delta[r]
      sums[r + 1] = sums[r] + max(0, running)
    }
    return sums
  }

  /// The row at which each of `count - 1` inner band edges gives the bands above it an
  /// equal share of the work, or nil when nothing was added (even bands then).
  func balancedEdges(count: Int) -> [Int]? {
    let cumulative = self.cumulative
    let total = cumulative[rows]
    guard total > 0, count > 1 else { return nil }
    var edges: [Int] = []
    var r = 0
    for k in 1..<count {
      let share = total * Double(k) / Double(count)
      while r < rows, cumulative[r + 1] < share { r += 1 }
      // To the nearest of the even edges of `grid` bands.
      let j = min(max((Double(r + 1) * Double(grid) / Double(rows)).rounded(), 1), Double(grid - 1))
      edges.append(rows * Int(j) / grid)
    }
    return edges
  }
}
