import SVGGeometry
import SVGTree

extension RenderTree {
  /// This tree, built of an earlier state of `document`, with the fills of the elements
  /// `restyled` read again from `cascade`: the kept cascade of the earlier state
  /// (`previous`) restyled for `document`, `restyled` being the elements whose computed
  /// style that changed (`Document.restyle`). Nil unless the result is exactly the tree
  /// ``build(document:options:cascade:)`` gives, which holds here when:
  ///
  /// - those elements' styles differ only in `fill` and `fill-opacity`, which no geometry,
  ///   box, group or hit shape reads;
  /// - each is a shape, or a group (`g`, `a`, `svg`, `switch`), which paints nothing itself;
  /// - each is drawn in place only: no ancestor is a template (`defs`, `symbol`, a clip, a
  ///   mask, a marker or a pattern), and no `href` names it or an ancestor (a `use` draws
  ///   it again with its own style, a `feImage` reads its pixels);
  /// - no shape among them has markers, whose `context-fill` reads its fill, and each new
  ///   fill is a colour or none, which needs no bounding box and no reference;
  /// - the build reported nothing but the document's and its style sheets' diagnostics, and
  ///   reading the new fills reports nothing: the diagnostics stay the same.
  ///
  /// A recolour (`fillAt`) changes a shape's fill this way, and rebuilding a drawing of
  /// thousands of elements for it costs far more than the redraw of the few rows it changed.
  package func repainting(
    _ restyled: Set<NodeID>, previous: KeptCascade, cascade: KeptCascade, document: Document,
    options: RenderOptions
  ) -> RenderTree? {
    guard cascade.dpi == options.fontDPI, cascade.styles.count == document.nodes.count,
      diagnostics.elementsEqual(document.diagnostics + cascade.diagnostics)
    else { return nil }
    var shapes: Set<NodeID> = []
    for id in restyled {
      guard Self.differsInFillOnly(previous.styles[id.index], cascade.styles[id.index]) else {
        return nil
      }
      switch document.elementName(id) {
      case .path, .rect, .circle, .ellipse, .line, .polyline, .polygon: shapes.insert(id)
      case .g, .a, .svg, .switch: break
      default: return nil
      }
    }
    guard Self.drawnInPlaceOnly(restyled, in: document) else { return nil }
    let context = BuildContext(document: document, options: options, cascade: cascade)
    let builder = RenderTreeBuilder(context: context)
    let state = BuildState(viewport: size, absoluteTransform: .identity)
    var fills: [NodeID: NewFill] = [:]
    for id in shapes {
      let style = context.style(id)
      guard style[.markerStart] == nil, style[.markerMid] == nil, style[.markerEnd] == nil
      else { return nil }
      switch style.paint(.fill) ?? .color(.black) {
      case .color, .currentColor, .none: break
      case .contextFill, .contextStroke, .reference: return nil
      }
      let fill: Fill?
      do {
        fill = try PaintResolver.fill(style, bounds: nil, builder: builder, state: state)
      } catch {
        return nil
      }
      // A hidden shape keeps no paint, but its hit area knows whether it would fill (see
      // `ShapeElement`).
      fills[id] = NewFill(fill: style.isVisible ? fill : nil, painted: fill != nil)
    }
    guard context.warnings == 0 else { return nil }
    var out = self
    var (found, twice) = (Set<NodeID>(), false)
    if let root = Self.repainted(root, fills, found: &found, twice: &twice) { out.root = root }
    return twice ? nil : out
  }

  private struct NewFill {
    var fill: Fill?
    /// What the shape's hit area says of its fill (`HitArea.fillPainted`).
    var painted: Bool
  }

  /// Whether two computed styles differ at most in `fill` and `fill-opacity`.
  private static func differsInFillOnly(_ a: ComputedStyle, _ b: ComputedStyle) -> Bool {
    var (x, y) = (a.entries, b.entries)
    for property in [PropertyID.fill, .fillOpacity] {
      x[property.number] = nil
      y[property.number] = nil
    }
    return x == y
  }

  /// Whether the elements `ids` are drawn where they stand and nowhere else (see
  /// ``repainting(_:previous:cascade:document:options:)``).
  private static func drawnInPlaceOnly(_ ids: Set<NodeID>, in document: Document) -> Bool {
    let templates: Set<String> = ["defs", "symbol", "clipPath", "mask", "marker", "pattern"]
    var names: Set<String> = []
    var seen: Set<NodeID> = []
    for id in ids {
      var current: NodeID? = id
      while let node = current, seen.insert(node).inserted {
        guard !templates.contains(document[node].name) else { return false }
        if let name = document[node].id { names.insert("#" + name) }
        current = document[node].parent
      }
    }
    guard !names.isEmpty else { return true }
    // Any `href`, `xlink:href` or other: one pass over each node's attributes in place.
    for i in document.nodes.indices {
      for a in document.nodes[i].attributes where a.name == "href" {
        if names.contains(a.value.trimmingSpaces) { return false }
      }
    }
    return true
  }

  /// `group` with the path nodes in it (in its groups too, not in clips, masks, patterns or
  /// images) whose source is a key of `fills` given that fill, and a hit area to match; nil
  /// when none is in it. Sources met are added to `found`; `twice` is set when one is met
  /// again.
  private static func repainted(
    _ group: Group, _ fills: [NodeID: NewFill], found: inout Set<NodeID>, twice: inout Bool
  ) -> Group? {
    var children: [RenderNode]?
    for (i, child) in group.children.enumerated() {
      var new: RenderNode?
      switch child {
      case .path(let p):
        guard let source = p.source, let fill = fills[source] else { continue }
        if !found.insert(source).inserted { twice = true }
        var repainted = p
        repainted.fill = fill.fill
        repainted.hitArea?.fillPainted = fill.painted
        new = .path(repainted)
      case .group(let g):
        new = repainted(g, fills, found: &found, twice: &twice).map { .group($0) }
      case .image: continue
      }
      if let new {
        if children == nil { children = group.children }
        children![i] = new
      }
    }
    guard let children else { return nil }
    var out = group
    out.children = children
    return out
  }
}
