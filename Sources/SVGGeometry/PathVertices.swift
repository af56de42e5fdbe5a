import Glibc

/// A vertex of a path, where vertex markers (`marker-start`, `-mid`, `-end`) are placed.
public struct PathVertex: Hashable, Sendable {
  public var point: Point
  /// The direction of travel arriving at the vertex, in degrees, or nil at the start of an
  /// open subpath (nothing arrives there).
  public var incoming: Double?
  /// The direction of travel leaving the vertex, in degrees, or nil at the end of an open
  /// subpath.
  public var outgoing: Double?
  /// True for the first vertex of the whole path (where `marker-start` goes).
  public var isFirst: Bool
  /// True for the last vertex of the whole path (where `marker-end` goes).
  public var isLast: Bool

  /// True where `marker-mid` goes: every vertex but the path's first and last.
  public var isMiddle: Bool { !isFirst && !isLast }

  /// The marker angle for `orient="auto"`, in degrees in [0, 360): the direction itself where
  /// only one exists, otherwise the bisector of incoming and outgoing (SVG 2 "rendering
  /// markers"); 0 where the vertex has no segment at all (a lone moveto).
  public var autoAngle: Double {
    switch (incoming, outgoing) {
    case (nil, nil): return 0
    case (let a?, nil), (nil, let a?): return Self.normalized(a)
    case (let a?, let b?):
      let inAngle = Self.normalized(a)
      let half = (Self.normalized(b) - inAngle) / 2
      return Self.normalized(abs(half) > 90 ? inAngle + half - 180 : inAngle + half)
    }
  }

  static func normalized(_ degrees: Double) -> Double {
    let v = degrees.truncatingRemainder(dividingBy: 360)
    return v < 0 ? v + 360 : v
  }
}

extension Path {
  /// Every vertex of the path in order, with the directions used to orient markers.
  ///
  /// A subpath yields its start point and then the end of each segment; a closepath yields a
  /// vertex back at the subpath start, so a closed subpath's start appears twice. At a closed
  /// subpath's start the incoming direction is that of the closing segment, and at its closing
  /// vertex the outgoing direction is that of the first segment. Directions follow SVG 2
  /// "path directionality": a zero-length segment borrows the end direction of the nearest
  /// non-zero segment before it in the path, failing that the start direction of the nearest
  /// after it; a path of zero length points along +x.
  public var vertices: [PathVertex] {
    let subs = subpaths
    let segs = subs.flatMap(\.segments)
    let (starts, ends) = Self.segmentDirections(segs)
    var result: [PathVertex] = []
    result.reserveCapacity(segs.count + subs.count)
    var index = 0
    for sub in subs {
      let first = index
      let count = sub.segments.count
      result.append(
        PathVertex(
          point: sub.start, incoming: sub.isClosed ? ends[first + count - 1] : nil,
          outgoing: count > 0 ? starts[first] : nil, isFirst: false, isLast: false))
      for (k, seg) in sub.segments.enumerated() {
        let out: Double? =
          k + 1 < count ? starts[first + k + 1] : (sub.isClosed ? starts[first] : nil)
        result.append(
          PathVertex(
            point: seg.end, incoming: ends[first + k], outgoing: out, isFirst: false,
            isLast: false))
      }
      index += count
    }
    if !result.isEmpty {
      result[0].isFirst = true
      result[result.count - 1].isLast = true
    }
    return result
  }

  /// Start and end direction (degrees) of every segment, zero-length ones resolved.
  static func segmentDirections(_ segs: [PathSegment]) -> (starts: [Double], ends: [Double]) {
    func angle(_ v: Point) -> Double { atan2(v.y, v.x) * 180 / .pi }
    var starts = segs.map { $0.startDirection.map(angle) }
    var ends = segs.map { $0.endDirection.map(angle) }
    // End direction of the nearest non-zero segment before each index.
    var before = [Double?](repeating: nil, count: segs.count)
    var last: Double? = nil
    for i in segs.indices {
      before[i] = last
      if let e = ends[i] { last = e }
    }
    // A zero-length segment looks back first for its start, ahead first for its end.
    var next: Double? = nil
    for i in segs.indices.reversed() {
      if starts[i] == nil {
        starts[i] = before[i] ?? next
        ends[i] = next ?? before[i]
      } else {
        next = starts[i]
      }
    }
    return (starts.map { $0 ?? 0 }, ends.map { $0 ?? 0 })
  }
}
