import SVGGeometry
import SVGRender
import SVGTree

extension SceneStorage {
  /// The result for a hit on leaf `i`. Allocates nothing: index paths come from the
  /// ``elementTable`` when read (O(depth)), and each ancestor's is a prefix of the element's.
  func hit(leaf i: Int, part: Hit.Part) -> Hit {
    let uses = hitShapes.shapes[i].inUse ? uses(of: i) : []
    let shape = NodeID(Int(hitShapes.shapes[i].source))
    let element = uses.first ?? shape
    let table = elementTable
    let paintsFill = hitShapes.shapes[i].paintsFill
    let found = table.ref(element)
    return Hit(
      element: found, shape: shape == element ? found : table.ref(shape),
      uses: uses.map { table.ref($0) }, part: part, paintsFill: paintsFill, leaf: i,
      ancestry: .table(table))
  }
}

/// For every node of a document, its parent and its position among its parent's element
/// children (-1 for nodes that are not elements): what makes an index path cost O(depth)
/// instead of a scan of every sibling on the way up, without copying a node.
final class ElementTable: Sendable {
  /// A node's parent's index (-1 for the top node) and its position among the parent's
  /// element children (-1 for a node that is not an element), side by side: a step up an
  /// index path reads one word.
  struct Link: Sendable {
    var parent: Int32
    var position: Int32
  }

  /// An element's `id` and qualified tag name, as results show them.
  struct Name: Sendable {
    var id: String?
    var tag: String
  }

  let links: [Link]
  let names: [Name]
  let root: NodeID?

  init(_ document: Document) {
    var links = [Link](repeating: Link(parent: -1, position: -1), count: document.nodes.count)
    var names = [Name](repeating: Name(id: nil, tag: ""), count: document.nodes.count)
    for n in document.nodes.indices where document.nodes[n].kind == .element {
      names[n] = Name(id: document.nodes[n].id, tag: document.nodes[n].qualifiedName)
    }
    for n in document.nodes.indices {
      var k: Int32 = 0
      for child in document.nodes[n].children {
        links[child.index].parent = Int32(n)
        guard document.nodes[child.index].kind == .element else { continue }
        links[child.index].position = k
        k += 1
      }
    }
    self.links = links
    self.names = names
    root = document.root
  }

  /// The result name of `id` (no copy of the node), with `path` as its index path.
  func ref(_ id: NodeID, path: ElementPath) -> FoundElement {
    let name = names[id.index]
    return FoundElement(node: id, id: name.id, tag: name.tag, indexPath: path)
  }

  /// The result name of `id`, its index path read from the table when asked for.
  func ref(_ id: NodeID) -> FoundElement {
    let name = names[id.index]
    return FoundElement(node: id, id: name.id, tag: name.tag, table: self)
  }

  /// The element ancestors of `found`, nearest first, up to the root: each one's index
  /// path is a prefix of `found`'s.
  func ancestors(of found: FoundElement) -> [FoundElement] {
    let path = found.indexPath
    var ancestors: [FoundElement] = []
    ancestors.reserveCapacity(path.indices.count)
    var depth = path.indices.count
    var a = links[found.node.index].parent
    while a > 0 {
      let id = NodeID(Int(a))
      if links[id.index].position >= 0 || id == root {
        depth = max(0, depth - 1)
        ancestors.append(ref(id, path: ElementPath(Array(path.indices.prefix(depth)))))
      }
      a = links[id.index].parent
    }
    return ancestors
  }

  /// The index path of `id`: empty for the root, and for nodes outside it (as
  /// ``SVGTree/Document/indexPath(of:)`` answers nil for them).
  func indexPath(of id: NodeID) -> ElementPath {
    guard let root, links[id.index].position >= 0 || id == root else { return ElementPath([]) }
    // Counted first, so the path is one allocation of its size, filled from its end.
    var depth = 0
    var current = id.index
    while current != root.index {
      let link = links[current]
      guard link.parent > 0, link.position >= 0 else { return ElementPath([]) }
      depth += 1
      current = Int(link.parent)
    }
    guard depth > 0 else { return ElementPath([]) }
    // Gathered on the stack from the element up, then appended root first to an array of
    // reserved capacity: `[Int](unsafeUninitializedCapacity:)` reaches the array's storage
    // type through the runtime's generic metadata cache, ~250 instructions more per path.
    var indices: [Int] = []
    indices.reserveCapacity(depth)
    withUnsafeTemporaryAllocation(of: Int32.self, capacity: depth) { buffer in
      var current = id.index
      for k in stride(from: depth - 1, through: 0, by: -1) {
        buffer[k] = links[current].position
        current = Int(links[current].parent)
      }
      for k in 0..<depth { indices.append(Int(buffer[k])) }
    }
    return ElementPath(indices)
  }
}
