/// Writing what has no bytes in the source: nodes added by edits, edited text, and nodes
/// from an entity once they are edited.
extension SourceWriter {
  /// A node without a span, placed in the style of its siblings: where they stand on lines
  /// of their own, the line break and indentation before them is written with it (in the
  /// document's own line endings).
  mutating func writeAdded(_ kids: [NodeID], at i: Int) {
    let id = kids[i]
    guard document.nodes[id.index].kind != .text else { return writeFresh(id) }
    let next = i + 1 < kids.count ? document.nodes[kids[i + 1].index] : nil
    if i > 0, let gap = lineBreak(kids[i - 1]), let next, next.kind != .text {
      writeFresh(id)
      copy(gap)
    } else if i >= 2, document.nodes[kids[i - 1].index].kind != .text,
      let gap = lineBreak(kids[i - 2])
    {
      copy(gap)
      writeFresh(id)
    } else if i == 0, kids.count > 1, let gap = lineBreak(kids[1]) {
      copy(gap)
      writeFresh(id)
    } else {
      writeFresh(id)
    }
  }

  /// The bytes of an unedited white-space text node that holds a line break.
  private func lineBreak(_ id: NodeID) -> Range<Int>? {
    let node = document.nodes[id.index]
    guard node.kind == .text, node.edits.isEmpty, let span = document.span(of: id),
      !span.fromEntity,
      node.text.utf8.allSatisfy(MarkupBytes.isSpace), node.text.utf8.contains(0x0A)
    else { return nil }
    return span.range
  }

  /// A node written from the tree; its children that have bytes in the source keep them.
  mutating func writeFresh(_ id: NodeID) {
    let n = document.nodes[id.index]
    switch n.kind {
    case .document:
      writeChildren(of: id)
    case .element:
      writeFreshStartTag(n, selfClosing: n.children.isEmpty)
      guard !n.children.isEmpty else { return }
      writeChildren(of: id)
      append("</" + n.qualifiedName + ">")
    case .text:
      var s = ""
      XMLEscape.text(n.text, to: &s)
      append(s)
    case .cdata:
      append("<![CDATA[" + n.text.replacingAll("]]>", with: "]]]]><![CDATA[>") + "]]>")
    case .comment:
      append("<!--" + n.text + "-->")
    case .processingInstruction:
      append("<?" + n.name + (n.text.isEmpty ? "" : " " + n.text) + "?>")
    case .doctype:
      append(n.text)
    }
  }

  mutating func writeFreshStartTag(_ n: Node, selfClosing: Bool) {
    append("<" + n.qualifiedName)
    for ns in n.namespaces {
      append(ns.prefix.map { " xmlns:\($0)=\"" } ?? " xmlns=\"")
      appendEscaped(ns.uri, quote: UInt8(ascii: "\""))
      append("\"")
    }
    for a in n.attributes where a.origin != .defaulted {
      append(" " + a.qualifiedName + "=\"")
      appendEscaped(a.value, quote: UInt8(ascii: "\""))
      append("\"")
    }
    append(selfClosing ? "/>" : ">")
  }

  /// An attribute value between `quote`s.
  mutating func appendEscaped(_ value: String, quote: UInt8) {
    var s = ""
    for c in value.unicodeScalars {
      switch c {
      case "&": s += "&amp;"
      case "<": s += "&lt;"
      case "\"" where quote == UInt8(ascii: "\""): s += "&quot;"
      case "'" where quote == UInt8(ascii: "'"): s += "&apos;"
      case "\n": s += "&#10;"
      case "\r": s += "&#13;"
      case "\t": s += "&#9;"
      default: s.unicodeScalars.append(c)
      }
    }
    append(s)
  }

  /// Text in the document's encoding: UTF-8, or ASCII with character references.
  mutating func append(_ s: String) {
    guard asciiOnly else { return out.append(contentsOf: s.utf8) }
    for c in s.unicodeScalars {
      if c.isASCII {
        out.append(UInt8(c.value))
      } else {
        out.append(contentsOf: "&#x\(String(c.value, radix: 16, uppercase: true));".utf8)
      }
    }
  }
}
