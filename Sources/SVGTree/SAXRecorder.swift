import CLibXML2
import Glibc
import Synchronization

/// libxml2's SAX callbacks, on the parser's thread: each event becomes a ``SAXEvent``
/// record, taken by the tree builder at once (one thread) or written to a ``ParseTape`` for
/// the builder's thread (two).
///
/// Declarations keep libxml2's SAX2 handlers, so libxml2 keeps the DTD (its entities, the
/// doctype's text). A parse the builder stopped (a limit) is stopped here, at the next
/// event of whichever context is current, and the document's context with it.
final class SAXRecorder {
  /// The document's own parser context (entity content comes from others).
  let main: xmlParserCtxtPtr
  /// The input libxml2 parses.
  let input: UnsafeBufferPointer<UInt8>
  /// libxml2 reads other bytes than the input (UTF-16): its offsets are not the input's.
  let transcoded: Bool
  /// Raised by the builder when it stops the parse.
  let stopSignal: ParseStop
  /// The first of libxml2's own size limits that the input broke (an attribute or text
  /// node over 10 MB): the errors libxml2 reports after it only describe its aftermath.
  @exclusivity(unchecked) var sizeError: TreeBuilder.Stop?

  private let builder: TreeBuilder?
  private let tape: ParseTape?
  // The recorder runs on the parser's thread, one callback at a time.
  /// Where an event is written when it is taken at once.
  @exclusivity(unchecked) private var scratch = UnsafeMutableRawPointer.allocate(
    byteCount: 4096, alignment: 16)
  @exclusivity(unchecked) private var scratchCapacity = 4096
  @exclusivity(unchecked) private var recentInterned = [UnsafePointer<xmlChar>?](
    repeating: nil, count: 4)
  @exclusivity(unchecked) private var nextRecent = 0

  /// Events go to `builder` at once.
  init(
    main: xmlParserCtxtPtr, input: UnsafeBufferPointer<UInt8>, transcoded: Bool,
    builder: TreeBuilder
  ) {
    self.main = main
    self.input = input
    self.transcoded = transcoded
    self.stopSignal = builder.stopSignal
    self.builder = builder
    self.tape = nil
  }

  /// Events go to `tape`, with their values where the builder can read them later
  /// (``lasting(_:_:_:_:)``).
  init(
    main: xmlParserCtxtPtr, input: UnsafeBufferPointer<UInt8>, transcoded: Bool,
    tape: ParseTape, stop: ParseStop
  ) {
    self.main = main
    self.input = input
    self.transcoded = transcoded
    self.stopSignal = stop
    self.builder = nil
    self.tape = tape
  }

  deinit { scratch.deallocate() }

  /// Replaces the content callbacks of `sax`; declarations keep libxml2's SAX2 handlers.
  static func install(on sax: UnsafeMutablePointer<xmlSAXHandler>) {
    sax.pointee.startElementNs = startElementCallback
    sax.pointee.endElementNs = { ctx, _, _, _ in
      withRecorder(ctx) {
        $0.record(SAXEvent(.endElement, isMain: parserContext(ctx) == $0.main), ctx)
      }
    }
    sax.pointee.characters = { ctx, ch, len in
      withRecorder(ctx) { $0.recordText(.characters, ch, Int(len), ctx) }
    }
    sax.pointee.ignorableWhitespace = sax.pointee.characters
    sax.pointee.cdataBlock = { ctx, ch, len in
      withRecorder(ctx) { $0.recordText(.cdata, ch, Int(len), ctx) }
    }
    sax.pointee.comment = { ctx, value in
      if let ctxt = parserContext(ctx), ctxt.pointee.inSubset != 0 {
        xmlSAX2Comment(ctx, value)
      } else {
        withRecorder(ctx) { $0.recordText(.comment, value, value.map(cLength) ?? 0, ctx) }
      }
    }
    sax.pointee.processingInstruction = { ctx, target, data in
      if let ctxt = parserContext(ctx), ctxt.pointee.inSubset != 0 {
        xmlSAX2ProcessingInstruction(ctx, target, data)
      } else if let target {
        withRecorder(ctx) {
          $0.recordText(.processingInstruction, data, data.map(cLength) ?? 0, ctx, name: target)
        }
      }
    }
    sax.pointee.internalSubset = { ctx, name, externalID, systemID in
      xmlSAX2InternalSubset(ctx, name, externalID, systemID)
      withRecorder(ctx) {
        var e = SAXEvent(.doctype, isMain: true)
        e.document = $0.main.pointee.myDoc
        $0.record(e, ctx)
      }
    }
    sax.pointee.reference = { ctx, name in
      guard let name else { return }
      withRecorder(ctx) { $0.recordReference(name, ctx) }
    }
    sax.pointee.serror = recordError
  }

