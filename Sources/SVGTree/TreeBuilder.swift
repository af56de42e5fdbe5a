import CLibXML2

/// Copies a libxml2 tree into the arena, expanding internal entity references (in text and
/// in attribute and namespace values) within ``Limits/maxEntityExpansion``.
struct TreeBuilder {
  let doc: xmlDocPtr
  let limits: Limits
  private var document = Document()
  private var expanded = 0
  private var names: [UnsafeRawPointer: String] = [:]
  private var namespaceURIs: [UnsafeRawPointer: String] = [:]
  /// Entity expansions under way: libxml2 parses entity content without the namespaces in
  /// scope at the reference, so its unprefixed elements take the default namespace there.
  private var entityDepth = 0

  init(doc: xmlDocPtr, limits: Limits) {
    self.doc = doc
    self.limits = limits
  }

  mutating func build(path: String?) throws(SVGError) -> Document {
    var child = doc.pointee.children
    while let c = child {
      try add(c, to: Document.top, path: path)
      child = c.pointee.next
    }
    return document
  }

  private mutating func add(_ n: xmlNodePtr, to parent: NodeID, path: String?) throws(SVGError) {
    switch n.pointee.type {
    case XML_ELEMENT_NODE:
      var node = Node(kind: .element, name: name(n.pointee.name))
      if let ns = n.pointee.ns {
        node.prefix = ns.pointee.prefix.map { name($0) }
        node.namespaceURI = try uri(ns.pointee.href)
      } else if entityDepth > 0 {
        node.namespaceURI = defaultNamespace(at: parent)
      }
      var nsDef = n.pointee.nsDef
      while let d = nsDef {
        node.namespaces.append(
          NamespaceDeclaration(
            prefix: d.pointee.prefix.map { name($0) }, uri: try uri(d.pointee.href) ?? ""))
        nsDef = d.pointee.next
      }
      var attr = n.pointee.properties
      while let a = attr {
        var value = ""
        try appendText(of: a.pointee.children, to: &value)
        var attribute = Attribute(name: name(a.pointee.name), value: value)
        if let ns = a.pointee.ns {
          attribute.prefix = ns.pointee.prefix.map { name($0) }
          attribute.namespaceURI = try uri(ns.pointee.href)
        }
        node.attributes.append(attribute)
        attr = a.pointee.next
      }
      let packed = UInt(bitPattern: n.pointee._private)
      node.location = SourceLocation(line: Int(packed >> 24), column: Int(packed & 0xFF_FFFF))
      let id = document.append(node, to: parent)
      var child = n.pointee.children
      while let c = child {
        try add(c, to: id, path: path)
        child = c.pointee.next
      }
    case XML_TEXT_NODE:
      appendText(String(cString: n.pointee.content), to: parent)
    case XML_CDATA_SECTION_NODE:
      document.append(Node(kind: .cdata, text: String(cString: n.pointee.content)), to: parent)
    case XML_COMMENT_NODE:
      document.append(Node(kind: .comment, text: String(cString: n.pointee.content)), to: parent)
    case XML_PI_NODE:
      let text = n.pointee.content.map { String(cString: $0) } ?? ""
      document.append(
        Node(kind: .processingInstruction, name: name(n.pointee.name), text: text), to: parent)
    case XML_ENTITY_REF_NODE:
      try expandEntity(n, into: parent, path: path)
    case XML_DTD_NODE:
      document.append(Node(kind: .doctype, text: dump(n)), to: parent)
    default:
      break
    }
  }

  /// Entity content is a node list; predefined and character references arrive as text.
  private mutating func expandEntity(_ ref: xmlNodePtr, into parent: NodeID, path: String?)
    throws(SVGError)
  {
    guard let ent = xmlGetDocEntity(doc, ref.pointee.name) else { return }
    try charge(Int(ent.pointee.length))
    if ent.pointee.children == nil, let content = ent.pointee.content {
      appendText(String(cString: content), to: parent)
    }
    entityDepth += 1
    defer { entityDepth -= 1 }
    var child = ent.pointee.children
    while let c = child {
      try add(c, to: parent, path: path)
      child = c.pointee.next
    }
  }

