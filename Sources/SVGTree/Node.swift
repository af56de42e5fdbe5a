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
  public var value: String {
    didSet { if origin != .added { origin = .edited } }
  }
  /// Whether the attribute is as read, changed since, or added by an edit: how
  /// ``Document/written()`` writes it.
  package internal(set) var origin = SourceOrigin.added

  public init(name: String, value: String, prefix: String? = nil, namespaceURI: String? = nil) {
    self.name = name
    self.value = value
    self.prefix = prefix
    self.namespaceURI = namespaceURI
  }

  /// An attribute as read (or defaulted) by the reader.
  init(
    name: String, value: String, prefix: String?, namespaceURI: String?, origin: SourceOrigin
  ) {
    self.name = name
    self.value = value
    self.prefix = prefix
    self.namespaceURI = namespaceURI
    self.origin = origin
  }

  /// The name as written: `xlink:href` or `fill`.
  public var qualifiedName: String { prefix.map { "\($0):\(name)" } ?? name }
}

/// An `xmlns` or `xmlns:prefix` declaration on an element.
public struct NamespaceDeclaration: Hashable, Sendable {
  public var prefix: String?
  public var uri: String {
    didSet { if origin != .added { origin = .edited } }
  }
  /// Whether the declaration is as read, changed since, or added by an edit.
  package internal(set) var origin = SourceOrigin.added

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
///
/// Kept small and cheap to copy (the reader builds one per element and per run of text):
/// the parent and the location are stored as 32-bit integers, and where the node stands in
/// its source is kept by the ``Document`` beside the arena (``Document/span(of:)``).
public struct Node: Sendable {
  /// Local name of an element, target of a processing instruction; empty otherwise.
  public var name: String {
    didSet { elementName = kind == .element ? ElementName(localName: name) : nil }
  }
  public var prefix: String?
  public var namespaceURI: String?
  /// Content of a text, CDATA, comment, PI or doctype node.
  public var text: String {
    didSet { edits.insert(.text) }
  }
  public var attributes: [Attribute]
  public var namespaces: [NamespaceDeclaration]
  public internal(set) var children: [NodeID]
  private var line: Int32
  private var column: Int32
  /// The parent's index plus one; 0 for none.
  private var parentSlot: UInt32 = 0
  public var kind: NodeKind {
    didSet { elementName = kind == .element ? ElementName(localName: name) : nil }
  }
  /// The element ``name`` identifies, whatever the namespace (see
  /// ``Document/elementName(_:)``, which checks it); nil for names SVG does not define.
  public private(set) var elementName: ElementName?
  /// What changed since the node was read (its attributes tell their own changes).
  package internal(set) var edits = NodeEdits(rawValue: 0)

  public internal(set) var parent: NodeID? {
    get { parentSlot == 0 ? nil : NodeID(Int(parentSlot) - 1) }
    set { parentSlot = newValue.map { UInt32($0.index + 1) } ?? 0 }
  }

  public var location: SourceLocation {
    get { SourceLocation(line: Int(line), column: Int(column)) }
    set {
      line = Int32(clamping: newValue.line)
      column = Int32(clamping: newValue.column)
    }
  }

  public init(
    kind: NodeKind, name: String = "", prefix: String? = nil, namespaceURI: String? = nil,
    attributes: [Attribute] = [], namespaces: [NamespaceDeclaration] = [], text: String = "",
    location: SourceLocation = .unknown
  ) {
    self.init(
      kind: kind, name: name, elementName: kind == .element ? ElementName(localName: name) : nil,
      prefix: prefix, namespaceURI: namespaceURI, attributes: attributes, namespaces: namespaces,
      text: text, location: location)
  }

  /// A node whose element name is already known (the reader looks each name up once), made
  /// in one piece: every field is assigned once, so the reader's element is not built and
  /// then copied with its attributes.
  init(
    kind: NodeKind, name: String, elementName: ElementName?, prefix: String? = nil,
    namespaceURI: String? = nil, attributes: [Attribute] = [],
    namespaces: [NamespaceDeclaration] = [], text: String = "", location: SourceLocation = .unknown
  ) {
    self.kind = kind
    self.name = name
    self.elementName = elementName
    self.prefix = prefix
    self.namespaceURI = namespaceURI
    self.attributes = attributes
    self.namespaces = namespaces
    self.text = text
    self.children = []
    self.line = Int32(clamping: location.line)
    self.column = Int32(clamping: location.column)
  }

