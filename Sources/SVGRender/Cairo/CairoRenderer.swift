import CCairo
import SVGGeometry
import SVGTree

/// Draws a render tree on a cairo context. The backend only draws: every value it reads
/// was resolved when the tree was built.
struct CairoRenderer {
  let cr: OpaquePointer
  var budget: PixelBudget
  /// Checked before each node: once cancelled, the rest of the tree is skipped.
  var cancellation: RenderCancellation? = nil
  /// The device rows the drawing is clipped to, when only some are drawn (a partial
  /// redraw): a shape that cannot reach them is skipped (see
  /// ``RedrawArea/meets(_:rows:_:)``).
  var clipRows: (top: Double, bottom: Double)? = nil
  /// Raised by a paint that a band could draw differently from the whole image.
  var bandHazard: BandHazard? = nil
  /// When set, the walk draws nothing: it gathers the strokes and gradients that could
  /// raise the band hazard (see ``BandPlan``), under the clips and matrices they are drawn
  /// with.
  var survey: ChordSurvey? = nil
  /// Draws the strokes of a band (or tells the survey of those) whose outline the band's
  /// clip would change, as the whole image does (see ``CoverageMask``); nil outside a band.
  var coverageMask: CoverageMask? = nil
  /// The coverage of the fills and strokes of an opaque colour that a session's partial
  /// redraws keep (made on ``coverageMask``, see ``CoverageCache``); nil elsewhere.
  var coverageCache: CoverageCache? = nil

  func draw(_ node: RenderNode) {
    if let cancellation, cancellation.isCancelled { return }
    // Once a band has raised the hazard the image is drawn again whole: the bands stop.
    if let bandHazard, bandHazard.isRaised { return }
    switch node {
    case .group(let g): draw(g)
    case .path(let p): draw(p)
    case .image(let i): draw(i)
    }
  }

  func draw(_ group: Group) {
    cairo_save(cr)
    defer { cairo_restore(cr) }
    cairo_transform(cr, group.transform)
    // A clip that is a plain cairo clip needs no layer of its own; it is set inside the
    // group's layer when there is one, so that its edges are not anti-aliased twice.
    // With filters the clip applies to the filter's result, so it cannot be set first.
    let directClip = group.filters.isEmpty && (group.clipPath.map(Self.isDirectClip) ?? false)
    let clips = directClip ? 1 : 0
    coverageMask?.clips += clips
    defer { coverageMask?.clips -= clips }
    if survey != nil {
      // Layers and coverage clips change neither matrices nor clip extents; a direct clip
      // is set as when drawing, and a mask's content is drawn within its region. The
      // survey counts the layers the walk is in (the children's, the mask content's).
      if directClip, let clip = group.clipPath { intersectClip(clip) }
      let layers = group.needsLayerBesideClip || (group.clipPath != nil && !directClip) ? 1 : 0
      survey!.layers += layers
      for child in group.children { draw(child) }
      survey!.layers -= layers
      // Mask content is drawn on a layer of its own.
      survey!.layers += 1
      defer { survey!.layers -= 1 }
      var mask = group.mask
      while let m = mask {
        cairo_save(cr)
        cairo_rectangle(cr, m.region.x, m.region.y, m.region.width, m.region.height)
        cairo_clip(cr)
        draw(m.content)
        cairo_restore(cr)
        mask = m.mask
      }
      return
    }
    guard group.needsLayerBesideClip || (group.clipPath != nil && !directClip) else {
      if let clip = group.clipPath { intersectClip(clip) }
      for child in group.children { draw(child) }
      return
    }
    clipLayer(to: group)
    guard budget.allowsLayer(cr) else { return }
    cairo_push_group(cr)
    if directClip, let clip = group.clipPath { intersectClip(clip) }
    if group.filters.isEmpty {
      for child in group.children { draw(child) }
    } else {
      drawFiltered(group)
    }
    if !directClip, let clip = group.clipPath { applyClip(clip) }
    if let mask = group.mask { applyMask(mask) }
    compositeLayer(opacity: group.opacity, blendMode: group.blendMode)
  }

