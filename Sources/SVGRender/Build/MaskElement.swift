import SVGGeometry
import SVGTree

// Placeholder: not built yet.
/// A resolved mask reference: nil `mask` ignores the property.
struct MaskResolution { var mask: Mask? }

enum MaskElement {
  static func resolve(
    _ ref: String, for id: NodeID, content: [RenderNode], builder: RenderTreeBuilder,
    state: BuildState
  ) throws(RenderError) -> MaskResolution? {
    MaskResolution(mask: nil)
  }
}
