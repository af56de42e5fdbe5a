import SVGGeometry

/// A uniform grid over the boxes of a drawing's shapes: a hit test looks only at the
/// shapes whose box touches the cell of the point, instead of at every shape.
///
/// The grid has about one cell per shape (at most 1024×1024); each shape is listed in the
/// cells its box covers, and a shape covering more than 64 cells is kept on a short list
/// of large shapes that every query checks. Each cell is one cache line that holds the top
/// four entries of its list (the rest follow in one flat array), so that a query reads one
/// line for most cells, instead of one box per shape scattered over the drawing's arrays
/// (or a cell's start, then its entries elsewhere). Each entry holds the part of its shape's
/// exact box (see ``init(bounds:exact:records:)``) inside its cell, in 256ths of the cell
/// rounded out, so that the shapes of a cell whose box misses the point are passed over
/// without reading anything else: 12 bytes an entry, where the box in doubles made 40.
/// The rounding lets through a point within a 256th of a cell outside a box, which the
/// shape's own test (exact, and false outside its box) then answers. The index is never
/// changed once built: readers on any thread share it without a lock, and a hit test takes
/// it with one retain (unchecked: the memory of its cells is written only while it is made).
final class SpatialIndex: @unchecked Sendable {
  /// A shape listed in a cell: its index, the value given for it (where its hit record
  /// is), and the part of its box inside the cell in 256ths of the cell (``quantum``).
  struct Entry: Sendable {
    var shape: Int32
    var record: UInt32
    var minX: UInt8
    var maxX: UInt8
    var minY: UInt8
    var maxY: UInt8
  }

  /// A shape on the list of large shapes, with its box as it is.
  struct Large: Sendable {
    var shape: Int32
    var record: UInt32
    var box: Rect
  }

  /// A shape whose box may hold the point of a walk (``next(_:at:)``).
  struct Candidate {
    var shape: Int32
    var record: UInt32
  }

  private let origin: Point
  private let cellSize: Point
  private let columns: Int
  private let rows: Int
  /// Cell `c` in the 64 bytes from `64 * c`: where the entries of its list below the top
  /// four start in ``overflow`` (an `Int32`), the length of its list (an `Int32`), and the
  /// top four, or as many as it has, in paint order.
  private let cells: UnsafeMutableRawBufferPointer
  private let overflow: [Entry]
  private let large: [Large]

  /// The bytes of a cell, and how many entries it holds in place.
  private static let cellBytes = 64
  private static let inline = 4

  deinit { cells.deallocate() }

  /// An index of shapes whose boxes are `bounds`, which cells list them by; an entry holds
  /// the shape's box in `exact` (within its box in `bounds`), which the walk at a point
  /// (``next(_:at:)``) checks, and the shape's value in `records`.
  init(bounds: [Rect?], exact: [Rect?], records: [UInt32]) {
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
    let cellCount = columns * rows

    var counts = [Int32](repeating: 0, count: cellCount + 1)
    var large: [Large] = []
    var spans: [(c0: Int, c1: Int, r0: Int, r1: Int)?] = Array(repeating: nil, count: count)
    for (i, b) in bounds.enumerated() {
      guard let b else { continue }
      let (c0, r0) = Self.cell(Point(b.minX, b.minY), origin, cellSize, columns, rows)
      let (c1, r1) = Self.cell(Point(b.maxX, b.maxY), origin, cellSize, columns, rows)
      if (c1 - c0 + 1) * (r1 - r0 + 1) > 64 {
        large.append(Large(shape: Int32(i), record: records[i], box: exact[i] ?? b))
        continue
      }
      spans[i] = (c0, c1, r0, r1)
      for r in r0...r1 { for c in c0...c1 { counts[r * columns + c + 1] += 1 } }
    }
    for c in 0..<cellCount { counts[c + 1] += counts[c] }
    var fill = counts
    var items = [Entry](
      repeating: Entry(shape: 0, record: 0, minX: 0, maxX: 0, minY: 0, maxY: 0),
      count: Int(counts[cellCount]))
    for (i, span) in spans.enumerated() {
      guard let s = span, let b = exact[i] ?? bounds[i] else { continue }
      // The cells of the exact box: a point in the box is in one of them (`cell` is
      // monotonic). In the others, which list the shape for walks with a tolerance, the
      // entry holds no point.
      let (c0, r0) = Self.cell(Point(b.minX, b.minY), origin, cellSize, columns, rows)
      let (c1, r1) = Self.cell(Point(b.maxX, b.maxY), origin, cellSize, columns, rows)
      for r in s.r0...s.r1 {
        let y = Self.cellStart(r, origin.y, cellSize.y)
        let (minY, maxY) = (Self.quantum(b.minY, y), Self.quantum(b.maxY, y))
        for c in s.c0...s.c1 {
          let x = Self.cellStart(c, origin.x, cellSize.x)
          let cell = r * columns + c
          items[Int(fill[cell])] =
            (c0...c1).contains(c) && (r0...r1).contains(r)
            ? Entry(
              shape: Int32(i), record: records[i], minX: Self.quantum(b.minX, x),
              maxX: Self.quantum(b.maxX, x), minY: minY, maxY: maxY)
            : Entry(shape: Int32(i), record: records[i], minX: 255, maxX: 0, minY: 255, maxY: 0)
          fill[cell] += 1
        }
      }
    }
    self.large = large
    (cells, overflow) = Self.layOut(counts, items)
  }

