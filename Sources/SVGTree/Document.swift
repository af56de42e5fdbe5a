/// An SVG source tree: every node of the file, stored as an arena so the document is a
/// plain value (cheap to copy, safe to send between threads) and node IDs stay valid.
public struct Document: Sendable {
  public private(set) var nodes: [Node]
  /// Non-fatal findings from reading the file (e.g. a root `<svg>` without namespace).
  public var diagnostics: [Diagnostic] = []
  /// Elements with no namespace are read as SVG (root `<svg>` had no `xmlns`).
  public var treatsNoNamespaceAsSVG = false
  /// The file the document was read from, for messages and relative references.
  public var sourcePath: String?
  /// The bytes the document was read from, shared (never copied) with the reader's input,
  /// for ``written()``; nil for documents built in code or read from UTF-16.
  package internal(set) var source: SourceText? {
    didSet { recordsEdits = source != nil }
  }
  /// Whether changes of children are recorded (not while the reader builds the tree).
  private var recordsEdits = false
  /// Where each node stands in ``source``, by node index (a table of plain integers beside
  /// the arena, so nodes stay small); shorter than the arena when the last nodes have none,
  /// and ``SourceSpan/none`` for nodes without one.
  private var spans: [SourceSpan] = []
  private var idIndex: [String: NodeID] = [:]

  /// The synthetic document node at the top of the arena.
  public static let top = NodeID(0)

  /// An empty document holding just the synthetic top node.
  public init() {
    nodes = [Node(kind: .document)]
  }

  /// The node `id`. The getter is inlinable so that a read of one field from another module
  /// (`document[id].kind`) reads that field, not a copy of the whole node (a retain and a
  /// release of each of its strings and arrays).
  public subscript(id: NodeID) -> Node {
    @inlinable get { nodes[id.index] }
    set {
      let oldID = nodes[id.index].id
      nodes[id.index] = newValue
      if oldID != newValue.id { reindex(id, old: oldID, new: newValue.id) }
    }
  }

  /// The value of `id`'s attribute `name` with no namespace, as `document[id].attribute(name)`
  /// but read in place: a node read through the subscript for a call of its own methods is
  /// copied first (a retain and a release of each of its strings and arrays).
  @inlinable public func attribute(_ name: String, of id: NodeID) -> String? {
    let attributes = nodes[id.index].attributes
    for i in attributes.indices where attributes[i].name == name {
      if attributes[i].namespaceURI == nil { return attributes[i].value }
    }
    return nil
  }

  /// The root element (`<svg>`), if the document has one.
  public var root: NodeID? {
    nodes[0].children.first { nodes[$0.index].kind == .element }
  }

  /// Whether `id` is an element in the SVG namespace (or in no namespace, when allowed).
  public func isSVGElement(_ id: NodeID, named name: String? = nil) -> Bool {
    let n = nodes[id.index]
    guard n.kind == .element else { return false }
    let svg =
      n.namespaceURI == XMLNamespace.svg
      || (n.namespaceURI == nil && treatsNoNamespaceAsSVG)
    return svg && (name == nil || n.name == name)
  }

  /// Element children of `id`, in document order.
  public func elementChildren(of id: NodeID) -> [NodeID] {
    nodes[id.index].children.filter { nodes[$0.index].kind == .element }
  }

  /// The element whose `id` attribute is `name` (the first one, when ids repeat).
  public func element(withID name: String) -> NodeID? { idIndex[name] }

  /// Every node below `id` (not `id` itself), in document order.
  public func descendants(of id: NodeID) -> [NodeID] {
    var out: [NodeID] = []
    var stack = Array(nodes[id.index].children.reversed())
    while let n = stack.popLast() {
      out.append(n)
      stack.append(contentsOf: nodes[n.index].children.reversed())
    }
    return out
  }

  /// Parents of `id` up to the top, nearest first.
  public func ancestors(of id: NodeID) -> [NodeID] {
    var out: [NodeID] = []
    var p = nodes[id.index].parent
    while let q = p {
      out.append(q)
      p = nodes[q.index].parent
    }
    return out
  }

  /// The text of `id` and all its descendants' text and CDATA, in order.
  public func textContent(of id: NodeID) -> String {
    let n = nodes[id.index]
    if n.kind == .text || n.kind == .cdata { return n.text }
    return n.children.map { textContent(of: $0) }.joined()
  }

  // MARK: Building and editing

  /// Adds `node` as the last child of `parent` and returns its ID.
  @discardableResult
  public mutating func append(_ node: consuming Node, to parent: NodeID) -> NodeID {
    if !node.children.isEmpty { node.children = [] }
    let id = appendUnlinked(node, to: parent)
    nodes[parent.index].children.append(id)
    markChildrenEdited(parent)
    return id
  }

