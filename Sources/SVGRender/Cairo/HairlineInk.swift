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
    let v = piece.to - piece.from
    if abs(v.x) >= abs(v.y) {
      Self.spread(
        from: piece.from, to: piece.to, width: piece.width, along: \.x, across: \.y,
        lanes: x..<(x + width)
      ) { column, row, value in add(column, row, value) }
    } else {
      Self.spread(
        from: piece.from, to: piece.to, width: piece.width, along: \.y, across: \.x,
        lanes: y..<(y + height)
      ) { row, column, value in add(column, row, value) }
    }
  }

  /// Steps a piece along the axis `along` one lane (column or row) at a time within
  /// `lanes`, calling `put(lane, cell across, ink)`.
  private static func spread(
    from a: Point, to b: Point, width: Double, along: KeyPath<Point, Double>,
    across: KeyPath<Point, Double>, lanes: Range<Int>, put: (Int, Int, Double) -> Void
  ) {
    let (start, end) = a[keyPath: along] <= b[keyPath: along] ? (a, b) : (b, a)
    let (s0, s1) = (start[keyPath: along], end[keyPath: along])
    guard s1 > s0 else { return }
    let slope = (end[keyPath: across] - start[keyPath: across]) / (s1 - s0)
    let perUnit = width * (1 + slope * slope).squareRoot()
    var lane = max(Int(s0.rounded(.down)), lanes.lowerBound)
    let last = min(Int((s1.rounded(.up))) - 1, lanes.upperBound - 1)
    while lane <= last {
      let lo = max(s0, Double(lane))
      let hi = min(s1, Double(lane + 1))
      if hi > lo {
        let centre = start[keyPath: across] + slope * ((lo + hi) / 2 - s0) - 0.5
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
