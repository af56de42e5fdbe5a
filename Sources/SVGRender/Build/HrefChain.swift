import SVGGeometry
import SVGTree

/// The `href` (or `xlink:href`) chain of a paint server: the element itself, then each
/// element its `href` names in turn. Gradients and patterns take every attribute they do
/// not set, and their stops or children when they have none, from this chain.
///
/// The chain ends, with a diagnostic, at a reference to a missing element, to an element of
/// a kind that cannot lend its attributes, or back to an element already in the chain (a
/// cycle); what came before still counts, as in resvg and browsers.
struct HrefChain {
  /// The elements, starting with the paint server itself.
  let elements: [NodeID]
  private let document: Document

  /// Follows the chain from `start` while `accepts(name)` is true of each target's name.
  init(
    from start: NodeID, context: BuildContext, accepts: (String) -> Bool
  ) throws(RenderError) {
    document = context.document
    var elements = [start]
    var seen: Set<NodeID> = [start]
    var current = start
    while let href = context.document[current].href {
      guard href.hasPrefix("#"), let next = context.element(referencedBy: href) else {
        context.warn("href \"\(href)\" does not name an element in this document", at: current)
        break
      }
      guard !seen.contains(next) else {
        context.warn("href cycle through \"\(href)\"; the chain stops there", at: current)
        break
      }
      guard context.document.isSVGElement(next), accepts(context.document[next].name) else {
        context.warn(
          "href \"\(href)\" names a <\(context.document[next].name)>, which lends nothing here",
          at: current)
        break
      }
      try context.countReference()
      elements.append(next)
      seen.insert(next)
      current = next
    }
    self.elements = elements
  }

  /// The first element of the chain that sets `name`, among those whose element name
  /// passes `from` (geometry attributes come only from elements of the same kind).
  func element(setting name: String, from: (String) -> Bool = { _ in true }) -> NodeID? {
    elements.first { from(document[$0].name) && document.attribute(name, of: $0) != nil }
  }

  /// The value of `name` from the first element of the chain that sets it.
  func attribute(_ name: String, from: (String) -> Bool = { _ in true }) -> (String, NodeID)? {
    guard let id = element(setting: name, from: from), let value = document.attribute(name, of: id)
    else { return nil }
    return (value, id)
  }

  /// The first element of the chain with an SVG element child that passes `isContent`.
  func firstWithChildren(where isContent: (NodeID) -> Bool) -> NodeID? {
    elements.first { id in document.elementChildren(of: id).contains(where: isContent) }
  }
}
