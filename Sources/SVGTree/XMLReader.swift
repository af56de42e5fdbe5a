import CLibXML2
import Glibc

/// Reads SVG bytes into a ``Document`` with libxml2, hardened for untrusted input.
///
/// libxml2 runs with `XML_PARSE_NONET` and never with `NOENT`, `DTDLOAD` or `HUGE`; its
/// external-entity loader refuses everything, so neither the network nor a local file
/// (`<!ENTITY x SYSTEM "file:///etc/passwd">`) is ever read. The arena is built straight
/// from libxml2's SAX events (``TreeBuilder``), without libxml2's own tree; only the DTD is
/// kept by libxml2, for its entities and the doctype's text. Internal entities, which
/// Illustrator writes for namespace URIs and content, are expanded within
/// ``Limits/maxEntityExpansion``; libxml2 itself stops entity loops and amplification.
///
/// A large input is read on two threads: libxml2 parses on one, where each event is recorded
/// with the location of its start tag (``SAXRecorder``), and the builder takes the events on
/// the other (``ParseTape``), the same events in the same order, so the document is the one
/// a single thread builds. The two halves take about as long on the 40 largest openclipart
/// drawings.
struct XMLReader {
  let limits: Limits
  let path: String?
  /// Whether libxml2 parses on a thread of its own; nil: when the input has at least
  /// ``pipelineMinBytes`` and the machine more than one core.
  var pipelined: Bool? = nil

  /// Below this size a second thread costs more than it saves.
  static let pipelineMinBytes = 128 << 10

  private static let options = Int32(
    XML_PARSE_NONET.rawValue | XML_PARSE_NOERROR.rawValue | XML_PARSE_NOWARNING.rawValue
      | XML_PARSE_BIG_LINES.rawValue)

  /// libxml2's global set-up, done once per process.
  private static let initialized: Bool = {
    xmlInitParser()
    xmlSetExternalEntityLoader { _, _, _ in nil }
    return true
  }()

  func read(_ bytes: consuming [UInt8]) throws(SVGError) -> Document {
    _ = Self.initialized
    guard bytes.count <= limits.maxInputBytes else {
      throw SVGError(
        .limit, "input is \(bytes.count) bytes, over the limit of \(limits.maxInputBytes)",
        file: path)
    }
    guard bytes.count <= Int(Int32.max) else {
      throw SVGError(.limit, "input is too large for the XML parser", file: path)
    }
    guard let ctxt = xmlNewParserCtxt() else {
      throw SVGError(.io, "cannot create an XML parser", file: path)
    }
    defer { xmlFreeParserCtxt(ctxt) }
    // The zero after the input lets libxml2 read it where it is (``ParserInput``); an array
    // read from a file has room for it, and the caller's is taken over.
    var input = consume bytes
    let count = input.count
    input.append(0)
    let builder = TreeBuilder(limits: limits, stop: ParseStop())
    let (doc, sizeError) = input.withUnsafeBufferPointer { terminated in
      let buf = UnsafeBufferPointer(rebasing: terminated[..<count])
      let asciiCompatible = Self.isASCIICompatible(buf)
      if asciiCompatible { builder.startRecording(MarkupBytes(buf)) }
      defer { builder.markup = nil }
      return parse(buf, ctxt, into: builder, transcoded: !asciiCompatible)
    }
    defer { if let doc { xmlFreeDoc(doc) } }
    if let stop = builder.stopReason {
      throw SVGError(stop.kind, stop.message, file: path, location: stop.location)
    }
    guard doc != nil, ctxt.pointee.wellFormed != 0 else {
      if let stop = sizeError {
        throw SVGError(.limit, stop.message, file: path, location: stop.location)
      }
      throw Self.libxmlError(ctxt, path: path)
    }
    input.removeLast()
    var document = builder.finish(doc: doc, source: input)
    document.sourcePath = path
    try SVGRoot.check(&document, path: path)
    return document
  }

