import SVGTree

/// Z-order: `moveToIndex`, `bringToFront` and `sendToBack` place an element among its
/// parent's element children (text, comments and other nodes keep their places around them).
extension Edit {
  /// Makes `id` the last of its parent's element children: painted over its siblings.
  mutating func bringToFront(_ id: NodeID) { moveToIndex(id, .max) }

  /// Makes `id` the first of its parent's element children: painted under its siblings.
  mutating func sendToBack(_ id: NodeID) { moveToIndex(id, 0) }
}

extension EditableDocument {
  /// The element `ref` names and how many element children its parent has; an error at the
  /// argument when it is the root element, which has no siblings to be ordered among.
  func reorderable(_ ref: ElementReference, _ c: ScriptCommand) throws(CommandError)
    -> (id: NodeID, siblings: Int)
  {
    let id = try element(ref, c)
    guard let parent = current[id].parent, parent != Document.top else {
      throw CommandError("the root element cannot be reordered", at: c.location(ofArgument: 0))
    }
    return (id, current.elementChildren(of: parent).count)
  }
}
