/// The bytes a document was read from (after gzip inflation), shared with the input array.
package struct SourceText: Sendable {
  package let bytes: [UInt8]
  /// Just past the byte-order mark and the XML declaration.
  let prologEnd: Int
  /// Bytes after the last top-level node (a final newline, or none).
  let tailStart: Int
  /// The declared encoding is not UTF-8: text an edit writes is kept to ASCII (character
  /// references for the rest).
  let asciiOnly: Bool

  init(bytes: [UInt8], layout: SourceLayout, tailStart: Int) {
    self.bytes = bytes
    prologEnd = layout.prologEnd
    self.tailStart = tailStart
    asciiOnly = layout.asciiOnly
  }
}

extension Document {
  /// The document as bytes, written as svg-inline writes: every byte of the source that the
  /// edits left alone is copied. A document as read gives its input back byte for byte (the
  /// XML declaration, doctype, entities, attribute order and quotes, line endings, a final
  /// newline or none); a changed attribute keeps its place and quotes, a new one goes at the
  /// end of its start tag, a moved element takes its bytes along, an added element is
  /// written on a line of its own where its siblings stand on lines of their own, and nodes
  /// from an entity reference are written as that reference while they are unedited.
  ///
  /// A document built in code, or read from UTF-16, is written as ``serialized(xmlDeclaration:)``.
  public func written() -> [UInt8] {
    guard let source else { return Array(serialized().utf8) }
    return source.bytes.withUnsafeBufferPointer { buffer in
      var writer = SourceWriter(
        document: self, markup: MarkupBytes(buffer), asciiOnly: source.asciiOnly)
      writer.out.reserveCapacity(buffer.count + 256)
      writer.copy(0..<source.prologEnd)
      writer.writeChildren(of: Document.top)
      writer.copy(source.tailStart..<buffer.count)
      return writer.out
    }
  }
}

/// Writes a document into its source's bytes (see ``Document/written()``); nodes without a
/// span are written by the rules of SourceWriter+Fresh.swift.
struct SourceWriter {
  let document: Document
  let markup: MarkupBytes
  let asciiOnly: Bool
  var out: [UInt8] = []

  mutating func copy(_ range: Range<Int>) {
    guard !range.isEmpty else { return }
    out.append(contentsOf: UnsafeBufferPointer(rebasing: markup.bytes[range]))
  }

  mutating func writeChildren(of parent: NodeID) {
    let kids = document.nodes[parent.index].children
    var i = 0
    while i < kids.count {
      let span = document.span(of: kids[i])
      if let span, span.entityMembers > 0 {
        var j = i + 1
        while j < kids.count, let next = document.span(of: kids[j]),
          next.entityMembers > 0, next.range == span.range
        {
          j += 1
        }
        let run = Array(kids[i..<j])
        if run.count == span.entityMembers, zip(run, run.dropFirst()).allSatisfy({ $0 < $1 }),
          run.allSatisfy({ isUnedited($0) })
        {
          copy(span.range)
        } else {
          for id in run { writeFresh(id) }
        }
        i = j
        continue
      }
      if let span, !span.fromEntity {
        write(kids[i], document.nodes[kids[i].index], span)
      } else {
        writeAdded(kids, at: i)
      }
      i += 1
    }
  }

  /// A node read from the source, not from an entity.
  private mutating func write(_ id: NodeID, _ node: Node, _ span: SourceSpan) {
    guard node.kind == .element else {
      if node.edits.contains(.text) {
        if node.kind != .text { copyLeadingSpace(of: span) }
        writeFresh(id)
      } else {
        copy(span.range)
      }
      return
    }
    guard let lt = markup.find(UInt8(ascii: "<"), from: Int(span.start)),
      hasSourceName(node, at: lt + 1)
    else {
      copyLeadingSpace(of: span)
      return writeFresh(id)
    }
    let selfClosing = span.end == span.startTagEnd
    if isTagUnedited(node, span) && (node.children.isEmpty || !selfClosing) {
      copy(Int(span.start)..<Int(span.startTagEnd))
    } else {
      copy(Int(span.start)..<lt)
      writeStartTag(node, at: lt, opensContent: !node.children.isEmpty)
    }
    writeChildren(of: id)
    if !selfClosing {
      copy(Int(span.endTagStart)..<Int(span.end))
    } else if !node.children.isEmpty {
      append("</" + node.qualifiedName + ">")
    }
  }