  /// Parses `buf`, which a zero follows in memory, into `builder`: libxml2's document (the
  /// DTD) and the first size-limit error libxml2 reported.
  private func parse(
    _ buf: UnsafeBufferPointer<UInt8>, _ ctxt: xmlParserCtxtPtr, into builder: TreeBuilder,
    transcoded: Bool
  ) -> (xmlDocPtr?, TreeBuilder.Stop?) {
    let name = path ?? "input.svg"
    // What xmlCtxtReadMemory does, in two steps and without freeing the document of an
    // input that is not well-formed (the builder may still be reading entities from it; the
    // caller frees it). A copy of the input (``ParserInput``) is made on this thread, so
    // that it comes from this thread's heap, where it is freed and used again.
    func prepare(_ recorder: SAXRecorder) -> Bool {
      xmlCtxtReset(ctxt)
      ctxt.pointee._private = Unmanaged.passUnretained(recorder).toOpaque()
      SAXRecorder.install(on: ctxt.pointee.sax)
      guard let (input, inPlace) = ParserInput.buffer(buf, transcoded: transcoded) else {
        return false
      }
      guard let stream = xmlNewIOInputStream(ctxt, input, XML_CHAR_ENCODING_NONE) else {
        xmlFreeParserInputBuffer(input)
        return false
      }
      inputPush(ctxt, stream)
      xmlCtxtUseOptions(ctxt, Self.options)
      if inPlace { ParserInput.markParse(ctxt) }
      stream.pointee.filename = name.withCString { UnsafePointer(strdup($0)) }
      return true
    }
    func parseDocument() -> xmlDocPtr? {
      xmlParseDocument(ctxt)
      defer { ctxt.pointee.myDoc = nil }
      return ctxt.pointee.myDoc
    }
    if pipelined ?? (buf.count >= Self.pipelineMinBytes && ThreadPlacement.onlineCores > 1) {
      let tape = ParseTape()
      let recorder = SAXRecorder(
        main: ctxt, input: buf, transcoded: transcoded, tape: tape, stop: builder.stopSignal)
      guard prepare(recorder) else { return (nil, nil) }
      final class Outcome: @unchecked Sendable { var doc: xmlDocPtr? }
      let outcome = Outcome()
      if let join = startThread({
        outcome.doc = parseDocument()
        tape.finish()
      }) {
        builder.document.reserveCapacity(Self.sizeBound(buf, limits: limits))
        tape.read { builder.take($0) }
        join()
        return (outcome.doc, recorder.sizeError)
      }
    }
    builder.document.reserveCapacity(Self.sizeBound(buf, limits: limits))
    let recorder = SAXRecorder(main: ctxt, input: buf, transcoded: transcoded, builder: builder)
    guard prepare(recorder) else { return (nil, nil) }
    let doc = withExtendedLifetime(recorder) { parseDocument() }
    return (doc, recorder.sizeError)
  }

  /// How many nodes and elements the input can give without entities, so the arena and
  /// the id index grow once: every node but text starts at a `<`, and text stands before a
  /// `<` or at the end; an element starts at a `<` that a name follows. Capped for inputs
  /// over ``Limits/maxElements`` (the reader stops there).
  private static func sizeBound(_ buf: UnsafeBufferPointer<UInt8>, limits: Limits) -> (
    nodes: Int, elements: Int
  ) {
    let m = MarkupBytes(buf)
    var markup = 0
    var starts = 0
    var i = 0
    while let lt = m.find(UInt8(ascii: "<"), from: i) {
      markup += 1
      i = lt + 1
      // A name starts with a letter, `_`, `:` or a character beyond ASCII.
      if i < buf.count,
        (buf[i] | 0x20) &- 0x61 < 26 || buf[i] == 0x5F || buf[i] == 0x3A
          || buf[i] >= 0x80
      {
        starts += 1
      }
    }
    let cap = limits.maxElements
    return (min(2 * markup + 2, 2 * cap) + 16, min(starts, cap) + 16)
  }

  /// Whether markup stands in the input as ASCII bytes (not UTF-16 or UTF-32), so that
  /// where each node stands can be recorded.
  private static func isASCIICompatible(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    guard bytes.count >= 2 else { return false }
    return bytes[0] != 0 && bytes[1] != 0 && !(bytes[0] == 0xFE && bytes[1] == 0xFF)
      && !(bytes[0] == 0xFF && bytes[1] == 0xFE)
  }

  private static func libxmlError(_ ctxt: xmlParserCtxtPtr, path: String?) -> SVGError {
    guard let err = xmlCtxtGetLastError(ctxt) else {
      return SVGError(.syntax, "not well-formed XML", file: path)
    }
    let message = err.pointee.message.map { String(cString: $0).trimmingSpaces }
    let text = message.map(String.init) ?? "not well-formed XML"
    let isLimit =
      err.pointee.code == XML_ERR_ENTITY_LOOP.rawValue
      || err.pointee.code == XML_ERR_INTERNAL_ERROR.rawValue && text.contains(utf8: "depth")
    return SVGError(
      isLimit ? .limit : .syntax, text, file: path,
      location: SourceLocation(line: Int(err.pointee.line), column: Int(err.pointee.int2)))
  }
}