  /// Whether the builder stopped the parse; if so, stops `ctx` and the document's context.
  private func isStopped(_ ctx: UnsafeMutableRawPointer?) -> Bool {
    guard stopSignal.isRaised else { return false }
    if let ctxt = parserContext(ctx) { xmlStopParser(ctxt) }
    xmlStopParser(main)
    return true
  }

  /// Memory for a record of `size` bytes: in the tape, or in the scratch buffer.
  private func space(_ size: Int) -> UnsafeMutableRawPointer {
    if let tape { return tape.reserve(size) }
    if size > scratchCapacity {
      scratch.deallocate()
      scratchCapacity = max(size, 2 * scratchCapacity)
      scratch = .allocate(byteCount: scratchCapacity, alignment: 16)
    }
    return scratch
  }

  /// Hands the record at `p` on: to the builder now, or (in the tape) later.
  private func commit(_ p: UnsafeMutableRawPointer, _ ctx: UnsafeMutableRawPointer?) {
    guard let builder else { return }
    builder.take(UnsafePointer(p.assumingMemoryBound(to: SAXEvent.self)))
    _ = isStopped(ctx)
  }

  /// The document context's line.
  private func locate(_ e: inout SAXEvent) {
    e.line = main.pointee.input?.pointee.line ?? 0
  }

  /// Whether `p` lies in libxml2's dictionary; the few URIs a drawing uses are remembered.
  private func isInterned(_ p: UnsafePointer<xmlChar>?) -> Bool {
    guard let p, let dict = main.pointee.dict else { return false }
    for known in recentInterned where known == p { return true }
    guard xmlDictOwns(dict, p) == 1 else { return false }
    recentInterned[nextRecent] = p
    nextRecent = (nextRecent + 1) % recentInterned.count
    return true
  }

  /// A URI that the builder can read later: one not in the dictionary is copied to `end`
  /// in a tape, which then moves past it.
  private func lasting(
    _ p: UnsafePointer<xmlChar>?, _ end: inout UnsafeMutableRawPointer
  ) -> (UnsafePointer<xmlChar>?, interned: Bool) {
    guard let p else { return (nil, false) }
    if isInterned(p) { return (p, true) }
    guard tape != nil else { return (p, false) }
    let n = cLength(p) + 1
    end.copyMemory(from: p, byteCount: n)
    defer { end += SAXEvent.aligned(n) }
    return (UnsafePointer(end.assumingMemoryBound(to: xmlChar.self)), false)
  }

  /// The room that ``lasting(_:_:)`` takes in a tape for `p`.
  private func lastingSize(_ p: UnsafePointer<xmlChar>?) -> Int {
    guard let p, tape != nil, !isInterned(p) else { return 0 }
    return SAXEvent.aligned(cLength(p) + 1)
  }

  private func record(_ event: SAXEvent, _ ctx: UnsafeMutableRawPointer?) {
    guard !isStopped(ctx) else { return }
    var e = event
    e.size = SAXEvent.aligned(SAXEvent.stride)
    let p = space(e.size)
    p.bindMemory(to: SAXEvent.self, capacity: 1).initialize(to: e)
    commit(p, ctx)
  }

  /// Text, CDATA, a comment or a processing instruction (whose target is `name`).
  private func recordText(
    _ kind: SAXEvent.Kind, _ bytes: UnsafePointer<xmlChar>?, _ count: Int,
    _ ctx: UnsafeMutableRawPointer?, name: UnsafePointer<xmlChar>? = nil
  ) {
    guard !isStopped(ctx) else { return }
    let ctxt = parserContext(ctx)
    var e = SAXEvent(kind, isMain: ctxt == main)
    e.name = name
    e.count = count
    let window = ctxt.flatMap(window)
    let head = SAXEvent.aligned(SAXEvent.stride)
    e.size = head + lastingSize(bytes, count, window)
    let p = space(e.size)
    var end = p + head
    e.bytes = lasting(bytes, count, window, &end)
    p.bindMemory(to: SAXEvent.self, capacity: 1).initialize(to: e)
    commit(p, ctx)
  }

