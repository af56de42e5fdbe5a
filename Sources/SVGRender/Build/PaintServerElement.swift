import SVGGeometry
import SVGTree

// Placeholder: not built yet.
/// What a `url(#id)` paint reference resolved to.
enum PaintServerResolution {
  case paint(RenderPaint)
  /// A valid paint server that paints nothing (no stops, empty bounding box).
  case nothing
  /// No paint server with that id: the fallback applies.
  case missing
}

enum PaintServerElement {
  static func resolve(_ id: String, bounds: Rect?, builder: RenderTreeBuilder, state: BuildState)
    throws(RenderError) -> PaintServerResolution
  {
    .missing
  }
}
