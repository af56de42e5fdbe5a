/// Index of a node in its ``Document``'s arena. Stable while the document is edited.
public struct NodeID: Hashable, Comparable, Sendable, CustomStringConvertible {
  public let index: Int

  public init(_ index: Int) { self.index = index }

  public static func < (a: NodeID, b: NodeID) -> Bool { a.index < b.index }
  public var description: String { "#\(index)" }
}

/// What a node of the source tree is. The tree keeps every kind so it can be written back.
public enum NodeKind: Sendable, Hashable {
  /// The synthetic top of the tree; its children are the prolog, the root element and the epilog.
  case document
  case element
  case text
  case cdata
  case comment
  case processingInstruction
  /// A `<!DOCTYPE ...>` declaration, kept as its source text (internal subset included).
  case doctype
}

/// An attribute, in document order.
public struct Attribute: Hashable, Sendable {
  public var prefix: String?
  public var name: String
  public var namespaceURI: String?
  public var value: String

  public init(name: String, value: String, prefix: String? = nil, namespaceURI: String? = nil) {
    self.name = name
    self.value = value
    self.prefix = prefix
    self.namespaceURI = namespaceURI
  }

  /// The name as written: `xlink:href` or `fill`.
  public var qualifiedName: String { prefix.map { "\($0):\(name)" } ?? name }
}

/// An `xmlns` or `xmlns:prefix` declaration on an element.
public struct NamespaceDeclaration: Hashable, Sendable {
  public var prefix: String?
  public var uri: String

  public init(prefix: String?, uri: String) {
    self.prefix = prefix
    self.uri = uri
  }
}

/// Where a node starts in its source file (1-based); 0 when unknown (nodes made by edits).
public struct SourceLocation: Hashable, Sendable, CustomStringConvertible {
  public var line: Int
  public var column: Int

  public init(line: Int, column: Int) {
    self.line = line
    self.column = column
  }

  public static let unknown = SourceLocation(line: 0, column: 0)
  public var description: String { "\(line):\(column)" }
}

/// One node of the source tree.
public struct Node: Sendable {
  public var kind: NodeKind {
    didSet { elementName = kind == .element ? ElementName(localName: name) : nil }
  }
  /// Local name of an element, target of a processing instruction; empty otherwise.
  public var name: String {
    didSet { elementName = kind == .element ? ElementName(localName: name) : nil }
  }
  /// The element ``name`` identifies, whatever the namespace (see
  /// ``Document/elementName(_:)``, which checks it); nil for names SVG does not define.
  public private(set) var elementName: ElementName?
  public var prefix: String?
  public var namespaceURI: String?
  public var attributes: [Attribute]
  public var namespaces: [NamespaceDeclaration]
  /// Content of a text, CDATA, comment, PI or doctype node.
  public var text: String
  public internal(set) var parent: NodeID?
  public internal(set) var children: [NodeID]
  public var location: SourceLocation

  public init(
    kind: NodeKind, name: String = "", prefix: String? = nil, namespaceURI: String? = nil,
    attributes: [Attribute] = [], namespaces: [NamespaceDeclaration] = [], text: String = "",
    location: SourceLocation = .unknown
  ) {
    self.kind = kind
    self.name = name
    self.elementName = kind == .element ? ElementName(localName: name) : nil
    self.prefix = prefix
    self.namespaceURI = namespaceURI
    self.attributes = attributes
    self.namespaces = namespaces
    self.text = text
    self.parent = nil
    self.children = []
    self.location = location
  }

  public var isElement: Bool { kind == .element }

  /// The element name as written: `svg:rect` or `rect`.
  public var qualifiedName: String { prefix.map { "\($0):\(name)" } ?? name }

  /// The value of an attribute with no namespace (`fill`, `d`, `id`).
  public func attribute(_ name: String) -> String? {
    for a in attributes where a.name == name && a.namespaceURI == nil { return a.value }
    return nil
  }

  /// The value of a namespaced attribute (`xlink:href`, `xml:space`).
  public func attribute(_ name: String, namespace: String) -> String? {
    for a in attributes where a.name == name && a.namespaceURI == namespace { return a.value }
    return nil
  }

  /// `href`, falling back to `xlink:href`, as SVG 2 says.
  public var href: String? {
    attribute("href") ?? attribute("href", namespace: XMLNamespace.xlink)
  }

  public var id: String? { attribute("id") }

  /// Sets (or adds, at the end) an attribute with no namespace.
  public mutating func setAttribute(_ name: String, _ value: String) {
    if let i = attributes.firstIndex(where: { $0.name == name && $0.namespaceURI == nil }) {
      attributes[i].value = value
    } else {
      attributes.append(Attribute(name: name, value: value))
    }
  }

  public mutating func removeAttribute(_ name: String, namespace: String? = nil) {
    attributes.removeAll { $0.name == name && $0.namespaceURI == namespace }
  }
}

/// Namespace URIs that SVG documents use.
package enum XMLNamespace {
  package static let svg = "http://www.w3.org/2000/svg"
  package static let xlink = "http://www.w3.org/1999/xlink"
  package static let xml = "http://www.w3.org/XML/1998/namespace"
  package static let xhtml = "http://www.w3.org/1999/xhtml"
}
