/// A stable address of an element: the element-child indices from the root element.
/// `/` is the root `<svg>`, `/0/3` the root's first element child's fourth element child.
///
/// Only element children count, so editing text or comments never changes an address.
public struct ElementPath: Hashable, Sendable, CustomStringConvertible {
  public var indices: [Int]

  public init(_ indices: [Int]) { self.indices = indices }

  /// Parses `/0/3/1` (or `/` for the root). Nil if the text is not of that form.
  public init?(_ text: String) {
    guard text.hasPrefix("/") else { return nil }
    let parts = text.dropFirst().split(separator: "/", omittingEmptySubsequences: false)
    if parts == [""] {
      indices = []
      return
    }
    var out: [Int] = []
    for p in parts {
      guard let i = Int(p), i >= 0 else { return nil }
      out.append(i)
    }
    indices = out
  }

  public var description: String { "/" + indices.map(String.init).joined(separator: "/") }
}

extension Document {
  /// The index path of an element; nil for non-elements and detached nodes.
  public func indexPath(of id: NodeID) -> ElementPath? {
    guard self[id].kind == .element, let root else { return nil }
    var indices: [Int] = []
    var cur = id
    while cur != root {
      guard let p = self[cur].parent, p != Document.top else { return nil }
      guard let i = elementChildren(of: p).firstIndex(of: cur) else { return nil }
      indices.append(i)
      cur = p
    }
    return ElementPath(indices.reversed())
  }

  /// The element at an index path, if there is one.
  public func element(at path: ElementPath) -> NodeID? {
    guard var cur = root else { return nil }
    for i in path.indices {
      let kids = elementChildren(of: cur)
      guard i < kids.count else { return nil }
      cur = kids[i]
    }
    return cur
  }

  /// An element by `id` attribute, or by index path when the reference starts with `/`.
  public func element(referencedBy ref: String) -> NodeID? {
    if ref.hasPrefix("/"), let path = ElementPath(ref) { return element(at: path) }
    return element(withID: ref)
  }
}
