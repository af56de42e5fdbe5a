import SVGTree

/// Recolouring: `fill`, `fillAt`, `setFill`, `setStroke`, `setOpacity`.
///
/// A recolour is written into the element as an `!important` declaration of its `style`
/// attribute (and as the presentation attribute), so it wins the cascade over class rules,
/// `style=` and the file's own `!important` rules, shows in renders and in the serialized
/// SVG in any viewer, and replaces a gradient or pattern fill. The paint's opacity property
/// (`fill-opacity`, `stroke-opacity`) is set to the colour's alpha, so a region that was
/// translucent becomes as opaque as the colour chosen.
///
/// **Groups.** Recolouring an element with children recolours what it paints: besides the
/// element itself, every descendant that declares its own painted value of the property
/// (a class rule `.cls-1 { fill: #abc }`, a `fill=` attribute, a gradient) gets the same
/// override, so the whole group takes the colour as an app user expects. Descendants that
/// declare `none` keep it (an outline stays unfilled), and the content of `defs`, `clipPath`,
/// `mask`, `marker`, `pattern` and `symbol` is left alone: it is not drawn where it stands.
extension Edit {
  /// The elements never drawn in place, whose content a group recolour must not reach.
  static let templates: Set<String> = [
    "defs", "clipPath", "mask", "marker", "pattern", "symbol", "linearGradient",
    "radialGradient", "filter", "style", "script", "title", "desc", "metadata",
  ]

  /// Sets `property` (`fill` or `stroke`) of `id`, and of the descendants that paint their
  /// own, to `color`.
  mutating func recolor(_ id: NodeID, _ property: String, _ color: Color) {
    let opaque = Color(r: color.r, g: color.g, b: color.b)
    let values = [
      (name: property, value: opaque.description),
      (name: property + "-opacity", value: Command.number(color.alpha)),
    ]
    for target in [id] + paintingDescendants(of: id, property) {
      modify(target) { $0.override(values) }
    }
  }

  /// Sets the element's `opacity`.
  mutating func setOpacity(_ id: NodeID, _ value: Double) {
    modify(id) { $0.override([(name: "opacity", value: Command.number(value))]) }
  }

  /// Descendants of `id` that declare a painted value of `property` themselves.
  private func paintingDescendants(of id: NodeID, _ property: String) -> [NodeID] {
    guard document.elementChildren(of: id).count > 0 else { return [] }
    let specified = document.specifiedStyles()
    var out: [NodeID] = []
    var stack = Array(document.elementChildren(of: id).reversed())
    while let n = stack.popLast() {
      guard document.isSVGElement(n), !Self.templates.contains(document[n].name) else { continue }
      if let v = specified[n.index][property]?.lowercased(),
        !["none", "inherit", "unset"].contains(String(v.trimmingWhitespace))
      {
        out.append(n)
      }
      stack.append(contentsOf: document.elementChildren(of: n).reversed())
    }
    return out
  }
}
