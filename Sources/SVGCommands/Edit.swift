import SVGTree

/// Why an edit cannot be made; the session reports it at the command's location.
struct EditFailure: Error, CustomStringConvertible {
  var description: String
  init(_ description: String) { self.description = description }
}

/// A document being changed by one command, recording every node's state before its first
/// change. Node IDs match those of the original: nodes a command adds (`fillRegionAt`) get
/// new IDs past the original's, and a removed node keeps its slot, detached.
struct Edit {
  var document: Document
  private(set) var saved: [NodeID: Node] = [:]
  /// Nodes added by this edit.
  private(set) var inserted: [NodeID] = []
  /// Whether this edit detached nodes (undone by restoring the whole document).
  private(set) var removesNodes = false

  init(_ document: Document) { self.document = document }

  /// Changes a node, saving its earlier state the first time.
  mutating func modify(_ id: NodeID, _ body: (inout Node) -> Void) {
    if saved[id] == nil { saved[id] = document[id] }
    var n = document[id]
    body(&n)
    document[id] = n
  }

  /// Replaces a node wholesale (its parent and children links included).
  mutating func replace(_ id: NodeID, with node: Node) {
    modify(id) { $0 = node }
  }

  /// Moves `id` to position `index` of its parent's children (all node kinds count).
  mutating func moveChild(_ id: NodeID, toIndex index: Int) {
    guard let parent = document[id].parent else { return }
    if saved[parent] == nil { saved[parent] = document[parent] }
    document.moveChild(id, toIndex: index)
  }

  /// Inserts `node` as a child of `parent` at `index` (all node kinds count).
  mutating func insert(_ node: Node, into parent: NodeID, at index: Int) -> NodeID {
    if saved[parent] == nil { saved[parent] = document[parent] }
    let id = document.insert(node, into: parent, at: index)
    inserted.append(id)
    return id
  }

  /// Detaches `id` and its subtree from the document.
  mutating func remove(_ id: NodeID) {
    removesNodes = true
    document.remove(id)
  }
}

extension Node {
  /// Sets `declarations` as the highest-priority values of this element: as presentation
  /// attributes (for readers without CSS) and as `!important` declarations of its `style`
  /// attribute, replacing earlier declarations of the same properties there. An `!important`
  /// inline declaration beats every rule of the document's style sheets, `!important` ones
  /// included, and the presentation attributes.
  mutating func override(_ declarations: [(name: String, value: String)]) {
    for d in declarations { setAttribute(d.name, d.value) }
    let names = Set(declarations.map(\.name))
    var kept = Declaration.list(parsing: attribute("style") ?? "").filter {
      !names.contains($0.name)
    }
    kept += declarations.map { Declaration(name: $0.name, value: $0.value, important: true) }
    setAttribute("style", kept.map(\.cssText).joined(separator: ";"))
  }
}

extension Declaration {
  /// `name:value` or `name:value !important`.
  var cssText: String { name + ":" + value + (important ? " !important" : "") }
}
