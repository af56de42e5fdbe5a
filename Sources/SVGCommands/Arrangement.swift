import SVGTree

/// Moving and reordering: `moveBy`, `moveToIndex`, and putting things back: `reset`.
extension Edit {
  /// Translates `id` by `(dx, dy)` in its parent's user space: a `translate()` is put in
  /// front of the element's `transform` attribute. Successive moves add up into one
  /// `translate()`, and moving back to zero restores the attribute as the file had it.
  /// A CSS `transform` property on the element, which would override the attribute, is
  /// not changed.
  mutating func moveBy(_ id: NodeID, dx: Double, dy: Double, original: Document) {
    let initial = original[id].attribute("transform")
    let current = document[id].attribute("transform")
    var base = current
    var (tx, ty) = (0.0, 0.0)
    if current != initial, let current, let t = Self.leadingTranslate(current),
      t.rest == (initial ?? "")
    {
      base = initial
      (tx, ty) = (t.x, t.y)
    }
    tx += dx
    ty += dy
    let value: String?
    if tx == 0 && ty == 0 {
      value = base
    } else {
      let translate = "translate(\(Command.number(tx)) \(Command.number(ty)))"
      value = base.map { translate + " " + $0 } ?? translate
    }
    modify(id) { node in
      if let value { node.setAttribute("transform", value) } else {
        node.removeAttribute("transform")
      }
    }
  }

  /// `translate(x y) rest` as written by ``moveBy(_:dx:dy:original:)``.
  private static func leadingTranslate(_ text: String) -> (x: Double, y: Double, rest: String)? {
    var s = ValueScanner(text)
    guard s.consume(word: "translate("), let x = s.number() else { return nil }
    s.skipSpaces()
    guard let y = s.number(), s.consume(")") else { return nil }
    _ = s.consume(" ")
    return (x, y, s.remainder)
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
