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
  /// the order of children, and the element's place among its siblings. Elements that
  /// commands added (region fills) are not in the original: resetting one, or an element
  /// holding one, removes it.
  mutating func reset(_ id: NodeID, original: Document) {
    let isOriginal = { (n: NodeID) in n.index < original.nodes.count }
    guard isOriginal(id) else { return remove(id) }
    for n in document.descendants(of: id) where !isOriginal(n) { remove(n) }
    for n in [id] + original.descendants(of: id) where !sameNode(document[n], original[n]) {
      replace(n, with: original[n])
    }
    // The place among the original siblings; added ones (a region fill below) stay put.
    guard let parent = original[id].parent,
      let position = original[parent].children.firstIndex(of: id),
      document[parent].children.filter(isOriginal).firstIndex(of: id) != position
    else { return }
    let others = document[parent].children.filter { $0 != id }
    let originals = others.filter(isOriginal)
    let index =
      position < originals.count
      ? others.firstIndex(of: originals[position])!
      : originals.last.map { others.firstIndex(of: $0)! + 1 } ?? others.count
    moveChild(id, toIndex: index)
  }

  private func sameNode(_ a: Node, _ b: Node) -> Bool {
    a.attributes == b.attributes && a.children == b.children && a.text == b.text
  }
}
