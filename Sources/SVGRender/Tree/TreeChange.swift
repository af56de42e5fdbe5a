import SVGGeometry
import SVGTree

/// Where a render tree draws differently from an earlier tree of the same drawing: what a
/// re-render after an edit has to draw again.
package enum TreeChange: Sendable {
  /// Every pixel is the same.
  case none
  /// Pixels may differ only inside this box, in canvas pixels (CSS pixels of the drawing).
  case region(Rect)
  /// Only a full render is safe: the sizes differ, or a filter reads pixels beyond the
  /// shapes that changed.
  case everything
}

extension RenderTree {
  /// How this tree draws differently from `old`. Nodes are compared in place, in paint
  /// order: a node that differs in any way that shows (geometry, paint, stroke, transform,
  /// opacity, clip, mask, blending, image) marks the boxes it covers in both trees; a group
  /// whose children differ in number marks its whole content in both. A box is the node's
  /// geometry on the canvas grown by its stroke's reach (joins and caps included). Trees
  /// holding a filter answer ``TreeChange/everything``.
  package func change(since old: RenderTree) -> TreeChange {
    guard size == old.size else { return .everything }
    var walk = TreeWalk()
    walk.compare(.group(old.root), .group(root), toCanvas: .identity)
    if walk.filtered { return .everything }
    guard walk.differs else { return .none }
    guard let box = walk.region else { return .none }
    return .region(box)
  }
}

extension RenderTree {
  /// Whether this tree differs from `old` at most in the paints of its shapes: the same
  /// nodes from the same sources, with the same geometry, transforms, clips, masks and hit
  /// areas, each filling and stroking the same areas, in colours or gradients that may
  /// differ (what a recolour changes). What reads only geometry and where paint is (hit
  /// tests, bounding boxes) reads the same of both.
  package func differsOnlyInPaint(from old: RenderTree) -> Bool {
    size == old.size && TreeWalk.sameShapes(.group(old.root), .group(root))
  }
}

/// One comparison of two trees: the boxes that changed, whether anything did.
private struct TreeWalk {
  var region: Rect?
  var differs = false
  var filtered = false

  mutating func mark(_ node: RenderNode, _ toCanvas: Transform) {
    differs = true
    if let box = extent(node, toCanvas) { region = region.map { $0.union(box) } ?? box }
  }

  /// Whether drawing `g` itself (not its children) reads pixels beyond its shapes: a filter
  /// on it or inside its mask (drawn within the clip of a partial render).
  static func filters(_ g: Group) -> Bool {
    !g.filters.isEmpty || (g.mask.map { containsFilter(.group($0.content)) } ?? false)
  }

  /// Whether a filter is drawn anywhere in `node`, SVG images included.
  static func containsFilter(_ node: RenderNode) -> Bool {
    switch node {
    case .group(let g): return filters(g) || g.children.contains(where: containsFilter)
    case .path: return false
    case .image(let i):
      guard case .svg(let tree) = i.content else { return false }
      return containsFilter(.group(tree.root))
    }
  }

  /// Compares nodes `a` (old) and `b` (new), both in the space `toCanvas` maps to the canvas.
  mutating func compare(_ a: RenderNode, _ b: RenderNode, toCanvas: Transform) {
    switch (a, b) {
    case (.group(let x), .group(let y)):
      if Self.filters(x) || Self.filters(y) {
        filtered = true
        return
      }
      guard Self.sameLayer(x, y), x.children.count == y.children.count else {
        mark(a, toCanvas)
        mark(b, toCanvas)
        return
      }
      // Children held in one buffer are one value: a tree edited in place shares the
      // groups it did not touch. (A filter in them is left to the redraw, which draws any
      // tree holding one in full.)
      if x.children.sharesStorage(with: y.children) { return }
      let inner = toCanvas * x.transform
      for (p, q) in zip(x.children, y.children) { compare(p, q, toCanvas: inner) }
    case (.path(let x), .path(let y)):
      if !Self.samePath(x, y) {
        mark(a, toCanvas)
        mark(b, toCanvas)
      }
    case (.image(let x), .image(let y)):
      if Self.containsFilter(a) || Self.containsFilter(b) {
        filtered = true
      } else if !Self.sameImage(x, y) {
        mark(a, toCanvas)
        mark(b, toCanvas)
      }
    default:
      mark(a, toCanvas)
      mark(b, toCanvas)
    }
  }

