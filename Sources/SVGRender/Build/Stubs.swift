import SVGGeometry
import SVGTree

// Placeholders for the element kinds still to be built; each moves to its own file.

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

/// A resolved clip-path reference: nil `clip` ignores the property.
struct ClipResolution { var clip: ClipPath? }
/// A resolved mask reference: nil `mask` ignores the property.
struct MaskResolution { var mask: Mask? }

enum ClipElement {
  /// nil when the element must not be rendered.
  static func resolve(
    _ ref: String, for id: NodeID, content: [RenderNode], builder: RenderTreeBuilder,
    state: BuildState
  ) throws(RenderError) -> ClipResolution? {
    ClipResolution(clip: nil)
  }
}

enum MaskElement {
  static func resolve(
    _ ref: String, for id: NodeID, content: [RenderNode], builder: RenderTreeBuilder,
    state: BuildState
  ) throws(RenderError) -> MaskResolution? {
    MaskResolution(mask: nil)
  }
}

enum MarkerElement {
  static func build(for id: NodeID, path: Path, builder: RenderTreeBuilder, state: BuildState)
    throws(RenderError) -> RenderNode?
  {
    nil
  }
}

enum UseElement {
  static func build(_ id: NodeID, builder: RenderTreeBuilder, state: BuildState)
    throws(RenderError) -> RenderNode?
  {
    nil
  }
}

enum ImageElement {
  static func build(_ id: NodeID, builder: RenderTreeBuilder, state: BuildState)
    throws(RenderError) -> ImageNode?
  {
    nil
  }
}