  private func recordReference(_ name: UnsafePointer<xmlChar>, _ ctx: UnsafeMutableRawPointer?) {
    guard !isStopped(ctx) else { return }
    var e = SAXEvent(.reference, isMain: parserContext(ctx) == main)
    locate(&e)
    e.entityLength = xmlGetDocEntity(main.pointee.myDoc, name).map { Int($0.pointee.length) } ?? -1
    e.count = cLength(name)
    let head = SAXEvent.aligned(SAXEvent.stride)
    e.size = head + lastingSize(name, e.count, nil)
    let p = space(e.size)
    var end = p + head
    e.bytes = lasting(name, e.count, nil, &end)
    p.bindMemory(to: SAXEvent.self, capacity: 1).initialize(to: e)
    commit(p, ctx)
  }

  /// libxml2's buffer of the document's input, which holds the input's bytes from
  /// `offset` on (``xmlByteConsumed``'s offset, without an encoder).
  private struct Window {
    var start: UnsafePointer<UInt8>
    var end: UnsafePointer<UInt8>
    var offset: Int

    func contains(_ bytes: UnsafePointer<UInt8>, _ count: Int) -> Bool {
      bytes >= start && bytes + count <= end
    }
  }

  /// The window of `ctxt` when it is the document's and libxml2 reads the input as it is:
  /// where libxml2 stands in it is then where it stands in the input.
  private func window(_ ctxt: xmlParserCtxtPtr) -> Window? {
    guard ctxt == main, !transcoded, let input = ctxt.pointee.input,
      input.pointee.buf?.pointee.encoder == nil, let start = input.pointee.base,
      let end = input.pointee.end
    else { return nil }
    return Window(start: start, end: end, offset: Int(input.pointee.consumed))
  }

  /// The room that ``lasting(_:_:_:_:)`` takes in a tape for `count` bytes at `bytes`.
  private func lastingSize(_ bytes: UnsafePointer<UInt8>?, _ count: Int, _ window: Window?) -> Int {
    guard let bytes, tape != nil, window?.contains(bytes, count) != true else { return 0 }
    return SAXEvent.aligned(count)
  }

  /// `count` bytes at `bytes`, where the builder can read them when it takes the record:
  /// where they are when it takes it at once; else in the input, when they lie in libxml2's
  /// buffer of it (values without references or white space to normalize, a path's data
  /// among them), or copied to `end` in the tape, which moves past them.
  private func lasting(
    _ bytes: UnsafePointer<UInt8>?, _ count: Int, _ window: Window?,
    _ end: inout UnsafeMutableRawPointer
  ) -> UnsafePointer<UInt8>? {
    guard let bytes, tape != nil else { return bytes }
    if let window, window.contains(bytes, count) {
      return input.baseAddress! + window.offset + (bytes - window.start)
    }
    end.copyMemory(from: bytes, byteCount: count)
    defer { end += SAXEvent.aligned(count) }
    return UnsafePointer(end.assumingMemoryBound(to: UInt8.self))
  }

