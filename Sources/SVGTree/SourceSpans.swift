/// How a document's source is laid out around its nodes.
struct SourceLayout {
  /// Just past the byte-order mark and the XML declaration.
  var prologEnd: Int
  /// The declared encoding is not UTF-8: text an edit writes is kept to ASCII.
  var asciiOnly: Bool
}

/// Recording where each node stands in the input, as libxml2's events come.
///
/// libxml2 has already checked the input, so the markup of each event is found by scanning
/// forward from the end of the last one (``MarkupBytes``): text never holds a `<`, so the
/// next `<` starts the event's markup. Text runs from the end of the markup before it to
/// the start of the markup after it; nodes an entity reference added all span the reference.
/// When the bytes do not show what an event says (an encoding that is not ASCII-compatible),
/// recording stops and the document is written by its serializer instead.
extension TreeBuilder {
  func startRecording(_ bytes: MarkupBytes) {
    markup = bytes
    cursor = bytes.prologEnd()
    let encoding = bytes.declaredEncoding() ?? "utf-8"
    sourceLayout = SourceLayout(
      prologEnd: cursor, asciiOnly: !["utf-8", "utf8", "us-ascii", "ascii"].contains(encoding))
  }

  func stopRecording() {
    markup = nil
    sourceLayout = nil
  }

  /// The next `<` from the cursor, checked to open `opening` (a start tag when nil).
  func locate(_ opening: StaticString?) -> Int? {
    guard let m = markup else { return nil }
    if let lt = m.find(UInt8(ascii: "<"), from: cursor) {
      if let opening {
        if m.starts(opening, at: lt) { return lt }
      } else if lt + 1 < m.count, m[lt + 1] != UInt8(ascii: "/"), m[lt + 1] != UInt8(ascii: "!"),
        m[lt + 1] != UInt8(ascii: "?")
      {
        return lt
      }
    }
    stopRecording()
    return nil
  }

  /// Adds the pending text or CDATA as a node. Text ends at `textEnd`; without it (an
  /// entity reference follows, whose place is not known yet) its node and start are returned.
  @discardableResult
  func flushPending(textEnd: Int?) -> (id: NodeID, start: Int)? {
    guard let p = pending else { return nil }
    pending = nil
    let id = document.appendUnlinked(
      Node(kind: p.kind, name: "", elementName: nil, text: p.text), to: parent)
    guard markup != nil else { return nil }
    if p.kind == .cdata {
      document.setSpan(SourceSpan(start: p.start, end: p.end), of: id)
    } else if let textEnd {
      document.setSpan(SourceSpan(start: p.start, end: textEnd), of: id)
      cursor = textEnd
    } else {
      return (id, p.start)
    }
    return nil
  }

  func appendPendingText(_ text: String) {
    if pending?.kind == .text {
      pending!.text += text
    } else {
      flushPending(textEnd: nil)
      pending = PendingText(kind: .text, start: cursor, text: text)
    }
  }

  /// A CDATA section; sections that follow each other (`]]>` is written as two) are one node.
  func cdataSection(_ text: String) {
    let lt = locate("<![CDATA[")
    let end = lt.flatMap { markup?.end(of: "]]>", from: $0 + 9) }
    if lt != nil && end == nil { stopRecording() }
    if var p = pending, p.kind == .cdata, lt == nil || lt == cursor {
      p.text += text
      p.end = end ?? 0
      pending = p
    } else {
      flushPending(textEnd: lt)
      pending = PendingText(kind: .cdata, start: cursor, text: text, end: end ?? 0)
    }
    if let end { cursor = end }
  }

  /// A comment, PI or doctype: added as a node with its span.
  @discardableResult
  func addMarkup(_ node: Node, isMain: Bool, opening: StaticString) -> NodeID {
    guard isMain else {
      enterEntityContent()
      return document.appendUnlinked(node, to: parent)
    }
    let lt = locate(opening)
    flushPending(textEnd: lt)
    let id = document.appendUnlinked(node, to: parent)
    guard let lt, let m = markup else { return id }
    let end =
      switch node.kind {
      case .comment: m.end(of: "-->", from: lt + 4)
      case .doctype: m.doctypeEnd(from: lt)
      default: m.end(of: "?>", from: lt + 2)
      }
    guard let end else {
      stopRecording()
      return id
    }
    document.setSpan(SourceSpan(start: cursor, end: end), of: id)
    cursor = end
    return id
  }

