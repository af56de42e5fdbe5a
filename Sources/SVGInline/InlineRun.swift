import SVGTree

/// The state of inlining one SVG: what was read, what will be rewritten, what went wrong.
struct InlineRun {
  let source: [UInt8]
  let path: String
  let directory: String
  let options: InlineOptions
  let document: Document
  let markup: SourceMarkup
  let map: SourceMap
  let encoding: SourceEncoding
  let policy: ResourcePolicy

  var edits: [Edit] = []
  var problems: [InlineError.Problem] = []
  var warnings: [Diagnostic] = []
  var inlined: [InlinedReference] = []
  var filesRead: [String] = []

  init(bytes: [UInt8], path: String, directory: String, options: InlineOptions)
    throws(InlineError)
  {
    source = bytes
    self.path = path
    self.directory = directory
    self.options = options
    if bytes.starts(with: [0x1F, 0x8B]) {
      throw InlineError(file: path, "is gzip-compressed (SVGZ); inline the uncompressed SVG")
    }
    encoding = SourceEncoding(of: bytes)
    if case .unsupported(let name) = encoding {
      throw InlineError(
        file: path,
        "is encoded as \(name); svg-inline reads UTF-8 and "
          + "ASCII-compatible encodings only")
    }
    do {
      document = try Document(bytes: bytes, path: path, limits: options.limits)
    } catch {
      throw InlineError(file: path, error.message, location: error.location)
    }
    do {
      markup = try SourceMarkup(scanning: bytes)
    } catch {
      throw InlineError(
        file: path, "cannot map the source bytes: \(error.message)",
        location: SourceLocation(line: error.line, column: 0))
    }
    map = SourceMap(document: document, markup: markup, bytes: bytes)
    policy = .files(baseDirectory: options.rootDirectory ?? directory)
  }

  mutating func inlineAll() {
    for id in document.descendants(of: Document.top) where document[id].isElement {
      let node = document[id]
      if document.isSVGElement(id, named: "script") {
        inlineScript(id)
      } else if options.styles, node.name == "link", isStyleNamespace(node.namespaceURI) {
        inlineLink(id)
      } else if options.images, document.isSVGElement(id, named: "image") {
        inlineImage(id)
      }
    }
    if options.styles { inlineStyleSheetInstructions() }
  }

  private func isStyleNamespace(_ uri: String?) -> Bool {
    uri == nil || uri == XMLNamespace.svg || uri == XMLNamespace.xhtml
  }

  // MARK: Scripts

  private mutating func inlineScript(_ id: NodeID) {
    let node = document[id]
    let candidates = [
      node.attributes.first { $0.name == "href" && $0.namespaceURI == nil },
      node.attributes.first { $0.name == "href" && $0.namespaceURI == XMLNamespace.xlink },
      node.attributes.first { $0.name == "src" && $0.namespaceURI == nil },
    ].compactMap { $0 }
    guard let reference = candidates.first?.value else { return }
    let subject = "<\(node.qualifiedName)>"
    guard let tag = fileTag(id, reference: reference, subject: subject) else { return }
    for other in candidates.dropFirst() where other.value != reference {
      warn(
        "\(subject) also has \(other.qualifiedName)=\"\(other.value)\"; \"\(reference)\" was "
          + "inlined and both attributes removed", at: node.location)
    }
    guard let file = load(reference, subject: subject, at: node.location),
      let text = text(of: file, reference: reference, subject: subject, at: node.location)
    else { return }
    if hasContent(id) {
      warn(
        "the content of \(subject) was replaced by the text of \"\(reference)\"", at: node.location)
    }
    let removed = Set(candidates.map(\.qualifiedName))
    let content =
      tag.startTag(in: source, removing: removed) + XMLText.cdata(text)
      + Array("</\(tag.qualifiedName)>".utf8)
    edits.append(Edit(range: tag.elementRange, bytes: content))
    record(.script, reference, file, at: node.location)
  }

  private func hasContent(_ id: NodeID) -> Bool {
    document[id].children.contains { child in
      let n = document[child]
      switch n.kind {
      case .text, .cdata: return n.text.contains { !$0.isWhitespace }
      case .comment: return false
      default: return true
      }
    }
  }

  // MARK: Images

