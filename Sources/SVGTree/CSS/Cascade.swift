extension Document {
  /// The style sheets of the document's `<style>` elements, in document order. A `<style>`
  /// whose `type` is not CSS, or whose `media` does not include `all` or `screen`, is skipped.
  public func styleSheets() -> [StyleSheet] {
    // Most drawings have no `<style>`: a pass over the node arena's names says so, without
    // the walk in document order that gathers the sheets (an array of every node's id).
    guard nodes.indices.contains(where: { nodes[$0].elementName == .style }) else { return [] }
    return descendants(of: Document.top).compactMap { id -> StyleSheet? in
      // The name the reader looked up first: comparing it is cheaper than the strings.
      guard nodes[id.index].elementName == .style, isSVGElement(id, named: "style"),
        Self.isCSSStyleElement(self[id])
      else { return nil }
      return StyleSheet(parsing: textContent(of: id))
    }
  }

  private static func isCSSStyleElement(_ node: Node) -> Bool {
    if let type = node.attribute("type")?.lowercased().split(separator: ";").first {
      let t = type.trimmingSpaces
      guard t.isEmpty || t == "text/css" else { return false }
    }
    guard let media = node.attribute("media")?.lowercased(), !media.trimmingSpaces.isEmpty else {
      return true
    }
    return media.split(separator: ",").contains {
      let first = $0.trimmingSpaces.split(separator: " ").first ?? ""
      return first == "all" || first == "screen" || first == "only"
    }
  }

  /// Runs the CSS cascade over the whole document and returns each node's computed style,
  /// indexed by `NodeID.index` (non-element and detached nodes get an empty style).
  ///
  /// From lowest to highest priority: presentation attributes; rules of the document's
  /// `<style>` sheets then of `extraStyleSheets` (by specificity, then order, so extra sheets
  /// win ties); `style` attribute declarations; `!important` rule declarations; `!important`
  /// `style` declarations. Inherited properties flow from the parent's computed style.
  public func computeStyles(extraStyleSheets: [StyleSheet] = []) -> [ComputedStyle] {
    cascade(styleSheets: styleSheets() + extraStyleSheets).styles
  }

  /// The winning declared value of each property of each element, before inheritance,
  /// indexed by `NodeID.index` (empty for non-element and detached nodes). With
  /// ``ComputedStyle/init(specified:parent:)`` this computes the style of an element placed
  /// under another parent, as a `use` instance is.
  public func specifiedStyles(extraStyleSheets: [StyleSheet] = []) -> [[String: String]] {
    specifiedStyles(styleSheets: styleSheets() + extraStyleSheets)
  }

  /// Like ``specifiedStyles(extraStyleSheets:)`` with every sheet given, the document's own
  /// included (for example with their `@import`s resolved, see
  /// ``StyleSheet/resolvingImports(resources:directory:limits:diagnostics:)``).
  public func specifiedStyles(styleSheets sheets: [StyleSheet]) -> [[String: String]] {
    specifiedEntries(styleSheets: sheets).map(\.dictionary)
  }

  /// ``specifiedStyles(styleSheets:)`` by property number, as the cascade keeps them.
  package func specifiedEntries(styleSheets sheets: [StyleSheet]) -> [StyleEntries] {
    let index = RuleIndex(sheets: sheets)
    var out = [StyleEntries](repeating: StyleEntries(), count: nodes.count)
    var inline = InlineStyles()
    for id in elementsInOrder() {
      out[id.index] = specifiedValues(id, nodes[id.index].attributes, index, &inline)
    }
    return out
  }

  /// Computed styles from the values ``specifiedStyles(extraStyleSheets:)`` returns. The root
  /// element inherits `inheritedDefaults` (inherited properties only), as if they were declared
  /// on a parent of it: a renderer's default font or rendering hints. `font-size` is made
  /// absolute in px, its physical units (`pt`, `mm`, `in`) at `dpi` pixels per inch: an output
  /// resolution other than CSS's 96 enlarges text set in points, as rsvg-convert and resvg do.
  public func computeStyles(
    specified: [[String: String]], inheritedDefaults: [String: String] = [:], dpi: Double = 96
  ) -> [ComputedStyle] {
    computeStyles(
      specified: specified.map(StyleEntries.init), inheritedDefaults: inheritedDefaults, dpi: dpi)
  }

  /// ``computeStyles(specified:inheritedDefaults:dpi:)`` from the values by property number.
  package func computeStyles(
    specified: [StyleEntries], inheritedDefaults: [String: String] = [:], dpi: Double = 96
  ) -> [ComputedStyle] {
    styled(inheritedDefaults: inheritedDefaults, dpi: dpi, concurrently: nil) { id, _ in
      id.index < specified.count ? specified[id.index] : StyleEntries()
    }.styles
  }

  static func cssWideKeyword(_ value: String) -> String? {
    guard value.utf8.count <= 7, let f = value.utf8.first,
      f | 0x20 == UInt8(ascii: "i") || f | 0x20 == UInt8(ascii: "u")
    else { return nil }
    let v = value.lowercased()
    return v == "inherit" || v == "initial" || v == "unset" ? v : nil
  }

  /// The winning declared value of each property on `id`, before inheritance; `style`
  /// attributes are parsed through `styles` (one cascade's).
  func specifiedValues(
    _ id: NodeID, _ attributes: [Attribute], _ index: RuleIndex, _ styles: inout InlineStyles
  ) -> StyleEntries {
    var out = StyleEntries()
    if isSVGElement(id) {
      // By index: a loop over the values would copy each attribute (its four strings).
      for i in attributes.indices where attributes[i].namespaceURI == nil {
        guard let n = Properties.number(attributes[i].name),
          Properties.all[Int(n)].presentationAttribute
        else { continue }
        let v = attributes[i].value.trimmingSpaces
        if !v.isEmpty { out[n] = String(v) }
      }
    }
    let rules = index.isEmpty ? [] : index.matchingRules(id, self[id], in: self)
    let style = attributes.first { $0.name == "style" && $0.namespaceURI == nil }?.value
    if let style, out.isEmpty, rules.isEmpty {
      return styles.valuesAlone(style) { Self.declaring($0, over: StyleEntries()) }
    }
    let inline = style.map { styles.declarations($0) } ?? []
    for important in [false, true] {
      for rule in rules {
        for d in rule.declarations where d.important == important { Self.declare(d, into: &out) }
      }
      for d in inline where d.important == important { Self.declare(d, into: &out) }
    }
    return out
  }

  /// `values` with `declarations` declared over them, the important ones last.
  private static func declaring(_ declarations: [Declaration], over values: StyleEntries)
    -> StyleEntries
  {
    var out = values
    for important in [false, true] {
      for d in declarations where d.important == important { declare(d, into: &out) }
    }
    return out
  }

  /// Records a declaration, expanding shorthands; unknown properties are ignored.
  private static func declare(_ d: Declaration, into out: inout StyleEntries) {
    guard let n = Properties.number(d.name) else { return }
    let info = Properties.all[Int(n)]
    guard !info.longhands.isEmpty else {
      out[n] = d.value
      return
    }
    func set(_ longhand: String, _ value: String) {
      if let l = Properties.number(longhand) { out[l] = value }
    }
    if cssWideKeyword(d.value) != nil {
      for l in info.longhands { set(l, d.value) }
    } else if d.name == "font" {
      for (l, v) in FontShorthand.expand(d.value) ?? [] { set(l, v) }
    } else {
      for l in info.longhands { set(l, d.value) }
    }
  }
}

