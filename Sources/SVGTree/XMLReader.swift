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
struct XMLReader {
  let limits: Limits
  let path: String?

  private static let options = Int32(
    XML_PARSE_NONET.rawValue | XML_PARSE_NOERROR.rawValue | XML_PARSE_NOWARNING.rawValue
      | XML_PARSE_BIG_LINES.rawValue)

  /// libxml2's global set-up, done once per process.
  private static let initialized: Bool = {
    xmlInitParser()
    xmlSetExternalEntityLoader { _, _, _ in nil }
    return true
  }()

  func read(_ bytes: [UInt8]) throws(SVGError) -> Document {
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
    let builder = TreeBuilder(limits: limits, main: ctxt)
    builder.document.reserveCapacity(Self.nodeBound(bytes, limits: limits))
    ctxt.pointee._private = Unmanaged.passUnretained(builder).toOpaque()
    TreeBuilder.install(on: ctxt.pointee.sax)
    let doc = bytes.withUnsafeBufferPointer { buf in
      if Self.isASCIICompatible(buf) { builder.startRecording(MarkupBytes(buf)) }
      defer { builder.markup = nil }
      return buf.baseAddress!.withMemoryRebound(to: CChar.self, capacity: buf.count) {
        xmlCtxtReadMemory(ctxt, $0, Int32(buf.count), path ?? "input.svg", nil, Self.options)
      }
    }
    defer { if let doc { xmlFreeDoc(doc) } }
    if let stop = builder.stopReason {
      throw SVGError(stop.kind, stop.message, file: path, location: stop.location)
    }
    guard doc != nil, ctxt.pointee.wellFormed != 0 else {
      if let stop = builder.sizeError {
        throw SVGError(.limit, stop.message, file: path, location: stop.location)
      }
      throw Self.libxmlError(ctxt, path: path)
    }
    var document = builder.finish(doc: doc, source: bytes)
    document.sourcePath = path
    try SVGRoot.check(&document, path: path)
    return document
  }

  /// How many nodes the input can give without entities, so the arena grows once: every
  /// node but text starts at a `<`, and text stands before a `<` or at the end. Capped for
  /// inputs over ``Limits/maxElements`` (the reader stops there).
  private static func nodeBound(_ bytes: [UInt8], limits: Limits) -> Int {
    let markup = bytes.withUnsafeBufferPointer { buf in
      let m = MarkupBytes(buf)
      var count = 0
      var i = 0
      while let lt = m.find(UInt8(ascii: "<"), from: i) {
        count += 1
        i = lt + 1
      }
      return count
    }
    return min(2 * markup + 2, 2 * limits.maxElements) + 16
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
      || err.pointee.code == XML_ERR_INTERNAL_ERROR.rawValue && text.contains("depth")
    return SVGError(
      isLimit ? .limit : .syntax, text, file: path,
      location: SourceLocation(line: Int(err.pointee.line), column: Int(err.pointee.int2)))
  }
}

/// Finds the `<` that opened the tag just parsed: `<` cannot occur inside a start tag, so
/// scanning back from the parser's position is exact and costs the tag's length.
func startTagLocation(_ ctxt: xmlParserCtxtPtr) -> SourceLocation {
  guard let input = ctxt.pointee.input, let base = input.pointee.base,
    var p = input.pointee.cur
  else { return .unknown }
  let line = Int(input.pointee.line)
  // Back from `cur` to the last `<`, counting the newlines and characters (bytes that do
  // not continue one) after it: eight bytes at a time while they hold no `<`.
  var newlines = 0
  var chars = 0
  while p - base >= 8 {
    let w = UnsafeRawPointer(p - 7).loadUnaligned(as: UInt64.self)
    if zeroBytes(w ^ 0x3C3C_3C3C_3C3C_3C3C) != 0 { break }  // a `<`
    newlines += zeroBytes(w ^ 0x0A0A_0A0A_0A0A_0A0A).nonzeroBitCount
    chars += 8 - zeroBytes((w & 0xC0C0_C0C0_C0C0_C0C0) ^ 0x8080_8080_8080_8080).nonzeroBitCount
    p -= 8
  }
  while p > base && p.pointee != UInt8(ascii: "<") {
    if p.pointee == UInt8(ascii: "\n") { newlines += 1 }
    if p.pointee & 0xC0 != 0x80 { chars += 1 }
    p -= 1
  }
  guard p.pointee == UInt8(ascii: "<") else { return SourceLocation(line: line, column: 0) }
  if newlines == 0 {
    return SourceLocation(line: line, column: max(1, Int(input.pointee.col) - chars))
  }
  var column = 1
  var q = p
  while q > base && (q - 1).pointee != UInt8(ascii: "\n") {
    if q.pointee & 0xC0 != 0x80 { column += 1 }
    q -= 1
  }
  return SourceLocation(line: line - newlines, column: column)
}

/// ``startTagLocation(_:)`` read from the input the spans are recorded from, when libxml2
/// reads the same bytes (UTF-8 or ASCII): `lt` is the tag's `<` and `last` its `>` (the `/`
/// of `/>`), where libxml2 stands when it reports the tag. The same count, forwards over the
/// tag with no search for the `<`. The newlines are found by libc's `memchr` (many bytes at a
/// step; a tag holding a path's data can run to megabytes, mostly on one line); only a tag
/// on one line needs its characters counted, eight bytes at a time with a count in each byte
/// of a word (the baseline x86-64 the toolchain targets has no population-count instruction).
func startTagLocation(
  _ ctxt: xmlParserCtxtPtr, in bytes: UnsafeBufferPointer<UInt8>, lt: Int, last: Int
) -> SourceLocation {
  guard let input = ctxt.pointee.input, let base = bytes.baseAddress, lt < last,
    last < bytes.count
  else { return .unknown }
  let line = Int(input.pointee.line)
  let end = last + 1
  var newlines = 0
  var i = lt + 1
  while i < end, let p = memchr(base + i, 0x0A, end - i) {
    newlines += 1
    i = UnsafePointer(p.assumingMemoryBound(to: UInt8.self)) - base + 1
  }
  if newlines > 0 {
    var column = 1
    var q = lt
    while q > 0 && base[q - 1] != UInt8(ascii: "\n") {
      if base[q] & 0xC0 != 0x80 { column += 1 }
      q -= 1
    }
    return SourceLocation(line: line - newlines, column: column)
  }
  var continuations = 0
  i = lt + 1
  while end - i >= 8 {
    var continuationLanes: UInt64 = 0
    var words = 0
    while words < 255 && end - i >= 8 {  // a byte of the sums holds up to 255
      let w = UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self)
      continuationLanes &+= zeroBytes((w & 0xC0C0_C0C0_C0C0_C0C0) ^ 0x8080_8080_8080_8080) >> 7
      i += 8
      words += 1
    }
    continuations += byteSum(continuationLanes)
  }
  while i < end {
    if base[i] & 0xC0 == 0x80 { continuations += 1 }
    i += 1
  }
  let chars = (last - lt) - continuations
  return SourceLocation(line: line, column: max(1, Int(input.pointee.col) - chars))
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
