import SVGGeometry
import SVGRender
import SVGTree

/// A group of the render tree, with where it sits and what it maps to.
struct GroupRecord: Sendable {
  enum Kind: Sendable {
    case plain
    /// Made for a `use`; `target` is the element the use instantiates.
    case use(target: NodeID?)
    /// One instance of a `<marker>`'s content.
    case marker
  }

  var source: NodeID?
  var kind: Kind
  /// The enclosing group's index; -1 for the root.
  var parent: Int
  var transform: Transform
  /// Maps the group's user space (its own transform applied) to canvas pixels.
  var toCanvas: Transform
  var clipPath: ClipPath?
  var mask: Mask?
}

/// A drawn shape or image: what hit tests and bounding boxes are made of.
struct Leaf: Sendable {
  enum Content: Sendable {
    case path(PathNode)
    case image(ImageNode)
  }

  /// The node as flattened. Its paints are those of the tree the scene's storage was built
  /// from, which a later scene shares when only paints changed (see ``Scene``): read
  /// geometry and whether it fills or strokes, never which paint.
  var content: Content
  var source: NodeID?
  /// The innermost enclosing group.
  var group: Int
  /// Maps the leaf's user space (where its geometry is) to canvas pixels.
  var toCanvas: Transform
  /// Part of a marker instance: drawn and in visual boxes, never hit (as in browsers).
  var inMarker: Bool
  /// A glyph run of a `<text>`: hit by its glyph boxes rather than its outlines.
  var isText: Bool
  /// A box in canvas pixels holding everything of the leaf that can be hit; nil when nothing
  /// can (`pointer-events: none`, hidden, marker content, no geometry).
  var canvasBounds: Rect?
  /// Whether the previous scene's leaf at this place had the same path, transform and hit
  /// areas, so that what was worked out from them is kept (its box, its winding bands).
  var kept = false
}

/// Flattens the render tree into groups and leaves, in paint order.
struct Flattener {
  let document: Document
  var groups: [GroupRecord] = []
  var leaves: [Leaf] = []
  /// The leaves of an earlier tree of the same drawing, whose boxes are taken where the
  /// leaf at the same place has the same geometry, transform and hit areas.
  let previous: [Leaf]

  init(document: Document, previous: [Leaf] = []) {
    self.document = document
    self.previous = previous
  }

  mutating func visit(_ node: RenderNode, parent: Int, toCanvas: Transform, inMarker: Bool) {
    switch node {
    case .group(let g):
      let kind = kind(of: g.source)
      let record = GroupRecord(
        source: g.source, kind: kind, parent: parent, transform: g.transform,
        toCanvas: toCanvas * g.transform, clipPath: g.clipPath, mask: g.mask)
      groups.append(record)
      let index = groups.count - 1
      var marker = inMarker
      if case .marker = kind { marker = true }
      for child in g.children {
        visit(child, parent: index, toCanvas: record.toCanvas, inMarker: marker)
      }
    case .path(let p):
      let text = isText(p.source)
      var leaf = Leaf(
        content: .path(p), source: p.source, group: parent, toCanvas: toCanvas,
        inMarker: inMarker, isText: text, canvasBounds: nil)
      if !inMarker {
        if let kept = reusableBounds(p, toCanvas: toCanvas) {
          (leaf.canvasBounds, leaf.kept) = (kept, true)
        } else {
          leaf.canvasBounds = Self.hitBounds(p, toCanvas: toCanvas)
        }
      }
      leaves.append(leaf)
    case .image(let i):
      var box = i.viewport
      if let clip = i.clip { box = box.intersection(clip) ?? Rect(x: 0, y: 0, width: 0, height: 0) }
      leaves.append(
        Leaf(
          content: .image(i), source: i.source, group: parent, toCanvas: toCanvas,
          inMarker: inMarker, isText: false,
          canvasBounds: inMarker ? nil : box.applying(toCanvas)))
    }
  }