extension StringProtocol {
  var trimmingSpaces: Substring {
    let u = Substring(self)
    // Most values are written without spaces around them: an ASCII byte other than a space
    // or control character at each end cannot belong to a whitespace character.
    if let f = u.utf8.first, let l = u.utf8.last, f > 0x20, f < 0x80, l > 0x20, l < 0x80 {
      return u
    }
    guard let first = u.firstIndex(where: { !$0.isWhitespace }),
      let last = u.lastIndex(where: { !$0.isWhitespace })
    else { return "" }
    return u[first...last]
  }
}

extension ComputedStyle {
  /// The computed style of an element declaring `specified` (one entry of
  /// ``Document/specifiedStyles(extraStyleSheets:)``) under a parent whose computed style is
  /// `parent`. A `use` instance is styled this way: it inherits from the `use` element, not
  /// from the referenced element's parent in the source tree. `dpi` is as in
  /// ``Document/computeStyles(specified:inheritedDefaults:dpi:)``.
  public init(specified: [String: String], parent: ComputedStyle, dpi: Double = 96) {
    self.init(specified: StyleEntries(specified), parent: parent, dpi: dpi)
  }

  /// ``init(specified:parent:dpi:)`` from the values by property number.
  package init(specified: StyleEntries, parent: ComputedStyle, dpi: Double = 96) {
    var computed = parent.entries.inheritedOnly
    Self.apply(specified, parent: parent, to: &computed, dpi: dpi)
    self.init(entries: computed)
  }

  /// Applies declared values over the inherited ones, resolving `inherit`, `initial` and
  /// `unset`; returns whether a non-inherited property was declared.
  @discardableResult
  static func apply(
    _ specified: StyleEntries, parent: ComputedStyle, to computed: inout StyleEntries,
    dpi: Double
  ) -> Bool {
    var ownsNonInherited = false
    for e in specified.entries {
      let n = e.property
      let info = Properties.all[Int(n)]
      if !info.inherited { ownsNonInherited = true }
      switch Document.cssWideKeyword(e.value) {
      // A parent that declares nothing has the initial value (`overflow: inherit` on a
      // `marker` under the root is `visible`, not the marker's own user-agent `hidden`).
      case "inherit": computed[n] = parent.entries[n] ?? info.initial
      case "initial": computed[n] = info.initial
      case "unset": computed[n] = info.inherited ? parent.entries[n] : info.initial
      default: computed[n] = e.value
      }
    }
    // font-size inherits as an absolute length, so `em` does not compound down the tree.
    let fontSize = Properties.fontSizeNumber
    if specified[fontSize] != nil {
      let parentSize = FontSize.pixels(parent.entries[fontSize], parent: FontSize.initial)
      let size = FontSize.pixels(computed[fontSize], parent: parentSize, dpi: dpi)
      computed[fontSize] = size.svgText + "px"
    }
    return ownsNonInherited
  }
}
