/// A document's arena as bytes and back, node for node: every node keeps its ``NodeID``
/// (detached slots included), so a session restored from an archive goes on exactly as the
/// one that wrote it (undo steps and `reset(ID)` address nodes by ID). Not a file format for
/// other programs: a session snapshot holds it, beside the log that rebuilds it.
extension Document {
  /// The arena, the diagnostics and the reading flags as bytes.
  package func archived(into out: inout ArchiveWriter) {
    out.int(nodes.count)
    for n in nodes {
      out.int(Self.kinds.firstIndex(of: n.kind)!)
      out.string(n.name)
      out.optional(n.prefix)
      out.optional(n.namespaceURI)
      out.int(n.attributes.count)
      for a in n.attributes {
        out.string(a.name)
        out.string(a.value)
        out.optional(a.prefix)
        out.optional(a.namespaceURI)
      }
      out.int(n.namespaces.count)
      for d in n.namespaces {
        out.optional(d.prefix)
        out.string(d.uri)
      }
      out.string(n.text)
      out.int(n.parent.map { $0.index + 1 } ?? 0)
      out.int(n.children.count)
      for c in n.children { out.int(c.index) }
      out.int(n.location.line)
      out.int(n.location.column)
    }
    out.int(diagnostics.count)
    for d in diagnostics {
      out.string(d.message)
      out.int(d.location.line)
      out.int(d.location.column)
    }
    out.int(treatsNoNamespaceAsSVG ? 1 : 0)
    out.optional(sourcePath)
  }

  /// Reads what ``archived(into:)`` wrote; nil when the bytes are not a whole, consistent
  /// arena (every child listed once, by the parent it names).
  package init?(archive r: inout ArchiveReader) {
    guard let count = r.int(), count >= 1, count <= r.remaining else { return nil }
    var read: [Node] = []
    read.reserveCapacity(count)
    for i in 0..<count {
      guard let k = r.int(), Self.kinds.indices.contains(k), let name = r.string(),
        let prefix = r.optional(), let uri = r.optional(), let attributeCount = r.int(),
        attributeCount <= r.remaining
      else { return nil }
      var attributes: [Attribute] = []
      for _ in 0..<attributeCount {
        guard let name = r.string(), let value = r.string(), let p = r.optional(),
          let ns = r.optional()
        else { return nil }
        attributes.append(Attribute(name: name, value: value, prefix: p, namespaceURI: ns))
      }
      guard let declarationCount = r.int(), declarationCount <= r.remaining else { return nil }
      var namespaces: [NamespaceDeclaration] = []
      for _ in 0..<declarationCount {
        guard let p = r.optional(), let u = r.string() else { return nil }
        namespaces.append(NamespaceDeclaration(prefix: p, uri: u))
      }
      guard let text = r.string(), let parent = r.int(), parent <= count,
        let childCount = r.int(), childCount <= count
      else { return nil }
      var children: [NodeID] = []
      for _ in 0..<childCount {
        // A child comes after its parent in the arena (nodes are appended to parents that
        // exist), which also rules out cycles.
        guard let c = r.int(), c > i, c < count else { return nil }
        children.append(NodeID(c))
      }
      guard let line = r.int(), let column = r.int() else { return nil }
      var node = Node(
        kind: Self.kinds[k], name: name, prefix: prefix, namespaceURI: uri,
        attributes: attributes, namespaces: namespaces, text: text,
        location: SourceLocation(line: line, column: column))
      node.parent = parent == 0 ? nil : NodeID(parent - 1)
      node.children = children
      read.append(node)
    }
    guard read[0].kind == .document, read[0].parent == nil else { return nil }
    var listed = Set<Int>()
    for (i, n) in read.enumerated() {
      for c in n.children {
        guard read[c.index].parent?.index == i, listed.insert(c.index).inserted else { return nil }
      }
    }
    guard listed.count == read.count(where: { $0.parent != nil }) else { return nil }
    guard let diagnosticCount = r.int(), diagnosticCount <= r.remaining else { return nil }
    var diagnostics: [Diagnostic] = []
    for _ in 0..<diagnosticCount {
      guard let m = r.string(), let line = r.int(), let column = r.int() else { return nil }
      diagnostics.append(Diagnostic(m, at: SourceLocation(line: line, column: column)))
    }
    guard let flag = r.int(), flag <= 1, let path = r.optional() else { return nil }
    self.init()
    for _ in 1..<count { append(Node(kind: .comment), to: Document.top) }
    for (i, n) in read.enumerated() { self[NodeID(i)] = n }
    self.diagnostics = diagnostics
    treatsNoNamespaceAsSVG = flag == 1
    sourcePath = path
    rebuildIDIndex()
  }

  private static let kinds: [NodeKind] = [
    .document, .element, .text, .cdata, .comment, .processingInstruction, .doctype,
  ]
}

/// Bytes written for an archive: unsigned LEB128 integers and length-prefixed UTF-8.
package struct ArchiveWriter: Sendable {
  package private(set) var bytes: [UInt8] = []

  package init() {}

  package mutating func int(_ v: Int) {
    var u = UInt64(bitPattern: Int64(v))
    repeat {
      let low = UInt8(u & 0x7f)
      u >>= 7
      bytes.append(u == 0 ? low : low | 0x80)
    } while u != 0
  }

  package mutating func string(_ s: String) {
    int(s.utf8.count)
    bytes.append(contentsOf: s.utf8)
  }

  package mutating func optional(_ s: String?) {
    int(s == nil ? 0 : 1)
    if let s { string(s) }
  }
}

/// Reads what an ``ArchiveWriter`` wrote; every read is nil past the end or on a malformed
/// value, so corrupt bytes are an answer, never a crash.
package struct ArchiveReader: Sendable {
  private let bytes: [UInt8]
  private var offset = 0

  package init(_ bytes: [UInt8]) { self.bytes = bytes }

  package var remaining: Int { bytes.count - offset }
  package var isAtEnd: Bool { offset == bytes.count }

  package mutating func int() -> Int? {
    var u: UInt64 = 0
    var shift: UInt64 = 0
    while offset < bytes.count, shift < 64 {
      let b = bytes[offset]
      offset += 1
      u |= UInt64(b & 0x7f) << shift
      if b & 0x80 == 0 {
        let v = Int(Int64(bitPattern: u))
        return v >= 0 ? v : nil
      }
      shift += 7
    }
    return nil
  }

  package mutating func string() -> String? {
    guard let n = int(), n <= remaining else { return nil }
    defer { offset += n }
    return String(validating: bytes[offset..<offset + n], as: UTF8.self)
  }

  package mutating func optional() -> String?? {
    switch int() {
    case 0: return .some(nil)
    case 1:
      guard let s = string() else { return nil }
      return .some(s)
    default: return nil
    }
  }
}
