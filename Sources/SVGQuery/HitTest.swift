import SVGGeometry
import SVGRender
import SVGTree

/// How a hit test runs.
public struct HitTestOptions: Sendable {
  /// How far from a shape a point may be and still hit it, in pixels: CSS pixels of the
  /// drawing for document points, viewport pixels for viewport points. Lets a finger tap a
  /// hairline. Clip paths are not widened.
  public var tolerance: Double
  /// Look up candidates in the spatial index (built on first use) instead of testing every
  /// shape. Off only to measure or cross-check the index.
  public var useIndex: Bool

  public init(tolerance: Double = 0, useIndex: Bool = true) {
    self.tolerance = tolerance
    self.useIndex = useIndex
  }
}

extension Scene {
  /// The top-most element at a document point, or nil.
  public func element(at point: Point, tolerance: Double = 0) -> Hit? {
    hit(at: point, options: HitTestOptions(tolerance: tolerance))
  }

  /// Every element at a document point, top-most first, each once (`elementsFromPoint`).
  public func elements(at point: Point, tolerance: Double = 0) -> [Hit] {
    hits(
      atCanvas: documentToCanvas.apply(point), options: HitTestOptions(tolerance: tolerance),
      all: true)
  }

  /// The top-most element at a viewport point; nil outside the view.
  public func element(at point: Point, in viewport: Viewport, tolerance: Double = 0) -> Hit? {
    hit(at: point, in: viewport, options: HitTestOptions(tolerance: tolerance))
  }

  /// Every element at a viewport point, top-most first; none outside the view.
  public func elements(at point: Point, in viewport: Viewport, tolerance: Double = 0) -> [Hit] {
    hits(at: point, in: viewport, options: HitTestOptions(tolerance: tolerance), all: true)
  }

  /// The general form: a document point (no viewport) or a viewport point, the top-most hit
  /// only or all of them.
  public func hits(
    at point: Point, in viewport: Viewport? = nil, options: HitTestOptions, all: Bool
  )
    -> [Hit]
  {
    guard let canvas = canvasPoint(point, in: viewport, options) else { return [] }
    return hits(atCanvas: canvas.point, options: canvas.options, all: all)
  }

  /// The top-most element at a document point (no viewport) or a viewport point, or nil:
  /// the first of ``hits(at:in:options:all:)``, without building an array.
  public func hit(at point: Point, in viewport: Viewport? = nil, options: HitTestOptions)
    -> Hit?
  {
    guard let canvas = canvasPoint(point, in: viewport, options) else { return nil }
    let p = canvas.point
    if canvas.options.tolerance == 0, canvas.options.useIndex, p.x.isFinite, p.y.isFinite,
      storage.leaves.count >= SceneStorage.indexedCount
    {
      return storage.topHit(at: p)
    }
    var search = HitSearch(storage, at: p, options: canvas.options)
    defer { search.finish() }
    guard let found = search.next() else { return nil }
    return storage.hit(leaf: found.leaf, part: found.part)
  }

  /// Builds now what the first hit test would build: the spatial index of a large drawing
  /// and the table that names elements in results. Optional; a server or a benchmark calls
  /// it so that no hit test pays for it.
  public func prepareHitTests() {
    if storage.leaves.count >= SceneStorage.indexedCount { _ = storage.spatialIndex }
    _ = storage.elementTable
  }

  /// A point in canvas pixels, and the options with the tolerance in canvas pixels; nil
  /// outside the viewport.
  private func canvasPoint(_ point: Point, in viewport: Viewport?, _ options: HitTestOptions)
    -> (point: Point, options: HitTestOptions)?
  {
    guard let viewport else { return (documentToCanvas.apply(point), options) }
    guard viewport.contains(point, drawing: tree.size), viewport.factor > 0,
      let toCanvas = viewport.canvasToViewport.inverted
    else { return nil }
    var canvasOptions = options
    canvasOptions.tolerance = options.tolerance / viewport.factor
    return (toCanvas.apply(point), canvasOptions)
  }

  /// Hits at a canvas point, tolerance in canvas pixels.
  func hits(atCanvas p: Point, options: HitTestOptions, all: Bool) -> [Hit] {
    var out: [Hit] = []
    var seen = Set<NodeID>()
    var search = HitSearch(storage, at: p, options: options)
    defer { search.finish() }
    while let (i, part) = search.next() {
      let hit = storage.hit(leaf: i, part: part)
      guard !all || seen.insert(hit.element.node).inserted else { continue }
      out.append(hit)
      if !all { break }
    }
    return out
  }
}

/// Tests one leaf at a time against a canvas point. Holds no reference: the storage is
/// lent to each call, so that making a tester for a point retains nothing (holding the
/// storage and its hit shapes cost 2 retains and 2 releases per point).
struct LeafTester {
  let tolerance: Double
  /// Cairo's probe, taken from the scene's pool when a test first needs it.
  private var probe: ProbeBox?

  init(tolerance: Double) {
    self.tolerance = tolerance
  }

  /// Gives the probe back to the pool of `storage`, the scene's the tests read.
  mutating func finish(_ storage: SceneStorage) {
    if let probe { storage.giveBack(probe) }
    probe = nil
  }

