import SVGGeometry
import SVGQuery
import SVGTree

/// The commands an app sends from gestures on the drawing: a drag (`moveAt`), the stacking
/// buttons (`bringToFront`, `sendToBack`) and a photo dropped in (`insertImage`).
extension EditableDocument {
  /// Applies one of the gesture commands to `edit` (an edit of ``current``).
  func place(_ c: ScriptCommand, in edit: inout Edit) throws(CommandError) {
    switch c.command {
    case .moveAt(let from, let to):
      let scene = try scene(for: c)
      try requireInside(from, scene, c)
      guard let hit = scene.element(at: from) else {
        throw CommandError("nothing to move at \(Self.text(from))", at: c.location)
      }
      do throws(EditFailure) {
        try edit.moveBy(hit.element.node, by: to - from, scene: scene)
      } catch {
        throw CommandError("moveAt: \(error)", at: c.location)
      }
    case .bringToFront(let ref):
      edit.bringToFront(try reorderable(ref, c).id)
    case .sendToBack(let ref):
      edit.sendToBack(try reorderable(ref, c).id)
    case .insertImage(let box, let url):
      try insertImage(box, url, c, in: &edit)
    default:
      preconditionFailure("\(c.command.name) is not a gesture command")
    }
  }

  /// An error at the command when document point `p` lies outside the drawing (the canvas
  /// the root's size and viewBox define), so a tap beside the page is told apart from a tap
  /// on an empty part of it.
  func requireInside(_ p: Point, _ scene: Scene, _ c: ScriptCommand) throws(CommandError) {
    let q = scene.documentToCanvas.apply(p)
    let size = scene.tree.size
    guard q.x.isFinite, q.y.isFinite, q.x >= 0, q.y >= 0, q.x <= size.width, q.y <= size.height
    else {
      let corner = scene.documentToCanvas.inverted?.apply(Point(size.width, size.height))
      let origin = scene.documentToCanvas.inverted?.apply(Point(0, 0))
      let extent =
        corner.flatMap { b in origin.map { a in ", \(Self.text(a)) to \(Self.text(b))" } } ?? ""
      throw CommandError(
        "\(Self.text(p)) is outside the drawing\(extent)", at: c.location(ofArgument: 0))
    }
  }

  /// `(x, y)` as commands write numbers.
  static func text(_ p: Point) -> String {
    "(\(Command.number(p.x)), \(Command.number(p.y)))"
  }
}
