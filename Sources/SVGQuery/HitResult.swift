import SVGGeometry
import SVGRender
import SVGTree

extension SceneStorage {
  /// The result for a hit on leaf `i`. Costs O(depth): index paths come from
  /// ``elementPositions``, and each ancestor's is a prefix of the element's.
  func hit(leaf i: Int, part: Hit.Part) -> Hit {
    let uses = uses(of: i)
    let leaf = leaves[i]
    let shape = leaf.source ?? groups[max(0, leaf.group)].source ?? document.root ?? Document.top
    let element = uses.first ?? shape
    let positions = elementPositions
    var paintsFill = false
    if case .path(let node) = leaf.content { paintsFill = node.fill != nil }
    let path = indexPath(of: element, positions: positions)
    var ancestors: [ElementRef] = []
    var depth = path.indices.count
    var a = document[element].parent
    while let id = a, id != Document.top {
      if document[id].isElement {
        depth = max(0, depth - 1)
        ancestors.append(ref(id, path: IndexPath(Array(path.indices.prefix(depth)))))
      }
      a = document[id].parent
    }
    return Hit(
      element: ref(element, path: path), ancestors: ancestors,
      shape: shape == element ? ref(element, path: path) : ref(shape, positions: positions),
      uses: uses.map { ref($0, positions: positions) }, part: part, paintsFill: paintsFill,
      leaf: i)
  }

  private func ref(_ id: NodeID, path: IndexPath) -> ElementRef {
    let node = document[id]
    return ElementRef(node: id, id: node.id, tag: node.qualifiedName, indexPath: path)
  }

  private func ref(_ id: NodeID, positions: [Int32]) -> ElementRef {
    ref(id, path: indexPath(of: id, positions: positions))
  }

  /// The index path of `id` (empty for the root, and for nodes outside it, as
  /// ``SVGTree/Document/indexPath(of:)`` answers nil for them), in O(depth).
  private func indexPath(of id: NodeID, positions: [Int32]) -> IndexPath {
    guard let root = document.root, document[id].isElement else { return IndexPath([]) }
    var indices: [Int] = []
    var current = id
    while current != root {
      guard let p = document[current].parent, p != Document.top, positions[current.index] >= 0
      else { return IndexPath([]) }
      indices.append(Int(positions[current.index]))
      current = p
    }
    indices.reverse()
    return IndexPath(indices)
  }
}

/// For every node of a document, its position among its parent's element children
/// (-1 for nodes that are not elements): what makes an index path cost O(depth) instead of
/// a scan of every sibling on the way up.
func elementPositions(of document: Document) -> [Int32] {
  var positions = [Int32](repeating: -1, count: document.nodes.count)
  for n in document.nodes.indices {
    var k: Int32 = 0
    for child in document.nodes[n].children where document.nodes[child.index].kind == .element {
      positions[child.index] = k
      k += 1
    }
  }
  return positions
}