  /// On an image, clips the layer `group` is about to be drawn on to the box of its shapes
  /// (``LayerExtent``).
  private func clipLayer(to group: Group) {
    guard cairo_surface_get_type(cairo_get_target(cr)) == CAIRO_SURFACE_TYPE_IMAGE,
      let box = LayerExtent.box(of: group, cairo_get_matrix(cr))
    else { return }
    cairo_clip(cr, toDeviceBox: box)
  }

  func draw(_ node: PathNode) {
    guard !node.path.isEmpty else { return }
    let toDevice = cairo_get_matrix(cr)
    // The node's device box: a band tests it at once, and it is found once for what else
    // needs it (a coverage not kept yet, a gradient that cannot be placed).
    let box = clipRows.map { _ in RedrawArea.extent(of: node, toDevice) }
    if let rows = clipRows, !RedrawArea.meets(box!, rows: rows.top, rows.bottom) { return }
    let extent = { box ?? RedrawArea.extent(of: node, toDevice) }
    cairo_set_antialias(cr, node.antialias ? CAIRO_ANTIALIAS_DEFAULT : CAIRO_ANTIALIAS_NONE)
    let stroked = node.stroke.flatMap { $0.width > 0 ? node.path.forStroking($0) : nil }
    // A path that is filled and stroked as it is goes to cairo once, for both: cairo keeps
    // the path in device space, whatever matrix or style the stroke then sets.
    let shared = survey == nil && node.fill != nil && stroked == node.path
    if shared {
      cairo_new_path(cr)
      appendPath(node.path)
    }
    switch node.paintOrder {
    case .fillThenStroke:
      fill(node, pathSet: shared, toDevice: toDevice, extent: extent)
      stroked.map { stroke(node, $0, pathSet: shared, toDevice: toDevice, extent: extent) }
    case .strokeThenFill:
      stroked.map { stroke(node, $0, pathSet: shared, toDevice: toDevice, extent: extent) }
      fill(node, pathSet: shared, toDevice: toDevice, extent: extent)
    }
    if shared { cairo_new_path(cr) }
  }

  /// Fills the node's path, drawn under `toDevice` within the device box `extent` gives;
  /// with `pathSet`, the path is cairo's current one and is kept.
  private func fill(
    _ node: PathNode, pathSet: Bool, toDevice: Transform, extent: () -> Rect?
  ) {
    guard let fill = node.fill else { return }
    if let survey {
      note(fill.paint, in: survey, extent: extent)
      survey.addWork(node.path, on: cr)
      return
    }
    let evenOdd = fill.rule == .evenOdd
    if drawThroughCoverage(
      node, .fill(evenOdd: evenOdd), colour: CoverageMask.colour(of: fill, node),
      toDevice: toDevice, extent: extent,
      make: { mask, m, box in
        mask.coverage(
          filling: node.path, evenOdd: evenOdd, toDevice: m, extent: box, budget: budget)
      })
    {
      return
    }
    if !pathSet {
      cairo_new_path(cr)
      appendPath(node.path)
    }
    cairo_set_fill_rule(
      cr, fill.rule == .evenOdd ? CAIRO_FILL_RULE_EVEN_ODD : CAIRO_FILL_RULE_WINDING)
    paint(with: fill.paint, opacity: fill.opacity, extent: extent, isFill: true) {
      cairo_fill_preserve(cr)
    }
    if !pathSet { cairo_new_path(cr) }
  }

  /// Draws an outline of `node`'s path in `colour` (nil when not opaque) through its
  /// coverage on the image (``CoverageMask``): the one a session's redraws keep
  /// (``coverageCache``), made by `make` on the coverage mask under `toDevice` within the
  /// device box `extent` gives when not kept yet; with no coverage kept, only when `always`
  /// (a band's stroke whose outline the band's clip would change). False when cairo is to
  /// draw it.
  private func drawThroughCoverage(
    _ node: PathNode, _ outline: CoverageCache.Outline, colour: Color?, toDevice: Transform,
    extent: () -> Rect?, always: Bool = false,
    make: (CoverageMask, Transform, Rect) -> CoverageMask.Coverage?
  ) -> Bool {
    guard let coverageMask, let clipRows, let colour, coverageCache != nil || always,
      coverageMask.drawsOnImage(cr)
    else { return false }
    func made() -> CoverageMask.Coverage? {
      extent().flatMap { make(coverageMask, toDevice, $0) }
    }
    let kept = coverageCache?.coverage(of: node.path, outline, toDevice: toDevice, make: made)
    guard let coverage = kept ?? (always ? made() : nil) else { return false }
    CoverageMask.blend(coverage, colour: colour, clip: clipRows, on: cr)
    return true
  }