  /// The cells' lines, and the entries of each list below its top four, from each cell's
  /// list (`items[counts[c]..<counts[c + 1]]`).
  private static func layOut(_ counts: [Int32], _ items: [Entry])
    -> (UnsafeMutableRawBufferPointer, [Entry])
  {
    let cellCount = counts.count - 1
    let cells = UnsafeMutableRawBufferPointer.allocate(
      byteCount: max(1, cellCount) * cellBytes, alignment: cellBytes)
    cells.initializeMemory(as: UInt8.self, repeating: 0)
    var overflow: [Entry] = []
    for c in 0..<cellCount {
      let (start, end) = (Int(counts[c]), Int(counts[c + 1]))
      let top = max(start, end - inline)
      let line = cells.baseAddress! + c * cellBytes
      line.storeBytes(of: Int32(overflow.count), as: Int32.self)
      line.storeBytes(of: Int32(end - start), toByteOffset: 4, as: Int32.self)
      overflow += items[start..<top]
      for k in top..<end {
        (line + 8 + (k - top) * MemoryLayout<Entry>.stride).storeBytes(of: items[k], as: Entry.self)
      }
    }
    return (cells, overflow)
  }

  /// Entry `k` of the list of the cell at `line`, whose entries below `top` are in
  /// `overflow` from `start`.
  @inline(__always)
  private static func entry(
    _ k: Int, _ line: UnsafeRawPointer, top: Int, start: Int,
    _ overflow: UnsafeBufferPointer<Entry>
  ) -> Entry {
    k >= top
      ? line.load(fromByteOffset: 8 &+ (k &- top) &* MemoryLayout<Entry>.stride, as: Entry.self)
      : overflow[start &+ k]
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

  /// Where column or row `k` starts, and the scale to its 256ths.
  @inline(__always)
  private static func cellStart(_ k: Int, _ origin: Double, _ size: Double) -> (
    start: Double, scale: Double
  ) {
    (origin + Double(k) * size, 256 / size)
  }

  /// A coordinate in 256ths of the cell that starts at `cell`, rounded down and clamped to
  /// 0...255. Monotonic (each step rounds correctly), so that a point inside a box in the
  /// cell's units is inside it in the cell's 256ths, wherever the rounding takes both.
  @inline(__always)
  private static func quantum(_ v: Double, _ cell: (start: Double, scale: Double)) -> UInt8 {
    let raw = (v - cell.start) * cell.scale
    guard raw >= 0 else { return 0 }
    return raw < 255 ? UInt8(Int(raw)) : 255
  }

  /// Where a walk over the shapes at a point stands (see ``next(_:at:)``): its cell, the
  /// next entry of the cell's list and of the large shapes, each read from its end, and the
  /// point in its cell's 256ths.
  struct Cursor {
    var cell = 0
    var k = -1
    /// The first of the cell's entries in place, and where the others start in `overflow`.
    var top = 0
    var start = 0
    var l = -1
    var x: UInt8 = 0
    var y: UInt8 = 0
  }

  /// The walk over the shapes whose box may hold `p`.
  func cursor(at p: Point) -> Cursor {
    let (c, r) = Self.cell(p, origin, cellSize, columns, rows)
    // In range: `cell` clamps to the grid.
    let cell = r &* columns &+ c
    let x = Self.quantum(p.x, Self.cellStart(c, origin.x, cellSize.x))
    let y = Self.quantum(p.y, Self.cellStart(r, origin.y, cellSize.y))
    let (_, count, start) = list(ofCell: cell)
    return Cursor(
      cell: cell, k: count &- 1, top: max(0, count &- Self.inline), start: start,
      l: large.count &- 1, x: x, y: y)
  }

  /// The line of cell `cell`, the length of its list, and where the entries of the list
  /// below its top four start in ``overflow``.
  @inline(__always)
  private func list(ofCell cell: Int) -> (line: UnsafeRawPointer, count: Int, start: Int) {
    let line = UnsafeRawPointer(cells.baseAddress!) + cell &* Self.cellBytes
    return (
      line, Int(line.load(fromByteOffset: 4, as: Int32.self)), Int(line.load(as: Int32.self))
    )
  }

  /// The entry of the next shape whose entry's box holds `p` (every shape whose box
  /// contains it, and a few within a rounding step), top-most first (descending paint
  /// order), each once; nil at the end. Allocates nothing: the cell's list and the
  /// large shapes, both in paint order, are merged from their ends, and shapes whose
  /// entry's box misses `p` are skipped.
  func next(_ cursor: inout Cursor, at p: Point) -> Candidate? {
    let line = UnsafeRawPointer(cells.baseAddress!) + cursor.cell &* Self.cellBytes
    return overflow.withUnsafeBufferPointer { overflow in
      large.withUnsafeBufferPointer { large in
        while cursor.k >= 0 || cursor.l >= 0 {
          let next =
            cursor.k >= 0
            ? Self.entry(cursor.k, line, top: cursor.top, start: cursor.start, overflow) : nil
          if let next, cursor.l < 0 || next.shape > large[cursor.l].shape {
            cursor.k -= 1
            if cursor.x >= next.minX && cursor.x <= next.maxX && cursor.y >= next.minY
              && cursor.y <= next.maxY
            {
              return Candidate(shape: next.shape, record: next.record)
            }
          } else {
            let next = large[cursor.l]
            cursor.l -= 1
            if next.box.contains(p) { return Candidate(shape: next.shape, record: next.record) }
          }
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
        let (line, count, start) = list(ofCell: r * columns + c)
        overflow.withUnsafeBufferPointer { overflow in
          for k in 0..<count {
            let entry = Self.entry(
              k, line, top: max(0, count - Self.inline), start: start, overflow)
            out.append(Int(entry.shape))
          }
        }
      }
    }
    if (c0 == c1 && r0 == r1) && large.isEmpty { return out.reversed() }
    return Array(Set(out)).sorted(by: >)
  }
}
