import FoundationEssentials
import Glibc
import SVGTree

/// `--styles`: external style sheets become `<style>` elements.
///
/// `<link rel="stylesheet" href>` (in the SVG or XHTML namespace) is replaced where it stands.
/// `<?xml-stylesheet href?>` sits before the root element, where no element may go, so the
/// instruction is removed and its `<style>` is inserted as the first child of the root, in
/// the same order (the cascade puts those sheets first too). Alternate sheets and types other
/// than `text/css` (XSLT) are left alone.
extension InlineRun {
  mutating func inlineLink(_ id: NodeID) {
    let node = document[id]
    let rel = (node.attribute("rel") ?? "").lowercased().split { $0.isWhitespace }
    guard rel.contains("stylesheet"), let reference = node.href else { return }
    let subject = "<\(node.qualifiedName)>"
    if rel.contains("alternate") {
      warn(
        "\(subject) \"\(reference)\" is an alternate style sheet; left as it is", at: node.location)
      return
    }
    if let type = node.attribute("type"), !isCSS(type) {
      warn(
        "\(subject) \"\(reference)\" has type \(type), not text/css; left as it is",
        at: node.location)
      return
    }
    guard let tag = fileTag(id, reference: reference, subject: subject),
      let file = load(reference, subject: subject, at: node.location),
      let css = text(of: file, reference: reference, subject: subject, at: node.location)
    else { return }
    checkRelativeURLs(css, of: file, reference: reference, at: node.location)
    let attributes = ["id", "media", "title"].compactMap { name in
      node.attribute(name).map { (name, $0) }
    }
    let style = styleElement(at: node.parent ?? Document.top, attributes: attributes, css: css)
    edits.append(Edit(range: tag.elementRange, bytes: style))
    record(.styleSheet, reference, file, at: node.location)
  }

  mutating func inlineStyleSheetInstructions() {
    guard let root = document.root, let rootTag = map.tag(of: root, in: document) else { return }
    var styles: [UInt8] = []
    for instruction in markup.instructions
    where instruction.target == "xml-stylesheet"
      && instruction.range.upperBound <= rootTag.range.lowerBound
    {
      let pseudo = PseudoAttributes(instruction.content)
      let location = SourceLocation(line: instruction.line, column: 0)
      let subject = "<?xml-stylesheet?>"
      guard let reference = pseudo.value("href") else { continue }
      if let type = pseudo.value("type"), !isCSS(type) { continue }
      if pseudo.value("alternate") == "yes" {
        warn("\(subject) \"\(reference)\" is an alternate style sheet; left as it is", at: location)
        continue
      }
      guard isFileReference(reference, subject: subject, at: location),
        let file = load(reference, subject: subject, at: location),
        let css = text(of: file, reference: reference, subject: subject, at: location)
      else { continue }
      checkRelativeURLs(css, of: file, reference: reference, at: location)
      let attributes = ["media", "title"].compactMap { name in pseudo.value(name).map { (name, $0) }
      }
      styles += Array("\n".utf8) + styleElement(at: root, attributes: attributes, css: css)
      edits.append(Edit(range: lineRange(of: instruction.range), bytes: []))
      record(.styleSheet, reference, file, at: location)
    }
    guard !styles.isEmpty else { return }
    if rootTag.isSelfClosing {
      let open = rootTag.startTag(in: source, removing: [])
      edits.append(
        Edit(
          range: rootTag.range, bytes: open + styles + Array("\n</\(rootTag.qualifiedName)>".utf8)))
    } else {
      edits.append(Edit(range: rootTag.range.upperBound..<rootTag.range.upperBound, bytes: styles))
    }
  }

  private func isCSS(_ type: String) -> Bool {
    let t = type.trimmingWhitespace.lowercased()
    return t.isEmpty || t == "text/css" || t.hasPrefix("text/css;")
  }

  /// The instruction's bytes, with its line break when it stands alone on its line.
  private func lineRange(of range: Range<Int>) -> Range<Int> {
    let startsLine = range.lowerBound == 0 || source[range.lowerBound - 1] == 0x0A
    guard startsLine else { return range }
    var end = range.upperBound
    if end < source.count, source[end] == 0x0D { end += 1 }
    if end < source.count, source[end] == 0x0A { return range.lowerBound..<(end + 1) }
    return range
  }

  /// A `<style>` element in the SVG namespace as seen from inside `parent`: unprefixed when
  /// SVG is the default namespace there, with an SVG prefix in scope, else with its own xmlns.
  private func styleElement(at parent: NodeID, attributes: [(String, String)], css: [UInt8])
    -> [UInt8]
  {
    var defaultNamespace: String??
    var prefixes: [String: String] = [:]
    var cursor: NodeID? = parent
    while let id = cursor, id != Document.top {
      for declaration in document[id].namespaces {
        let uri = declaration.uri.isEmpty ? nil : declaration.uri
        if let prefix = declaration.prefix {
          if prefixes[prefix] == nil { prefixes[prefix] = declaration.uri }
        } else if defaultNamespace == nil {
          defaultNamespace = .some(uri)
        }
      }
      cursor = document[id].parent
    }
    var name = "style"
    var head = ""
    let inherited = defaultNamespace ?? nil
    if inherited == XMLNamespace.svg || (inherited == nil && document.treatsNoNamespaceAsSVG) {
      head = ""
    } else if let prefix = prefixes.filter({ $0.value == XMLNamespace.svg }).keys.sorted().first {
      name = "\(prefix):style"
    } else {
      head = " xmlns=\"\(XMLNamespace.svg)\""
    }
    for (key, value) in attributes { head += " \(key)=\"\(XMLText.attributeValue(value))\"" }
    return Array("<\(name)\(head)>".utf8) + XMLText.cdata(css) + Array("</\(name)>".utf8)
  }

  /// Relative `url()` and `@import` in a sheet from another folder would resolve differently
  /// once the sheet sits in the SVG; they are not rewritten, so say so.
  private mutating func checkRelativeURLs(
    _ css: [UInt8], of file: Resource, reference: String, at location: SourceLocation
  ) {
    let text = String(decoding: css, as: UTF8.self)
    if text.contains("@import") {
      warn(
        "\"\(reference)\" holds @import rules; the imported sheets are not inlined", at: location)
    }
    guard let folder = file.directory,
      case let svgFolder = URL(fileURLWithPath: directory).resolvingSymlinksInPath().path,
      folder != svgFolder, text.contains("url(")
    else { return }
    warn(
      "\"\(reference)\" is in another folder and uses url(); relative URLs in it now resolve "
        + "against the SVG's folder", at: location)
  }
}
