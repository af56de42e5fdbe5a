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
final class TreeBuilder {
  struct Stop {
    var kind: SVGError.Kind = .limit
    var message: String
    var location: SourceLocation
  }

  let limits: Limits
  /// The document's own parser context (entity content comes from others).
  let main: xmlParserCtxtPtr
  var document = Document()
  /// Open elements, innermost last; the synthetic top first.
  private var open: [NodeID] = [Document.top]
  private var elements = 0
  private var expanded = 0
  private var doctype: NodeID?
  /// Why the parse was stopped (a limit), reported instead of libxml2's error.
  var stopReason: Stop?
  /// The first of libxml2's own size limits that the input broke (an attribute or text
  /// node over 10 MB): the errors libxml2 reports after it only describe its aftermath.
  var sizeError: Stop?
  private var names: [UnsafeRawPointer: String] = [:]
  private var namespaceURIs: [UnsafeRawPointer: String] = [:]

  init(limits: Limits, main: xmlParserCtxtPtr) {
    self.limits = limits
    self.main = main
  }

  /// Replaces the content callbacks of `sax`; declarations keep libxml2's SAX2 handlers.
  static func install(on sax: UnsafeMutablePointer<xmlSAXHandler>) {
    sax.pointee.startElementNs = startElementCallback
    sax.pointee.endElementNs = { ctx, _, _, _ in builder(ctx)?.endElement() }
    sax.pointee.characters = { ctx, ch, len in builder(ctx)?.characters(ch, Int(len), ctx) }
    sax.pointee.ignorableWhitespace = sax.pointee.characters
    sax.pointee.cdataBlock = { ctx, ch, len in builder(ctx)?.cdata(ch, Int(len)) }
    sax.pointee.comment = { ctx, value in
      if let ctxt = parserContext(ctx), ctxt.pointee.inSubset != 0 {
        xmlSAX2Comment(ctx, value)
      } else {
        builder(ctx)?.comment(value)
      }
    }
    sax.pointee.processingInstruction = { ctx, target, data in
      if let ctxt = parserContext(ctx), ctxt.pointee.inSubset != 0 {
        xmlSAX2ProcessingInstruction(ctx, target, data)
      } else {
        builder(ctx)?.processingInstruction(target, data)
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
  func finish(doc: xmlDocPtr?) -> Document {
    if let doctype, let dtd = doc?.pointee.intSubset, let buf = xmlBufferCreate() {
      defer { xmlBufferFree(buf) }
      xmlNodeDump(
        buf, doc, UnsafeMutableRawPointer(dtd).assumingMemoryBound(to: xmlNode.self), 0, 0)
      document[doctype].text = String(cString: xmlBufferContent(buf))
    }
    return document
  }

  // MARK: Events

  fileprivate func startElement(
    _ ctxt: xmlParserCtxtPtr, _ localname: UnsafePointer<xmlChar>?,
    _ prefix: UnsafePointer<xmlChar>?, _ uri: UnsafePointer<xmlChar>?, _ nbNamespaces: Int,
    _ namespaces: UnsafeMutablePointer<UnsafePointer<xmlChar>?>?, _ nbAttributes: Int,
    _ attributes: UnsafeMutablePointer<UnsafePointer<xmlChar>?>?
  ) {
    guard stopReason == nil, let localname else { return stop(ctxt) }
    let fromEntity = ctxt != main
    let location =
      fromEntity
      ? SourceLocation(line: Int(main.pointee.input.pointee.line), column: 0)
      : startTagLocation(ctxt)
    elements += 1
    if elements > limits.maxElements {
      return stop(ctxt, "more than \(limits.maxElements) elements", at: location)
    }
    if open.count > limits.maxDepth {
      return stop(ctxt, "elements nested deeper than \(limits.maxDepth)", at: location)
    }
    let parent = open[open.count - 1]
    do throws(SVGError) {
      var node = Node(kind: .element, name: name(localname))
      node.location = location
      if let uri {
        node.prefix = prefix.map { name($0) }
        node.namespaceURI = try namespaceURI(uri)
      } else if fromEntity, prefix == nil {
        // libxml2 may parse entity content without the namespaces in scope at the reference.
        node.namespaceURI = defaultNamespace(at: parent)
      }
      if nbNamespaces > 0, let namespaces {
        node.namespaces.reserveCapacity(nbNamespaces)
        for i in 0..<nbNamespaces {
          var uri = ""
          if let p = namespaces[2 * i + 1] { uri = try namespaceURI(p) }
          node.namespaces.append(
            NamespaceDeclaration(prefix: namespaces[2 * i].map { name($0) }, uri: uri))
        }
      }
      if nbAttributes > 0, let attributes {
        node.attributes.reserveCapacity(nbAttributes)
        for i in 0..<nbAttributes {
          // localname, prefix, URI, value, end
          let a = attributes + 5 * i
          guard let attrName = a[0], let start = a[3], let end = a[4] else { continue }
          var attribute = Attribute(
            name: name(attrName),
            value: try attributeValue(UnsafeBufferPointer(start: start, count: end - start)))
          if let attrURI = a[2] {
            attribute.prefix = a[1].map { name($0) }
            attribute.namespaceURI = try namespaceURI(attrURI)
          }
          node.attributes.append(attribute)
        }
      }
      open.append(document.append(node, to: parent))
    } catch {
      stop(ctxt, error.message, at: location)
    }
  }

  fileprivate func endElement() {
    if open.count > 1 { open.removeLast() }
  }

  fileprivate func characters(
    _ ch: UnsafePointer<xmlChar>?, _ length: Int, _ ctx: UnsafeMutableRawPointer?
  ) {
    guard stopReason == nil, let ch else { return stop(parserContext(ctx)) }
    document.appendText(
      String(decoding: UnsafeBufferPointer(start: ch, count: length), as: UTF8.self),
      to: open[open.count - 1], kind: .text)
  }

  fileprivate func cdata(_ ch: UnsafePointer<xmlChar>?, _ length: Int) {
    guard stopReason == nil, let ch else { return }
    let text = String(decoding: UnsafeBufferPointer(start: ch, count: length), as: UTF8.self)
    document.appendText(text, to: open[open.count - 1], kind: .cdata)
  }

  fileprivate func comment(_ value: UnsafePointer<xmlChar>?) {
    guard stopReason == nil else { return }
    let text = value.map { String(cString: $0) } ?? ""
    document.append(Node(kind: .comment, text: text), to: open[open.count - 1])
  }

  fileprivate func processingInstruction(
    _ target: UnsafePointer<xmlChar>?, _ data: UnsafePointer<xmlChar>?
  ) {
    guard stopReason == nil, let target else { return }
    let node = Node(
      kind: .processingInstruction, name: name(target),
      text: data.map { String(cString: $0) } ?? "")
    document.append(node, to: open[open.count - 1])
  }

  fileprivate func doctypeDeclared() {
    guard doctype == nil, open.count == 1 else { return }
    doctype = document.append(Node(kind: .doctype), to: Document.top)
  }

  /// Called after an internal entity's content was delivered: charges its length.
  fileprivate func reference(_ name: UnsafePointer<xmlChar>?, _ ctx: UnsafeMutableRawPointer?) {
    guard stopReason == nil else { return stop(parserContext(ctx)) }
    guard let name, let ent = xmlGetDocEntity(main.pointee.myDoc, name) else { return }
    do throws(SVGError) {
      try charge(Int(ent.pointee.length))
    } catch {
      stop(
        parserContext(ctx), error.message,
        at: SourceLocation(line: Int(main.pointee.input.pointee.line), column: 0))
    }
  }

  // MARK: Helpers

  /// Stops the parse: this context (an entity's, perhaps) and the document's. A context
  /// that is already stopped gets here again from its next event, and stops again.
  private func stop(
    _ ctxt: xmlParserCtxtPtr?, _ message: String? = nil, at location: SourceLocation = .unknown
  ) {
    if let message, stopReason == nil {
      stopReason = Stop(message: message, location: location)
    }
    guard stopReason != nil else { return }
    if let ctxt { xmlStopParser(ctxt) }
    xmlStopParser(main)
  }

  private func charge(_ n: Int) throws(SVGError) {
    expanded += n
    if expanded > limits.maxEntityExpansion {
      throw SVGError(
        .limit, "entity expansion over the limit of \(limits.maxEntityExpansion) characters")
    }
  }

  /// Names come from libxml2's dictionary, so each distinct pointer is decoded once.
  private func name(_ p: UnsafePointer<xmlChar>) -> String {
    let key = UnsafeRawPointer(p)
    if let s = names[key] { return s }
    let s = String(cString: p)
    names[key] = s
    return s
  }

  /// A namespace URI; `&ns_svg;`-style references (Illustrator) are expanded.
  private func namespaceURI(_ p: UnsafePointer<xmlChar>) throws(SVGError) -> String {
    let key = UnsafeRawPointer(p)
    let interned = main.pointee.dict != nil && xmlDictOwns(main.pointee.dict, p) == 1
    if interned, let s = namespaceURIs[key] { return s }
    var s = String(cString: p)
    if s.utf8.contains(UInt8(ascii: "&")) { s = try expandReferences(in: s) }
    if interned { namespaceURIs[key] = s }
    return s
  }

  /// An attribute value. Without entity substitution libxml2 leaves `&name;` for internal
  /// entities and writes `&` itself as `&#38;`, so every `&` here starts a reference.
  private func attributeValue(_ bytes: UnsafeBufferPointer<UInt8>) throws(SVGError) -> String {
    let s = String(decoding: bytes, as: UTF8.self)
    return bytes.contains(UInt8(ascii: "&")) ? try expandReferences(in: s) : s
  }

  /// Expands character references, the predefined entities and internal entities (whose
  /// text may hold references again), charging each internal entity's length.
  private func expandReferences(in s: String, depth: Int = 0) throws(SVGError) -> String {
    guard depth < 40 else { throw SVGError(.limit, "entities nested deeper than 40") }
    var out = ""
    var rest = Substring(s)
    while let amp = rest.firstIndex(of: "&"), let semi = rest[amp...].firstIndex(of: ";") {
      out += rest[..<amp]
      let ref = rest[rest.index(after: amp)..<semi]
      if ref.hasPrefix("#"), let scalar = Self.characterReference(ref.dropFirst()) {
        out.unicodeScalars.append(scalar)
      } else if let predefined = Self.predefined[String(ref)] {
        out += predefined
      } else if let ent = xmlGetDocEntity(main.pointee.myDoc, String(ref)),
        let content = ent.pointee.content
      {
        try charge(Int(ent.pointee.length))
        let text = String(cString: content)
        out += text.contains("&") ? try expandReferences(in: text, depth: depth + 1) : text
      } else {
        out += rest[amp...semi]
      }
      rest = rest[rest.index(after: semi)...]
    }
    return out + rest
  }

  private static let predefined = ["lt": "<", "gt": ">", "amp": "&", "apos": "'", "quot": "\""]

  private static func characterReference(_ digits: Substring) -> Unicode.Scalar? {
    let value =
      digits.first == "x" || digits.first == "X"
      ? UInt32(digits.dropFirst(), radix: 16) : UInt32(digits, radix: 10)
    return value.flatMap(Unicode.Scalar.init)
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
}

private func parserContext(_ ctx: UnsafeMutableRawPointer?) -> xmlParserCtxtPtr? {
  ctx?.assumingMemoryBound(to: xmlParserCtxt.self)
}

/// The builder of a callback's parser context (the document's, or an entity's, which
/// libxml2 gives the document context's `_private`).
private func builder(_ ctx: UnsafeMutableRawPointer?) -> TreeBuilder? {
  guard let raw = parserContext(ctx)?.pointee._private else { return nil }
  return Unmanaged<TreeBuilder>.fromOpaque(raw).takeUnretainedValue()
}

private let startElementCallback: startElementNsSAX2Func = {
  ctx, localname, prefix, uri, nbNs, namespaces, nbAttributes, _, attributes in
  guard let ctxt = parserContext(ctx), let b = builder(ctx) else { return }
  b.startElement(
    ctxt, localname, prefix, uri, Int(nbNs), namespaces, Int(nbAttributes), attributes)
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
