import CLibXML2

/// Builds the arena straight from libxml2's SAX events (``SAXEvent``, recorded by
/// ``SAXRecorder``): no libxml2 tree is built and copied.
///
/// libxml2 keeps only the DTD, which gives the entities and the doctype's text. Every
/// reference to an internal entity is parsed again by libxml2 and its events come from a
/// parser context of its own, so every node of the replacement text lands in the tree, at
/// the reference, once per reference. Each reference is charged its replacement's length against
/// ``Limits/maxEntityExpansion``, elements from entities count against
/// ``Limits/maxElements``, and libxml2's own checks stop entity loops and amplification.
///
/// Text arrives in pieces and is added as one node when the next event comes. The builder
/// also records where each node stands in the input (``SourceSpan``, see SourceSpans.swift)
/// so that an edited document can be written with every unedited byte kept.
final class TreeBuilder {
  struct Stop {
    var kind: SVGError.Kind = .limit
    var message: String
    var location: SourceLocation
  }

  /// Text or CDATA of the document's own context not yet added: it becomes one node.
  struct PendingText {
    var kind: NodeKind
    /// Where it starts in the input (the end of the markup before it).
    var start: Int
    var text: String
    /// CDATA: just past its last `]]>`.
    var end: Int = 0
  }

  /// An element of the document's own context that is open, with its span so far.
  struct OpenSpan {
    var span: SourceSpan
    var selfClosing: Bool
    /// Where the start tag's `<` is.
    var tagStart: Int
  }

  /// The nodes one entity reference added so far.
  struct EntityGroup {
    /// The first node the reference added.
    var first: Int
    /// Text before the reference, added when the entity's first node came: its node and
    /// start (the reference ends it).
    var textBefore: (id: NodeID, start: Int)?
  }

  let limits: Limits
  /// libxml2's document, whose DTD gives the internal entities (from the doctype's event).
  /// The DTD is complete before the root element starts and only read after, so the builder
  /// may read it from another thread than the parser's.
  var dtdDocument: xmlDocPtr?
  /// Raised to stop the parse.
  let stopSignal: ParseStop
  // The builder is used by one parse on one thread and takes one event at a time, so its
  // busiest state is exempt from the run-time exclusivity checks.
  @exclusivity(unchecked) var document = Document()
  /// Open elements, innermost last; the synthetic top first.
  @exclusivity(unchecked) var open: [NodeID] = [Document.top]
  /// Spans of the open elements (nil for the top and for elements from entities).
  @exclusivity(unchecked) var openSpans: [OpenSpan?] = [nil]
  var elements = 0
  var expanded = 0
  var doctype: NodeID?
  /// Why the parse was stopped (a limit), reported instead of libxml2's error.
  @exclusivity(unchecked) var stopReason: Stop?
  @exclusivity(unchecked) var names: [UnsafeRawPointer: (name: String, element: ElementName?)] =
    [:]
  @exclusivity(unchecked) var recentNames = [
    (key: UnsafeRawPointer?, name: String, element: ElementName?)
  ](
    repeating: (nil, "", nil), count: 64)
  @exclusivity(unchecked) var namespaceURIs: [UnsafeRawPointer: String] = [:]
  /// The last URIs from the dictionary, replaced in turn (see `namespaceURI(_:)`).
  @exclusivity(unchecked) var recentNamespaceURIs = [(key: UnsafeRawPointer?, uri: String)](
    repeating: (nil, ""), count: 4)
  @exclusivity(unchecked) var nextRecentNamespaceURI = 0
  @exclusivity(unchecked) var pending: PendingText?
  /// Text of an entity's replacement not yet added.
  @exclusivity(unchecked) var entityText = ""
  @exclusivity(unchecked) var group: EntityGroup?
  /// The input, while spans are recorded (nil when not, or no longer: see SourceSpans.swift).
  @exclusivity(unchecked) var markup: MarkupBytes?
  /// How far the input is accounted for by nodes.
  @exclusivity(unchecked) var cursor = 0
  var sourceLayout: SourceLayout?

  init(limits: Limits, stop: ParseStop) {
    self.limits = limits
    self.stopSignal = stop
  }

  var parent: NodeID { open[open.count - 1] }

  /// The finished document; the doctype's text is the DTD libxml2 kept, as written back.
  /// `source` is the input that was parsed, kept for writing when spans were recorded.
  func finish(doc: xmlDocPtr?, source: [UInt8]) -> Document {
    flushPending(textEnd: nil)
    document.linkChildren(from: Document.top.index + 1)
    if let doctype, let dtd = doc?.pointee.intSubset, let buf = xmlBufferCreate() {
      defer { xmlBufferFree(buf) }
      xmlNodeDump(
        buf, doc, UnsafeMutableRawPointer(dtd).assumingMemoryBound(to: xmlNode.self), 0, 0)
      var node = document[doctype]
      node.text = String(cString: xmlBufferContent(buf))
      node.edits = []
      document[doctype] = node
    }
    if let layout = sourceLayout {
      document.source = SourceText(bytes: source, layout: layout, tailStart: cursor)
    }
    return document
  }

  // MARK: Events

