/// A document's arena as bytes and back, node for node: every node keeps its ``NodeID``
/// (detached slots included), so a session restored from an archive goes on exactly as the
/// one that wrote it (undo steps and `reset(ID)` address nodes by ID). Where each node and
/// attribute stands in the source and what edits changed are kept too, but not the source
/// bytes: the reader passes the document the archive was edited from (whose bytes are the
/// same), so ``written()`` keeps the file's bytes after a restore as it did before. Not a
/// file format for other programs: a session snapshot holds it, beside the log that
/// rebuilds it.
extension Document {
  /// The arena, the diagnostics and the reading flags as bytes.
  package func archived(into out: inout ArchiveWriter) {
    out.int(nodes.count)
    for (i, n) in nodes.enumerated() {
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
        out.int(Int(a.origin.rawValue))
      }
      out.int(n.namespaces.count)
      for d in n.namespaces {
        out.optional(d.prefix)
        out.string(d.uri)
        out.int(Int(d.origin.rawValue))
      }
      out.string(n.text)
      out.int(n.parent.map { $0.index + 1 } ?? 0)
      out.int(n.children.count)
      for c in n.children { out.int(c.index) }
      out.int(n.location.line)
      out.int(n.location.column)
      out.int(Int(n.edits.rawValue))
      out.span(span(of: NodeID(i)))
    }
    out.int(source == nil ? 0 : 1)
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
  /// arena (every child listed once, by the parent it names), or when it was read from a
  /// source and `edited` (the document it was edited from) has none.
  package init?(archive r: inout ArchiveReader, editedFrom edited: Document) {
    guard let count = r.int(), count >= 1, count <= r.remaining else { return nil }
    var read: [Node] = []
    read.reserveCapacity(count)
    var spans: [SourceSpan?] = []
    for i in 0..<count {
      guard let k = r.int(), Self.kinds.indices.contains(k), let name = r.string(),
        let prefix = r.optional(), let uri = r.optional(), let attributeCount = r.int(),
        attributeCount <= r.remaining
      else { return nil }
      var attributes: [Attribute] = []
      for _ in 0..<attributeCount {
        guard let name = r.string(), let value = r.string(), let p = r.optional(),
          let ns = r.optional(), let origin = r.origin()
        else { return nil }
        var a = Attribute(name: name, value: value, prefix: p, namespaceURI: ns)
        a.origin = origin
        attributes.append(a)
      }
      guard let declarationCount = r.int(), declarationCount <= r.remaining else { return nil }
      var namespaces: [NamespaceDeclaration] = []
      for _ in 0..<declarationCount {
        guard let p = r.optional(), let u = r.string(), let origin = r.origin() else { return nil }
        var d = NamespaceDeclaration(prefix: p, uri: u)
        d.origin = origin
        namespaces.append(d)
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
      guard let line = r.int(), let column = r.int(), let edits = r.int(), edits <= 0xFF,
        let span = r.span()
      else { return nil }
      var node = Node(
        kind: Self.kinds[k], name: name, prefix: prefix, namespaceURI: uri,
        attributes: attributes, namespaces: namespaces, text: text,
        location: SourceLocation(line: line, column: column))
      node.parent = parent == 0 ? nil : NodeID(parent - 1)
      node.children = children
      node.edits = NodeEdits(rawValue: UInt8(edits))
      read.append(node)
      spans.append(span)
    }
    guard read[0].kind == .document, read[0].parent == nil else { return nil }
    var listed = Set<Int>()
    for (i, n) in read.enumerated() {
      for c in n.children {
        guard read[c.index].parent?.index == i, listed.insert(c.index).inserted else { return nil }
      }
    }
    guard listed.count == read.count(where: { $0.parent != nil }) else { return nil }
    guard let hasSource = r.int(), hasSource <= 1 else { return nil }
    let source = hasSource == 1 ? edited.source : nil
    guard hasSource == 0 || source != nil else { return nil }
    if let source {
      let size = UInt32(source.bytes.count)
      guard zip(read, spans).allSatisfy({ $1 == nil || Self.fits($1!, size: size, in: $0) })
      else { return nil }
    }
    guard let diagnosticCount = r.int(), diagnosticCount <= r.remaining else { return nil }
    var diagnostics: [Diagnostic] = []
    for _ in 0..<diagnosticCount {
      guard let m = r.string(), let line = r.int(), let column = r.int() else { return nil }
      diagnostics.append(Diagnostic(m, at: SourceLocation(line: line, column: column)))
    }
    guard let flag = r.int(), flag <= 1, let path = r.optional() else { return nil }
    self.init()
    for _ in 1..<count { append(Node(kind: .comment), to: Document.top) }
    for (i, n) in read.enumerated() {
      self[NodeID(i)] = n
      setSpan(spans[i], of: NodeID(i))
    }
    self.diagnostics = diagnostics
    self.source = source
    treatsNoNamespaceAsSVG = flag == 1
    sourcePath = path
    rebuildIDIndex()
  }

  /// Whether `span` can be the span of `node` in a source of `size` bytes: in order and
  /// inside it, so that writing never reads past it.
  private static func fits(_ span: SourceSpan, size: UInt32, in node: Node) -> Bool {
    guard span.start <= span.end, span.end <= size else { return false }
    guard node.kind == .element, !span.fromEntity else { return true }
    return span.start <= span.startTagEnd && span.startTagEnd <= span.endTagStart
      && span.endTagStart <= span.end
      && Int(span.attributeCount) <= node.attributes.count + node.namespaces.count
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

  mutating func span(_ span: SourceSpan?) {
    guard let span else { return int(0) }
    int(1)
    for v in [span.start, span.end, span.startTagEnd, span.endTagStart, span.attributeCount] {
      int(Int(v))
    }
    int(span.fromEntity ? 1 : 0)
    int(Int(span.entityMembers))
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

  mutating func origin() -> SourceOrigin? {
    int().flatMap { $0 <= 0xFF ? SourceOrigin(rawValue: UInt8($0)) : nil }
  }

  /// A span as ``ArchiveWriter/span(_:)`` wrote it: `.some(nil)` for none, nil when malformed.
  mutating func span() -> SourceSpan?? {
    guard let present = int(), present <= 1 else { return nil }
    guard present == 1 else { return .some(nil) }
    var values: [UInt32] = []
    for _ in 0..<7 {
      guard let v = int(), v <= Int(UInt32.max) else { return nil }
      values.append(UInt32(v))
    }
    guard values[5] <= 1 else { return nil }
    var span = SourceSpan(start: Int(values[0]), end: Int(values[1]))
    span.startTagEnd = values[2]
    span.endTagStart = values[3]
    span.attributeCount = values[4]
    span.fromEntity = values[5] == 1
    span.entityMembers = values[6]
    return .some(span)
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