  /// Whether `other` is this node with the same content and the same record of edits, so
  /// that both write the same bytes when they stand at the same ``NodeID`` (spans are kept
  /// by node ID, see ``Document/span(of:)``).
  package func isIdentical(to other: Node) -> Bool {
    kind == other.kind && name == other.name && prefix == other.prefix
      && attributes == other.attributes && namespaces == other.namespaces && text == other.text
      && children == other.children && edits == other.edits
  }

  public var isElement: Bool { kind == .element }

  /// The element name as written: `svg:rect` or `rect`.
  public var qualifiedName: String { prefix.map { "\($0):\(name)" } ?? name }

  /// The value of an attribute with no namespace (`fill`, `d`, `id`).
  public func attribute(_ name: String) -> String? {
    // By index: a loop over the values copies each attribute it passes (its four strings).
    for i in attributes.indices where attributes[i].name == name {
      if attributes[i].namespaceURI == nil { return attributes[i].value }
    }
    return nil
  }

  /// The value of a namespaced attribute (`xlink:href`, `xml:space`).
  public func attribute(_ name: String, namespace: String) -> String? {
    for i in attributes.indices where attributes[i].name == name {
      if attributes[i].namespaceURI == namespace { return attributes[i].value }
    }
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

/// Where an attribute or namespace declaration came from.
package enum SourceOrigin: UInt8, Hashable, Sendable {
  /// Added by an edit (or built in code).
  case added
  /// As read from the source.
  case read
  /// Read, then given another value.
  case edited
  /// Not written in the source: a default from the internal DTD subset.
  case defaulted
}

/// Changes to a node since it was read, besides those of its attributes.
package struct NodeEdits: OptionSet, Hashable, Sendable {
  package let rawValue: UInt8
  package init(rawValue: UInt8) { self.rawValue = rawValue }
  /// The text of a text, CDATA, comment, PI or doctype node.
  package static let text = NodeEdits(rawValue: 1)
  /// Children added, removed or moved.
  package static let children = NodeEdits(rawValue: 2)
}

/// Byte offsets of a node in its document's source (``Document/written()`` copies them).
package struct SourceSpan: Hashable, Sendable {
  /// The first byte: any bytes before the markup that no node holds (white space between
  /// top-level nodes, a reference to an empty entity) go with the node.
  package var start: UInt32
  /// Just past the node: for an element, past its end tag.
  package var end: UInt32
  /// Elements: just past the start tag.
  package var startTagEnd: UInt32 = 0
  /// Elements: where the end tag starts (with any bytes before it that no node holds).
  /// An element written `<a/>` has `end == startTagEnd`.
  package var endTagStart: UInt32 = 0
  /// Elements: attributes and namespace declarations written in the start tag.
  package var attributeCount: UInt32 = 0
  /// Nodes an entity reference produced: `start..<end` is the reference (`&name;`). The
  /// nodes at the reference's level say how many they are; their descendants say 0.
  package var fromEntity = false
  package var entityMembers: UInt32 = 0

  package init(start: Int, end: Int) {
    self.start = UInt32(start)
    self.end = UInt32(end)
  }

  /// The entry of ``Document``'s span table for a node without one.
  static let none = SourceSpan(start: Int(UInt32.max), end: Int(UInt32.max))

  package var range: Range<Int> { Int(start)..<Int(end) }
}

/// Namespace URIs that SVG documents use.
package enum XMLNamespace {
  package static let svg = "http://www.w3.org/2000/svg"
  package static let xlink = "http://www.w3.org/1999/xlink"
  package static let xml = "http://www.w3.org/XML/1998/namespace"
  package static let xhtml = "http://www.w3.org/1999/xhtml"
}
