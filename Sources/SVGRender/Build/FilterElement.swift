import SVGGeometry
import SVGTree

/// The `filter` property: a list of `url(#id)` references to `<filter>` elements and CSS
/// filter functions, resolved into ``Filter`` values in the element's user space.
///
/// As resvg does: a list that does not parse is ignored (the element draws unfiltered); a
/// list whose every reference is broken, or a `<filter>` with an invalid region, no
/// primitives or a bounding-box region on content without a box, removes the element.
enum FilterElement {
  /// The filters of element `id`, whose object bounding box is `box`; nil when the element
  /// must not be drawn.
  static func resolve(
    _ text: String, for id: NodeID, box: Rect?, builder: RenderTreeBuilder,
    state: BuildState
  ) throws(RenderError) -> [Filter]? {
    let context = builder.context
    let items: [FilterValue]
    do {
      items = try FilterValue.parseList(text)
    } catch {
      context.warn("invalid filter \"\(text)\": \(error.message); filter ignored", at: id)
      return []
    }
    // Filters in objectBoundingBox units need a box with an area.
    let bbox = box.flatMap { $0.width > 0 && $0.height > 0 ? $0 : nil }
    var filters: [Filter] = []
    var broken = false
    for item in items {
      switch item {
      case .url(let ref):
        guard let (owner, target) = try context.target(of: ref, property: "filter", for: id),
          owner.document.isSVGElement(target, named: "filter")
        else {
          context.warn("filter reference \"\(ref)\" does not name a <filter>", at: id)
          broken = true
          continue
        }
        if owner === context, imageReferences(filter: target, element: id, context: context) {
          context.warn("filter \"\(ref)\" draws the element it filters; filter ignored", at: id)
          return []
        }
        let resolved = try context.building(in: owner, at: id) {
          (builder) throws(RenderError) -> Filter? in
          try owner.instantiating(target) { () throws(RenderError) -> Filter? in
            try FilterRegion.filter(target, bbox: bbox, builder: builder, state: state)
          }
        }
        guard let resolved else {
          broken = true
          continue
        }
        filters.append(resolved)
      case .function(let function):
        guard let bbox else {
          context.warn("filter function on an element without a bounding box; skipped", at: id)
          continue
        }
        filters.append(
          function.filter(bbox: bbox, style: context.style(id), viewport: state.viewport))
      }
    }
    if filters.isEmpty && broken {
      context.warn("no valid filter in \"\(text)\"; element not rendered", at: id)
      return nil
    }
    return filters
  }

  /// Whether an `feImage` of `filter` (or of a filter its `href` reaches) draws `element`
  /// or one of its ancestors: such a filter would draw itself.
  static func imageReferences(filter: NodeID, element: NodeID, context: BuildContext) -> Bool {
    let doc = context.document
    let selfAndAncestors = Set([element] + doc.ancestors(of: element))
    var current: NodeID? = filter
    var seen: Set<NodeID> = []
    while let f = current, !seen.contains(f) {
      seen.insert(f)
      for fe in doc.elementChildren(of: f) where doc[fe].name == "feImage" {
        if let href = doc[fe].href, href.hasPrefix("#"),
          let target = context.element(referencedBy: href), selfAndAncestors.contains(target)
        {
          return true
        }
      }
      current = doc[f].href.flatMap { context.element(referencedBy: $0) }
    }
    return false
  }
}

/// One entry of a `filter` value list.
enum FilterValue {
  case url(FuncIRI)
  case function(FilterFunction)

  /// Parses `url(#a) blur(2) ...`; `none` and the empty string give an empty list.
  static func parseList(_ text: String) throws(ValueError) -> [FilterValue] {
    var s = ValueScanner(text)
    s.skipSpaces()
    if s.consume(word: "none") {
      s.skipSpaces()
      guard s.isAtEnd else { throw s.error("unexpected text after 'none'") }
      return []
    }
    var out: [FilterValue] = []
    while true {
      s.skipSpaces()
      if s.isAtEnd { break }
      guard let name = s.identifier() else { throw s.error("expected a filter function") }
      s.skipSpaces()
      try s.expect("(")
      var depth = 1
      var argument: [UInt8] = []
      while let c = s.peek {
        s.advance()
        if c == UInt8(ascii: "(") { depth += 1 }
        if c == UInt8(ascii: ")") {
          depth -= 1
          if depth == 0 { break }
        }
        argument.append(c)
      }
      guard depth == 0 else { throw s.error("missing ')'") }
      let arg = String(decoding: argument, as: UTF8.self).trimmingSpaces
      if name.lowercased() == "url" {
        guard let iri = try? FuncIRI(parsing: "url(\(arg))") else {
          throw s.error("invalid url(\(arg))")
        }
        out.append(.url(iri))
      } else {
        out.append(.function(try FilterFunction(name: name.lowercased(), argument: arg)))
      }
    }
    return out
  }
}
