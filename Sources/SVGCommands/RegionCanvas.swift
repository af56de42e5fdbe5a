import SVGGeometry
import SVGRender
import SVGTree

/// The drawing as `fillRegionAt` sees it: rasterized with at least ``minimumSide`` pixels on
/// its long side (fewer only where ``SVGTree/Limits/maxPixels`` forbids), and drawn a second
/// time with every shape's fill and stroke in a colour of its own, so that each pixel tells
/// which shape paints it on top.
struct RegionCanvas {
  static let minimumSide = 2048.0

  let width: Int
  let height: Int
  /// The drawing as it looks, premultiplied ARGB.
  let colours: Bitmap
  /// Per pixel: 0 where no shape paints, else `2 × shape + 1` for a fill, `2 × shape + 2`
  /// for a stroke, shapes numbered in paint order.
  let painters: [UInt32]
  /// The walk that numbered the shapes: where each is placed, the parents' user spaces.
  let walk: PaintingWalk
  /// Maps CSS pixels of the drawing to pixels of the canvas.
  let canvasToPixel: Transform
  /// Maps document coordinates (the root's user space) to pixels of the canvas.
  let documentToPixel: Transform

  /// Renders `tree` (built from `document`) without the elements of `excluded`;
  /// `documentToCanvas` maps document coordinates to the drawing's CSS pixels.
  init(
    tree: RenderTree, document: Document, documentToCanvas: Transform,
    excluding excluded: Set<NodeID>, limits: Limits, cancellation: RenderCancellation?
  ) throws(RenderError) {
    let size = tree.size
    guard size.width > 0, size.height > 0, size.width.isFinite, size.height.isFinite else {
      throw RenderError("the drawing has no size")
    }
    var scale = Self.minimumSide / max(size.width, size.height)
    let budget = Double(limits.maxPixels)
    if (size.width * scale).rounded(.up) * (size.height * scale).rounded(.up) > budget {
      scale = (budget / (size.width * size.height)).squareRoot() * 0.999
    }
    width = max(1, Int((size.width * scale).rounded(.up)))
    height = max(1, Int((size.height * scale).rounded(.up)))
    canvasToPixel = .scale(Double(width) / size.width, Double(height) / size.height)
    documentToPixel = canvasToPixel * documentToCanvas

    var walk = PaintingWalk(document: document, excluded: excluded)
    guard let (shown, painted) = walk.visit(.group(tree.root), toCanvas: .identity) else {
      throw RenderError("the drawing is empty")
    }
    self.walk = walk
    var colourTree = tree
    var painterTree = tree
    if case .group(let g) = shown { colourTree.root = g }
    if case .group(let g) = painted { painterTree.root = g }
    colours = try colourTree.rasterize(
      width: width, height: height, limits: limits, cancellation: cancellation)
    let ids = try painterTree.rasterize(
      width: width, height: height, limits: limits, cancellation: cancellation)
    let (w, h, shapes) = (width, height, UInt32(walk.placements.count))
    var found = [UInt32](repeating: 0, count: w * h)
    ids.pixels.withUnsafeBytes { raw in
      for y in 0..<h {
        for x in 0..<w {
          let v = raw.loadUnaligned(fromByteOffset: y * ids.stride + x * 4, as: UInt32.self)
          // Only whole pixels name a shape; a blend of two (a clip's soft edge) names none.
          let id = v >> 24 == 255 ? v & 0xFF_FFFF : 0
          found[y * w + x] = id <= 2 * shapes ? id : 0
        }
      }
    }
    painters = found
  }

  /// The pixel's colour composited over white, as (r, g, b).
  func colour(_ x: Int, _ y: Int) -> (Int, Int, Int) {
    let v = colours.pixels.withUnsafeBytes {
      $0.loadUnaligned(fromByteOffset: y * colours.stride + x * 4, as: UInt32.self)
    }
    let white = 255 - Int(v >> 24)
    return (Int((v >> 16) & 0xFF) + white, Int((v >> 8) & 0xFF) + white, Int(v & 0xFF) + white)
  }

  /// The shape painted on top at pixel `index`, in paint order, if any.
  func shape(at index: Int) -> Int? {
    let id = painters[index]
    return id == 0 ? nil : Int((id - 1) / 2)
  }
}

/// A walk over the render tree in paint order that numbers the shapes, finds for each the
/// element a new fill is placed against, and makes the two trees a ``RegionCanvas`` draws.
struct PaintingWalk {
  /// A path drawn for an earlier `fillRegionAt`.
  struct RegionFillShape {
    var element: NodeID
    var path: Path
    var rule: FillRule
    /// Maps the path's user space to CSS pixels.
    var toCanvas: Transform
  }

