import SVGGeometry
import SVGTree

// Placeholder: not built yet.
/// A resolved clip-path reference: nil `clip` ignores the property.
struct ClipResolution { var clip: ClipPath? }
enum ClipElement {
  /// nil when the element must not be rendered.
  static func resolve(
    _ ref: String, for id: NodeID, content: [RenderNode], builder: RenderTreeBuilder,
    state: BuildState
  ) throws(RenderError) -> ClipResolution? {
    ClipResolution(clip: nil)
  }
}
