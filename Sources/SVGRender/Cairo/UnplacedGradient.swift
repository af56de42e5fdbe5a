import CCairo
import SVGGeometry

/// A drawing operation painted with a gradient that cannot be placed in device space
/// (``DeviceGradient``). cairo rounds the gradient's matrix around the centre of the
/// operation's extent, its shape's box within the clip; a band whose clip holds every row
/// of that box computes the same extent as the whole image (cairo drops a clip that holds
/// the operation), and so the same pixels, where one whose clip cuts it may not. So the band
/// plan keeps band edges off such operations (``ChordSurvey/unplaced``), a partial redraw
/// grows over them whole (``RedrawArea``), and a band that meets one cut all the same, or on
/// a layer (whose size and origin the clip sets), raises the band hazard.
enum UnplacedGradient {
  /// Whether a clip of the device rows `clip` cuts an operation whose device box spans the
  /// rows `box` of an image `height` rows tall: it meets some of the box's rows within the
  /// image, not all.
  static func isCut(
    _ box: ClosedRange<Double>, by clip: (top: Double, bottom: Double), height: Double
  )
    -> Bool
  {
    let top = max(0, box.lowerBound.rounded(.down))
    let bottom = min(height, box.upperBound.rounded(.up))
    guard top < bottom, top < clip.bottom, bottom > clip.top else { return false }
    return top < clip.top || bottom > clip.bottom
  }

  /// Whether `paint` is a gradient that cannot be placed in device space on `target` (nil: a
  /// target that is not an image surface, where none is placed).
  static func isUnplaced(_ paint: RenderPaint?, on target: DeviceGradient.Target?) -> Bool {
    switch paint {
    case .linearGradient(let g): DeviceGradient(g, on: target) == nil
    case .radialGradient(let g): DeviceGradient(g, on: target) == nil
    case nil, .color, .pattern: false
    }
  }
}

extension CairoRenderer {
  /// Notes in the survey a gradient that no band places as the whole image does, painted
  /// over the device box `extent` (see ``UnplacedGradient``).
  func note(_ paint: RenderPaint, in survey: ChordSurvey, extent: () -> Rect?) {
    guard UnplacedGradient.isUnplaced(paint, on: DeviceGradient.Target(cr)), let box = extent()
    else { return }
    if survey.layers > 0 {
      survey.refusal =
        survey.refusal ?? "a gradient that cannot be placed in device space, on a layer"
    } else {
      survey.unplaced.append(box.minY...box.maxY)
    }
  }

  /// `g` placed in device space under the current matrix, if it can be (``DeviceGradient``).
  func device(_ g: LinearGradient) -> DeviceGradient? {
    DeviceGradient(g, on: DeviceGradient.Target(cr))
  }

  func device(_ g: RadialGradient) -> DeviceGradient? {
    DeviceGradient(g, on: DeviceGradient.Target(cr))
  }

  /// Draws with `pattern`: placed in device space (``DeviceGradient``) it draws the same in
  /// every band, a fill (`isFill`) through its coverage where that pays (``MaskedGradient``);
  /// one that could not be tells a band whose clip cuts the operation's device box `extent`,
  /// or that draws it on a layer, to redraw the image whole.
  func withGradient(
    _ pattern: OpaquePointer?, _ device: DeviceGradient?, extent: () -> Rect?,
    isFill: Bool, _ draw: () -> Void
  ) {
    guard let pattern else { return }
    defer { cairo_pattern_destroy(pattern) }
    guard device != nil else {
      let target = cairo_get_target(cr)!
      if let bandHazard, cairo_surface_get_type(target) == CAIRO_SURFACE_TYPE_IMAGE,
        let box = extent()
      {
        let height = Double(cairo_image_surface_get_height(target))
        let layered = cairo_get_group_target(cr) != target
        if layered
          || clipRows.map({ UnplacedGradient.isCut(box.minY...box.maxY, by: $0, height: height) })
            ?? true
        {
          bandHazard.raise()
        }
      }
      cairo_set_source(cr, pattern)
      draw()
      return
    }
    if isFill, cairo_get_operator(cr) == CAIRO_OPERATOR_OVER, let box = extent(),
      MaskedGradient.isWorthIt(box)
    {
      MaskedGradient.draw(pattern, on: cr, box: box, draw)
    } else {
      DeviceGradient.draw(pattern, on: cr, draw)
    }
  }
}
