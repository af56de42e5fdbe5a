import SVGGeometry
import SVGTree

/// The nodes of a tree whose pixels depend on the clip they are drawn under: the device box
/// of each, holding every pixel it can touch and the whole extent of its drawing operation.
struct RedrawArea {
  /// The image's size in pixels.
  let width: Double
  let height: Double
  /// Device boxes (not rounded).
  var sensitive: [Rect] = []
  /// A filter was met: its pixels depend on everything around it.
  var filtered = false

  /// Reach beyond cairo's own extent of an operation: a source's filter samples a pixel
  /// beyond it, and the extent is rounded out to whole pixels.
  static let margin = 2.0

  /// Adds the boxes of `node`'s subtree drawn under `toDevice`; `masked` when a band would
  /// draw its strokes of an opaque colour through its stroke mask (``CoverageMask``: on no
  /// layer, under no clip).
  mutating func collect(_ node: RenderNode, _ toDevice: Transform, masked: Bool = true) {
    switch node {
    case .group(let g):
      if !g.filters.isEmpty {
        filtered = true
        return
      }
      let inner = toDevice * g.transform
      // A clip path is cut by the rows like any polygon, and the clip it makes then cuts
      // the group's shapes: it is drawn whole (seen in openclipart's pen_sek_.svg).
      var clip = g.clipPath
      while let c = clip {
        for child in c.children { clipHull(child, inner * c.transform) }
        clip = c.clipPath
      }
      let plain = masked && g.clipPath == nil && !g.needsLayerBesideClip
      for child in g.children { collect(child, inner, masked: plain) }
      // Clip children are coverage of opaque fills; mask content is painted.
      var mask = g.mask
      while let m = mask {
        collect(.group(m.content), inner, masked: false)
        mask = m.mask
      }
    case .path(let p):
      // A pattern, a gradient that cannot be placed in device space (``UnplacedGradient``)
      // and a stroke whose outline the clip can change, unless the stroke mask draws it, are
      // drawn whole.
      func drawnWhole(_ paint: RenderPaint) -> Bool {
        BandedRaster.refusal(paint) != nil
          || UnplacedGradient.isUnplaced(
            paint, on: DeviceGradient.Target(toDevice: toDevice, width: width, height: height))
      }
      let fill = p.fill.map { drawnWhole($0.paint) } ?? false
      let stroke = p.stroke.map { s in
        s.width > 0
          && (drawnWhole(s.paint)
            || (!BandedRaster.hasClipFreeGeometry(s, on: p.path)
              && !(masked && CoverageMask.colour(of: s, p) != nil)))
      }
      guard fill || stroke == true, let extent = Self.extent(of: p, toDevice) else { return }
      sensitive.append(extent)
    case .image(let i):
      let inner = toDevice * i.contentTransform
      switch i.content {
      case .raster(let bitmap):
        var box = Rect(x: 0, y: 0, width: Double(bitmap.width), height: Double(bitmap.height))
          .applying(inner)
        if let clip = i.clip { box = box.intersection(clip.applying(toDevice)) ?? box }
        sensitive.append(box.insetBy(-Self.margin))
      case .svg(let tree):
        collect(.group(tree.root), inner, masked: masked && i.clip == nil)
      }
    }
  }

  /// How far beyond its path a stroke can paint, in device units: cairo's extent of a
  /// stroke is the path grown by √2 × the miter limit × the width for miter joins, √½ × the
  /// width for square caps, half the width otherwise (and 1/512 of the width more with caps,
  /// for the dot of a zero-length subpath). A disc of the stroke reaches across
  /// and down the page by its radius times the length of the matrix's first and second row
  /// (under a skew, more than the length of either column).
  static func reach(of s: Stroke, _ toDevice: Transform) -> Double {
    let norm = max(
      (toDevice.a * toDevice.a + toDevice.c * toDevice.c).squareRoot(),
      (toDevice.b * toDevice.b + toDevice.d * toDevice.d).squareRoot())
    var factor = 0.5
    if s.cap == .square { factor = max(factor, 0.5.squareRoot()) }
    // A zero-length subpath is stroked as a segment 1/256 of the width long
    // (`Path.forStroking`), and its caps reach that much further from its point.
    if s.cap != .butt { factor += 1.0 / 512 }
    if s.join == .miter || s.join == .miterClip || s.join == .arcs {
      factor = max(factor, 2.0.squareRoot() * s.miterLimit)
    }
    return factor * s.width * (s.nonScaling ? max(1, norm) : norm)
  }

  /// Whether a node whose device box is `box` (``extent(of:_:)``; nil: it draws nothing)
  /// can paint a pixel of the device rows from `top` to `bottom`: false when the box lies
  /// wholly above or below them.
  static func meets(_ box: Rect?, rows top: Double, _ bottom: Double) -> Bool {
    guard let box else { return false }
    return box.maxY > top && box.minY < bottom
  }

  /// The device box of `node`'s drawing under `toDevice`: the box of its points and control
  /// points, grown by its stroke's reach and ``margin``.
  static func extent(of node: PathNode, _ toDevice: Transform) -> Rect? {
    guard let hull = hull(node.path, toDevice) else { return nil }
    var grow = margin
    if let s = node.stroke, s.width > 0 { grow += reach(of: s, toDevice) }
    return hull.insetBy(-grow)
  }

  /// Adds the box of a clip child's shapes.
  private mutating func clipHull(_ node: RenderNode, _ toDevice: Transform) {
    switch node {
    case .path(let p):
      if let hull = Self.hull(p.path, toDevice) { sensitive.append(hull.insetBy(-Self.margin)) }
    case .group(let g):
      for child in g.children { clipHull(child, toDevice * g.transform) }
    case .image: break
    }
  }

  /// The box of the path's points and control points on the device: it holds the curves,
  /// and cairo's extent of a fill is this box rounded out.
  static func hull(_ path: Path, _ t: Transform) -> Rect? {
    var x0 = Double.infinity
    var y0 = Double.infinity
    var x1 = -Double.infinity
    var y1 = -Double.infinity
    func add(_ p: Point) {
      let q = t.apply(p)
      x0 = min(x0, q.x)
      y0 = min(y0, q.y)
      x1 = max(x1, q.x)
      y1 = max(y1, q.y)
    }
    for element in path.elements {
      switch element {
      case .move(let p), .line(let p): add(p)
      case .quad(let c, let p):
        add(c)
        add(p)
      case .cubic(let c1, let c2, let p):
        add(c1)
        add(c2)
        add(p)
      case .close: break
      }
    }
    guard x0 <= x1, y0 <= y1 else { return nil }
    return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
  }
}
