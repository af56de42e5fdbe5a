import CLibXML2

/// Builds the arena straight from libxml2's SAX events: no libxml2 tree is built and copied.
///
/// libxml2 keeps only the DTD (its default SAX handlers for declarations stay), which gives
/// the entities and the doctype's text. Every reference to an internal entity is parsed again
/// by libxml2 and reaches these callbacks from a parser context of its own (whose `_private`
/// is this builder's), so every node of the replacement text lands in the tree, at the
/// reference, once per reference. Each reference is charged its replacement's length against
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
  /// The document's own parser context (entity content comes from others).
  let main: xmlParserCtxtPtr
  // The builder is used by one parse on one thread and its callbacks never overlap, so its
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
  /// The first of libxml2's own size limits that the input broke (an attribute or text
  /// node over 10 MB): the errors libxml2 reports after it only describe its aftermath.
  var sizeError: Stop?
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

  init(limits: Limits, main: xmlParserCtxtPtr) {
    self.limits = limits
    self.main = main
  }

  var parent: NodeID { open[open.count - 1] }

  /// Replaces the content callbacks of `sax`; declarations keep libxml2's SAX2 handlers.
  static func install(on sax: UnsafeMutablePointer<xmlSAXHandler>) {
    sax.pointee.startElementNs = startElementCallback
    sax.pointee.endElementNs = { ctx, _, _, _ in builder(ctx)?.endElement(ctx) }
    sax.pointee.characters = { ctx, ch, len in builder(ctx)?.characters(ch, Int(len), ctx) }
    sax.pointee.ignorableWhitespace = sax.pointee.characters
    sax.pointee.cdataBlock = { ctx, ch, len in builder(ctx)?.cdata(ch, Int(len), ctx) }
    sax.pointee.comment = { ctx, value in
      if let ctxt = parserContext(ctx), ctxt.pointee.inSubset != 0 {
        xmlSAX2Comment(ctx, value)
      } else {
        builder(ctx)?.comment(value, ctx)
      }
    }
    sax.pointee.processingInstruction = { ctx, target, data in
      if let ctxt = parserContext(ctx), ctxt.pointee.inSubset != 0 {
        xmlSAX2ProcessingInstruction(ctx, target, data)
      } else {
        builder(ctx)?.processingInstruction(target, data, ctx)
      }
    }
    sax.pointee.internalSubset = { ctx, name, externalID, systemID in
      xmlSAX2InternalSubset(ctx, name, externalID, systemID)
      builder(ctx)?.doctypeDeclared()
    }
    sax.pointee.reference = { ctx, name in builder(ctx)?.reference(name, ctx) }
    sax.pointee.serror = recordError
  }

  /// The finished document; the doctype's text is the DTD libxml2 kept, as written back.
  /// `source` is the input that was parsed, kept for writing when spans were recorded.
  func finish(doc: xmlDocPtr?, source: [UInt8]) -> Document {
    flushPending(textEnd: nil)
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

  /// Whether an event comes from the document's own context (not an entity's).
  func isMain(_ ctx: UnsafeMutableRawPointer?) -> Bool {
    parserContext(ctx) == main
  }

  // MARK: Events

  fileprivate func startElement(
    _ ctxt: xmlParserCtxtPtr, _ localname: UnsafePointer<xmlChar>?,
    _ prefix: UnsafePointer<xmlChar>?, _ uri: UnsafePointer<xmlChar>?, _ nbNamespaces: Int,
    _ namespaces: UnsafeMutablePointer<UnsafePointer<xmlChar>?>?, _ nbAttributes: Int,
    _ nbDefaulted: Int, _ attributes: UnsafeMutablePointer<UnsafePointer<xmlChar>?>?
  ) {
    guard stopReason == nil, let localname else { return stop(ctxt) }
    let fromEntity = ctxt != main
    let span =
      fromEntity
      ? enterEntityContent() : startTagSpan(attributes: nbNamespaces + nbAttributes - nbDefaulted)
    let location: SourceLocation
    if fromEntity {
      location = SourceLocation(line: Int(main.pointee.input.pointee.line), column: 0)
    } else if let span, let markup, sourceLayout?.asciiOnly == false,
      ctxt.pointee.input?.pointee.buf?.pointee.encoder == nil
    {
      // The tag's bytes are at hand, and libxml2 reads the same bytes (UTF-8 or ASCII,
      // not converted).
      let last = Int(span.span.startTagEnd) - (span.selfClosing ? 2 : 1)
      location = startTagLocation(ctxt, in: markup.bytes, lt: span.tagStart, last: last)
    } else {
      location = startTagLocation(ctxt)
    }
    elements += 1
    if elements > limits.maxElements {
      return stop(ctxt, "more than \(limits.maxElements) elements", at: location)
    }
    if open.count > limits.maxDepth {
      return stop(ctxt, "elements nested deeper than \(limits.maxDepth)", at: location)
    }
    let parent = self.parent
    do throws(SVGError) {
      // The node is built by a function and handed over as its result, so it is moved
      // into the arena, not copied.
      let node = try elementNode(
        localname, prefix, uri, fromEntity: fromEntity, parent: parent, location: location,
        nbNamespaces, namespaces, nbAttributes, nbDefaulted, attributes)
      open.append(document.append(node, to: parent))
      openSpans.append(span)
    } catch {
      stop(ctxt, error.message, at: location)
    }
  }

  private func elementNode(
    _ localname: UnsafePointer<xmlChar>, _ prefix: UnsafePointer<xmlChar>?,
    _ uri: UnsafePointer<xmlChar>?, fromEntity: Bool, parent: NodeID, location: SourceLocation,
    _ nbNamespaces: Int, _ namespaces: UnsafeMutablePointer<UnsafePointer<xmlChar>?>?,
    _ nbAttributes: Int, _ nbDefaulted: Int,
    _ attributes: UnsafeMutablePointer<UnsafePointer<xmlChar>?>?
  ) throws(SVGError) -> Node {
    let (localName, elementName) = internedName(localname)
    // Every part that can throw is read first and the node made at the end, in one piece:
    // a node built up across `try`s was copied once more on its way out.
    var prefixName: String?
    var namespaceURI: String?
    if let uri {
      prefixName = prefix.map { name($0) }
      namespaceURI = try self.namespaceURI(uri)
    } else if fromEntity, prefix == nil {
      // libxml2 may parse entity content without the namespaces in scope at the reference.
      namespaceURI = defaultNamespace(at: parent)
    }
    var declarations: [NamespaceDeclaration] = []
    if nbNamespaces > 0, let namespaces {
      declarations.reserveCapacity(nbNamespaces)
      for i in 0..<nbNamespaces {
        var uri = ""
        if let p = namespaces[2 * i + 1] { uri = try self.namespaceURI(p) }
        var declaration = NamespaceDeclaration(
          prefix: namespaces[2 * i].map { name($0) }, uri: uri)
        declaration.origin = .read
        declarations.append(declaration)
      }
    }
    var attributeList: [Attribute] = []
    if nbAttributes > 0, let attributes {
      attributeList.reserveCapacity(nbAttributes)
      for i in 0..<nbAttributes {
        // localname, prefix, URI, value, end
        let a = attributes + 5 * i
        guard let attrName = a[0], let start = a[3], let end = a[4] else { continue }
        let value = try attributeValue(UnsafeBufferPointer(start: start, count: end - start))
        var prefix: String?
        var uri: String?
        if let attrURI = a[2] {
          prefix = a[1].map { name($0) }
          uri = try self.namespaceURI(attrURI)
        }
        attributeList.append(
          Attribute(
            name: name(attrName), value: value, prefix: prefix, namespaceURI: uri,
            origin: i < nbAttributes - nbDefaulted ? .read : .defaulted))
      }
    }
    return Node(
      kind: .element, name: localName, elementName: elementName, prefix: prefixName,
      namespaceURI: namespaceURI, attributes: attributeList, namespaces: declarations,
      location: location)
  }

  fileprivate func endElement(_ ctx: UnsafeMutableRawPointer?) {
    guard open.count > 1 else { return }
    if isMain(ctx) {
      endTagSpan()
    } else {
      flushEntityText()
    }
    open.removeLast()
    openSpans.removeLast()
  }

  fileprivate func characters(
    _ ch: UnsafePointer<xmlChar>?, _ length: Int, _ ctx: UnsafeMutableRawPointer?
  ) {
    guard stopReason == nil, let ch else { return stop(parserContext(ctx)) }
    let text = String(decoding: UnsafeBufferPointer(start: ch, count: length), as: UTF8.self)
    if isMain(ctx) {
      appendPendingText(text)
    } else {
      entityText += text
    }
  }

  fileprivate func cdata(
    _ ch: UnsafePointer<xmlChar>?, _ length: Int, _ ctx: UnsafeMutableRawPointer?
  ) {
    guard stopReason == nil, let ch else { return }
    let text = String(decoding: UnsafeBufferPointer(start: ch, count: length), as: UTF8.self)
    if isMain(ctx) {
      cdataSection(text)
    } else {
      _ = enterEntityContent()
      document.append(Node(kind: .cdata, text: text), to: parent)
    }
  }

  fileprivate func comment(_ value: UnsafePointer<xmlChar>?, _ ctx: UnsafeMutableRawPointer?) {
    guard stopReason == nil else { return }
    let text = value.map { String(cString: $0) } ?? ""
    addMarkup(Node(kind: .comment, text: text), ctx, opening: "<!--")
  }

  fileprivate func processingInstruction(
    _ target: UnsafePointer<xmlChar>?, _ data: UnsafePointer<xmlChar>?,
    _ ctx: UnsafeMutableRawPointer?
  ) {
    guard stopReason == nil, let target else { return }
    let node = Node(
      kind: .processingInstruction, name: name(target),
      text: data.map { String(cString: $0) } ?? "")
    addMarkup(node, ctx, opening: "<?")
  }

  fileprivate func doctypeDeclared() {
    guard doctype == nil, open.count == 1 else { return }
    doctype = addMarkup(Node(kind: .doctype), parserContext(main), opening: "<!DOCTYPE")
  }

  /// Called after an internal entity's content was delivered: charges its length, and ends
  /// the group of nodes the reference added.
  fileprivate func reference(_ name: UnsafePointer<xmlChar>?, _ ctx: UnsafeMutableRawPointer?) {
    guard stopReason == nil else { return stop(parserContext(ctx)) }
    guard let name else { return }
    if isMain(ctx) { endEntityReference(String(cString: name)) }
    guard let ent = xmlGetDocEntity(main.pointee.myDoc, name) else { return }
    do throws(SVGError) {
      try charge(Int(ent.pointee.length))
    } catch {
      stop(
        parserContext(ctx), error.message,
        at: SourceLocation(line: Int(main.pointee.input.pointee.line), column: 0))
    }
  }

  /// Stops the parse: this context (an entity's, perhaps) and the document's. A context
  /// that is already stopped gets here again from its next event, and stops again.
  func stop(
    _ ctxt: xmlParserCtxtPtr?, _ message: String? = nil, at location: SourceLocation = .unknown
  ) {
    if let message, stopReason == nil {
      stopReason = Stop(message: message, location: location)
    }
    guard stopReason != nil else { return }
    if let ctxt { xmlStopParser(ctxt) }
    xmlStopParser(main)
  }
}