  private mutating func inlineImage(_ id: NodeID) {
    let node = document[id]
    let href = node.attributes.first { $0.name == "href" && $0.namespaceURI == nil }
    let xlink = node.attributes.first {
      $0.name == "href" && $0.namespaceURI == XMLNamespace.xlink
    }
    guard let effective = href ?? xlink else { return }
    let subject = "<\(node.qualifiedName)>"
    let reference = effective.value
    guard let tag = fileTag(id, reference: reference, subject: subject),
      let attribute = tag.attributes.first(where: { $0.qualifiedName == effective.qualifiedName }),
      let file = load(reference, subject: subject, at: node.location)
    else { return }
    if file.bytes.starts(with: [0x1F, 0x8B]) {
      warn("\"\(reference)\" is gzip-compressed (SVGZ); left as it is", at: node.location)
      return
    }
    guard let mediaType = ImageData.mediaType(of: file.bytes) else {
      warn(
        "\"\(reference)\" is not a PNG, JPEG, GIF, WebP or SVG image; left as it is",
        at: node.location)
      return
    }
    edits.append(
      Edit(range: attribute.valueRange, bytes: ImageData.dataURL(file.bytes, mediaType: mediaType)))
    if href != nil, let other = xlink,
      let otherAttribute = tag.attributes.first(where: { $0.qualifiedName == other.qualifiedName })
    {
      edits.append(Edit(range: otherAttribute.range, bytes: []))
    }
    record(.image, reference, file, at: node.location)
  }

  // MARK: Shared steps

  /// The source tag of an element whose reference names a local file; nil (with a warning
  /// or a problem recorded) for anything else.
  mutating func fileTag(_ id: NodeID, reference: String, subject: String) -> ScannedTag? {
    let location = document[id].location
    guard isFileReference(reference, subject: subject, at: location) else { return nil }
    guard let tag = map.tag(of: id, in: document) else {
      problems.append(
        .init(
          location: location, subject: subject, reference: reference,
          message: "cannot find this element in the source bytes (is it inside an entity?)"))
      return nil
    }
    return tag
  }

  /// Whether `reference` names a local file; remote and fragment references are warned about,
  /// `data:` URLs are already embedded, an empty one is a problem.
  mutating func isFileReference(_ reference: String, subject: String, at location: SourceLocation)
    -> Bool
  {
    switch ReferenceTarget(reference) {
    case .file:
      return true
    case .embedded:
      return false
    case .fragment:
      warn("\(subject) \"\(reference)\" refers to this document; left as it is", at: location)
    case .remote(let scheme):
      warn(
        "\(subject) \"\(reference)\" is a remote URL (\(scheme)); not fetched, left as it is",
        at: location)
    case .empty:
      problems.append(
        .init(
          location: location, subject: subject, reference: reference,
          message: "the reference is empty"))
    }
    return false
  }

  /// Reads a referenced file through the policy; a refusal is recorded as a problem.
  mutating func load(_ reference: String, subject: String, at location: SourceLocation)
    -> Resource?
  {
    do {
      let resource = try policy.load(
        reference, relativeTo: directory, maxBytes: options.maxResourceBytes)
      if let path = resource.path, !filesRead.contains(path) { filesRead.append(path) }
      return resource
    } catch {
      problems.append(
        .init(location: location, subject: subject, reference: reference, message: error.message))
      return nil
    }
  }

  /// A text file's content as UTF-8 that the SVG's own encoding can carry.
  mutating func text(
    of file: Resource, reference: String, subject: String, at location: SourceLocation
  ) -> [UInt8]? {
    do {
      let text = try TextFile.utf8Text(file.bytes)
      if case .asciiCompatible(let name) = encoding, text.contains(where: { $0 >= 0x80 }) {
        problems.append(
          .init(
            location: location, subject: subject, reference: reference,
            message: "the file holds non-ASCII text and the SVG is encoded as \(name); "
              + "convert the SVG to UTF-8"))
        return nil
      }
      return text
    } catch {
      problems.append(
        .init(
          location: location, subject: subject, reference: reference,
          message: "the file " + error.message))
      return nil
    }
  }

  mutating func record(
    _ kind: InlinedReference.Kind, _ reference: String, _ file: Resource,
    at location: SourceLocation
  ) {
    inlined.append(
      InlinedReference(
        kind: kind, reference: reference, path: file.path ?? reference, location: location,
        byteCount: file.bytes.count))
  }

  mutating func warn(_ message: String, at location: SourceLocation) {
    warnings.append(Diagnostic(message, at: location))
  }
}
