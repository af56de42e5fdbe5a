import CCairo
import SVGGeometry

/// Filtered groups: the content is drawn into an image covering the filter regions at
/// device resolution (rotation and skew taken out, as resvg does, so the primitives work on
/// axis-aligned pixels), the filters run on it, and the result is painted back.
extension CairoRenderer {
  /// Draws `group`'s children through its filters onto the current target. The group's
  /// transform is already applied.
  func drawFiltered(_ group: Group) {
    let ctm = cairo_get_matrix(cr)
    let sx = (ctm.a * ctm.a + ctm.b * ctm.b).squareRoot()
    let sy = (ctm.c * ctm.c + ctm.d * ctm.d).squareRoot()
    guard sx > 1e-9, sy > 1e-9, sx.isFinite, sy.isFinite else { return }
    // The suite's references filter in device space: a rotated region becomes its
    // axis-aligned bounding box, and parameters scale by the transform's axis lengths.
    let rest = Transform.identity
    guard let inverseRest = rest.inverted else { return }
    let layerTransform = inverseRest * ctm
    var area: Rect?
    for f in group.filters {
      let r = f.region.applying(layerTransform)
      area = area.map { $0.union(r) } ?? r
    }
    guard let area, let maxBox = maxLayerBox(inverseRest),
      let box = FilterLayout.roundOut(area)?.intersection(maxBox)
    else { return }
    let primitives = group.filters.reduce(0) { $0 + $1.primitives.count }
    guard budget.allows(width: box.width, height: box.height),
      budget.allows(width: box.width, height: box.height * (primitives + 2))
    else { return }
    let toLayer = Transform.translate(Double(-box.x), Double(-box.y)) * layerTransform
    var layer = FilterImage(width: box.width, height: box.height)
    layer.withSurface { surface in
      let layerCR = cairo_create(surface)!
      cairo_set_matrix(layerCR, toLayer)
      let inner = CairoRenderer(cr: layerCR, budget: budget, cancellation: cancellation)
      for child in group.children { inner.draw(child) }
      cairo_destroy(layerCR)
    }
    let limit = budget
    let token = cancellation
    for filter in group.filters where !(token?.isCancelled ?? false) {
      FilterPipeline(filter: filter, transform: toLayer) { content, transform, surface in
        let c = cairo_create(surface)!
        cairo_set_matrix(c, transform)
        CairoRenderer(cr: c, budget: limit, cancellation: token).draw(content)
        cairo_destroy(c)
      }.apply(to: &layer)
    }
    cairo_save(cr)
    cairo_set_matrix(cr, rest)
    layer.withSurface { surface in
      cairo_set_source_surface(cr, surface, Double(box.x), Double(box.y))
      if rest.b == 0 && rest.c == 0 {
        cairo_pattern_set_filter(cairo_get_source(cr), CAIRO_FILTER_NEAREST)
      }
      cairo_paint(cr)
    }
    cairo_restore(cr)
  }

  /// The current device clip, grown by twice its size on every side (so content just off
  /// the canvas still blurs in), in the unrotated layer space.
  private func maxLayerBox(_ inverseRest: Transform) -> PixelRect? {
    cairo_save(cr)
    cairo_identity_matrix(cr)
    var x1 = 0.0
    var y1 = 0.0
    var x2 = 0.0
    var y2 = 0.0
    cairo_clip_extents(cr, &x1, &y1, &x2, &y2)
    cairo_restore(cr)
    let w = x2 - x1
    let h = y2 - y1
    guard w > 0, h > 0 else { return nil }
    let grown = Rect(x: x1 - 2 * w, y: y1 - 2 * h, width: 5 * w, height: 5 * h)
    return FilterLayout.roundOut(grown.applying(inverseRest))
  }
}

enum FilterLayout {
  /// The smallest pixel rectangle holding `r` (at least one pixel); nil when not finite.
  static func roundOut(_ r: Rect) -> PixelRect? {
    guard r.isFinite, abs(r.minX) < 1e8, abs(r.minY) < 1e8, abs(r.maxX) < 1e8, abs(r.maxY) < 1e8
    else { return nil }
    let x0 = r.minX.rounded(.down)
    let y0 = r.minY.rounded(.down)
    let x1 = max(r.maxX.rounded(.up), x0 + 1)
    let y1 = max(r.maxY.rounded(.up), y0 + 1)
    return PixelRect(x: Int(x0), y: Int(y0), width: Int(x1 - x0), height: Int(y1 - y0))
  }
}

func cairo_set_matrix(_ cr: OpaquePointer, _ t: Transform) {
  var m = cairo_matrix_t(xx: t.a, yx: t.b, xy: t.c, yy: t.d, x0: t.e, y0: t.f)
  cairo_set_matrix(cr, &m)
}
