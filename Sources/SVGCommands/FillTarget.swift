import SVGGeometry
import SVGQuery
import SVGTree

/// The element `fillAt` fills.
extension EditableDocument {
  /// How many halvings find the nearest filled element within the tolerance: the distance
  /// is then known to a millionth of the tolerance.
  private static let bisections = 20

  /// The element `fillAt(point, tolerance)` fills in ``current``: the top-most element under
  /// `point` (document coordinates) whose hit shape paints a fill; for a `use` clone, the
  /// outermost `use` element. When there is none (a tap on a line, or a corner between
  /// regions), the filled element nearest the point within `tolerance` document units, the
  /// top-most of those equally near. An error at the command when the point lies outside the
  /// drawing, and a different one when nothing filled is there.
  func fillTarget(at point: Point, tolerance: Double, _ c: ScriptCommand) throws(CommandError)
    -> NodeID
  {
    let scene = try scene(for: c)
    try requireInside(point, scene, c)
    if let exact = Self.filled(scene, point, within: 0) { return exact }
    // Document units to canvas pixels, the unit of the scene's hit tolerance; no farther
    // than the drawing's diagonal, within which everything in it lies.
    let size = scene.tree.size
    let diagonal = (size.width * size.width + size.height * size.height).squareRoot()
    let reach = min(tolerance * scene.documentToCanvas.meanScale, diagonal)
    guard reach > 0, reach.isFinite, Self.filled(scene, point, within: reach) != nil else {
      let near = tolerance > 0 ? " or within \(Command.number(tolerance)) of it" : ""
      throw CommandError("nothing with a fill at \(Self.text(point))\(near)", at: c.location)
    }
    // Whether a filled element is within a distance only grows with the distance: the
    // smallest distance that finds one is the nearest element's.
    var (low, high) = (0.0, reach)
    for _ in 0..<Self.bisections {
      let middle = (low + high) / 2
      if Self.filled(scene, point, within: middle) != nil { high = middle } else { low = middle }
    }
    return Self.filled(scene, point, within: high)!
  }

  /// The top-most element painting a fill within `distance` canvas pixels of `point`.
  private static func filled(_ scene: Scene, _ point: Point, within distance: Double) -> NodeID? {
    scene.elements(at: point, tolerance: distance).first { $0.paintsFill }?.element.node
  }
}
