import SVGGeometry
import SVGQuery
import SVGTree

extension Edit {
  /// The element `fillAt` fills: the top-most element under `point` (document coordinates)
  /// whose hit shape paints a fill, as `scene` (the scene of ``document``) renders it; for a
  /// `use` clone, the outermost `use` element.
  func fillTarget(at point: Point, in scene: Scene, tolerance: Double) -> NodeID? {
    scene.elements(at: point, tolerance: tolerance).first { $0.paintsFill }?.element.node
  }
}