  let document: Document
  let excluded: Set<NodeID>
  /// For each shape in paint order: the element drawn in place that it belongs to (the
  /// outermost `use` for cloned content, the shape for its markers, the `text` for glyphs).
  private(set) var placements: [NodeID?] = []
  /// For each element drawn in place: its parent's user space mapped to CSS pixels.
  private(set) var parentSpaces: [NodeID: Transform] = [:]
  private(set) var regionFills: [RegionFillShape] = []
  private var placeable: [NodeID: Bool] = [:]
  private var placement: NodeID?
  private var inUse = false

  init(document: Document, excluded: Set<NodeID>) {
    self.document = document
    self.excluded = excluded
  }

  /// The node as drawn and as painted in shape colours; nil when excluded.
  mutating func visit(_ node: RenderNode, toCanvas: Transform) -> (RenderNode, RenderNode)? {
    if let s = node.source, excluded.contains(s) { return nil }
    let saved = (placement, inUse)
    defer { (placement, inUse) = saved }
    if let s = node.source, !inUse {
      if s != placement, isPlaceable(s) {
        placement = s
        if parentSpaces[s] == nil { parentSpaces[s] = toCanvas }
      }
      if document[s].name == "use" { inUse = true }
    }
    switch node {
    case .group(let g):
      var shown = g
      var painted = g
      shown.children = []
      painted.children = []
      for child in g.children {
        guard let (a, b) = visit(child, toCanvas: toCanvas * g.transform) else { continue }
        shown.children.append(a)
        if g.opacity > 0 { painted.children.append(b) }
      }
      painted.opacity = 1
      painted.mask = nil
      painted.filters = []
      painted.blendMode = .normal
      painted.isolate = false
      return (.group(shown), .group(painted))
    case .path(let p):
      let shape = placements.count
      placements.append(placement)
      if let s = p.source, let fill = p.fill,
        document[s].attribute(RegionFill.markerAttribute) != nil
      {
        regionFills.append(
          RegionFillShape(element: s, path: p.path, rule: fill.rule, toCanvas: toCanvas))
      }
      var q = p
      q.antialias = false
      q.fill = p.fill.flatMap { Self.isVisible($0.paint, $0.opacity) ? $0 : nil }.map {
        Fill(paint: .color(Self.colour(2 * shape + 1)), rule: $0.rule)
      }
      q.stroke = p.stroke.flatMap { Self.isVisible($0.paint, $0.opacity) ? $0 : nil }.map {
        var s = $0
        s.paint = .color(Self.colour(2 * shape + 2))
        s.opacity = 1
        return s
      }
      return (node, .path(q))
    case .image(let i):
      let shape = placements.count
      placements.append(placement)
      let box = i.clip.flatMap { i.viewport.intersection($0) } ?? i.viewport
      var q = PathNode(
        source: i.source, path: Shape.rect(x: box.x, y: box.y, width: box.width, height: box.height)
      )
      q.antialias = false
      q.fill = Fill(paint: .color(Self.colour(2 * shape + 1)))
      return (node, .path(q))
    }
  }

  /// Whether a new element could be drawn in `id`'s place: its parent is a `g`, `svg` or
  /// `a` and it is not inside a template (`defs`, `symbol`, `marker`, ...).
  private mutating func isPlaceable(_ id: NodeID) -> Bool {
    if let known = placeable[id] { return known }
    var ok = false
    if document[id].isElement, let parent = document[id].parent,
      document.isSVGElement(parent), ["g", "svg", "a"].contains(document[parent].name)
    {
      ok = ([id] + document.ancestors(of: id)).allSatisfy {
        !Edit.templates.contains(document[$0].name)
      }
    }
    placeable[id] = ok
    return ok
  }

  private static func isVisible(_ paint: RenderPaint, _ opacity: Double) -> Bool {
    guard opacity > 0 else { return false }
    switch paint {
    case .color(let c): return c.alpha > 0
    case .linearGradient(let g): return g.stops.contains { $0.color.alpha > 0 }
    case .radialGradient(let g): return g.stops.contains { $0.color.alpha > 0 }
    case .pattern: return true
    }
  }

  /// The colour that names painter `id` (24 bits; shapes past 8 million share the last).
  private static func colour(_ id: Int) -> Color {
    Color(rgb: UInt32(min(id, 0xFF_FFFF)))
  }
}
