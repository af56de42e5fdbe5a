import CCairo
import SVGGeometry

/// The ink of a hairline's pieces, gathered per device pixel of a box (``Hairline``).
struct Ink {
  let x: Int
  let y: Int
  let width: Int
  let height: Int
  private var alpha: [Float]

  init(x: Int, y: Int, width: Int, height: Int) {
    (self.x, self.y, self.width, self.height) = (x, y, width, height)
    alpha = [Float](repeating: 0, count: width * height)
  }

  /// Adds the ink of `piece`: along its major axis, each column (or row) it crosses gets
  /// the piece's length within it times its width, split between the two pixels whose
  /// centres are nearest the centre line there. Columns outside the box are skipped
  /// whole, so a pixel's value does not depend on the box.
  mutating func deposit(_ piece: Hairline.Piece) {
    let (a, b) = (piece.from, piece.to)
    if abs(b.x - a.x) >= abs(b.y - a.y) {
      Self.spread(a, b, width: piece.width, lanes: x..<(x + width)) { column, row, value in
        add(column, row, value)
      }
    } else {
      // A steep piece is spread along its rows: the same steps with the axes swapped.
      Self.spread(Point(a.y, a.x), Point(b.y, b.x), width: piece.width, lanes: y..<(y + height)) {
        row, column, value in add(column, row, value)
      }
    }
  }

  /// Steps a piece along x (its longer extent) one lane (column) at a time within `lanes`,
  /// calling `put(lane, cell across, ink)`.
  private static func spread(
    _ a: Point, _ b: Point, width: Double, lanes: Range<Int>, put: (Int, Int, Double) -> Void
  ) {
    let (start, end) = a.x <= b.x ? (a, b) : (b, a)
    guard end.x > start.x else { return }
    let slope = (end.y - start.y) / (end.x - start.x)
    let perUnit = width * (1 + slope * slope).squareRoot()
    var lane = max(Int(start.x.rounded(.down)), lanes.lowerBound)
    let last = min(Int(end.x.rounded(.up)) - 1, lanes.upperBound - 1)
    while lane <= last {
      let lo = max(start.x, Double(lane))
      let hi = min(end.x, Double(lane + 1))
      if hi > lo {
        let centre = start.y + slope * ((lo + hi) / 2 - start.x) - 0.5
        let cell = centre.rounded(.down)
        let f = centre - cell
        let ink = perUnit * (hi - lo)
        put(lane, Int(cell), ink * (1 - f))
        put(lane, Int(cell) + 1, ink * f)
      }
      lane += 1
    }
  }

  private mutating func add(_ column: Int, _ row: Int, _ value: Double) {
    let (i, j) = (column - x, row - y)
    guard i >= 0, i < width, j >= 0, j < height else { return }
    alpha[j * width + i] += Float(value)
  }

  /// The ink as an A8 image surface, each pixel's ink capped at full coverage.
  func surface() -> OpaquePointer? {
    guard let surface = cairo_image_surface_create(CAIRO_FORMAT_A8, Int32(width), Int32(height))
    else { return nil }
    guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS,
      let data = cairo_image_surface_get_data(surface)
    else {
      cairo_surface_destroy(surface)
      return nil
    }
    cairo_surface_flush(surface)
    let stride = Int(cairo_image_surface_get_stride(surface))
    alpha.withUnsafeBufferPointer { a in
      for j in 0..<height {
        let row = data + j * stride
        for i in 0..<width {
          let v = a[j * width + i]
          row[i] = v >= 1 ? 255 : v > 0 ? UInt8(v * 255 + 0.5) : 0
        }
      }
    }
    cairo_surface_mark_dirty(surface)
    return surface
  }
}
