import SVGGeometry

// Fill bounding boxes of render nodes: the `objectBoundingBox` of SVG (geometry only; no
// stroke, markers, filters or clipping). Paths are bounded exactly after the transform (the
// curves are transformed, not their untransformed box), so rotated content gets a tight box.

extension RenderNode {
  /// The fill bounding box of this node in the space `transform` maps its parent's user
  /// space into; nil when it has no geometry.
  ///
  /// Every path counts, painted or not (an unfilled shape still has a bounding box), and an
  /// image counts as its viewport. A box may have zero width or height (a horizontal line).
  public func fillBounds(in transform: Transform = .identity) -> Rect? {
    switch self {
    case .path(let p): p.fillBounds(in: transform)
    case .group(let g): g.fillBounds(in: transform)
    case .image(let i): i.fillBounds(in: transform)
    }
  }
}

extension Sequence where Element == RenderNode {
  /// The union of the nodes' fill bounding boxes in the space `transform` maps their
  /// (common) parent's user space into; nil when none has geometry.
  public func fillBounds(in transform: Transform = .identity) -> Rect? {
    var box: Rect?
    for node in self {
      guard let b = node.fillBounds(in: transform) else { continue }
      box = box.map { $0.union(b) } ?? b
    }
    return box
  }
}

extension Group {
  /// The group's content box, in the space `transform` maps the group's *parent* user space
  /// into (the group's own transform is applied).
  public func fillBounds(in transform: Transform = .identity) -> Rect? {
    children.fillBounds(in: transform * self.transform)
  }
}

extension PathNode {
  /// The path's fill box in the space `transform` maps its parent's user space into.
  public func fillBounds(in transform: Transform = .identity) -> Rect? {
    transform.isIdentity ? bounds : path.bounds(transformedBy: transform)
  }
}

extension ImageNode {
  /// The image viewport, transformed.
  public func fillBounds(in transform: Transform = .identity) -> Rect? {
    transform.isIdentity ? viewport : viewport.applying(transform)
  }
}

extension Transform {
  /// Maps the unit square onto `box`: `objectBoundingBox` units to user space.
  public init(boundingBox box: Rect) {
    self.init(a: box.width, b: 0, c: 0, d: box.height, e: box.x, f: box.y)
  }
}
