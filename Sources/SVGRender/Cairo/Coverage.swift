extension CoverageMask {
  /// The coverage of one shape in the image: per row, the runs of pixels it covers, a
  /// byte per pixel (runs apart by fewer than ``Coverage/minGap`` uncovered pixels are one).
  struct Coverage: Sendable {
    /// Uncovered pixels between two runs of a row; fewer are kept within one run.
    static let minGap = 16
    /// The rows it spans.
    let rows: Range<Int>
    /// Per row, the index in ``runs`` of its first run (one entry more than rows).
    let rowRuns: [Int32]
    /// Each run's first column, and the index of its first byte in ``bytes``.
    let runs: [(x: Int32, start: Int32)]
    /// The coverage of the runs, one after the other; one more entry in ``runs`` ends it.
    let bytes: [UInt8]

    static let empty = Coverage(rows: 0..<0, rowRuns: [0], runs: [(0, 0)], bytes: [])

    /// The runs of the rows of `columns` that `read(y)` gives (its bytes there) for `rows`.
    init(rows: Range<Int>, columns: Range<Int>, read: (Int) -> UnsafePointer<UInt8>) {
      var rowRuns: [Int32] = []
      var runs: [(x: Int32, start: Int32)] = []
      var bytes: [UInt8] = []
      for y in rows {
        rowRuns.append(Int32(runs.count))
        let row = read(y)
        let n = columns.count
        var x = 0
        while x < n {
          while x + 8 <= n, Self.word(row + x) == 0 { x += 8 }
          while x < n, row[x] == 0 { x += 1 }
          guard x < n else { break }
          // The run ends after its last covered pixel that is followed by `minGap` uncovered
          // ones (or the row's end); a word at a time where it is all covered or all not.
          let first = x
          var last = x
          x += 1
          while x < n, x - last <= Self.minGap {
            if x + 8 <= n {
              let w = Self.word(row + x)
              if w == 0 {
                x += 8
                continue
              }
              if !Self.hasZeroByte(w) {
                last = x + 7
                x += 8
                continue
              }
            }
            if row[x] != 0 { last = x }
            x += 1
          }
          runs.append((Int32(columns.lowerBound + first), Int32(bytes.count)))
          bytes.append(contentsOf: UnsafeBufferPointer(start: row + first, count: last + 1 - first))
        }
      }
      rowRuns.append(Int32(runs.count))
      runs.append((0, Int32(bytes.count)))
      self.init(rows: rows, rowRuns: rowRuns, runs: runs, bytes: bytes)
    }

    /// The 8 bytes at `p`, as one word.
    @inline(__always)
    static func word(_ p: UnsafePointer<UInt8>) -> UInt64 {
      UnsafeRawPointer(p).loadUnaligned(as: UInt64.self)
    }

    /// Whether one of the 8 bytes of `w` is 0.
    @inline(__always)
    static func hasZeroByte(_ w: UInt64) -> Bool {
      (w &- 0x0101_0101_0101_0101) & ~w & 0x8080_8080_8080_8080 != 0
    }

    private init(
      rows: Range<Int>, rowRuns: [Int32], runs: [(x: Int32, start: Int32)], bytes: [UInt8]
    ) {
      self.rows = rows
      self.rowRuns = rowRuns
      self.runs = runs
      self.bytes = bytes
    }

    /// Bytes held.
    var size: Int { bytes.count + rowRuns.count * 4 + runs.count * 8 }
  }
}
