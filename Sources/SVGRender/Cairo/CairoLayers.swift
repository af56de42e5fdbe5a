import CCairo
import SVGGeometry
import SVGTree

/// Clipping and masking of a group's layer. Both are drawn as an alpha mask and applied to
/// the pushed layer with DEST_IN, so nested clips, clip-paths on clip children and masks
/// inside masks all compose the same way.
extension CairoRenderer {
  /// Multiplies the current layer by the clip region's coverage, then by the coverage of
  /// the clip's own `clip-path` (the regions intersect).
  func applyClip(_ clip: ClipPath) {
    cairo_push_group_with_content(cr, CAIRO_CONTENT_ALPHA)
    cairo_save(cr)
    cairo_transform(cr, clip.transform)
    for child in clip.children { drawClipChild(child) }
    cairo_restore(cr)
    let coverage = cairo_pop_group(cr)
    multiplyLayer(by: coverage)
    cairo_pattern_destroy(coverage)
    if let outer = clip.clipPath { applyClip(outer) }
  }

  /// Whether `clip` is an intersection of single shapes (one child at each level, nested
  /// clip-paths allowed), which cairo can clip to directly: no coverage layer is needed,
  /// and vector outputs keep a real clip.
  static func isDirectClip(_ clip: ClipPath) -> Bool {
    clip.children.count <= 1 && clip.children.allSatisfy(isDirectClip)
      && (clip.clipPath.map(isDirectClip) ?? true)
  }

  private static func isDirectClip(_ node: RenderNode) -> Bool {
    switch node {
    case .path(let p): p.fill != nil
    case .group(let g):
      g.children.count == 1 && isDirectClip(g.children[0])
        && (g.clipPath.map(isDirectClip) ?? true)
    case .image: false
    }
  }

  /// Intersects cairo's clip with a clip for which ``isDirectClip(_:)`` holds. Matrices are
  /// restored by hand: cairo_restore would drop the clip along with them.
  func intersectClip(_ clip: ClipPath) {
    withTransform(clip.transform) {
      if let child = clip.children.first {
        intersectClip(child)
      } else {
        cairo_new_path(cr)
        cairo_clip(cr)
      }
    }
    if let outer = clip.clipPath { intersectClip(outer) }
  }

  private func intersectClip(_ node: RenderNode) {
    switch node {
    case .path(let p):
      survey?.add(clip: p.path, on: cr)
      cairo_new_path(cr)
      appendPath(p.path)
      let rule = p.fill?.rule ?? .nonZero
      cairo_set_fill_rule(
        cr, rule == .evenOdd ? CAIRO_FILL_RULE_EVEN_ODD : CAIRO_FILL_RULE_WINDING)
      cairo_set_antialias(cr, p.antialias ? CAIRO_ANTIALIAS_DEFAULT : CAIRO_ANTIALIAS_NONE)
      cairo_clip(cr)
    case .group(let g):
      withTransform(g.transform) {
        intersectClip(g.children[0])
        if let clip = g.clipPath { intersectClip(clip) }
      }
    case .image:
      break
    }
  }

  private func withTransform(_ t: Transform, _ body: () -> Void) {
    var saved = cairo_matrix_t()
    cairo_get_matrix(cr, &saved)
    cairo_transform(cr, t)
    body()
    cairo_set_matrix(cr, &saved)
  }

  /// Paints a clip child's shapes opaque on the current (alpha) layer.
  private func drawClipChild(_ node: RenderNode) {
    switch node {
    case .path(let p):
      guard let fill = p.fill, !p.path.isEmpty else { return }
      cairo_new_path(cr)
      appendPath(p.path)
      cairo_set_fill_rule(
        cr, fill.rule == .evenOdd ? CAIRO_FILL_RULE_EVEN_ODD : CAIRO_FILL_RULE_WINDING)
      cairo_set_antialias(cr, p.antialias ? CAIRO_ANTIALIAS_DEFAULT : CAIRO_ANTIALIAS_NONE)
      cairo_set_source_rgba(cr, 0, 0, 0, 1)
      cairo_fill(cr)
    case .group(let g):
      cairo_save(cr)
      cairo_transform(cr, g.transform)
      if let clip = g.clipPath {
        // A clipped child is drawn on its own layer, clipped, then added to the region.
        cairo_push_group_with_content(cr, CAIRO_CONTENT_ALPHA)
        for child in g.children { drawClipChild(child) }
        applyClip(clip)
        cairo_pop_group_to_source(cr)
        cairo_paint(cr)
      } else {
        for child in g.children { drawClipChild(child) }
      }
      cairo_restore(cr)
    case .image:
      break
    }
  }

  /// Multiplies the current layer by the mask's luminance (or alpha) inside its region,
  /// then by the mask's own `mask`.
  func applyMask(_ mask: Mask) {
    cairo_push_group(cr)
    cairo_save(cr)
    cairo_rectangle(cr, mask.region.x, mask.region.y, mask.region.width, mask.region.height)
    cairo_clip(cr)
    draw(mask.content)
    cairo_restore(cr)
    let content = cairo_pop_group(cr)!
    defer { cairo_pattern_destroy(content) }
    var surface: OpaquePointer?
    cairo_pattern_get_surface(content, &surface)
    if let surface, let alpha = MaskCoverage.alphaSurface(from: surface, kind: mask.kind) {
      // The group pattern carries the device offset of the layer; keep it.
      var m = cairo_matrix_t()
      cairo_pattern_get_matrix(content, &m)
      let alphaPattern = cairo_pattern_create_for_surface(alpha)!
      cairo_pattern_set_matrix(alphaPattern, &m)
      multiplyLayer(by: alphaPattern)
      cairo_pattern_destroy(alphaPattern)
      cairo_surface_destroy(alpha)
    } else if let coverage = rasterMaskCoverage(mask) {
      // A recorded layer (vector output): the mask is drawn again into pixels.
      multiplyLayer(by: coverage)
      cairo_pattern_destroy(coverage)
    }
    if let inner = mask.mask { applyMask(inner) }
  }