  /// Strokes `path` (the node's path as it is stroked, ``SVGGeometry/Path/forStroking``)
  /// under the node's matrix `toDevice` (a non-scaling stroke's style sets another) within
  /// the device box `extent` gives; with `pathSet`, it is cairo's current path and is kept.
  private func stroke(
    _ node: PathNode, _ path: Path, pathSet: Bool, toDevice: Transform, extent: () -> Rect?
  ) {
    guard let stroke = node.stroke else { return }
    let colour = CoverageMask.colour(of: stroke, node)
    func throughCoverage(always: Bool) -> Bool {
      drawThroughCoverage(
        node, .init(stroke), colour: colour, toDevice: toDevice, extent: extent, always: always
      ) { mask, m, box in
        mask.coverage(stroking: path, stroke, toDevice: m, extent: box, budget: budget)
      }
    }
    if coverageCache != nil, !Hairline.mayDraw(stroke, stroke.nonScaling ? .identity : toDevice),
      throughCoverage(always: false)
    {
      return
    }
    cairo_save(cr)
    let work = survey?.addWork(node.path, on: cr, stroke: stroke)
    if !pathSet {
      cairo_new_path(cr)
      appendPath(path)
    }
    // A non-scaling stroke's path goes to device space; its width is in device pixels.
    CairoStroke.setStyle(stroke, width: stroke.width, on: cr)
    if let survey {
      // On a layer or under a clip, a stroke raises the hazard where a band's clip would
      // change it. On the image, a band draws it as the whole image does: an opaque colour
      // through its coverage mask, a paint ``strokesUnclipped(_:)`` takes unclipped, whose
      // work the plan weighs (``ChordSurvey/avoidsUnclipped``).
      if coverageMask?.drawsOnImage(cr, layers: survey.layers) != true {
        survey.add(strokeOn: cr, hasCurves: node.path.hasCurves)
      } else if colour == nil {
        survey.add(
          strokeOn: cr, hasCurves: node.path.hasCurves,
          unclippedWork: strokesUnclipped(stroke.paint) ? work : nil)
      }
      note(stroke.paint, in: survey, extent: extent)
      cairo_restore(cr)
      cairo_new_path(cr)
      return
    }
    let hairline = Hairline(stroke, on: cr)
    // A hairline is not cairo's stroker's outline, which is what a band edge can change.
    if hairline == nil, let bandHazard,
      BandChords.mayDiffer(on: cr, hasCurves: node.path.hasCurves)
    {
      if throughCoverage(always: true)
        || strokeUnclipped(path, stroke, toDevice: toDevice, hasCurves: node.path.hasCurves)
      {
        cairo_restore(cr)
        if !pathSet { cairo_new_path(cr) }
        return
      }
      bandHazard.raise()
    }
    if let hairline {
      if let mask = hairline.surface {
        defer { cairo_surface_destroy(mask) }
        paint(with: stroke.paint, opacity: stroke.opacity, extent: extent) {
          cairo_save(cr)
          cairo_identity_matrix(cr)
          cairo_mask_surface(cr, mask, Double(hairline.x), Double(hairline.y))
          cairo_restore(cr)
        }
      }
    } else {
      paint(with: stroke.paint, opacity: stroke.opacity, extent: extent) {
        cairo_stroke_preserve(cr)
      }
    }
    cairo_restore(cr)
    if !pathSet { cairo_new_path(cr) }
  }