  fileprivate func recordStartElement(
    _ ctxt: xmlParserCtxtPtr, _ localname: UnsafePointer<xmlChar>,
    _ prefix: UnsafePointer<xmlChar>?, _ uri: UnsafePointer<xmlChar>?, _ nbNamespaces: Int,
    _ namespaces: UnsafeMutablePointer<UnsafePointer<xmlChar>?>?, _ nbAttributes: Int,
    _ nbDefaulted: Int, _ attributes: UnsafeMutablePointer<UnsafePointer<xmlChar>?>?
  ) {
    guard !isStopped(ctxt) else { return }
    var e = SAXEvent(.startElement, isMain: ctxt == main)
    e.name = localname
    e.prefix = prefix
    locate(&e)
    let window = window(ctxt)
    if e.isMain {
      if let window, let cur = ctxt.pointee.input?.pointee.cur {
        e.offset = window.offset + (cur - window.start)
      }
      e.location =
        e.offset >= 0 && e.offset < self.input.count
        ? startTagLocation(ctxt, in: self.input, at: e.offset) : startTagLocation(ctxt)
    }
    let nbNamespaces = namespaces == nil ? 0 : nbNamespaces
    let nbAttributes = attributes == nil ? 0 : nbAttributes
    e.namespaceCount = nbNamespaces
    e.attributeCount = nbAttributes
    e.defaultedCount = nbDefaulted
    let head = SAXEvent.aligned(
      SAXEvent.stride + nbNamespaces * SAXEvent.namespaceStride + nbAttributes
        * SAXEvent.attributeStride)
    e.size = head
    if tape != nil {
      e.size += lastingSize(uri)
      for i in 0..<nbNamespaces { e.size += lastingSize(namespaces![2 * i + 1]) }
      for i in 0..<nbAttributes {
        let a = attributes! + 5 * i
        e.size += lastingSize(a[2])
        if let start = a[3], let end = a[4] { e.size += lastingSize(start, end - start, window) }
      }
    }
    let p = space(e.size)
    var values = p + head
    (e.uri, e.uriInterned) = lasting(uri, &values)
    if let namespaces {
      let out = (p + SAXEvent.stride).bindMemory(to: SAXNamespace.self, capacity: nbNamespaces)
      for i in 0..<nbNamespaces {
        let (uri, interned) = lasting(namespaces[2 * i + 1], &values)
        (out + i).initialize(
          to: SAXNamespace(prefix: namespaces[2 * i], uri: uri, uriInterned: interned))
      }
    }
    if let attributes {
      let out = (p + SAXEvent.stride + nbNamespaces * SAXEvent.namespaceStride)
        .bindMemory(to: SAXAttribute.self, capacity: nbAttributes)
      for i in 0..<nbAttributes {
        // localname, prefix, URI, value, end
        let a = attributes + 5 * i
        let (uri, interned) = lasting(a[2], &values)
        var attribute = SAXAttribute(
          name: a[0], prefix: a[1], uri: uri, uriInterned: interned, value: a[3], length: 0)
        if let start = a[3], let end = a[4] {
          attribute.length = end - start
          attribute.value = lasting(start, attribute.length, window, &values)
        }
        (out + i).initialize(to: attribute)
      }
    }
    p.bindMemory(to: SAXEvent.self, capacity: 1).initialize(to: e)
    commit(p, ctxt)
  }
}

private func cLength(_ p: UnsafePointer<xmlChar>) -> Int {
  p.withMemoryRebound(to: CChar.self, capacity: 1) { strlen($0) }
}

/// Raised by the tree builder to stop the parse (a limit): the parser's thread stops at its
/// next event.
final class ParseStop: Sendable {
  private let raised = Atomic(false)
  func raise() { raised.store(true, ordering: .relaxed) }
  var isRaised: Bool { raised.load(ordering: .relaxed) }
}

func parserContext(_ ctx: UnsafeMutableRawPointer?) -> xmlParserCtxtPtr? {
  ctx?.assumingMemoryBound(to: xmlParserCtxt.self)
}

/// The recorder of a callback's parser context (the document's, or an entity's, which
/// libxml2 gives the document context's `_private`).
@inline(__always)
private func withRecorder(_ ctx: UnsafeMutableRawPointer?, _ body: (SAXRecorder) -> Void) {
  guard let raw = parserContext(ctx)?.pointee._private else { return }
  // The reader keeps the recorder alive for the whole parse: no reference is counted here.
  Unmanaged<SAXRecorder>.fromOpaque(raw)._withUnsafeGuaranteedRef(body)
}

private let startElementCallback: startElementNsSAX2Func = {
  ctx, localname, prefix, uri, nbNs, namespaces, nbAttributes, nbDefaulted, attributes in
  guard let ctxt = parserContext(ctx), let localname else { return }
  withRecorder(ctx) {
    $0.recordStartElement(
      ctxt, localname, prefix, uri, Int(nbNs), namespaces, Int(nbAttributes), Int(nbDefaulted),
      attributes)
  }
}

/// Structured-error callback: keeps the first size-limit error (see ``SAXRecorder/sizeError``).
private let recordError: xmlStructuredErrorFunc = { userData, error in
  guard let error, let text = error.pointee.message else { return }
  withRecorder(userData) { r in
    let message = String(cString: text).trimmingSpaces
    guard r.sizeError == nil, message.hasSuffix("too long") else { return }
    r.sizeError = .init(
      message: message + " (libxml2's limit for one attribute or text is 10 MB)",
      location: SourceLocation(line: Int(error.pointee.line), column: Int(error.pointee.int2)))
  }
}