  /// Whether two lists of nodes draw the same (clip paths, masks and pattern content).
  static func same(_ a: [RenderNode], _ b: [RenderNode]) -> Bool {
    guard a.count == b.count else { return false }
    var walk = TreeWalk()
    for (p, q) in zip(a, b) {
      walk.compare(p, q, toCanvas: .identity)
      if walk.differs || walk.filtered { return false }
    }
    return true
  }

  static func sameLayer(_ x: Group, _ y: Group) -> Bool {
    x.transform == y.transform && x.opacity == y.opacity && x.blendMode == y.blendMode
      && x.isolate == y.isolate && sameClip(x.clipPath, y.clipPath) && sameMask(x.mask, y.mask)
  }

  static func sameClip(_ x: ClipPath?, _ y: ClipPath?) -> Bool {
    guard let x, let y else { return x == nil && y == nil }
    return x === y
      || (x.transform == y.transform && sameClip(x.clipPath, y.clipPath)
        && same(x.children, y.children))
  }

  static func sameMask(_ x: Mask?, _ y: Mask?) -> Bool {
    guard let x, let y else { return x == nil && y == nil }
    return x === y
      || (x.region == y.region && x.kind == y.kind && sameMask(x.mask, y.mask)
        && sameLayer(x.content, y.content) && same(x.content.children, y.content.children))
  }

  static func samePath(_ x: PathNode, _ y: PathNode) -> Bool {
    guard x.paintOrder == y.paintOrder, x.antialias == y.antialias, x.path == y.path else {
      return false
    }
    switch (x.fill, y.fill) {
    case (nil, nil): break
    case let (f?, g?):
      guard f.opacity == g.opacity, f.rule == g.rule, samePaint(f.paint, g.paint) else {
        return false
      }
    default: return false
    }
    switch (x.stroke, y.stroke) {
    case (nil, nil): return true
    case let (s?, t?):
      return s.opacity == t.opacity && sameOutline(s, t) && samePaint(s.paint, t.paint)
    default: return false
    }
  }

  /// Whether two strokes have the same outline (whatever they paint it with).
  static func sameOutline(_ s: Stroke, _ t: Stroke) -> Bool {
    s.width == t.width && s.cap == t.cap && s.join == t.join && s.miterLimit == t.miterLimit
      && s.dashes == t.dashes && s.dashOffset == t.dashOffset && s.nonScaling == t.nonScaling
  }

  /// Whether two nodes have the same sources, structure, geometry, layers and hit areas,
  /// and paint the same areas (possibly in other colours or gradients). Filters are not
  /// compared: nodes that hold one are alike only when they are one value (children in one
  /// buffer).
  static func sameShapes(_ a: RenderNode, _ b: RenderNode) -> Bool {
    guard a.source == b.source else { return false }
    switch (a, b) {
    case (.group(let x), .group(let y)):
      guard x.filters.isEmpty, y.filters.isEmpty, sameLayer(x, y),
        x.absoluteTransform == y.absoluteTransform, x.children.count == y.children.count
      else { return false }
      if x.children.sharesStorage(with: y.children) { return true }
      return zip(x.children, y.children).allSatisfy { sameShapes($0, $1) }
    case (.path(let x), .path(let y)):
      // The rules compare equal only when both fill or neither does.
      guard x.path == y.path, x.paintOrder == y.paintOrder, x.fill?.rule == y.fill?.rule,
        (x.stroke == nil) == (y.stroke == nil)
      else { return false }
      if let s = x.stroke, let t = y.stroke, !sameOutline(s, t) { return false }
      // Without a hit area of its own, a shape is hit where it paints, as just compared.
      if x.hitArea == nil && y.hitArea == nil { return true }
      return sameHits(x.resolvedHitArea, y.resolvedHitArea)
    case (.image(let x), .image(let y)):
      return !containsFilter(a) && !containsFilter(b) && sameImage(x, y)
    default:
      return false
    }
  }