  /// White space before a node's markup (between top-level nodes) that went with it.
  private mutating func copyLeadingSpace(of span: SourceSpan) {
    var i = Int(span.start)
    while i < Int(span.end), MarkupBytes.isSpace(markup[i]) { i += 1 }
    copy(Int(span.start)..<i)
  }

  private func hasSourceName(_ node: Node, at start: Int) -> Bool {
    let name = node.qualifiedName.utf8
    let end = start + name.count
    guard end < markup.count, markup.nameEnd(from: start) == end else { return false }
    return zip(name, start..<end).allSatisfy { $0 == markup[$1] }
  }

  /// Whether the attributes and namespace declarations are all as read.
  private func isTagUnedited(_ node: Node, _ span: SourceSpan) -> Bool {
    var read = 0
    for a in node.attributes {
      switch a.origin {
      case .read: read += 1
      case .defaulted: break
      case .added, .edited: return false
      }
    }
    for ns in node.namespaces {
      guard ns.origin == .read else { return false }
      read += 1
    }
    return read == span.attributeCount
  }

  /// Whether a node from an entity, and all below it, are as read.
  func isUnedited(_ id: NodeID) -> Bool {
    let node = document.nodes[id.index]
    guard node.edits.isEmpty, let span = document.span(of: id), span.fromEntity,
      isTagUnedited(node, span)
    else {
      return false
    }
    return node.children.allSatisfy(isUnedited)
  }

  /// The start tag of an edited element: each attribute as read where it stands (with the
  /// white space before it), an edited one with its new value in its own quotes, a removed
  /// one left out, added ones at the end.
  private mutating func writeStartTag(_ node: Node, at lt: Int, opensContent: Bool) {
    guard let tag = markup.startTag(at: lt) else {
      return writeFreshStartTag(node, selfClosing: !opensContent)
    }
    copy(lt..<tag.name.upperBound)
    var written = Set<String>()
    for token in tag.attributes {
      let name = String(
        decoding: UnsafeBufferPointer(rebasing: markup.bytes[token.name]), as: UTF8.self)
      guard let (value, origin) = item(named: name, in: node) else {
        // libxml2 reports no `xmlns:xml` (the prefix is bound by XML itself): keep it.
        if name == "xmlns:xml" { copy(token.range) }
        continue
      }
      written.insert(name)
      if origin != .read {
        copy(token.range.lowerBound..<token.value.lowerBound)
        appendEscaped(value, quote: markup[token.value.upperBound])
        copy(token.value.upperBound..<token.range.upperBound)
      } else {
        copy(token.range)
      }
    }
    let last = tag.attributes.last
    let separator = last.map { $0.range.lowerBound..<$0.nameStart }
    let quote = last.map { markup[$0.value.upperBound] } ?? UInt8(ascii: "\"")
    for (name, value, origin) in items(of: node)
    where !written.contains(name) && (origin == .added || origin == .edited) {
      if let separator { copy(separator) } else { append(" ") }
      append(name + "=")
      out.append(quote)
      appendEscaped(value, quote: quote)
      out.append(quote)
    }
    if tag.isSelfClosing && opensContent {
      copy(tag.closing.lowerBound..<(tag.closing.upperBound - 2))
      append(">")
    } else {
      copy(tag.closing)
    }
  }

  /// Namespace declarations and attributes by the names they are written with.
  private func items(of node: Node) -> [(String, String, SourceOrigin)] {
    node.namespaces.map { ns in
      (ns.prefix.map { "xmlns:" + $0 } ?? "xmlns", ns.uri, ns.origin)
    } + node.attributes.map { ($0.qualifiedName, $0.value, $0.origin) }
  }

  private func item(named name: String, in node: Node) -> (String, SourceOrigin)? {
    if name == "xmlns" || name.hasPrefix("xmlns:") {
      let prefix = name == "xmlns" ? nil : String(name.dropFirst(6))
      return node.namespaces.first { $0.prefix == prefix }.map { ($0.uri, $0.origin) }
    }
    return node.attributes.first { $0.qualifiedName == name }.map { ($0.value, $0.origin) }
  }
}
