import SVGGeometry
import SVGQuery
import SVGRender
import SVGTree

/// `fillRegionAt(X, Y[, GAP])`: colours the region enclosed by the lines under a point of a
/// line drawing, as a paint program's bucket does, and keeps the result vector.
///
/// The drawing is rasterized (``RegionCanvas``), flooded from the tapped pixel
/// (``RegionFlood``), and the flooded pixels are traced back into a smooth outline
/// (``ContourTracing``, ``CurveFitting``), holes kept, coordinates rounded to 0.01. The
/// outline becomes a `<path>` with the active colour, marked with ``markerAttribute``, put
/// just below the first element that paints part of the region's edge (above the shape whose
/// fill is the region's background, when there is one), so every line stays on top.
///
/// A tap inside an earlier region fill redraws that path (outline and colour) instead of
/// adding another; the earlier fill is left out of the rendering that finds the region.
enum RegionFill {
  /// The attribute that marks a region fill; its value is the tap that made it: `X Y GAP`.
  static let markerAttribute = "data-inkpath-region"
  /// The prefix of the `id` of the paths made.
  static let idPrefix = "inkpath-region-"
  /// How far the outline may stray from the flooded pixels, in canvas pixels.
  static let tolerance = 0.6
}

extension Edit {
  /// Fills the region under `point` (document coordinates) with `color`, closing breaks in
  /// lines narrower than `gap` document units.
  mutating func fillRegion(at point: Point, gap: Double, color: Color, options: RenderOptions)
    throws(RegionFillError)
  {
    let tree: RenderTree
    do {
      tree = try RenderTree(document: document, options: options)
    } catch {
      throw RegionFillError("the drawing cannot be rendered: \(error)")
    }
    var probe = PaintingWalk(document: document, excluded: [])
    _ = probe.visit(.group(tree.root), toCanvas: .identity)
    let documentToCanvas = Scene(document: document, tree: tree).documentToCanvas
    let tap = documentToCanvas.apply(point)
    let earlier = probe.regionFills.filter { fill in
      fill.toCanvas.inverted.map { fill.path.contains($0.apply(tap), rule: fill.rule) } ?? false
    }
    let canvas: RegionCanvas
    do {
      canvas = try RegionCanvas(
        tree: tree, document: document, documentToCanvas: documentToCanvas,
        excluding: Set(earlier.map(\.element)),
        limits: options.limits, cancellation: options.cancellation)
    } catch {
      throw RegionFillError("the drawing cannot be rendered: \(error)")
    }
    let p = canvas.documentToPixel.apply(point)
    guard p.x >= 0, p.y >= 0, p.x < Double(canvas.width), p.y < Double(canvas.height) else {
      throw RegionFillError("the point is outside the drawing")
    }
    let seed = (x: Int(p.x), y: Int(p.y))
    let gapPixels = gap * canvas.documentToPixel.meanScale
    let region = try RegionFlood.region(of: canvas, seed: seed, gap: gapPixels)
    let marker = [point.x, point.y, gap].map(Command.number).joined(separator: " ")

    if let earlier = earlier.last {
      // In the path's own user space: its transform (after a moveBy) stays as it is.
      let d = try outline(of: region, toPixels: canvas.canvasToPixel * earlier.toCanvas)
      let target = earlier.element
      modify(target) {
        $0.setAttribute("d", d)
        $0.setAttribute(RegionFill.markerAttribute, marker)
      }
      recolor(target, "fill", color)
      return
    }
    let place = placement(of: region, on: canvas, seed: seed.y * canvas.width + seed.x)
    let d = try outline(of: region, toPixels: place.toPixels)
    var node = Node(
      kind: .element, name: "path", prefix: document[place.parent].prefix,
      namespaceURI: document[place.parent].namespaceURI)
    node.setAttribute("id", freshRegionID())
    node.setAttribute(RegionFill.markerAttribute, marker)
    node.setAttribute("d", d)
    node.override([(name: "fill-rule", value: "evenodd"), (name: "stroke", value: "none")])
    let id = insert(node, into: place.parent, at: place.index)
    recolor(id, "fill", color)
  }

  /// The traced outline of `region` as path data, in the space that `toPixels` maps to
  /// canvas pixels.
  private func outline(of region: PixelMask, toPixels: Transform) throws(RegionFillError)
    -> String
  {
    guard let fromPixels = toPixels.inverted else {
      throw RegionFillError("the place for the fill has a singular transform")
    }
    var path = Path()
    for polygon in ContourTracing.contours(of: region) where abs(Self.area(polygon)) >= 1 {
      path.elements += CurveFitting.closedOutline(polygon, tolerance: RegionFill.tolerance)
    }
    guard !path.isEmpty else { throw RegionFillError("the region is too small to fill") }
    return path.applying(fromPixels).svgPathData(decimals: 2)
  }

  /// Where the new path goes: its parent, its index among the parent's children, and the
  /// parent's user space mapped to canvas pixels.
  private func placement(of region: PixelMask, on canvas: RegionCanvas, seed: Int)
    -> (parent: NodeID, index: Int, toPixels: Transform)
  {
    let walk = canvas.walk
    // The shape painting the tapped pixel: the fill goes above it.
    let interior = canvas.shape(at: seed)
    var first: Int?
    let (w, h) = (canvas.width, canvas.height)
    region.bits.withUnsafeBufferPointer { inside in
      func edge(_ n: Int) {
        if inside[n] == 0, let s = canvas.shape(at: n), s > (interior ?? -1), s < (first ?? .max) {
          first = s
        }
      }
      for y in 0..<h {
        for x in 0..<w where inside[y * w + x] != 0 {
          let i = y * w + x
          if x > 0 { edge(i - 1) }
          if x < w - 1 { edge(i + 1) }
          if y > 0 { edge(i - w) }
          if y < h - 1 { edge(i + w) }
        }
      }
    }
    let above = interior.flatMap { walk.placements[$0] }
    if let edge = first.flatMap({ walk.placements[$0] }), let space = walk.parentSpaces[edge],
      let parent = document[edge].parent,
      !(above.map { $0 == edge || document.ancestors(of: $0).contains(edge) } ?? false)
    {
      let index = document[parent].children.firstIndex(of: edge) ?? 0
      return (parent, index, canvas.canvasToPixel * space)
    }
    if let above, let space = walk.parentSpaces[above], let parent = document[above].parent {
      let index = (document[parent].children.firstIndex(of: above) ?? 0) + 1
      return (parent, index, canvas.canvasToPixel * space)
    }
    // Nothing to go above or below: the bottom of the root.
    return (document.root ?? Document.top, 0, canvas.documentToPixel)
  }

  /// `inkpath-region-N` with the smallest N that no element has.
  private func freshRegionID() -> String {
    var n = 1
    while document.element(withID: RegionFill.idPrefix + String(n)) != nil { n += 1 }
    return RegionFill.idPrefix + String(n)
  }

  /// The signed area of a polygon (shoelace formula).
  private static func area(_ p: [Point]) -> Double {
    var sum = 0.0
    for i in p.indices { sum += p[i].cross(p[(i + 1) % p.count]) }
    return sum / 2
  }
}
