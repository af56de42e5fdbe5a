/// A document's cascade kept for the next state of the document: the specified and computed
/// style of every element, with the sheets they came from, so that an edit of some elements'
/// attributes restyles only what it reaches (``Document/restyle(_:from:changed:)``) instead
/// of running the cascade over the whole document again.
package struct KeptCascade: Sendable {
  /// ``Document/specifiedStyles(styleSheets:)`` by property number.
  package internal(set) var specified: [StyleEntries]
  /// The computed styles, as ``Document/computeStyles(specified:inheritedDefaults:dpi:)`` gives.
  package internal(set) var styles: [ComputedStyle]
  /// The resolution `font-size`'s physical units were computed at.
  package let dpi: Double
  /// Every sheet, the document's own included, as the cascade read them.
  package let sheets: [StyleSheet]
  /// What reading the sheets reported.
  package let diagnostics: [Diagnostic]

  package init(
    specified: [StyleEntries], styles: [ComputedStyle], dpi: Double, sheets: [StyleSheet],
    diagnostics: [Diagnostic]
  ) {
    self.specified = specified
    self.styles = styles
    self.dpi = dpi
    self.sheets = sheets
    self.diagnostics = diagnostics
  }

  /// The attributes a selector reads of an element other than the one it styles (an
  /// ancestor's or sibling's, besides `id`, `class` and `lang`): a change of one of these
  /// can restyle other elements.
  var selectorAttributes: Set<String> {
    var names: Set<String> = ["id", "class", "lang"]
    func visit(_ compound: CompoundSelector) {
      for part in compound.simple {
        switch part {
        case .attribute(let name, _, _, _): names.insert(name)
        case .pseudo(.not(let args)): args.forEach(visit)
        default: break
        }
      }
    }
    for sheet in sheets {
      for rule in sheet.rules {
        for selector in rule.selectors.selectors { selector.compounds.forEach(visit) }
      }
    }
    return names
  }
}

extension Document {
  /// Updates `cascade`, kept for `old`, for this document, which is `old` with only the
  /// attributes of the elements `changed` edited (no node added, removed or moved): their
  /// declared values are read again, and the computed styles of them and of their
  /// descendants computed again as far as they differ. The result is what
  /// ``computeStyles(specified:inheritedDefaults:dpi:)`` gives for this document. Returns the
  /// elements whose computed style changed, or nil when the edit can restyle elements
  /// beyond the edited ones and their descendants (an attribute that a selector reads of
  /// another element, a text or `<style>` edit, a different structure): only a whole
  /// cascade is exact then, and `cascade` is left as it was.
  package func restyle(
    _ cascade: inout KeptCascade, from old: Document, changed: some Collection<NodeID>
  ) -> Set<NodeID>? {
    guard nodes.count == old.nodes.count, cascade.styles.count == nodes.count else { return nil }
    let selectorAttributes = cascade.selectorAttributes
    for id in changed {
      let (a, b) = (old[id], self[id])
      guard a.isElement, b.isElement, a.name == b.name, a.namespaceURI == b.namespaceURI,
        a.parent == b.parent, a.children == b.children, b.name != "style"
      else { return nil }
      // Values are compared, not hashed: a path's `d` can be megabytes.
      func changes(_ x: Node, _ y: Node) -> Bool {
        x.attributes.contains { e in
          selectorAttributes.contains(e.name)
            && !y.attributes.contains {
              $0.name == e.name && $0.namespaceURI == e.namespaceURI && $0.value == e.value
            }
        }
      }
      if changes(a, b) || changes(b, a) { return nil }
    }
    let index = RuleIndex(sheets: cascade.sheets)
    var inline = InlineStyles()
    for id in changed {
      cascade.specified[id.index] = specifiedValues(id, self[id].attributes, index, &inline)
    }
    var out: Set<NodeID> = []
    var stack = Array(changed)
    var visited: Set<NodeID> = []
    while let id = stack.popLast() {
      guard visited.insert(id).inserted else { continue }
      let parent = self[id].parent ?? Document.top
      let style = ComputedStyle(
        specified: cascade.specified[id.index], parent: cascade.styles[parent.index],
        dpi: cascade.dpi)
      let before = cascade.styles[id.index]
      guard style != before else { continue }
      cascade.styles[id.index] = style
      out.insert(id)
      for child in self[id].children.reversed() where self[child].isElement {
        visited.remove(child)
        stack.append(child)
      }
    }
    return out
  }
}
