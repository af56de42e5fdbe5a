import SVGGeometry
import SVGRender
import SVGTree

/// The three bounding boxes of SVG 2 (coords.html#BoundingBoxes).
public enum BoxKind: String, Sendable, CaseIterable {
  /// The geometry only (`getBBox()`, `objectBoundingBox`).
  case fill
  /// The geometry and the painted strokes' full extent (caps, joins, miters, dashes).
  case stroke
  /// What can show: strokes, markers, clipped by the element's own and its descendants'
  /// clip paths and mask regions. (Filters are not rendered yet; their region is not in it.)
  case visual
}

/// Which coordinates a box is given in.
public enum BoxSpace: Sendable, Hashable {
  /// The element's own user space (inside its `transform`), as `getBBox()` answers.
  case user
  /// Document coordinates: the root `<svg>`'s user space.
  case document
}

extension Scene {
  /// The bounding box of an element; nil when it draws nothing (not rendered, `display:
  /// none`, empty). A `use` counts its instance; an element inside `defs` drawn only
  /// through `use` gets the box of its first instance.
  public func boundingBox(of element: NodeID, kind: BoxKind = .fill, in space: BoxSpace = .document)
    -> Rect?
  {
    let storage = self.storage
    let leaves = storage.instanceLeaves(of: element)
    guard let first = leaves.first else { return nil }
    let target: Transform
    switch space {
    case .document: target = documentToCanvas
    case .user: target = storage.spaces(of: element, leaf: first).user
    }
    guard let fromCanvas = target.inverted else { return nil }
    var box: Rect?
    for i in leaves {
      let leaf = storage.leaves[i]
      if leaf.inMarker && kind != .visual { continue }
      let map = fromCanvas * leaf.toCanvas
      guard var b = Self.box(of: leaf, kind: kind, map: map) else { continue }
      if kind == .visual {
        guard let clipped = storage.clipped(b, leaf: i, below: element, fromCanvas: fromCanvas)
        else { continue }
        b = clipped
      }
      box = box.map { $0.union(b) } ?? b
    }
    return box
  }

  /// The transform from the user space of `element`'s parent (the space its `transform`
  /// attribute is in) to document coordinates: as rendered when the element is drawn (its
  /// first instance, for content cloned by `use`), else composed from its ancestors'
  /// `transform` attributes.
  public func parentTransform(of element: NodeID) -> Transform {
    if let i = storage.instanceLeaves(of: element).first {
      return storage.canvasToDocument * storage.spaces(of: element, leaf: i).parent
    }
    var t = Transform.identity
    for a in document.ancestors(of: element).reversed()
    where document[a].isElement && a != document.root {
      if let text = document[a].attribute("transform"),
        let list = try? TransformList(parsing: text)
      {
        t = t * list.transform
      }
    }
    return t
  }

  private static func box(of leaf: Leaf, kind: BoxKind, map: Transform) -> Rect? {
    switch leaf.content {
    case .image(let image):
      var r = image.viewport
      if let clip = image.clip { r = r.intersection(clip) ?? r }
      return r.applying(map)
    case .path(let node):
      let fill = node.path.bounds(transformedBy: map)
      guard kind != .fill, let stroke = node.stroke,
        let s = StrokeProbe.extents(
          of: node.path, stroke: stroke, map: map, toCanvas: leaf.toCanvas)
      else { return fill }
      return fill.map { $0.union(s) } ?? s
    }
  }
}

extension SceneStorage {
  /// The leaves element `e` owns in one instance: those outside any `use` when there are
  /// some, else those of the first `use` instance.
  func instanceLeaves(of e: NodeID) -> [Int] {
    let all = leavesByOwner[e] ?? []
    var best: [Int] = []
    var bestKey: [NodeID]?
    for i in all {
      let key = instanceKey(of: i, element: e)
      if bestKey == nil || key.count < bestKey!.count {
        bestKey = key
        best = [i]
      } else if key == bestKey {
        best.append(i)
      }
    }
    return best
  }

  /// The `use` elements above `e` among the owners of leaf `i`.
  private func instanceKey(of i: Int, element e: NodeID) -> [NodeID] {
    let owners = owners(of: i)
    guard let k = owners.firstIndex(of: e) else { return [] }
    let uses = Set(uses(of: i))
    return owners[(k + 1)...].filter { uses.contains($0) }
  }

  /// The user space of element `e` and of its parent (both mapping to the canvas), read
  /// from the groups above leaf `i`, which `e` owns.
  ///
  /// The element's user space is its outermost group (its transform); for `svg`, the
  /// innermost (inside the viewBox). Without a group of its own (no transform) it is its
  /// parent's space, the deepest group above it.
  func spaces(of e: NodeID, leaf i: Int) -> (user: Transform, parent: Transform) {
    let owners = owners(of: i)
    let k = owners.firstIndex(of: e) ?? owners.count
    let isSVG = document[e].name == "svg"
    var parent = Transform.identity
    var user: Transform?
    for g in groupPath(of: i) {
      let record = groups[g]
      guard let source = record.source else { continue }
      let j = owners.firstIndex(of: source) ?? -1
      if j > k {
        parent = record.toCanvas
      } else if j == k {
        if user == nil || isSVG { user = record.toCanvas }
        if !isSVG { break }
      } else {
        break
      }
    }
    return (user ?? parent, parent)
  }

  /// `box` (in the space `fromCanvas` maps the canvas to) cut by the clip paths and mask
  /// regions of the groups between leaf `i` and element `e`, `e`'s own included; nil when
  /// nothing is left.
  func clipped(_ box: Rect, leaf i: Int, below e: NodeID, fromCanvas: Transform) -> Rect? {
    let owners = owners(of: i)
    let k = owners.firstIndex(of: e) ?? owners.count
    var box = box
    var g = leaves[i].group
    while g >= 0 {
      let record = groups[g]
      if let source = record.source, let j = owners.firstIndex(of: source), j > k { break }
      let map = fromCanvas * record.toCanvas
      if let clip = record.clipPath {
        guard let region = Self.region(of: clip, map: map), let cut = box.intersection(region)
        else { return nil }
        box = cut
      }
      if let mask = record.mask {
        guard let cut = box.intersection(mask.region.applying(map)) else { return nil }
        box = cut
      }
      g = record.parent
    }
    return box
  }

  private static func region(of clip: ClipPath, map: Transform) -> Rect? {
    guard var r = clip.children.fillBounds(in: map * clip.transform) else { return nil }
    if let outer = clip.clipPath {
      guard let o = region(of: outer, map: map), let cut = r.intersection(o) else { return nil }
      r = cut
    }
    return r
  }
}
