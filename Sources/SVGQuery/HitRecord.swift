import CPrefetch
import SVGGeometry
import SVGTree

/// One leaf's hit record, read in place: its ``HitShape``, then for a stroked leaf its
/// ``StrokeShape``, then its path's elements, then for a stroked leaf one vertex factor per
/// element (``StrokeVertices/factors(_:_:_:)``), one after another, in the order a test
/// reads them. A candidate's test reads one stretch of memory: kept in four arrays, the
/// shape, elements, stroke and factors of a candidate were four places far apart, and on a
/// drawing of 100,000 paths, whose arrays are far larger than the caches, each was a miss.
struct HitRecord {
  let base: UnsafeRawPointer

  @inline(__always)
  var shape: HitShape { base.load(as: HitShape.self) }

  /// The stroke's shape; only for a record whose shape's ``HitShape/stroke`` is not -1.
  @inline(__always)
  var strokeShape: UnsafePointer<StrokeShape> {
    (base + Self.strokeStart).assumingMemoryBound(to: StrokeShape.self)
  }

  /// The path's elements; `shape` is this record's.
  @inline(__always)
  func elements(_ shape: HitShape) -> UnsafeBufferPointer<PathElement> {
    UnsafeBufferPointer(
      start: (base + Self.elementsStart(shape)).assumingMemoryBound(to: PathElement.self),
      count: Int(shape.elementCount))
  }

  /// The stroke's vertex factors; only for a shape whose ``HitShape/stroke`` is not -1.
  @inline(__always)
  func vertexFactors(_ shape: HitShape) -> UnsafeBufferPointer<Double> {
    UnsafeBufferPointer(
      start: (base + Self.factorsStart(shape)).assumingMemoryBound(to: Double.self),
      count: Int(shape.elementCount))
  }

  /// Asks for the cache lines of the record after the one its shape starts in, without
  /// waiting for them: a test then finds them on its way, rather than waiting for each in
  /// turn as it reaches it.
  @inline(__always)
  func prefetch(after shape: HitShape) {
    var line = 64 &- (Int(bitPattern: base) & 63)
    let end = Self.words(shape) &* 8
    while line < end {
      inkpath_prefetch(base + line)
      line &+= 64
    }
  }

  private static let strokeStart = MemoryLayout<HitShape>.stride

  @inline(__always)
  private static func elementsStart(_ shape: HitShape) -> Int {
    strokeStart + (shape.stroke >= 0 ? MemoryLayout<StrokeShape>.stride : 0)
  }

  @inline(__always)
  private static func factorsStart(_ shape: HitShape) -> Int {
    elementsStart(shape) + Int(shape.elementCount) * MemoryLayout<PathElement>.stride
  }

  /// The size of a record in 8-byte words: every part's alignment is at most 8, and its
  /// stride a multiple of its alignment, so each part starts aligned.
  private static func words(_ shape: HitShape) -> Int {
    let bytes = factorsStart(shape) + (shape.stroke >= 0 ? 8 * Int(shape.elementCount) : 0)
    return (bytes + 7) / 8
  }

  /// Collects the records of a scene's leaves in order, then writes them into one buffer.
  struct Layout {
    /// The records' parts, each in record order: every record's elements, and the shape
    /// and factors (one per element) of every stroked record's stroke.
    private var shapes: [HitShape] = []
    private var elements: [PathElement] = []
    private var strokes: [StrokeShape] = []
    private var factors: [Double] = []
    /// What has been given for the record that ``add(_:)`` ends.
    private var stroked = false
    private var firstElement = 0

    /// The elements of the record that ``add(_:)`` ends.
    mutating func elements(_ more: [PathElement]) { elements += more }

    /// The stroke of the record that ``add(_:)`` ends.
    mutating func stroke(_ shape: StrokeShape, _ more: [Double]) {
      stroked = true
      strokes.append(shape)
      factors += more
    }

    /// Ends a record: its shape, with the elements and stroke given since the last.
    mutating func add(_ shape: HitShape) {
      precondition(elements.count - firstElement == Int(shape.elementCount))
      precondition(stroked == (shape.stroke >= 0))
      shapes.append(shape)
      (firstElement, stroked) = (elements.count, false)
    }

    /// Each record's start in words, and the buffer that holds them (to be deallocated by
    /// its owner).
    func write() -> (offsets: [UInt32], records: UnsafeMutableRawBufferPointer) {
      var offsets: [UInt32] = []
      offsets.reserveCapacity(shapes.count)
      var total = 0
      for shape in shapes {
        offsets.append(UInt32(total))
        total += HitRecord.words(shape)
      }
      precondition(total <= Int(UInt32.max), "more hit records than 32 GiB")
      let buffer = UnsafeMutableRawBufferPointer.allocate(
        byteCount: max(8, 8 * total), alignment: 8)
      PageMapping.prefault(buffer.baseAddress!, count: buffer.count)
      // Where the next record's parts are in the arrays.
      var (element, stroke, factor) = (0, 0, 0)
      for (k, shape) in shapes.enumerated() {
        let base = buffer.baseAddress! + 8 * Int(offsets[k])
        base.initializeMemory(as: HitShape.self, repeating: shape, count: 1)
        let count = Int(shape.elementCount)
        _ = UnsafeMutableBufferPointer(
          start: (base + elementsStart(shape)).bindMemory(to: PathElement.self, capacity: count),
          count: count
        ).initialize(from: elements[element..<element + count])
        element += count
        guard shape.stroke >= 0 else { continue }
        (base + strokeStart).initializeMemory(
          as: StrokeShape.self, repeating: strokes[stroke], count: 1)
        _ = UnsafeMutableBufferPointer(
          start: (base + factorsStart(shape)).bindMemory(to: Double.self, capacity: count),
          count: count
        ).initialize(from: factors[factor..<factor + count])
        (stroke, factor) = (stroke + 1, factor + count)
      }
      return (offsets, buffer)
    }
  }
}
