import SVGGeometry

/// The device box a group's layer can hold pixels in: the boxes of its shapes
/// (``RedrawArea/extent(of:_:)``: points and control points, grown by the stroke's reach and
/// a margin). cairo sizes a layer to the clip, a band or the whole image; clipped to this box
/// first (whole pixels, so the clip is a pixel-aligned region and no edge changes), the
/// layer is only as large as what is drawn on it, and so is its composite.
///
/// The same PNGs on 376 openclipart drawings at 800 px; the least CPU time of 3 alternating
/// runs of each: 173 drawings with gradients 0.94x (orange_slice_jonathan_di_01.svg 0.53x,
/// brush_roller_costea_bogd_01.svg 0.58x, lock_-_open_afief_halumi_01.svg, whose 31 layers
/// of opacity were each the size of a band, 0.81x), 203 others 1.00x, the 40 largest 1.00x.
enum LayerExtent {
  /// The box of `group`'s children drawn under `toDevice` (the group's own matrix applied),
  /// rounded out to whole pixels; nil when it has no bound known here: a filter on it or
  /// inside (its region reaches beyond the shapes), an image, or nothing finite.
  static func box(of group: Group, _ toDevice: Transform) -> Rect? {
    var box: Rect? = nil
    guard group.filters.isEmpty, add(group.children, toDevice, to: &box), let box, box.isFinite
    else { return nil }
    return box.roundedOut
  }

  /// Adds the boxes of `nodes` to `box`; false when one has no bound.
  private static func add(_ nodes: [RenderNode], _ toDevice: Transform, to box: inout Rect?)
    -> Bool
  {
    for node in nodes {
      switch node {
      case .path(let p):
        guard let e = RedrawArea.extent(of: p, toDevice) else { continue }
        box = box.map { $0.union(e) } ?? e
      case .group(let g):
        guard g.filters.isEmpty, add(g.children, toDevice * g.transform, to: &box) else {
          return false
        }
      case .image:
        return false
      }
    }
    return true
  }
}