  /// Sets `paint` as the source and runs `draw`; paints that need a layer get one. `extent`
  /// gives the device box of the drawing operation, for a gradient that cannot be placed in
  /// device space (see ``UnplacedGradient``), and for a fill (`isFill`) painted with one that
  /// can, through its coverage (``MaskedGradient``).
  func paint(
    with paint: RenderPaint, opacity: Double, extent: () -> Rect?, isFill: Bool = false,
    _ draw: () -> Void
  ) {
    switch paint {
    case .color(let c):
      cairo_set_source_rgba(
        cr, Double(c.r) / 255, Double(c.g) / 255, Double(c.b) / 255, c.alpha * opacity)
      draw()
    case .linearGradient(let g):
      let placed = device(g)
      withGradient(
        CairoPaint.linear(g, opacity: opacity, device: placed), placed, extent: extent,
        isFill: isFill, draw)
    case .radialGradient(let g):
      let placed = device(g)
      withGradient(
        CairoPaint.radial(g, opacity: opacity, device: placed), placed, extent: extent,
        isFill: isFill, draw)
    case .pattern(let p):
      guard let pattern = CairoPaint.pattern(p, renderer: self) else { return }
      if opacity >= 1 {
        withPattern(pattern, draw)
      } else {
        cairo_push_group(cr)
        withPattern(pattern, draw)
        cairo_pop_group_to_source(cr)
        cairo_paint_with_alpha(cr, opacity)
      }
    }
  }

  private func withPattern(_ pattern: OpaquePointer?, _ draw: () -> Void) {
    guard let pattern else { return }
    defer { cairo_pattern_destroy(pattern) }
    cairo_set_source(cr, pattern)
    draw()
  }

  func appendPath(_ path: Path) { CairoPath.append(path, to: cr) }
}

extension Stroke.LineCap {
  var cairo: cairo_line_cap_t {
    switch self {
    case .butt: CAIRO_LINE_CAP_BUTT
    case .round: CAIRO_LINE_CAP_ROUND
    case .square: CAIRO_LINE_CAP_SQUARE
    }
  }
}

extension Stroke.LineJoin {
  /// cairo has no miter-clip or arcs joins; SVG 2 says to fall back to miter.
  var cairo: cairo_line_join_t {
    switch self {
    case .miter, .miterClip, .arcs: CAIRO_LINE_JOIN_MITER
    case .round: CAIRO_LINE_JOIN_ROUND
    case .bevel: CAIRO_LINE_JOIN_BEVEL
    }
  }
}

extension BlendMode {
  var cairoOperator: cairo_operator_t {
    switch self {
    case .normal: CAIRO_OPERATOR_OVER
    case .multiply: CAIRO_OPERATOR_MULTIPLY
    case .screen: CAIRO_OPERATOR_SCREEN
    case .overlay: CAIRO_OPERATOR_OVERLAY
    case .darken: CAIRO_OPERATOR_DARKEN
    case .lighten: CAIRO_OPERATOR_LIGHTEN
    case .colorDodge: CAIRO_OPERATOR_COLOR_DODGE
    case .colorBurn: CAIRO_OPERATOR_COLOR_BURN
    case .hardLight: CAIRO_OPERATOR_HARD_LIGHT
    case .softLight: CAIRO_OPERATOR_SOFT_LIGHT
    case .difference: CAIRO_OPERATOR_DIFFERENCE
    case .exclusion: CAIRO_OPERATOR_EXCLUSION
    case .hue: CAIRO_OPERATOR_HSL_HUE
    case .saturation: CAIRO_OPERATOR_HSL_SATURATION
    case .color: CAIRO_OPERATOR_HSL_COLOR
    case .luminosity: CAIRO_OPERATOR_HSL_LUMINOSITY
    case .plusLighter: CAIRO_OPERATOR_ADD
    }
  }
}

func cairo_transform(_ cr: OpaquePointer, _ t: Transform) {
  guard !t.isIdentity else { return }
  var m = cairo_matrix_t(xx: t.a, yx: t.b, xy: t.c, yy: t.d, x0: t.e, y0: t.f)
  cairo_transform(cr, &m)
}

/// The current matrix of `cr` (user space to device space).
func cairo_get_matrix(_ cr: OpaquePointer) -> Transform {
  var m = cairo_matrix_t()
  cairo_get_matrix(cr, &m)
  return Transform(m)
}

extension Transform {
  init(_ m: cairo_matrix_t) { self.init(a: m.xx, b: m.yx, c: m.xy, d: m.yy, e: m.x0, f: m.y0) }
}
