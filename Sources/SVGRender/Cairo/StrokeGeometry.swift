import SVGGeometry

extension Path {
  /// Whether the path has a curve (which cairo may flatten or replace by its chord).
  var hasCurves: Bool {
    elements.contains {
      switch $0 {
      case .quad, .cubic: true
      case .move, .line, .close: false
      }
    }
  }

  /// The path as it is handed to cairo's stroker for `stroke` (the hit-test probe strokes
  /// the same path).
  ///
  /// A curve whose control points all lie on one line (within a small tolerance relative to
  /// its size) is replaced by lines through its turning points. Skia-based renderers (the
  /// browsers, resvg) stroke such curves as lines; cairo instead orients the caps along the
  /// nearly-zero end tangents and draws offset-curve artefacts where the curvature spikes.
  ///
  /// A zero-length subpath (`M 10 10 z`, `M x y l 0 0`, `M x y L x y`: segments that all end
  /// where they start) with round or square caps becomes a segment 1/256 of the width long,
  /// centred on the point and along the x axis, so that it draws its dot or its square as
  /// SVG says ("zero-length subpath"); cairo draws round caps of such subpaths but never
  /// square ones, whose direction it cannot tell. The segment is long enough to survive
  /// cairo's fixed point once the width is a device pixel. With butt caps, and for a lone
  /// `moveto`, nothing is drawn.
  ///
  /// A path that needs none of this is returned as it is, its elements not copied, so that
  /// a renderer can tell that its fill and its stroke share one path.
  func forStroking(_ stroke: Stroke) -> Path {
    let zeroLength = stroke.cap == .butt ? [] : zeroLengthSubpaths
    guard hasCurves || !zeroLength.isEmpty else { return self }
    // Elements are copied from the first one that changes on.
    var out: Path?
    func changing(from i: Int) {
      guard out == nil else { return }
      out = Path(Array(elements[..<i]))
      out!.elements.reserveCapacity(elements.count)
    }
    var current = Point(0, 0)
    var start = Point(0, 0)
    var next = zeroLength.makeIterator()
    var pending = next.next()
    var index = 0
    while index < elements.count {
      if let z = pending, z.range.lowerBound == index {
        changing(from: index)
        let half = stroke.width / 512
        out!.move(to: Point(z.point.x - half, z.point.y))
        out!.line(to: Point(z.point.x + half, z.point.y))
        // After a `closepath` the next segment starts at the subpath's start again.
        out!.move(to: z.point)
        (current, start) = (z.point, z.point)
        index = z.range.upperBound
        pending = next.next()
        continue
      }
      let el = elements[index]
      var turns: [Point]?
      switch el {
      case .move(let p): (current, start) = (p, p)
      case .line(let p): current = p
      case .close: current = start
      case .quad(let c, let p):
        let c1 = current + (c - current) * (2.0 / 3)
        let c2 = p + (c - p) * (2.0 / 3)
        turns = Self.collinearTurns(current, c1, c2, p)
        current = p
      case .cubic(let c1, let c2, let p):
        turns = Self.collinearTurns(current, c1, c2, p)
        current = p
      }
      if let turns {
        changing(from: index)
        for q in turns { out!.line(to: q) }
      } else if out != nil {
        out!.elements.append(el)
      }
      index += 1
    }
    return out ?? self
  }

  /// The subpaths with segments (or a `closepath`) that all end where they start: the range
  /// of their elements (the `moveto` included, when there is one) and their point.
  private var zeroLengthSubpaths: [(range: Range<Int>, point: Point)] {
    var found: [(range: Range<Int>, point: Point)] = []
    var start = Point(0, 0)
    var first = 0
    var segments = 0
    var degenerate = true
    func finish(at end: Int) {
      if segments > 0 && degenerate { found.append((first..<end, start)) }
      (first, segments, degenerate) = (end, 0, true)
    }
    for (i, el) in elements.enumerated() {
      switch el {
      case .move(let p):
        finish(at: i)
        start = p
      case .line(let p):
        segments += 1
        if p != start { degenerate = false }
      case .close:
        segments += 1
        finish(at: i + 1)
      case .quad(let c, let p):
        segments += 1
        if c != start || p != start { degenerate = false }
      case .cubic(let c1, let c2, let p):
        segments += 1
        if c1 != start || c2 != start || p != start { degenerate = false }
      }
    }
    finish(at: elements.count)
    return found
  }

  /// For a cubic whose four points lie on one line: the points where it reverses along that
  /// line, then its end point. nil for a real curve or a point.
  static func collinearTurns(_ p0: Point, _ p1: Point, _ p2: Point, _ p3: Point) -> [Point]? {
    let pts = [p0, p1, p2, p3]
    var (outer1, outer2, extent) = (0, 0, -1.0)
    for i in 0..<3 {
      for j in (i + 1)..<4 {
        let d = pts[j] - pts[i]
        let m = max(abs(d.x), abs(d.y))
        if m > extent { (outer1, outer2, extent) = (i, j, m) }
      }
    }
    guard extent > 0 else { return nil }
    let a = pts[outer1]
    let axis = pts[outer2] - a
    let length2 = axis.x * axis.x + axis.y * axis.y
    let slop = extent * extent * 1e-5
    for (k, q) in pts.enumerated() where k != outer1 && k != outer2 {
      let v = q - a
      let cross = v.x * axis.y - v.y * axis.x
      if cross * cross / length2 > slop { return nil }
    }
    // Position along the axis: s(t) is a cubic; its derivative's roots are the turns.
    func s(_ q: Point) -> Double { ((q - p0).x * axis.x + (q - p0).y * axis.y) / length2 }
    let (s1, s2, s3) = (s(p1), s(p2), s(p3))
    // s'(t)/3 = A t^2 + B t + C for the Bernstein form with s0 = 0.
    let qa = s3 - 3 * s2 + 3 * s1
    let qb = 2 * (s2 - 2 * s1)
    let qc = s1
    var roots: [Double] = []
    if abs(qa) < 1e-12 {
      if abs(qb) > 1e-12 { roots.append(-qc / qb) }
    } else {
      let disc = qb * qb - 4 * qa * qc
      if disc >= 0 {
        let r = disc.squareRoot()
        roots += [(-qb - r) / (2 * qa), (-qb + r) / (2 * qa)]
      }
    }
    let segment = PathSegment.cubic(p0, p1, p2, p3)
    var result = roots.filter { $0 > 1e-9 && $0 < 1 - 1e-9 }.sorted().map { segment.point(at: $0) }
    result.append(p3)
    return result
  }
}
