import SVGGeometry

/// A uniform grid over the boxes of a drawing's shapes: a hit test looks only at the
/// shapes whose box touches the cell of the point, instead of at every shape.
///
/// The grid has about one cell per shape (at most 1024×1024); each shape is listed in the
/// cells its box covers, and a shape covering more than 64 cells is kept on a short list
/// of large shapes that every query checks. Cell lists are stored in one flat array, each
/// entry with its shape's exact box (see ``init(bounds:exact:)``), so that the shapes of a
/// cell whose box misses the point are passed over, and those whose box holds it are known
/// to, without reading anything else: a query reads the cell's start and its entries,
/// adjacent words, instead of one box per shape scattered over the drawing's arrays. The
/// index is never changed once built: readers on any thread share it without a lock, and a
/// hit test takes it with one retain.
final class SpatialIndex: Sendable {
  /// A shape listed in a cell: its index and its canvas box.
  struct Entry: Sendable {
    var shape: Int32
    var minX: Double
    var minY: Double
    var maxX: Double
    var maxY: Double

    init(_ shape: Int, _ box: Rect) {
      self.shape = Int32(shape)
      (minX, minY, maxX, maxY) = (box.minX, box.minY, box.maxX, box.maxY)
    }

    /// Whether the box holds `p`: `Rect.contains` on the shape's box, to the bit.
    @inline(__always)
    func contains(_ p: Point) -> Bool {
      p.x >= minX && p.x <= maxX && p.y >= minY && p.y <= maxY
    }
  }

  private let origin: Point
  private let cellSize: Point
  private let columns: Int
  private let rows: Int
  /// `items[starts[c]..<starts[c + 1]]` are the shapes in cell `c`, in paint order.
  private let starts: [Int32]
  private let items: [Entry]
  private let large: [Entry]

  /// An index of shapes whose boxes are `bounds`, which cells list them by; an entry holds
  /// the shape's box in `exact` (within its box in `bounds`), which the walk at a point
  /// (``next(_:at:)``) checks.
  init(bounds: [Rect?], exact: [Rect?]) {
    var total: Rect?
    for case let b? in bounds { total = total.map { $0.union(b) } ?? b }
    let extent = total ?? Rect(x: 0, y: 0, width: 1, height: 1)
    let count = bounds.count
    let side = max(1, min(1024, Int(Double(count).squareRoot().rounded(.up))))
    columns = side
    rows = side
    origin = Point(extent.x, extent.y)
    cellSize = Point(
      max(extent.width, 1e-9) / Double(side), max(extent.height, 1e-9) / Double(side))
    let cells = columns * rows

    var counts = [Int32](repeating: 0, count: cells + 1)
    var large: [Entry] = []
    var spans: [(c0: Int, c1: Int, r0: Int, r1: Int)?] = Array(repeating: nil, count: count)
    for (i, b) in bounds.enumerated() {
      guard let b else { continue }
      let (c0, r0) = Self.cell(Point(b.minX, b.minY), origin, cellSize, columns, rows)
      let (c1, r1) = Self.cell(Point(b.maxX, b.maxY), origin, cellSize, columns, rows)
      if (c1 - c0 + 1) * (r1 - r0 + 1) > 64 {
        large.append(Entry(i, exact[i] ?? b))
        continue
      }
      spans[i] = (c0, c1, r0, r1)
      for r in r0...r1 { for c in c0...c1 { counts[r * columns + c + 1] += 1 } }
    }
    for c in 0..<cells { counts[c + 1] += counts[c] }
    var fill = counts
    var items = [Entry](
      repeating: Entry(0, Rect(x: 0, y: 0, width: 0, height: 0)), count: Int(counts[cells]))
    for (i, span) in spans.enumerated() {
      guard let s = span, let b = exact[i] ?? bounds[i] else { continue }
      let entry = Entry(i, b)
      for r in s.r0...s.r1 {
        for c in s.c0...s.c1 {
          let cell = r * columns + c
          items[Int(fill[cell])] = entry
          fill[cell] += 1
        }
      }
    }
    starts = counts
    self.items = items
    self.large = large
  }

  private static func cell(
    _ p: Point, _ origin: Point, _ size: Point, _ columns: Int, _ rows: Int
  ) -> (Int, Int) {
    // `Int(v)` rounds down what is not negative, without a call to `floor`.
    func clamp(_ v: Double, _ n: Int) -> Int {
      guard v >= 0 else { return 0 }
      return v < Double(n - 1) ? Int(v) : n - 1
    }
    return (clamp((p.x - origin.x) / size.x, columns), clamp((p.y - origin.y) / size.y, rows))
  }

  /// Where a walk over the shapes at a point stands (see ``next(_:at:)``): the next entry
  /// of the cell's list and of the large shapes, each read from its end.
  struct Cursor {
    var k = -1
    var first = 0
    var l = -1
  }

  /// The walk over the shapes whose box may hold `p`.
  func cursor(at p: Point) -> Cursor {
    let (c, r) = Self.cell(p, origin, cellSize, columns, rows)
    // In range: `cell` clamps to the grid, whose `starts` has one more entry than cells.
    let cell = r &* columns &+ c
    return starts.withUnsafeBufferPointer { starts in
      Cursor(k: Int(starts[cell &+ 1]) &- 1, first: Int(starts[cell]), l: large.count &- 1)
    }
  }

  /// The next shape whose box contains `p` (`Rect.contains`), top-most first (descending
  /// paint order), each once; nil at the end. Allocates nothing: the cell's list and the
  /// large shapes, both in paint order, are merged from their ends, and shapes whose
  /// entry's box misses `p` are skipped.
  func next(_ cursor: inout Cursor, at p: Point) -> Int? {
    items.withUnsafeBufferPointer { items in
      large.withUnsafeBufferPointer { large in
        while cursor.k >= cursor.first || cursor.l >= 0 {
          let next: Entry
          if cursor.l < 0
            || (cursor.k >= cursor.first && items[cursor.k].shape > large[cursor.l].shape)
          {
            next = items[cursor.k]
            cursor.k -= 1
          } else {
            next = large[cursor.l]
            cursor.l -= 1
          }
          if next.contains(p) { return Int(next.shape) }
        }
        return nil
      }
    }
  }

  /// The shapes whose box may contain a point within `radius` of `p`, top-most first
  /// (descending paint order), each once.
  func candidates(near p: Point, radius: Double) -> [Int] {
    let (c0, r0) = Self.cell(Point(p.x - radius, p.y - radius), origin, cellSize, columns, rows)
    let (c1, r1) = Self.cell(Point(p.x + radius, p.y + radius), origin, cellSize, columns, rows)
    var out: [Int] = large.map { Int($0.shape) }
    for r in r0...r1 {
      for c in c0...c1 {
        let cell = r * columns + c
        for k in Int(starts[cell])..<Int(starts[cell + 1]) { out.append(Int(items[k].shape)) }
      }
    }
    if (c0 == c1 && r0 == r1) && large.isEmpty { return out.reversed() }
    return Array(Set(out)).sorted(by: >)
  }
}
