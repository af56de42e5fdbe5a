import SVGGeometry
import SVGRender
import SVGTree

/// An element and one of its boxes, as ``Scene/boxes(kind:in:)`` lists them.
public struct ElementBox: Hashable, Sendable {
  public var element: FoundElement
  public var box: Rect
}

extension Scene {
  /// The element an `id` or an index path (`/0/3`) names.
  public func element(_ reference: String) -> NodeID? {
    document.element(referencedBy: reference)
  }

  /// The result name of an element: id, tag, index path.
  public func ref(_ element: NodeID) -> FoundElement { document.ref(element) }

  /// The element ancestors of an element, nearest first.
  public func ancestors(of element: NodeID) -> [FoundElement] {
    document.elementAncestors(of: element)
  }

  /// Elements an XPath 1.0 expression selects, in document order.
  public func elements(xpath expression: String) throws(XPathError) -> [NodeID] {
    try document.xpath(expression)
  }

  /// Elements a CSS selector list matches, in document order.
  public func elements(selector: String) throws(CSSError) -> [NodeID] {
    try document.select(selector)
  }

  /// Every element that has a box, in document order, with that box (`resvg
  /// --query-all`, with index paths for elements without an id).
  public func boxes(kind: BoxKind = .fill, in space: BoxSpace = .document) -> [ElementBox] {
    guard let root = document.root else { return [] }
    let owned = storage.leavesByOwner
    var out: [ElementBox] = []
    for id in [root] + document.descendants(of: root) where owned[id] != nil {
      guard document[id].isElement, let box = boundingBox(of: id, kind: kind, in: space) else {
        continue
      }
      out.append(ElementBox(element: document.ref(id), box: box))
    }
    return out
  }
}