  static func sameHits(_ p: HitArea, _ q: HitArea) -> Bool {
    guard p.pointerEvents == q.pointerEvents, p.isVisible == q.isVisible,
      p.fillPainted == q.fillPainted, p.strokePainted == q.strokePainted,
      p.fillRule == q.fillRule
    else { return false }
    switch (p.stroke, q.stroke) {
    case (nil, nil): return true
    case let (s?, t?): return sameOutline(s, t)
    default: return false
    }
  }

  static func samePaint(_ p: RenderPaint, _ q: RenderPaint) -> Bool {
    switch (p, q) {
    case let (.color(a), .color(b)): return a == b
    case let (.linearGradient(a), .linearGradient(b)):
      return a.start == b.start && a.end == b.end && a.transform == b.transform
        && a.spread == b.spread && a.stops == b.stops
    case let (.radialGradient(a), .radialGradient(b)):
      return a.center == b.center && a.radius == b.radius && a.focus == b.focus
        && a.focalRadius == b.focalRadius && a.transform == b.transform && a.spread == b.spread
        && a.stops == b.stops
    case let (.pattern(a), .pattern(b)):
      return a === b
        || (a.tile == b.tile && a.transform == b.transform && sameLayer(a.content, b.content)
          && same(a.content.children, b.content.children))
    default: return false
    }
  }

  static func sameImage(_ x: ImageNode, _ y: ImageNode) -> Bool {
    guard x.viewport == y.viewport, x.contentTransform == y.contentTransform, x.clip == y.clip,
      x.smooth == y.smooth
    else { return false }
    switch (x.content, y.content) {
    case let (.raster(a), .raster(b)):
      return a.width == b.width && a.height == b.height && a.pixels == b.pixels
    case let (.svg(a), .svg(b)):
      if case .none = b.change(since: a) { return true }
      return false
    default: return false
    }
  }

  /// A canvas box holding every pixel `node` can touch (clips and masks only shrink it);
  /// nil when it draws nothing. Meeting a filter sets ``filtered``.
  mutating func extent(_ node: RenderNode, _ toCanvas: Transform) -> Rect? {
    switch node {
    case .group(let g):
      if Self.filters(g) { filtered = true }
      let inner = toCanvas * g.transform
      var box: Rect?
      for child in g.children {
        guard let b = extent(child, inner) else { continue }
        box = box.map { $0.union(b) } ?? b
      }
      return box
    case .path(let p):
      guard var box = p.path.bounds(transformedBy: toCanvas) else { return nil }
      if let s = p.stroke {
        let scale =
          (toCanvas.a * toCanvas.a + toCanvas.b * toCanvas.b + toCanvas.c * toCanvas.c
          + toCanvas.d * toCanvas.d).squareRoot()
        box = box.insetBy(-s.reach * (s.nonScaling ? max(1, scale) : scale))
      }
      return box
    case .image(let i):
      if Self.containsFilter(node) { filtered = true }
      var box = i.viewport
      if let clip = i.clip { box = box.intersection(clip) ?? box }
      return box.applying(toCanvas)
    }
  }
}

extension Array {
  /// Whether the two arrays are one value in one buffer (a copy not changed since).
  func sharesStorage(with other: Self) -> Bool {
    count == other.count
      && withUnsafeBufferPointer { a in
        other.withUnsafeBufferPointer { b in a.baseAddress == b.baseAddress }
      }
  }
}
