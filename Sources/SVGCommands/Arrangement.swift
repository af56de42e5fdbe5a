import SVGGeometry
import SVGQuery
import SVGRender
import SVGTree

/// Moving and reordering: `moveBy`, `moveToIndex`, and putting things back: `reset`.
extension Edit {
  /// Translates `id` by `delta` in document coordinates (the root's user space, as
  /// `fillAt` points are): SVGQuery's ``SVGQuery/Scene/move(_:by:)`` converts it into the
  /// parent's user space and puts it in front of the element's `transform` attribute.
  mutating func moveBy(_ id: NodeID, by delta: Point, options: RenderOptions) throws {
    var scene = try Scene(document: document, options: options)
    try scene.move(id, by: delta)
    replace(id, with: scene.document[id])
  }

  /// Places `id` at position `index` among its parent's element children.
  mutating func moveToIndex(_ id: NodeID, _ index: Int) {
    guard let parent = document[id].parent else { return }
    let all = document[parent].children.filter { $0 != id }
    let elements = all.filter { document[$0].isElement }
    let position: Int
    if index < elements.count {
      position = all.firstIndex(of: elements[index])!
    } else {
      position = elements.last.map { all.firstIndex(of: $0)! + 1 } ?? all.count
    }
    moveChild(id, toIndex: position)
  }

  /// Puts `id` and its subtree back as `original` has them: every attribute byte for byte,
  /// the order of children, and the element's place among its siblings.
  mutating func reset(_ id: NodeID, original: Document) {
    for n in [id] + original.descendants(of: id) where !sameNode(document[n], original[n]) {
      replace(n, with: original[n])
    }
    guard let parent = original[id].parent,
      let position = original[parent].children.firstIndex(of: id),
      document[parent].children.firstIndex(of: id) != position
    else { return }
    moveChild(id, toIndex: position)
  }

  private func sameNode(_ a: Node, _ b: Node) -> Bool {
    a.attributes == b.attributes && a.children == b.children && a.text == b.text
  }
}
