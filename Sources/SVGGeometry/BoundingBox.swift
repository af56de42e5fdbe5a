extension PathSegment {
  /// The exact bounds of the segment: its end points plus the curve's extrema, found where
  /// the derivative of each coordinate is zero (control points outside the curve are ignored).
  public var bounds: Rect {
    var lo = start
    var hi = start
    func add(_ p: Point) {
      lo = Point(min(lo.x, p.x), min(lo.y, p.y))
      hi = Point(max(hi.x, p.x), max(hi.y, p.y))
    }
    add(end)
    switch self {
    case .line: break
    case .quad(let a, let b, let c):
      for t in [Self.quadExtremum(a.x, b.x, c.x), Self.quadExtremum(a.y, b.y, c.y)] {
        if let t { add(point(at: t)) }
      }
    case .cubic(let a, let b, let c, let d):
      for t in Self.cubicExtrema(a.x, b.x, c.x, d.x) + Self.cubicExtrema(a.y, b.y, c.y, d.y) {
        add(point(at: t))
      }
    }
    return Rect(x: lo.x, y: lo.y, width: hi.x - lo.x, height: hi.y - lo.y)
  }

  /// The parameter in (0, 1) where a quadratic coordinate turns, if any.
  static func quadExtremum(_ a: Double, _ b: Double, _ c: Double) -> Double? {
    let den = a - 2 * b + c
    guard den != 0 else { return nil }
    let t = (a - b) / den
    return t > 0 && t < 1 ? t : nil
  }

  /// The parameters in (0, 1) where a cubic coordinate turns: roots of its derivative
  /// 3[(−a+3b−3c+d)t² + 2(a−2b+c)t + (b−a)].
  static func cubicExtrema(_ a: Double, _ b: Double, _ c: Double, _ d: Double) -> [Double] {
    let qa = -a + 3 * b - 3 * c + d
    let qb = 2 * (a - 2 * b + c)
    let qc = b - a
    return quadraticRoots(qa, qb, qc).filter { $0 > 0 && $0 < 1 }
  }
}

/// Real roots of a·t² + b·t + c, computed without cancellation; linear when `a` is negligible.
func quadraticRoots(_ a: Double, _ b: Double, _ c: Double) -> [Double] {
  let scale = max(abs(a), abs(b), abs(c))
  guard scale > 0 else { return [] }
  if abs(a) <= 1e-12 * scale {
    return b != 0 ? [-c / b] : []
  }
  let disc = b * b - 4 * a * c
  if disc < 0 { return [] }
  if disc == 0 { return [-b / (2 * a)] }
  let q = -0.5 * (b + (b < 0 ? -1 : 1) * disc.squareRoot())
  return q != 0 ? [q / a, c / q] : [-b / (2 * a)]
}

extension Path {
  /// The exact bounding box of the drawn geometry (curve extrema, not control points), or nil
  /// when nothing is drawn. Subpaths made of a lone moveto do not count; a zero-length
  /// segment counts as its point.
  public var bounds: Rect? {
    var box: Rect?
    for seg in segments {
      let b = seg.bounds
      box = box.map { $0.union(b) } ?? b
    }
    return box
  }

  /// The exact bounding box of the path after `transform`: the curves are transformed first
  /// (affine maps keep Béziers Béziers), so this is tighter than transforming `bounds`.
  public func bounds(transformedBy transform: Transform) -> Rect? {
    var box: Rect?
    for seg in segments {
      let b = seg.applying(transform).bounds
      box = box.map { $0.union(b) } ?? b
    }
    return box
  }
}
