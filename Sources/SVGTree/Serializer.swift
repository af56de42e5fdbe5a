extension Document {
  /// The document as SVG text in a normalized form: every node kept (comments, CDATA, PIs,
  /// doctype, unknown elements, namespace declarations), attributes in their order, UTF-8,
  /// double quotes. Reading the text back gives an equal tree. ``written()`` writes into the
  /// source's own bytes instead.
  public func serialized(xmlDeclaration: Bool = true) -> String {
    var out = xmlDeclaration ? "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n" : ""
    out.reserveCapacity(nodes.count * 64)
    for (i, child) in self[Document.top].children.enumerated() {
      write(child, to: &out)
      if i + 1 < self[Document.top].children.count || self[child].kind != .element {
        out += "\n"
      }
    }
    return out
  }

  /// One element and its subtree as SVG text (no XML declaration).
  public func serialized(_ id: NodeID) -> String {
    var out = ""
    write(id, to: &out)
    return out
  }

  private func write(_ id: NodeID, to out: inout String) {
    let n = self[id]
    switch n.kind {
    case .document:
      for c in n.children { write(c, to: &out) }
    case .element:
      out += "<" + n.qualifiedName
      for ns in n.namespaces {
        out += ns.prefix.map { " xmlns:\($0)=\"" } ?? " xmlns=\""
        XMLEscape.attribute(ns.uri, to: &out)
        out += "\""
      }
      for a in n.attributes {
        out += " " + a.qualifiedName + "=\""
        XMLEscape.attribute(a.value, to: &out)
        out += "\""
      }
      if n.children.isEmpty {
        out += "/>"
      } else {
        out += ">"
        for c in n.children { write(c, to: &out) }
        out += "</" + n.qualifiedName + ">"
      }
    case .text:
      XMLEscape.text(n.text, to: &out)
    case .cdata:
      // `]]>` cannot appear in a CDATA section: split it across two sections.
      out += "<![CDATA[" + n.text.replacingAll("]]>", with: "]]]]><![CDATA[>") + "]]>"
    case .comment:
      out += "<!--" + n.text + "-->"
    case .processingInstruction:
      out += "<?" + n.name + (n.text.isEmpty ? "" : " " + n.text) + "?>"
    case .doctype:
      out += n.text
    }
  }
}

/// Escaping for XML text and attribute values (SourceWriter escapes values in their own quotes).
package enum XMLEscape {
  package static func text(_ s: String, to out: inout String) {
    for c in s.unicodeScalars {
      switch c {
      case "&": out += "&amp;"
      case "<": out += "&lt;"
      case ">": out += "&gt;"
      case "\r": out += "&#13;"
      default: out.unicodeScalars.append(c)
      }
    }
  }

  /// Also escapes quotes and the whitespace that attribute normalisation would fold.
  package static func attribute(_ s: String, to out: inout String) {
    for c in s.unicodeScalars {
      switch c {
      case "&": out += "&amp;"
      case "<": out += "&lt;"
      case "\"": out += "&quot;"
      case "\n": out += "&#10;"
      case "\r": out += "&#13;"
      case "\t": out += "&#9;"
      default: out.unicodeScalars.append(c)
      }
    }
  }
}