func parserContext(_ ctx: UnsafeMutableRawPointer?) -> xmlParserCtxtPtr? {
  ctx?.assumingMemoryBound(to: xmlParserCtxt.self)
}

/// The builder of a callback's parser context (the document's, or an entity's, which
/// libxml2 gives the document context's `_private`).
private func builder(_ ctx: UnsafeMutableRawPointer?) -> TreeBuilder? {
  guard let raw = parserContext(ctx)?.pointee._private else { return nil }
  return Unmanaged<TreeBuilder>.fromOpaque(raw).takeUnretainedValue()
}

private let startElementCallback: startElementNsSAX2Func = {
  ctx, localname, prefix, uri, nbNs, namespaces, nbAttributes, nbDefaulted, attributes in
  guard let ctxt = parserContext(ctx), let b = builder(ctx) else { return }
  b.startElement(
    ctxt, localname, prefix, uri, Int(nbNs), namespaces, Int(nbAttributes), Int(nbDefaulted),
    attributes)
}

/// Structured-error callback: keeps the first size-limit error (see ``TreeBuilder/sizeError``).
private let recordError: xmlStructuredErrorFunc = { userData, error in
  guard let b = builder(userData), let error, let text = error.pointee.message else { return }
  let message = String(cString: text).trimmingSpaces
  guard b.sizeError == nil, message.hasSuffix("too long") else { return }
  b.sizeError = .init(
    message: message + " (libxml2's limit for one attribute or text is 10 MB)",
    location: SourceLocation(line: Int(error.pointee.line), column: Int(error.pointee.int2)))
}