  /// The part of leaf `i` at canvas point `p`, if any, before clipping, from its record
  /// (``HitShapes/subscript(_:)``, or where a spatial index entry says it is): reads only
  /// the part of the record its test needs, without copying the leaf.
  mutating func test(_ i: Int, _ record: HitRecord, at p: Point, in storage: SceneStorage)
    -> Hit.Part?
  {
    let hit = storage.hitShapes
    let shape = record.shape
    switch shape.test {
    case .none:
      return nil
    case .image:
      guard case .image(let image) = storage.leaves[i].content else { return nil }
      var box = image.viewport
      if let clip = image.clip { box = box.intersection(clip) ?? box }
      let slack = tolerance / max(storage.leaves[i].toCanvas.meanScale, 1e-12)
      return box.insetBy(-slack).contains(shape.fromCanvas.apply(p)) ? .image : nil
    case .text:
      let toCanvas = storage.leaves[i].toCanvas
      for sub in hit.paths[i].subpaths {
        let glyph = Path(subpath: sub)
        if let box = glyph.bounds(transformedBy: toCanvas), box.insetBy(-tolerance).contains(p) {
          return .text
        }
      }
      return nil
    case .boundingBox:
      let box = hit.paths[i].bounds(transformedBy: storage.leaves[i].toCanvas)
      return box.map { $0.insetBy(-tolerance).contains(p) } == true ? .boundingBox : nil
    case .shape:
      break
    }
    let elements = record.elements(shape)
    // A stroked path's box (see `StrokeShape/box`): no outline winds around a point outside.
    var pathBox: ControlBox?
    if shape.stroke >= 0 {
      let band = record.strokeShape
      let answer = StrokeBand.classify(
        p, elements, band.pointee, widen: tolerance, vertexFactors: record.vertexFactors(shape))
      switch answer {
      case .inside: return .stroke
      case .outside: break
      case .unknown:
        if probe == nil { probe = storage.takeProbe() }
        if probe!.probe.strokeContains(
          p, path: hit.paths[i], stroke: hit.strokes[Int(shape.stroke)],
          toCanvas: band.pointee.toCanvas, widen: tolerance)
        {
          return .stroke
        }
      }
      pathBox = band.pointee.box
    }
    if shape.fill {
      let q = shape.fromCanvas.apply(p)
      let outside = pathBox.map { $0.gap(to: q) > $0.rounding(q) } ?? false
      if !outside {
        let inside =
          shape.bands >= 0
          ? hit.bands[Int(shape.bands)].bands(elements).contains(q, rule: shape.rule)
          : Path.contains(elements, q, rule: shape.rule)
        if inside { return .fill }
      }
      if tolerance > 0 {
        if probe == nil { probe = storage.takeProbe() }
        if probe!.probe.nearOutline(
          p, path: hit.paths[i], toCanvas: storage.leaves[i].toCanvas, distance: tolerance)
        {
          return .fill
        }
      }
    }
    return nil
  }
}

extension Path {
  /// A path of one subpath.
  init(subpath sub: Subpath) {
    var elements: [PathElement] = [.move(sub.start)]
    let drawn = sub.isClosed ? sub.segments.dropLast() : sub.segments[...]
    for seg in drawn {
      switch seg {
      case .line(_, let b): elements.append(.line(b))
      case .quad(_, let c, let b): elements.append(.quad(c, b))
      case .cubic(_, let c1, let c2, let b): elements.append(.cubic(c1, c2, b))
      }
    }
    if sub.isClosed { elements.append(.close) }
    self.init(elements)
  }
}

extension SceneStorage {
  /// Whether canvas point `p` is inside every clip path on the way from the root to leaf
  /// `i` (masks do not affect hit testing, as in browsers).
  func clipsContain(leaf i: Int, _ record: HitRecord, _ p: Point) -> Bool {
    guard record.shape.clipped else { return true }
    var g = leaves[i].group
    while g >= 0 {
      if let clip = groups[g].clipPath, !Self.clip(clip, space: groups[g].toCanvas, contains: p) {
        return false
      }
      g = groups[g].parent
    }
    return true
  }

  /// Whether the clip region of `clip`, in the space `space` maps to the canvas, holds `p`.
  static func clip(_ clip: ClipPath, space: Transform, contains p: Point) -> Bool {
    if let outer = clip.clipPath, !Self.clip(outer, space: space, contains: p) { return false }
    let t = space * clip.transform
    return clip.children.contains { clipChild($0, space: t, contains: p) }
  }

  private static func clipChild(_ node: RenderNode, space: Transform, contains p: Point) -> Bool {
    switch node {
    case .path(let n):
      guard let fill = n.fill, let inverse = space.inverted else { return false }
      return n.path.contains(inverse.apply(p), rule: fill.rule)
    case .group(let g):
      let t = space * g.transform
      if let c = g.clipPath, !clip(c, space: t, contains: p) { return false }
      return g.children.contains { clipChild($0, space: t, contains: p) }
    case .image:
      return false
    }
  }
}
