import CLibXML2
import Glibc

/// An XPath expression that libxml2 rejected, or that does not select nodes.
public struct XPathError: Error, Sendable, Hashable, CustomStringConvertible {
  public var expression: String
  public var message: String
  public var description: String { "invalid XPath expression \"\(expression)\": \(message)" }
}

extension Document {
  /// Elements selected by an XPath 1.0 expression, evaluated by libxml2's engine, in
  /// document order. A selected attribute or text node stands for its element.
  ///
  /// SVG elements are matched without a prefix (`//rect[@fill='red']`, `/svg/g[2]`), as
  /// people write them; other namespaces use the prefixes the document declares, and
  /// `xlink:` is always known (`//use/@xlink:href`).
  public func xpath(_ expression: String) throws(XPathError) -> [NodeID] {
    _ = XMLMirror.initialized
    let mirror = XMLMirror(self)
    defer { xmlFreeDoc(mirror.doc) }
    guard let ctx = xmlXPathNewContext(mirror.doc) else {
      throw XPathError(expression: expression, message: "cannot create an XPath context")
    }
    defer { xmlXPathFreeContext(ctx) }
    ctx.pointee.error = { _, _ in }  // reported through the thrown error, never printed
    for (prefix, uri) in mirror.prefixes { xmlXPathRegisterNs(ctx, prefix, uri) }
    guard let result = xmlXPathEvalExpression(expression, ctx) else {
      let message = ctx.pointee.lastError.message.map { String(cString: $0) }
      throw XPathError(
        expression: expression,
        message: message.map { String($0.trimmingWhitespace) } ?? "syntax error")
    }
    defer { xmlXPathFreeObject(result) }
    guard result.pointee.type == XPATH_NODESET else {
      throw XPathError(expression: expression, message: "the expression does not select nodes")
    }
    var found = Set<NodeID>()
    if let set = result.pointee.nodesetval, let tab = set.pointee.nodeTab {
      for i in 0..<Int(set.pointee.nodeNr) {
        guard var node = tab[i] else { continue }
        if node.pointee.type != XML_ELEMENT_NODE, let parent = node.pointee.parent {
          node = parent
        }
        if let raw = node.pointee._private { found.insert(NodeID(Int(bitPattern: raw) - 1)) }
      }
    }
    return found.sorted()
  }
}

/// A throwaway libxml2 copy of the element tree, each node's `_private` holding its NodeID
/// (plus one), so XPath runs on the current, possibly edited, document.
private struct XMLMirror {
  static let initialized: Bool = {
    xmlInitParser()
    return true
  }()

  let doc: xmlDocPtr
  private(set) var prefixes: [(String, String)] = [("xlink", XMLNamespace.xlink)]
  private var namespaces: [String: xmlNsPtr] = [:]

  init(_ document: Document) {
    doc = xmlNewDoc("1.0")
    guard let root = document.root else { return }
    let top = build(root, in: document, parent: nil)
    xmlDocSetRootElement(doc, top)
  }

  private mutating func build(_ id: NodeID, in document: Document, parent: xmlNodePtr?)
    -> xmlNodePtr?
  {
    let n = document[id]
    guard let node = xmlNewDocNode(doc, nil, n.name, nil) else { return nil }
    node.pointee._private = UnsafeMutableRawPointer(bitPattern: id.index + 1)
    if let parent { xmlAddChild(parent, node) }
    if let uri = n.namespaceURI, !document.isSVGElement(id) {
      xmlSetNs(node, namespace(uri, prefix: n.prefix, on: node))
    }
    for a in n.attributes {
      if let uri = a.namespaceURI {
        xmlNewNsProp(node, namespace(uri, prefix: a.prefix, on: node), a.name, a.value)
      } else {
        xmlNewProp(node, a.name, a.value)
      }
    }
    for c in n.children {
      switch document[c].kind {
      case .element: _ = build(c, in: document, parent: node)
      case .text, .cdata: xmlNodeAddContent(node, document[c].text)
      default: break
      }
    }
    return node
  }

  /// One namespace object per URI, declared on the element that first needs it.
  private mutating func namespace(_ uri: String, prefix: String?, on node: xmlNodePtr) -> xmlNsPtr?
  {
    if let ns = namespaces[uri] { return ns }
    let p = uri == XMLNamespace.xlink ? "xlink" : uri == XMLNamespace.xml ? "xml" : prefix
    let ns = uri == XMLNamespace.xml ? xmlSearchNsByHref(doc, node, uri) : xmlNewNs(node, uri, p)
    namespaces[uri] = ns
    if let p, uri != XMLNamespace.xlink, uri != XMLNamespace.xml { prefixes.append((p, uri)) }
    return ns
  }
}
