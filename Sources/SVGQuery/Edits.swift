import SVGGeometry
import SVGRender
import SVGTree

/// Edits for dragging and reordering. Both change the source document (so
/// ``SVGTree/Document/serialized(xmlDeclaration:)`` writes them back) and rebuild the render
/// tree.
extension Scene {
  /// Moves an element by `delta` in document coordinates: a translation, converted into the
  /// element's parent user space, is put in front of its `transform` attribute (merged into
  /// a leading `translate`). A `transform` set by CSS would override the attribute, so such
  /// an element is refused.
  public mutating func move(_ element: NodeID, by delta: Point) throws(QueryError) {
    guard document[element].isElement, element != document.root else {
      throw QueryError("\(document.ref(element).name) cannot be moved (the root or not an element)")
    }
    if let style = document[element].attribute("style"), style.lowercased().contains("transform") {
      throw QueryError("\(document.ref(element).name) has a transform in its style attribute")
    }
    let parentToCanvas = parentSpace(of: element)
    guard let canvasToParent = parentToCanvas.inverted else {
      throw QueryError("\(document.ref(element).name) has a singular parent transform")
    }
    let v = canvasToParent.applyToVector(documentToCanvas.applyToVector(delta))
    var list = TransformList()
    if let text = document[element].attribute("transform") {
      do {
        list = try TransformList(parsing: text)
      } catch {
        throw QueryError("\(document.ref(element).name) has an invalid transform: \(error)")
      }
    }
    if case .translate(let x, let y) = list.functions.first {
      list.functions[0] = .translate(x: Self.tidy(x + v.x), y: Self.tidy(y + v.y))
    } else {
      list.functions.insert(.translate(x: Self.tidy(v.x), y: Self.tidy(v.y)), at: 0)
    }
    var edited = document
    edited[element].setAttribute("transform", list.description)
    try rebuildOrThrow(edited)
  }

  /// Moves the element child at `from` to position `to` among `parent`'s element children
  /// (`moveObjectFromIndex:toIndex:`): the child is taken out, then inserted so that it ends
  /// up at index `to`. Later children paint over earlier ones, so this is z-order. Text and
  /// comments between elements stay where they are.
  public mutating func moveChild(of parent: NodeID, from: Int, to: Int) throws(QueryError) {
    let kids = document.elementChildren(of: parent)
    guard kids.indices.contains(from), kids.indices.contains(to) else {
      throw QueryError(
        "\(document.ref(parent).name) has \(kids.count) element children; cannot move \(from) to \(to)"
      )
    }
    guard from != to else { return }
    let moving = kids[from]
    var rest = kids
    rest.remove(at: from)
    var raw = document[parent].children
    raw.removeAll { $0 == moving }
    let position: Int
    if to < rest.count {
      position = raw.firstIndex(of: rest[to])!
    } else {
      position = raw.firstIndex(of: rest[rest.count - 1])! + 1
    }
    var edited = document
    edited.moveChild(moving, toIndex: position)
    try rebuildOrThrow(edited)
  }

  private mutating func rebuildOrThrow(_ edited: Document) throws(QueryError) {
    do {
      try rebuild(edited)
    } catch {
      throw QueryError("the edited drawing cannot be rendered: \(error)")
    }
  }

  /// The parent user space of an element, mapping to the canvas: read from the render tree
  /// when the element is drawn, else composed from its ancestors' `transform` attributes.
  private func parentSpace(of element: NodeID) -> Transform {
    if let i = storage.instanceLeaves(of: element).first {
      return storage.spaces(of: element, leaf: i).parent
    }
    var t = Transform.identity
    for a in document.ancestors(of: element).reversed() where document[a].isElement {
      if a == document.root {
        t = documentToCanvas
      } else if let text = document[a].attribute("transform"),
        let list = try? TransformList(parsing: text)
      {
        t = t * list.transform
      }
    }
    return t
  }

  /// Drops floating-point noise (1e-12 of a pixel) from a written coordinate.
  private static func tidy(_ v: Double) -> Double {
    let r = (v * 1e9).rounded() / 1e9
    return r == 0 ? 0 : r
  }
}
