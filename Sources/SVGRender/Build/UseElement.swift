import SVGGeometry
import SVGTree

// Placeholder: not built yet.
enum UseElement {
  static func build(_ id: NodeID, builder: RenderTreeBuilder, state: BuildState)
    throws(RenderError) -> RenderNode?
  {
    nil
  }
}