  /// ``append(_:to:)`` for a reader, which adds nodes in document order and none with
  /// children: `parent`'s `children` is left as it is until ``linkChildren(from:)``, which
  /// allocates each array once at its size instead of growing it a child at a time (a few
  /// allocations and copies for each parent, on the reader's busiest thread). Inlined into
  /// the reader, which calls it once per node. (The reader's node still goes through a
  /// temporary copy on the way in: a retain and a release of each of its strings and
  /// arrays, about 1% of a batch of thumbnails; not solved yet.)
  @discardableResult @inline(__always)
  mutating func appendUnlinked(_ node: consuming Node, to parent: NodeID) -> NodeID {
    let id = NodeID(nodes.count)
    let name = node.attributes.isEmpty ? nil : node.id
    node.parent = parent
    nodes.append(consume node)
    if let name { idIndex.keepFirst(name, id) }
    return id
  }

  /// Adds each node from index `first` on to its parent's `children`, in order (see
  /// ``appendUnlinked(_:to:)``).
  mutating func linkChildren(from first: Int) {
    var counts = [Int32](repeating: 0, count: nodes.count)
    for i in first..<nodes.count {
      if let p = nodes[i].parent { counts[p.index] += 1 }
    }
    for i in counts.indices where counts[i] > 0 {
      nodes[i].children.reserveCapacity(nodes[i].children.count + Int(counts[i]))
    }
    for i in first..<nodes.count {
      if let p = nodes[i].parent { nodes[p.index].children.append(NodeID(i)) }
    }
  }

  /// Makes room for `bound.nodes` nodes in all, `bound.elements` of them elements, so a
  /// reader that can estimate the size of the tree grows the arena and the id index once
  /// (drawing programs give most elements an id).
  mutating func reserveCapacity(_ bound: (nodes: Int, elements: Int)) {
    nodes.reserveCapacity(bound.nodes)
    spans.reserveCapacity(bound.nodes)
    idIndex.reserveCapacity(bound.elements)
  }

  /// Records a change of `id`'s children, for nodes read from a source (the reader's own
  /// appends are not changes).
  private mutating func markChildrenEdited(_ id: NodeID) {
    if recordsEdits, span(of: id) != nil {
      nodes[id.index].edits.insert(.children)
    }
  }

  /// Where `id` stands in ``source``; nil for nodes made by edits or built in code.
  package func span(of id: NodeID) -> SourceSpan? {
    guard id.index < spans.count else { return nil }
    let span = spans[id.index]
    return span.start == SourceSpan.none.start ? nil : span
  }

  /// Sets where `id` stands in the source (the reader, as each node's extent becomes known).
  mutating func setSpan(_ span: SourceSpan?, of id: NodeID) {
    if id.index >= spans.count {
      guard let span else { return }
      while spans.count < id.index { spans.append(.none) }
      spans.append(span)
      return
    }
    spans[id.index] = span ?? .none
  }

  /// Moves `id` to position `index` among its parent's children (all node kinds count).
  public mutating func moveChild(_ id: NodeID, toIndex index: Int) {
    guard let p = nodes[id.index].parent else { return }
    var kids = nodes[p.index].children
    kids.removeAll { $0 == id }
    kids.insert(id, at: max(0, min(index, kids.count)))
    nodes[p.index].children = kids
    markChildrenEdited(p)
  }

  /// Detaches `id` (and its subtree) from the tree. Its arena slot stays, unreachable.
  public mutating func remove(_ id: NodeID) {
    guard let p = nodes[id.index].parent else { return }
    nodes[p.index].children.removeAll { $0 == id }
    nodes[id.index].parent = nil
    markChildrenEdited(p)
    rebuildIDIndex()
  }

  /// Inserts `node` as a child of `parent` at `index` and returns its ID.
  @discardableResult
  public mutating func insert(_ node: Node, into parent: NodeID, at index: Int) -> NodeID {
    let id = append(node, to: parent)
    moveChild(id, toIndex: index)
    return id
  }

  private mutating func reindex(_ node: NodeID, old: String?, new: String?) {
    if let old, idIndex[old] == node { rebuildIDIndex() }
    if let new { idIndex.keepFirst(new, node) }
  }

  /// Recomputes the id index: the first element in document order wins a repeated id.
  mutating func rebuildIDIndex() {
    idIndex = [:]
    for n in descendants(of: Document.top) {
      if let name = nodes[n.index].id, nodes[n.index].kind == .element {
        idIndex.keepFirst(name, n)
      }
    }
  }
}

extension Document {
  /// Every element with the given local name, in document order.
  public func selectElements(named name: String) -> [NodeID] {
    descendants(of: Document.top).filter { self[$0].kind == .element && self[$0].name == name }
  }
}

extension Dictionary {
  /// Stores `value` under `key` unless `key` has a value already (the first element of a
  /// repeated id keeps it), hashing `key` once: the default subscript's in-place access
  /// inserts the default only where the key is missing, where a look-up and then a store
  /// hash the key twice (the reader adds every id, and drawing programs give most elements
  /// one).
  @inline(__always) fileprivate mutating func keepFirst(_ key: Key, _ value: Value) {
    func keep(_: inout Value) {}
    keep(&self[key, default: value])
  }
}