/// Where the start tag just parsed begins: libxml2 stands at its `>` (the `/` of `/>`), at
/// a line and column it knows, and `<` cannot occur inside a start tag, so scanning back to
/// the `<` in libxml2's buffer is exact and costs the tag's length. The newlines and
/// characters (bytes that do not continue one) after the `<` are counted eight bytes at a
/// step, with a count in each byte of a word (the baseline x86-64 that the toolchain
/// targets has no population-count instruction); a tag that holds a path's data can run to
/// megabytes, mostly on one line.
///
/// `bytes` is where to scan: libxml2's buffer, or the input when libxml2 reads it as it is
/// (libxml2 drops what it has parsed from its buffer near the end of the input, and the line
/// of the tag may start there); `position` is where libxml2 stands in it.
func startTagLocation(
  _ ctxt: xmlParserCtxtPtr, in bytes: UnsafeBufferPointer<UInt8>? = nil, at position: Int = 0
) -> SourceLocation {
  guard let input = ctxt.pointee.input, let cur = input.pointee.cur,
    let base = bytes?.baseAddress ?? input.pointee.base
  else { return .unknown }
  var p = bytes == nil ? cur : base + position
  let line = Int(input.pointee.line)
  var newlines = 0
  var continuations = 0
  var bytes = 0
  while p - base >= 8 {
    var newlineLanes: UInt64 = 0
    var continuationLanes: UInt64 = 0
    var words = 0
    while words < 255 && p - base >= 8 {  // a byte of the sums holds up to 255
      let w = UnsafeRawPointer(p - 7).loadUnaligned(as: UInt64.self)
      if zeroBytes(w ^ 0x3C3C_3C3C_3C3C_3C3C) != 0 { break }  // a `<`
      newlineLanes &+= zeroBytes(w ^ 0x0A0A_0A0A_0A0A_0A0A) >> 7
      continuationLanes &+= zeroBytes((w & 0xC0C0_C0C0_C0C0_C0C0) ^ 0x8080_8080_8080_8080) >> 7
      p -= 8
      words += 1
    }
    newlines += byteSum(newlineLanes)
    continuations += byteSum(continuationLanes)
    bytes += 8 * words
    if words < 255 { break }
  }
  while p > base && p.pointee != UInt8(ascii: "<") {
    if p.pointee == UInt8(ascii: "\n") { newlines += 1 }
    if p.pointee & 0xC0 == 0x80 { continuations += 1 }
    bytes += 1
    p -= 1
  }
  guard p.pointee == UInt8(ascii: "<") else { return SourceLocation(line: line, column: 0) }
  if newlines == 0 {
    return SourceLocation(
      line: line, column: max(1, Int(input.pointee.col) - (bytes - continuations)))
  }
  var column = 1
  var q = p
  while q > base && (q - 1).pointee != UInt8(ascii: "\n") {
    if q.pointee & 0xC0 != 0x80 { column += 1 }
    q -= 1
  }
  return SourceLocation(line: line - newlines, column: column)
}

/// The sum of the eight bytes of `w`.
@inline(__always)
private func byteSum(_ w: UInt64) -> Int {
  let pairs = (w & 0x00FF_00FF_00FF_00FF) &+ ((w >> 8) & 0x00FF_00FF_00FF_00FF)
  return Int(truncatingIfNeeded: (pairs &* 0x0001_0001_0001_0001) >> 48)
}

/// The high bit of each byte of `w` that is zero, and no other bit (exact: no carry crosses
/// a byte).
@inline(__always)
private func zeroBytes(_ w: UInt64) -> UInt64 {
  let low: UInt64 = 0x7F7F_7F7F_7F7F_7F7F
  return ~(((w & low) &+ low) | w | low)
}

/// The checks that make a well-formed XML document an SVG document.
enum SVGRoot {
  static func check(_ document: inout Document, path: String?) throws(SVGError) {
    guard let root = document.root else {
      throw SVGError(.syntax, "the document has no root element", file: path)
    }
    let r = document[root]
    guard r.name == "svg" else {
      throw SVGError(
        .syntax, "not an SVG document: the root element is <\(r.qualifiedName)>", file: path,
        location: r.location)
    }
    switch r.namespaceURI {
    case XMLNamespace.svg: break
    case nil:
      document.treatsNoNamespaceAsSVG = true
      document.diagnostics.append(
        Diagnostic(
          "the root <svg> has no xmlns=\"\(XMLNamespace.svg)\"; read as SVG anyway",
          at: r.location))
    case let other?:
      throw SVGError(
        .syntax, "not an SVG document: <svg> is in namespace \"\(other)\"", file: path,
        location: r.location)
    }
  }
}
