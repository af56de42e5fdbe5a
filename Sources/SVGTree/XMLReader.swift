import CLibXML2
import Foundation

/// Reads SVG bytes into a ``Document`` with libxml2, hardened for untrusted input.
///
/// libxml2 runs with `XML_PARSE_NONET` and never with `NOENT`, `DTDLOAD` or `HUGE`; its
/// external-entity loader refuses everything, so neither the network nor a local file
/// (`<!ENTITY x SYSTEM "file:///etc/passwd">`) is ever read. Internal entities, which
/// Illustrator writes for namespace URIs, are expanded here, within
/// ``Limits/maxEntityExpansion``; libxml2 itself stops entity loops and amplification.
struct XMLReader {
  let limits: Limits
  let path: String?

  private static let options = Int32(
    XML_PARSE_NONET.rawValue | XML_PARSE_NOERROR.rawValue | XML_PARSE_NOWARNING.rawValue
      | XML_PARSE_BIG_LINES.rawValue | XML_PARSE_COMPACT.rawValue)

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
    let state = ParseState(limits: limits)
    ctxt.pointee._private = Unmanaged.passUnretained(state).toOpaque()
    ctxt.pointee.sax.pointee.startElementNs = startElement
    ctxt.pointee.sax.pointee.serror = recordError
    let doc = bytes.withUnsafeBufferPointer { buf in
      buf.baseAddress!.withMemoryRebound(to: CChar.self, capacity: buf.count) {
        xmlCtxtReadMemory(ctxt, $0, Int32(buf.count), path ?? "input.svg", nil, Self.options)
      }
    }
    defer { if let doc { xmlFreeDoc(doc) } }
    if let stop = state.stopReason {
      throw SVGError(.limit, stop.message, file: path, location: stop.location)
    }
    guard let doc, ctxt.pointee.wellFormed != 0 else {
      if let stop = state.sizeError {
        throw SVGError(.limit, stop.message, file: path, location: stop.location)
      }
      throw Self.libxmlError(ctxt, path: path)
    }
    var builder = TreeBuilder(doc: doc, limits: limits)
    var document: Document
    do {
      document = try builder.build(path: path)
    } catch {
      var named = error
      if named.file == nil { named.file = path }
      throw named
    }
    document.sourcePath = path
    try SVGRoot.check(&document, path: path)
    return document
  }

  private static func libxmlError(_ ctxt: xmlParserCtxtPtr, path: String?) -> SVGError {
    guard let err = xmlCtxtGetLastError(ctxt) else {
      return SVGError(.syntax, "not well-formed XML", file: path)
    }
    var message = err.pointee.message.map { String(cString: $0) } ?? "not well-formed XML"
    message = message.trimmingCharacters(in: .whitespacesAndNewlines)
    let isLimit =
      err.pointee.code == XML_ERR_ENTITY_LOOP.rawValue
      || err.pointee.code == XML_ERR_INTERNAL_ERROR.rawValue && message.contains("depth")
    return SVGError(
      isLimit ? .limit : .syntax, message, file: path,
      location: SourceLocation(line: Int(err.pointee.line), column: Int(err.pointee.int2)))
  }
}

/// Per-parse state reached from libxml2's SAX callback.
final class ParseState {
  struct Stop {
    var message: String
    var location: SourceLocation
  }
  let limits: Limits
  var elements = 0
  var stopReason: Stop?
  /// The first of libxml2's own size limits that the input broke (an attribute or text
  /// node over 10 MB): the errors libxml2 reports after it only describe its aftermath.
  var sizeError: Stop?

  init(limits: Limits) { self.limits = limits }
}

/// Start-tag callback: libxml2's own tree building, then the element's start position
/// (libxml2 records only the line where the start tag ends) and the element/depth caps.
private let startElement: startElementNsSAX2Func = {
  ctx, localname, prefix, uri, nbNs, namespaces, nbAttributes, nbDefaulted, attributes in
  xmlSAX2StartElementNs(
    ctx, localname, prefix, uri, nbNs, namespaces, nbAttributes, nbDefaulted, attributes)
  guard let ctxt = ctx?.assumingMemoryBound(to: xmlParserCtxt.self),
    let raw = ctxt.pointee._private, let node = ctxt.pointee.node
  else { return }
  let state = Unmanaged<ParseState>.fromOpaque(raw).takeUnretainedValue()
  let location = startTagLocation(ctxt)
  node.pointee._private = UnsafeMutableRawPointer(
    bitPattern: UInt(location.line) << 24 | UInt(min(location.column, 0xFF_FFFF)))
  state.elements += 1
  if state.elements > state.limits.maxElements {
    state.stopReason = .init(
      message: "more than \(state.limits.maxElements) elements", location: location)
    xmlStopParser(ctxt)
  } else if Int(ctxt.pointee.nameNr) > state.limits.maxDepth {
    state.stopReason = .init(
      message: "elements nested deeper than \(state.limits.maxDepth)", location: location)
    xmlStopParser(ctxt)
  }
}

/// Structured-error callback: keeps the first size-limit error (see ``ParseState/sizeError``).
private let recordError: xmlStructuredErrorFunc = { userData, error in
  guard let ctxt = userData?.assumingMemoryBound(to: xmlParserCtxt.self),
    let raw = ctxt.pointee._private, let error, let text = error.pointee.message
  else { return }
  let state = Unmanaged<ParseState>.fromOpaque(raw).takeUnretainedValue()
  let message = String(cString: text).trimmingCharacters(in: .whitespacesAndNewlines)
  guard state.sizeError == nil, message.hasSuffix("too long") else { return }
  state.sizeError = .init(
    message: message + " (libxml2's limit for one attribute or text is 10 MB)",
    location: SourceLocation(line: Int(error.pointee.line), column: Int(error.pointee.int2)))
}

/// Finds the `<` that opened the tag just parsed: `<` cannot occur inside a start tag, so
/// scanning back from the parser's position is exact and costs the tag's length.
private func startTagLocation(_ ctxt: xmlParserCtxtPtr) -> SourceLocation {
  guard let input = ctxt.pointee.input, let base = input.pointee.base,
    var p = input.pointee.cur
  else { return .unknown }
  let line = Int(input.pointee.line)
  var newlines = 0
  var chars = 0
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
