import SVGGeometry

/// The leaves hit at a canvas point (clips applied) and the part hit, top-most first, one
/// at a time: a loop, not a closure, so that the tester's state is a plain local (a local
/// function passed as a closure kept it in a box behind the runtime's exclusivity checks).
/// Allocates nothing itself when the tolerance is 0.
struct HitSearch {
  private enum Order {
    /// The index's candidates at the point, whose boxes are known to hold it.
    case cell
    /// The leaves of `listed`, in order, from position `k`.
    case listed
    /// Every leaf from `k` down.
    case all
    case done
  }

  private let storage: SceneStorage
  private let p: Point
  private var tester: LeafTester
  private var order: Order
  private let index: SpatialIndex?
  private var cursor: SpatialIndex.Cursor
  private let listed: [Int]
  private var k: Int

  /// Each stored property is assigned once: assigning some on several paths made the
  /// compiler copy the whole search through its value witnesses.
  init(_ storage: SceneStorage, at p: Point, options: HitTestOptions) {
    let tolerance = max(0, options.tolerance.isFinite ? options.tolerance : 0)
    var order = Order.done
    var index: SpatialIndex?
    var cursor = SpatialIndex.Cursor()
    var listed: [Int] = []
    var k = 0
    if !p.x.isFinite || !p.y.isFinite {
      order = .done
    } else if options.useIndex && storage.leaves.count >= SceneStorage.indexedCount {
      let built = storage.spatialIndex
      if tolerance == 0 {
        order = .cell
        cursor = built.cursor(at: p)
      } else {
        order = .listed
        listed = built.candidates(near: p, radius: tolerance)
      }
      index = built
    } else {
      order = .all
      k = storage.leaves.count - 1
    }
    self.storage = storage
    self.p = p
    self.tester = LeafTester(tolerance: tolerance)
    self.order = order
    self.index = index
    self.cursor = cursor
    self.listed = listed
    self.k = k
  }

  /// Gives the tester's probe back to the scene's pool.
  mutating func finish() { tester.finish(storage) }

  /// The next leaf hit, and the part hit; nil when there are no more.
  mutating func next() -> (leaf: Int, part: Hit.Part)? {
    while true {
      let i: Int
      switch order {
      case .cell:
        // The index's entries hold the leaves' boxes (rounded out, which the test answers
        // for): no second read of them.
        guard let next = index?.next(&cursor, at: p) else {
          order = .done
          return nil
        }
        let leaf = Int(next.shape)
        if let part = test(leaf, storage.hitShapes.record(at: next.record)) {
          return (leaf, part)
        }
        continue
      case .listed:
        guard k < listed.count else {
          order = .done
          return nil
        }
        i = listed[k]
        k += 1
      case .all:
        guard k >= 0 else {
          order = .done
          return nil
        }
        i = k
        k -= 1
      case .done:
        return nil
      }
      // Tested if its box, widened by the tolerance, holds `p`.
      guard let box = storage.leafBounds[i], box.insetBy(-tester.tolerance).contains(p)
      else {
        continue
      }
      if let part = test(i, storage.hitShapes[i]) { return (i, part) }
    }
  }

  /// The part of leaf `i` hit, clips applied; its box is known to hold `p`.
  private mutating func test(_ i: Int, _ record: HitRecord) -> Hit.Part? {
    guard let part = tester.test(i, record, at: p, in: storage),
      storage.clipsContain(leaf: i, record, p)
    else {
      return nil
    }
    return part
  }
}

extension SceneStorage {
  /// The top-most hit at canvas point `p` at tolerance 0, through the spatial index: the
  /// common case, as a loop of locals (a search's fields cost a retain and a release each
  /// per hit test), with the index lent by the storage that keeps it, not retained.
  func topHit(at p: Point) -> Hit? {
    let built = index.loadUnmanaged() ?? Unmanaged.passUnretained(spatialIndex)
    let table = positions.loadUnmanaged() ?? Unmanaged.passUnretained(elementTable)
    return built._withUnsafeGuaranteedRef { index in
      var cursor = index.cursor(at: p)
      var tester = LeafTester(tolerance: 0)
      defer { tester.finish(self) }
      while let entry = index.next(&cursor, at: p) {
        let i = Int(entry.shape)
        let record = hitShapes.record(at: entry.record)
        // What the test and the result read next, asked for together.
        let shape = record.shape
        record.prefetch(after: shape)
        table._withUnsafeGuaranteedRef { $0.prefetchName(shape.source) }
        if let part = tester.test(i, record, at: p, in: self), clipsContain(leaf: i, record, p) {
          return hit(leaf: i, record, part: part)
        }
      }
      return nil
    }
  }

  /// How many leaves a drawing has at least for hit tests to use the spatial index.
  static let indexedCount = 64
}
