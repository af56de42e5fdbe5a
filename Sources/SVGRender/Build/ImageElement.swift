import SVGGeometry
import SVGTree

// Placeholder: not built yet.
enum ImageElement {
  static func build(_ id: NodeID, builder: RenderTreeBuilder, state: BuildState)
    throws(RenderError) -> ImageNode?
  {
    nil
  }
}