  /// Takes the next event; once the parse is stopped, none (libxml2 reports no more then).
  func take(_ e: UnsafePointer<SAXEvent>) {
    guard stopReason == nil else { return }
    let isMain = e.pointee.isMain
    switch e.pointee.kind {
    case .startElement: startElement(e)
    case .endElement: endElement(isMain: isMain)
    case .characters:
      if isMain {
        appendPendingText(e.pointee.text)
      } else {
        entityText += e.pointee.text
      }
    case .cdata:
      if isMain {
        cdataSection(e.pointee.text)
      } else {
        enterEntityContent()
        document.appendUnlinked(Node(kind: .cdata, text: e.pointee.text), to: parent)
      }
    case .comment:
      addMarkup(Node(kind: .comment, text: e.pointee.text), isMain: isMain, opening: "<!--")
    case .processingInstruction:
      guard let target = e.pointee.name else { return }
      let node = Node(kind: .processingInstruction, name: name(target), text: e.pointee.text)
      addMarkup(node, isMain: isMain, opening: "<?")
    case .doctype:
      dtdDocument = e.pointee.document
      guard doctype == nil, open.count == 1 else { return }
      doctype = addMarkup(Node(kind: .doctype), isMain: true, opening: "<!DOCTYPE")
    case .reference: reference(e)
    }
  }

  private func startElement(_ e: UnsafePointer<SAXEvent>) {
    let event = e.pointee
    let span =
      event.isMain
      ? startTagSpan(
        attributes: event.namespaceCount + event.attributeCount - event.defaultedCount,
        last: event.offset)
      : enterEntityContent()
    let location =
      event.isMain ? event.location : SourceLocation(line: Int(event.line), column: 0)
    elements += 1
    if elements > limits.maxElements {
      return stop("more than \(limits.maxElements) elements", at: location)
    }
    if open.count > limits.maxDepth {
      return stop("elements nested deeper than \(limits.maxDepth)", at: location)
    }
    let parent = self.parent
    do throws(SVGError) {
      // The node is built by a function and handed over as its result, so it is moved
      // into the arena, not copied.
      let node = try elementNode(e, parent: parent, location: location)
      open.append(document.appendUnlinked(node, to: parent))
      openSpans.append(span)
    } catch {
      stop(error.message, at: location)
    }
  }

  private func elementNode(
    _ e: UnsafePointer<SAXEvent>, parent: NodeID, location: SourceLocation
  ) throws(SVGError) -> Node {
    let (localName, elementName) = internedName(e.pointee.name!)
    // Every part that can throw is read first and the node made at the end, in one piece:
    // a node built up across `try`s was copied once more on its way out.
    var prefixName: String?
    var namespaceURI: String?
    if let uri = e.pointee.uri {
      prefixName = e.pointee.prefix.map { name($0) }
      namespaceURI = try self.namespaceURI(uri, interned: e.pointee.uriInterned)
    } else if !e.pointee.isMain, e.pointee.prefix == nil {
      // libxml2 may parse entity content without the namespaces in scope at the reference.
      namespaceURI = defaultNamespace(at: parent)
    }
    var declarations: [NamespaceDeclaration] = []
    let namespaces = e.namespaces
    if !namespaces.isEmpty {
      declarations.reserveCapacity(namespaces.count)
      for ns in namespaces {
        var uri = ""
        if let p = ns.uri { uri = try self.namespaceURI(p, interned: ns.uriInterned) }
        var declaration = NamespaceDeclaration(prefix: ns.prefix.map { name($0) }, uri: uri)
        declaration.origin = .read
        declarations.append(declaration)
      }
    }
    var attributeList: [Attribute] = []
    let attributes = e.attributes
    if !attributes.isEmpty {
      attributeList.reserveCapacity(attributes.count)
      let read = attributes.count - e.pointee.defaultedCount
      for i in attributes.indices {
        let a = attributes[i]
        guard let attrName = a.name, let start = a.value else { continue }
        let value = try attributeValue(UnsafeBufferPointer(start: start, count: a.length))
        var prefix: String?
        var uri: String?
        if let attrURI = a.uri {
          prefix = a.prefix.map { name($0) }
          uri = try self.namespaceURI(attrURI, interned: a.uriInterned)
        }
        attributeList.append(
          Attribute(
            name: name(attrName), value: value, prefix: prefix, namespaceURI: uri,
            origin: i < read ? .read : .defaulted))
      }
    }
    return Node(
      kind: .element, name: localName, elementName: elementName, prefix: prefixName,
      namespaceURI: namespaceURI, attributes: attributeList, namespaces: declarations,
      location: location)
  }

  private func endElement(isMain: Bool) {
    guard open.count > 1 else { return }
    if isMain {
      endTagSpan()
    } else {
      flushEntityText()
    }
    open.removeLast()
    openSpans.removeLast()
  }

  /// An internal entity's content was delivered: charges its length, and ends the group of
  /// nodes the reference added.
  private func reference(_ e: UnsafePointer<SAXEvent>) {
    if e.pointee.isMain { endEntityReference(e.pointee.text) }
    guard e.pointee.entityLength >= 0 else { return }
    do throws(SVGError) {
      try charge(e.pointee.entityLength)
    } catch {
      stop(error.message, at: SourceLocation(line: Int(e.pointee.line), column: 0))
    }
  }

  /// Stops the parse; the first reason given is the one reported.
  func stop(_ message: String, at location: SourceLocation) {
    if stopReason == nil {
      stopReason = Stop(message: message, location: location)
    }
    stopSignal.raise()
  }
}