  /// The start of the span of an element of the document's own context, whose start tag
  /// declares `attributes` attributes and namespaces (libxml2 does not report an
  /// `xmlns:xml` declaration; the writer keeps it) and ends at `last` (its `>` or the `/` of
  /// `/>`; -1 when not known: the tag is scanned).
  func startTagSpan(attributes: Int, last: Int) -> OpenSpan? {
    let lt = locate(nil)
    flushPending(textEnd: lt)
    guard let lt, let m = markup else { return nil }
    let tag: (end: Int, selfClosing: Bool)?
    if last > lt, last < m.count, m[last] == UInt8(ascii: ">") {
      tag = (last + 1, m[last - 1] == UInt8(ascii: "/"))
    } else if last > lt, last + 1 < m.count, m[last] == UInt8(ascii: "/"),
      m[last + 1] == UInt8(ascii: ">")
    {
      tag = (last + 2, true)
    } else {
      tag = m.startTagEnd(from: lt)
    }
    guard let tag else {
      stopRecording()
      return nil
    }
    var span = SourceSpan(start: cursor, end: tag.end)
    span.startTagEnd = UInt32(tag.end)
    span.attributeCount = UInt32(attributes)
    cursor = tag.end
    return OpenSpan(span: span, selfClosing: tag.selfClosing, tagStart: lt)
  }

  /// The end of the innermost open element of the document's own context.
  func endTagSpan() {
    guard markup != nil, var open = openSpans[openSpans.count - 1] else {
      flushPending(textEnd: nil)
      return
    }
    if open.selfClosing {
      flushPending(textEnd: cursor)
      open.span.endTagStart = open.span.startTagEnd
      open.span.end = open.span.startTagEnd
    } else {
      let lt = locate("</")
      flushPending(textEnd: lt)
      guard let lt, let gt = markup?.find(UInt8(ascii: ">"), from: lt + 2) else {
        stopRecording()
        return
      }
      open.span.endTagStart = UInt32(cursor)
      open.span.end = UInt32(gt + 1)
      cursor = gt + 1
    }
    document.setSpan(open.span, of: parent)
  }

  /// Before a node of an entity's replacement is added: the first one starts the group of
  /// the reference, and the text before the reference ends there.
  @discardableResult
  func enterEntityContent() -> OpenSpan? {
    if group == nil {
      let before = flushPending(textEnd: nil)
      group = EntityGroup(first: document.nodes.count, textBefore: before)
    }
    flushEntityText()
    return nil
  }

  func flushEntityText() {
    guard !entityText.isEmpty else { return }
    document.appendUnlinked(Node(kind: .text, text: entityText), to: parent)
    entityText = ""
  }

  /// The reference `&name;` of the document's own context was expanded: its nodes span it.
  /// Text alone joins the text around it (whose span holds the reference).
  func endEntityReference(_ name: String) {
    guard let g = group else {
      if !entityText.isEmpty {
        appendPendingText(entityText)
        entityText = ""
      }
      return
    }
    flushEntityText()
    group = nil
    guard let m = markup else { return }
    guard let amp = reference(named: name, in: m) else { return stopRecording() }
    if let before = g.textBefore {
      document.setSpan(SourceSpan(start: before.start, end: amp), of: before.id)
      cursor = amp
    }
    let end = amp + name.utf8.count + 2
    let added = g.first..<document.nodes.count
    let members = added.count(where: { document.nodes[$0].parent == parent })
    for i in added {
      let n = document.nodes[i]
      var span = SourceSpan(start: cursor, end: end)
      span.fromEntity = true
      span.attributeCount = UInt32(
        n.attributes.count(where: { $0.origin == .read }) + n.namespaces.count)
      if n.parent == parent { span.entityMembers = UInt32(members) }
      document.setSpan(span, of: NodeID(i))
    }
    cursor = end
  }

  /// The first `&name;` from the cursor.
  private func reference(named name: String, in m: MarkupBytes) -> Int? {
    let bytes = Array(name.utf8)
    var i = cursor
    while let amp = m.find(UInt8(ascii: "&"), from: i) {
      let semicolon = amp + 1 + bytes.count
      if semicolon < m.count, m[semicolon] == UInt8(ascii: ";"),
        bytes.indices.allSatisfy({ m[amp + 1 + $0] == bytes[$0] })
      {
        return amp
      }
      i = amp + 1
    }
    return nil
  }
}
