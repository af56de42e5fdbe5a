import CPrefetch
import SVGGeometry
import SVGRender
import SVGTree

extension SceneStorage {
  /// The result for a hit on leaf `i`. Allocates nothing outside a `use` clone: it holds
  /// the ``elementTable``, which names its elements and their ancestors when asked for.
  func hit(leaf i: Int, part: Hit.Part) -> Hit {
    hit(leaf: i, hitShapes[i], part: part)
  }

  /// The same, with the leaf's record.
  func hit(leaf i: Int, _ record: HitRecord, part: Hit.Part) -> Hit {
    let shape = record.shape
    let source = NodeID(Int(shape.source))
    let table = elementTable
    guard shape.inUse else {
      return Hit(
        names: table, element: source, shape: source, uses: [], part: part,
        paintsFill: shape.paintsFill, leaf: i)
    }
    let uses = uses(of: i)
    return Hit(
      names: table, element: uses.first ?? source, shape: source, uses: uses.map(table.ref),
      part: part, paintsFill: shape.paintsFill, leaf: i)
  }
}

/// For every node of a document, its parent, its position among its parent's element
/// children (-1 for nodes that are not elements) and its index path: what names an element
/// in a result without copying a node or scanning its siblings.
final class ElementTable: Sendable {
  /// A node's parent's index (-1 for the top node) and its position among the parent's
  /// element children (-1 for a node that is not an element), side by side: a step up an
  /// index path reads one word.
  struct Link: Sendable {
    var parent: Int32
    var position: Int32
  }

  /// An element's `id`, qualified tag name and index path, as results show them, side by
  /// side: naming a hit's element reads one place. The index path is an element's under
  /// the root, empty for the root, for other nodes and for elements outside the root (as
  /// ``SVGTree/Document/indexPath(of:)`` answers nil for them). Kept, so that a result
  /// retains its element's path instead of allocating one per hit.
  struct Name: Sendable {
    var id: String?
    var tag: String
    var path = ElementPath([])
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
    // From the root down (an edit may give a parent a later index than its children).
    var pending = document.root.map { [$0] } ?? []
    while let n = pending.popLast() {
      for child in document.nodes[n.index].children where links[child.index].position >= 0 {
        var indices = names[n.index].path.indices
        indices.append(Int(links[child.index].position))
        names[child.index].path = ElementPath(indices)
        pending.append(child)
      }
    }
    self.links = links
    self.names = names
    root = document.root
  }

  /// Asks for the name of node `index` without waiting for it: a hit test that may name
  /// it asks as it starts testing the candidate.
  @inline(__always)
  func prefetchName(_ index: Int32) {
    names.withUnsafeBufferPointer { inkpath_prefetch($0.baseAddress! + Int(index)) }
  }

  /// The result name of `id`, with the path the table keeps.
  func ref(_ id: NodeID) -> FoundElement {
    let name = names[id.index]
    return FoundElement(node: id, id: name.id, tag: name.tag, indexPath: name.path)
  }

  /// The element ancestors of `found`, nearest first, up to the root.
  func ancestors(of found: FoundElement) -> [FoundElement] {
    var ancestors: [FoundElement] = []
    var a = links[found.node.index].parent
    while a > 0 {
      let id = NodeID(Int(a))
      if links[id.index].position >= 0 || id == root { ancestors.append(ref(id)) }
      a = links[id.index].parent
    }
    return ancestors
  }
}