  /// Pops the current layer and composites it onto the one below with `opacity` and
  /// `blendMode`.
  func compositeLayer(opacity: Double, blendMode: BlendMode) {
    if blendMode != .normal && opacity < 1 {
      // pixman's non-separable (HSL) operators mishandle a constant mask, so the opacity
      // goes into the layer first and the layer is then blended as it is.
      cairo_save(cr)
      cairo_set_operator(cr, CAIRO_OPERATOR_DEST_IN)
      cairo_set_source_rgba(cr, 0, 0, 0, opacity)
      cairo_paint(cr)
      cairo_restore(cr)
      popLayerToSource()
      cairo_set_operator(cr, blendMode.cairoOperator)
      cairo_paint(cr)
    } else {
      popLayerToSource()
      cairo_set_operator(cr, blendMode.cairoOperator)
      cairo_paint_with_alpha(cr, opacity)
    }
  }

  /// Pops the current layer and sets it as the source in device space, with an identity
  /// matrix in effect (left set: the caller's state is restored after), where
  /// `cairo_pop_group_to_source` would leave pixman to resample it, pixel for pixel the same,
  /// on a slower path (``cairo_place_in_device(_:_:)``; openclipart's
  /// orange_slice_jonathan_di_01.svg spent 35% of its time there).
  private func popLayerToSource() {
    let layer = cairo_pop_group(cr)!
    defer { cairo_pattern_destroy(layer) }
    cairo_place_in_device(cr, layer)
    cairo_set_source(cr, layer)
  }

  /// DEST_IN with `coverage` as source: keeps the layer where the coverage is opaque.
  private func multiplyLayer(by coverage: OpaquePointer?) {
    cairo_save(cr)
    cairo_set_operator(cr, CAIRO_OPERATOR_DEST_IN)
    cairo_set_source(cr, coverage)
    cairo_paint(cr)
    cairo_restore(cr)
  }
}

/// Turns a mask layer into an A8 coverage surface.
enum MaskCoverage {
  static func alphaSurface(from surface: OpaquePointer, kind: Mask.Kind) -> OpaquePointer? {
    guard cairo_surface_get_type(surface) == CAIRO_SURFACE_TYPE_IMAGE else { return nil }
    cairo_surface_flush(surface)
    let w = cairo_image_surface_get_width(surface)
    let h = cairo_image_surface_get_height(surface)
    let srcStride = Int(cairo_image_surface_get_stride(surface))
    guard let out = cairo_image_surface_create(CAIRO_FORMAT_A8, w, h),
      let src = cairo_image_surface_get_data(surface),
      let dst = cairo_image_surface_get_data(out)
    else { return nil }
    let dstStride = Int(cairo_image_surface_get_stride(out))
    for y in 0..<Int(h) {
      let row = UnsafeRawPointer(src + y * srcStride)
      for x in 0..<Int(w) {
        let v = row.loadUnaligned(fromByteOffset: x * 4, as: UInt32.self)
        let value: UInt32
        switch kind {
        case .alpha:
          value = v >> 24
        case .luminance:
          // Premultiplied channels give luminance × alpha directly (sRGB coefficients).
          let r = Double((v >> 16) & 0xFF)
          let g = Double((v >> 8) & 0xFF)
          let b = Double(v & 0xFF)
          value = UInt32(min(255, (0.2125 * r + 0.7154 * g + 0.0721 * b).rounded()))
        }
        dst[y * dstStride + x] = UInt8(value)
      }
    }
    cairo_surface_mark_dirty(out)
    var dx = 0.0
    var dy = 0.0
    cairo_surface_get_device_offset(surface, &dx, &dy)
    cairo_surface_set_device_offset(out, dx, dy)
    return out
  }
}

/// Intersects the clip of `cr` with the whole device pixels that `box` (in device space)
/// touches, keeping the matrix and the current path: the path is set aside and put back under
/// an identity matrix, which is exact, as cairo keeps paths in device space in 24.8 fixed
/// point. Whole pixels make the clip a region, which changes no shape's edge.
func cairo_clip(_ cr: OpaquePointer, toDeviceBox box: Rect) {
  var ctm = cairo_matrix_t()
  cairo_get_matrix(cr, &ctm)
  cairo_identity_matrix(cr)
  let path = cairo_copy_path(cr)
  cairo_new_path(cr)
  let pixels = box.roundedOut
  cairo_rectangle(cr, pixels.x, pixels.y, pixels.width, pixels.height)
  cairo_clip(cr)
  cairo_append_path(cr, path)
  cairo_path_destroy(path)
  cairo_set_matrix(cr, &ctm)
}

/// Sets an identity matrix on `cr` and on `group`, a pattern of a layer popped from it, so
/// that the layer lies on the device pixel for pixel (its surface carries its device offset).
/// As cairo leaves it, under the context's matrix times its inverse, the product is an
/// identity only to rounding, and pixman takes the layer as scaled and resamples it.
func cairo_place_in_device(_ cr: OpaquePointer, _ group: OpaquePointer) {
  cairo_identity_matrix(cr)
  var identity = cairo_matrix_t(xx: 1, yx: 0, xy: 0, yy: 1, x0: 0, y0: 0)
  cairo_pattern_set_matrix(group, &identity)
}
