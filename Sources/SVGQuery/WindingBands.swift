import SVGGeometry

/// A long path's filled segments sorted into horizontal bands, so that the winding number
/// at a point reads only the segments of its band: a segment above or below a point winds
/// around it zero times (``SVGGeometry/Path/winding(of:around:)``), so the sum over a band's
/// segments is the path's winding number, to the bit.
///
/// Traced artwork has paths of thousands of curves, and a tap on one walked all of them
/// (a drawing of 25 such paths answered 18,000 hit tests a second); a band holds a few.
/// Made for paths of at least ``minimumCount`` elements, with about one band per 4
/// segments, up to ``maximumBands``, when a hit test first reads the path's fill (see
/// ``Lazy``).
final class WindingBands: Sendable {
  static let minimumCount = 64
  static let maximumBands = 4096

  private let low: Double
  private let scale: Double
  /// `listed[starts[b]..<starts[b + 1]]` are the segments of band `b`, in path order.
  private let starts: [Int32]
  private let listed: [Int32]
  private let segments: [PathSegment]
  /// Each segment's control box, read before the segment: most segments of a band are
  /// beside the point, and wind around it as their chord does, or not at all.
  private let boxes: [(minX: Double, minY: Double, maxX: Double, maxY: Double)]

  /// The bands of `elements`: one for a path without height.
  init(_ elements: UnsafeBufferPointer<PathElement>) {
    var segments: [PathSegment] = []
    var boxes: [(minX: Double, minY: Double, maxX: Double, maxY: Double)] = []
    Path.forEachFilledSegment(elements) { seg in
      segments.append(seg)
      boxes.append(seg.controlBox)
    }
    let low = boxes.map(\.minY).min() ?? 0
    let high = boxes.map(\.maxY).max() ?? 0
    let height = high - low
    let count =
      height > 0 && height.isFinite ? min(Self.maximumBands, max(1, segments.count / 4)) : 1
    let scale = count > 1 ? Double(count) / height : 0
    (self.low, self.scale) = (low, scale)
    var starts = [Int32](repeating: 0, count: count + 1)
    let bands = boxes.map {
      (Self.band($0.minY, low, scale, count), Self.band($0.maxY, low, scale, count))
    }
    for (first, last) in bands { for b in first...last { starts[b + 1] += 1 } }
    for b in 0..<count { starts[b + 1] += starts[b] }
    var fill = starts
    var listed = [Int32](repeating: 0, count: Int(starts[count]))
    for (k, (first, last)) in bands.enumerated() {
      for b in first...last {
        listed[Int(fill[b])] = Int32(k)
        fill[b] += 1
      }
    }
    self.starts = starts
    self.listed = listed
    self.segments = segments
    self.boxes = boxes
  }

  /// The band of height `y`: monotonic, so that a point between a segment's lowest and
  /// highest control points is in one of the segment's bands.
  @inline(__always)
  private static func band(_ y: Double, _ low: Double, _ scale: Double, _ count: Int) -> Int {
    let v = (y - low) * scale
    guard v >= 0 else { return 0 }
    return v < Double(count - 1) ? Int(v) : count - 1
  }

  /// The path's winding number around `p`.
  func windingNumber(at p: Point) -> Int {
    let b = Self.band(p.y, low, scale, starts.count - 1)
    var sum = 0
    segments.withUnsafeBufferPointer { segments in
      boxes.withUnsafeBufferPointer { boxes in
        listed.withUnsafeBufferPointer { listed in
          for k in Int(starts[b])..<Int(starts[b + 1]) {
            let s = Int(listed[k])
            let box = boxes[s]
            // Above, below or left of the point: not crossed by the ray to +x.
            if p.y < box.minY || p.y > box.maxY || p.x > box.maxX { continue }
            let seg = segments[s]
            sum +=
              p.x < box.minX
              ? Path.edgeWinding(seg.start, seg.end, p) : Path.winding(of: seg, around: p)
          }
        }
      }
    }
    return sum
  }

  /// Whether `p` is inside the path filled under `rule`: ``SVGGeometry/Path/contains(_:rule:)``.
  func contains(_ p: Point, rule: FillRule) -> Bool {
    rule.isInside(winding: windingNumber(at: p))
  }
}

extension WindingBands {
  /// The bands of one long filled path, made by the first hit test that reads its fill: a
  /// scene is made again after every edit of a colouring session, and most of its paths
  /// are never tapped.
  final class Lazy: Sendable {
    private let bands = OnceReference<WindingBands>()

    /// The bands of `elements`, the path's.
    @inline(__always)
    func bands(_ elements: UnsafeBufferPointer<PathElement>) -> WindingBands {
      bands.load() ?? bands.storeIfNil(WindingBands(elements))
    }
  }
}
