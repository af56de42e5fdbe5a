import SVGGeometry
import SVGTree

/// The intrinsic size of the root `<svg>`, by usvg's rules: `width` and `height` default to
/// 100%; with a `viewBox`, a percentage is of the viewBox size and a single given dimension
/// keeps the viewBox's aspect ratio; without one, a percentage (or missing) dimension makes
/// the drawing as large as its content's bounding box reaches from the origin.
struct RootViewport {
  /// The size; while ``fitsContent``, the provisional 100 × 100 that percentages resolve against.
  var size: Size
  /// The final size is the bottom-right corner of the content (see ``contentSize(of:)``).
  var fitsContent: Bool

  /// Nil, with a diagnostic, when a dimension is zero or negative: nothing renders.
  static func of(_ root: NodeID, viewBox: Rect?, context: BuildContext) -> RootViewport? {
    let style = context.style(root)
    func length(_ name: String) -> Length? {
      guard let text = style.node.attribute(name) else { return nil }
      do {
        return try Length(parsing: text)
      } catch {
        context.warn("invalid \(name) \"\(text)\" on the root <svg>; using 100%", at: root)
        return nil
      }
    }
    let full = Length(100, .percent)
    let givenW = length("width")
    let givenH = length("height")
    let w = givenW ?? full
    let h = givenH ?? full
    var width: Double
    var height: Double
    var fits = false
    if let vb = viewBox {
      let lengths = style.lengthContext(Size(width: vb.width, height: vb.height))
      width = w.unit == .percent ? vb.width * w.value / 100 : w.resolve(in: lengths, axis: .x)
      height = h.unit == .percent ? vb.height * h.value / 100 : h.resolve(in: lengths, axis: .y)
      if givenW != nil, givenH == nil, vb.width > 0 { height = width * vb.height / vb.width }
      if givenH != nil, givenW == nil, vb.height > 0 { width = height * vb.width / vb.height }
    } else {
      let fallback = Size(width: 100, height: 100)
      let lengths = style.lengthContext(fallback)
      width = w.resolve(in: lengths, axis: .x)
      height = h.resolve(in: lengths, axis: .y)
      fits = w.unit == .percent || h.unit == .percent
    }
    guard width > 0, height > 0, width.isFinite, height.isFinite else {
      context.warn("the root <svg> has a zero or negative size; nothing is rendered", at: root)
      return nil
    }
    return RootViewport(size: Size(width: width, height: height), fitsContent: fits)
  }

  /// The size reaching the right and bottom edges of everything `group` draws, strokes
  /// included (half the width around the fill bounds), or nil when it draws nothing.
  static func contentSize(of group: Group) -> Size? {
    guard let bounds = bounds(of: .group(group), in: .identity), bounds.maxX > 0, bounds.maxY > 0
    else { return nil }
    return Size(width: bounds.maxX, height: bounds.maxY)
  }

  private static func bounds(of node: RenderNode, in transform: Transform) -> Rect? {
    switch node {
    case .path(let p):
      let half = (p.stroke?.width ?? 0) / 2
      return p.bounds.map { $0.insetBy(-half).applying(transform) }
    case .image(let i): return i.viewport.applying(transform)
    case .group(let g):
      let t = transform * g.transform
      var out: Rect?
      for child in g.children {
        guard let b = bounds(of: child, in: t) else { continue }
        out = out.map { $0.union(b) } ?? b
      }
      return out
    }
  }
}
