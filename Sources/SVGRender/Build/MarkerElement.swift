import SVGGeometry
import SVGTree

// Placeholder: not built yet.
enum MarkerElement {
  static func build(for id: NodeID, path: Path, builder: RenderTreeBuilder, state: BuildState)
    throws(RenderError) -> RenderNode?
  {
    nil
  }
}
