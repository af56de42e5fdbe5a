import Glibc
import SVGGeometry
import SVGTree

/// `<textPath>`: the referenced shape (with its own transform and transform-origin) and
/// `startOffset`.
/// `side` and `method="stretch"` are not applied, as in resvg, whose output the suite
/// records.
enum TextPathElement {
  /// The flow of `id`; nil (with a diagnostic) when it references no shape.
  static func flow(_ id: NodeID, context: BuildContext, viewport: Size) -> TextPathFlow? {
    let document = context.document
    let node = document[id]
    guard let href = node.href, let target = TextContent.element(href, document: document) else {
      context.warn("<textPath> without a valid href; its text is not rendered", at: id)
      return nil
    }
    let style = context.style(target)
    guard var path = ShapeElement.geometry(target, style: style, viewport: viewport),
      !path.segments.isEmpty
    else {
      context.warn("<textPath> references no shape with a path", at: id)
      return nil
    }
    // The shape's transform about its transform-origin, as where the shape is drawn.
    let transform = style.transform(viewport: viewport)
    if !transform.isIdentity { path = path.applying(transform) }
    var offset = 0.0
    if let text = node.attribute("startOffset") {
      if let l = try? Length(parsing: text) {
        offset =
          l.unit == .percent
          ? path.length * l.value / 100
          : l.resolve(in: context.style(id).lengthContext(viewport), axis: .x)
      } else {
        context.warn("invalid startOffset \"\(text)\"", at: id)
      }
    }
    return TextPathFlow(path: path, startOffset: offset)
  }

  /// Position and direction (degrees) at each distance along `path`; nil for distances
  /// off the path. Each distance finds its segment by binary search over the running
  /// lengths, so long paths with long texts stay fast.
  static func normals(along path: Path, at distances: [Double]) -> [(Point, Double)?] {
    let segments = path.segments
    let lengths = segments.map(\.length)
    var ends: [Double] = []
    ends.reserveCapacity(lengths.count)
    var total = 0.0
    for len in lengths {
      total += len
      ends.append(total)
    }
    return distances.map { d -> (Point, Double)? in
      guard d >= 0, d <= total, d.isFinite else { return nil }
      // The first segment ending at or after d, then the first of non-zero length.
      var lo = 0
      var hi = ends.count
      while lo < hi {
        let mid = (lo + hi) / 2
        if ends[mid] < d { lo = mid + 1 } else { hi = mid }
      }
      while lo < segments.count && !(lengths[lo] > 0) { lo += 1 }
      guard lo < segments.count else { return nil }
      let seg = segments[lo]
      let walked = lo == 0 ? 0 : ends[lo - 1]
      let t = parameter(seg, distance: d - walked, total: lengths[lo])
      let p = seg.point(at: t)
      var v = seg.derivative(at: t)
      if v.length < 1e-12 { v = seg.end - seg.start }
      return (p, atan2(v.y, v.x) * 180 / .pi)
    }
  }

  private static func parameter(_ seg: PathSegment, distance: Double, total: Double) -> Double {
    if distance <= 0 { return 0 }
    if distance >= total { return 1 }
    if case .line = seg { return distance / total }
    var lo = 0.0
    var hi = 1.0
    for _ in 0..<40 {
      let mid = (lo + hi) / 2
      if seg.length(from: 0, to: mid) < distance { lo = mid } else { hi = mid }
      if hi - lo < 1e-9 { break }
    }
    return (lo + hi) / 2
  }
}