  /// The default (unprefixed) namespace in scope at `id`.
  private func defaultNamespace(at id: NodeID) -> String? {
    var current: NodeID? = id
    while let c = current {
      let n = document[c]
      if let d = n.namespaces.first(where: { $0.prefix == nil }) {
        return d.uri.isEmpty ? nil : d.uri
      }
      if n.isElement, n.prefix == nil, let ns = n.namespaceURI { return ns }
      current = n.parent
    }
    return nil
  }

  /// Merges adjacent text, as entity expansion can split it.
  private mutating func appendText(_ text: String, to parent: NodeID) {
    if let last = document[parent].children.last, document[last].kind == .text {
      document[last].text += text
    } else {
      document.append(Node(kind: .text, text: text), to: parent)
    }
  }

  /// The text of an attribute's value list, entities expanded.
  private mutating func appendText(of list: xmlNodePtr?, to out: inout String) throws(SVGError) {
    var child = list
    while let c = child {
      if c.pointee.type == XML_ENTITY_REF_NODE {
        if let ent = xmlGetDocEntity(doc, c.pointee.name) {
          try charge(Int(ent.pointee.length))
          if ent.pointee.children == nil, let content = ent.pointee.content {
            out += String(cString: content)
          } else {
            try appendText(of: ent.pointee.children, to: &out)
          }
        }
      } else if let content = c.pointee.content {
        out += String(cString: content)
      }
      child = c.pointee.next
    }
  }

  private mutating func charge(_ n: Int) throws(SVGError) {
    expanded += n
    if expanded > limits.maxEntityExpansion {
      throw SVGError(
        .limit, "entity expansion over the limit of \(limits.maxEntityExpansion) characters")
    }
  }

  /// Names come from libxml2's dictionary, so each distinct pointer is decoded once.
  private mutating func name(_ p: UnsafePointer<xmlChar>) -> String {
    let key = UnsafeRawPointer(p)
    if let s = names[key] { return s }
    let s = String(cString: p)
    names[key] = s
    return s
  }

  /// A namespace URI; `&ns_svg;`-style references (Illustrator) are expanded.
  private mutating func uri(_ p: UnsafePointer<xmlChar>?) throws(SVGError) -> String? {
    guard let p else { return nil }
    let key = UnsafeRawPointer(p)
    if let s = namespaceURIs[key] { return s }
    var s = String(cString: p)
    if s.contains("&") { s = try expandReferences(in: s) }
    namespaceURIs[key] = s
    return s
  }

  private mutating func expandReferences(in s: String) throws(SVGError) -> String {
    var out = ""
    var rest = Substring(s)
    while let amp = rest.firstIndex(of: "&"), let semi = rest[amp...].firstIndex(of: ";") {
      out += rest[..<amp]
      let entName = String(rest[rest.index(after: amp)..<semi])
      if let ent = xmlGetDocEntity(doc, entName), let content = ent.pointee.content {
        try charge(Int(ent.pointee.length))
        out += String(cString: content)
      } else {
        out += rest[amp...semi]
      }
      rest = rest[rest.index(after: semi)...]
    }
    return out + rest
  }

  private func dump(_ n: xmlNodePtr) -> String {
    guard let buf = xmlBufferCreate() else { return "" }
    defer { xmlBufferFree(buf) }
    xmlNodeDump(buf, doc, n, 0, 0)
    return String(cString: xmlBufferContent(buf))
  }
}

/// The checks that make a well-formed XML document an SVG document.
enum SVGRoot {
  static func check(_ document: inout Document, path: String?) throws(SVGError) {
    guard let root = document.root else {
      throw SVGError(.syntax, "the document has no root element", file: path)
    }
    let r = document[root]
    guard r.name == "svg" else {
      throw SVGError(
        .syntax, "not an SVG document: the root element is <\(r.qualifiedName)>", file: path,
        location: r.location)
    }
    switch r.namespaceURI {
    case XMLNamespace.svg: break
    case nil:
      document.treatsNoNamespaceAsSVG = true
      document.diagnostics.append(
        Diagnostic(
          "the root <svg> has no xmlns=\"\(XMLNamespace.svg)\"; read as SVG anyway",
          at: r.location))
    case let other?:
      throw SVGError(
        .syntax, "not an SVG document: <svg> is in namespace \"\(other)\"", file: path,
        location: r.location)
    }
  }
}