  private func kind(of source: NodeID?) -> GroupRecord.Kind {
    guard let source, document[source].isElement else { return .plain }
    switch document[source].name {
    case "use":
      let href = document[source].href ?? ""
      let target = href.hasPrefix("#") ? document.element(withID: String(href.dropFirst())) : nil
      return .use(target: target)
    case "marker": return .marker
    default: return .plain
    }
  }

  /// Whether `source` is (inside) a `<text>` element.
  private func isText(_ source: NodeID?) -> Bool {
    guard let source else { return false }
    let textNames: Set<String> = ["text", "tspan", "textPath", "tref"]
    if textNames.contains(document[source].name) { return true }
    return document.ancestors(of: source).contains { document[$0].name == "text" }
  }

  /// The box of the previous leaf at this place, when it is the box of `node` there too.
  private func reusableBounds(_ node: PathNode, toCanvas: Transform) -> Rect?? {
    let k = leaves.count
    guard k < previous.count, !previous[k].inMarker, previous[k].toCanvas == toCanvas,
      case .path(let old) = previous[k].content, old.path == node.path
    else { return nil }
    let (a, b) = (old.resolvedHitArea, node.resolvedHitArea)
    guard a.areas == b.areas, a.stroke?.reach == b.stroke?.reach,
      a.stroke?.nonScaling == b.stroke?.nonScaling
    else { return nil }
    return .some(previous[k].canvasBounds)
  }

  /// A conservative canvas box of the hit areas of `node`.
  static func hitBounds(_ node: PathNode, toCanvas: Transform) -> Rect? {
    let area = node.resolvedHitArea
    let (fill, stroke) = area.areas
    guard fill || stroke, var box = node.path.bounds(transformedBy: toCanvas) else { return nil }
    if stroke, let s = area.stroke {
      let reach = s.reach * (s.nonScaling ? 1 : toCanvas.scaleBound)
      box = box.insetBy(-reach)
    }
    return box
  }
}

extension Transform {
  /// An upper bound of how much the transform can lengthen a vector (the Frobenius norm of
  /// its linear part bounds its largest singular value).
  var scaleBound: Double { (a * a + b * b + c * c + d * d).squareRoot() }
}

extension SceneStorage {
  /// The elements a leaf belongs to, from its own element up to the root: the element that
  /// drew it and that element's ancestors; for a `use` clone, the cloned elements up to the
  /// use's target, then the `use` and its ancestors (nested uses repeat this); for marker
  /// content, the marked shape and its ancestors.
  func owners(of leafIndex: Int) -> [NodeID] {
    let leaf = leaves[leafIndex]
    var out: [NodeID] = []
    func climb(from start: NodeID, until stop: NodeID?) {
      var current: NodeID? = start
      while let c = current, c != Document.top {
        if out.last != c { out.append(c) }
        if c == stop { return }
        current = document[c].parent
      }
    }
    var pending = leaf.source
    var g = leaf.group
    while g >= 0 {
      let record = groups[g]
      switch record.kind {
      case .marker:
        pending = nil
      case .use(let target):
        if let source = record.source, pending != source {
          if let p = pending { climb(from: p, until: target) }
          pending = source
        }
      case .plain:
        if pending == nil { pending = record.source }
      }
      g = record.parent
    }
    if let p = pending { climb(from: p, until: nil) }
    return out
  }

  /// The `use` elements a leaf is a clone through, outermost first.
  func uses(of leafIndex: Int) -> [NodeID] {
    var out: [NodeID] = []
    var g = leaves[leafIndex].group
    while g >= 0 {
      if case .use = groups[g].kind, let s = groups[g].source, out.first != s {
        out.insert(s, at: 0)
      }
      g = groups[g].parent
    }
    return out
  }

  /// The groups from the root down to the leaf's innermost group.
  func groupPath(of leafIndex: Int) -> [Int] {
    var out: [Int] = []
    var g = leaves[leafIndex].group
    while g >= 0 {
      out.append(g)
      g = groups[g].parent
    }
    return out.reversed()
  }
}
