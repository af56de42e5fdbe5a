import SVGGeometry
import SVGQuery
import SVGRender
import SVGTree

/// Moving and reordering: `moveBy`, `moveToIndex`, and putting things back: `reset`.
///
/// These are the only edits of position and z-order: SVGQuery's scenes read a drawing,
/// they never change it.
extension Edit {
  /// Translates `id` by `delta` in document coordinates (the root's user space, as
  /// `fillAt` points are): the vector, converted into the parent's user space as `scene`
  /// (the scene of ``document``) renders it, goes in front of the element's `transform`
  /// attribute (merged into a leading `translate`). A `transform` set by CSS would override
  /// the attribute, so such an element is refused.
  mutating func moveBy(_ id: NodeID, by delta: Point, scene: Scene) throws(EditFailure) {
    let name = scene.ref(id).name
    guard document[id].isElement, id != document.root else {
      throw EditFailure("\(name) cannot be moved (the root or not an element)")
    }
    if let style = document[id].attribute("style"), style.lowercased().contains(utf8: "transform") {
      throw EditFailure("\(name) has a transform in its style attribute")
    }
    guard let toParent = scene.parentTransform(of: id).inverted else {
      throw EditFailure("\(name) has a singular parent transform")
    }
    let v = toParent.applyToVector(delta)
    var list = TransformList()
    if let text = document[id].attribute("transform") {
      do {
        list = try TransformList(parsing: text)
      } catch {
        throw EditFailure("\(name) has an invalid transform: \(error)")
      }
    }
    if case .translate(let x, let y) = list.functions.first {
      list.functions[0] = .translate(x: Self.tidy(x + v.x), y: Self.tidy(y + v.y))
    } else {
      list.functions.insert(.translate(x: Self.tidy(v.x), y: Self.tidy(v.y)), at: 0)
    }
    modify(id) { $0.setAttribute("transform", list.description) }
  }

  /// Drops floating-point noise (1e-12 of a pixel) from a written coordinate.
  private static func tidy(_ v: Double) -> Double {
    let r = (v * 1e9).rounded() / 1e9
    return r == 0 ? 0 : r
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
    a.isIdentical(to: b)
  }
}
