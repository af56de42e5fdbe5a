import SVGTree

/// The `clip-path` and `mask` references that close a cycle through a `clipPath` or `mask`
/// element and are therefore read as `none`.
///
/// Browsers and resvg break such cycles rather than dropping everything they touch: a
/// `clipPath` whose child (or itself) points back at it loses that one link, and when
/// `clipPath` A links to B and something in B links back to A, B's link is the one
/// dropped. The pass runs in document order until no such link is left, so the outcome
/// does not depend on which element happens to be drawn first. Longer cycles are caught
/// when building (``BuildContext/instantiating(_:_:)``) and make the referencing element
/// invalid.
struct MaskingCycles {
  /// (element, property) pairs whose reference is ignored.
  private var broken: Set<Link> = []

  private struct Link: Hashable {
    var element: NodeID
    var property: String
  }

  init(document: Document, styles: [ComputedStyle]) {
    for (elementName, property) in [("clipPath", "clip-path"), ("mask", "mask")] {
      let owners = document.nodes.indices.map(NodeID.init).filter {
        document.isSVGElement($0, named: elementName)
      }
      guard !owners.isEmpty else { continue }
      while let link = Self.firstCycle(
        owners: owners, property: property, document: document, styles: styles,
        broken: broken)
      {
        broken.insert(link)
      }
    }
  }

  /// Whether `element`'s `property` reference was dropped to break a cycle.
  func isBroken(_ element: NodeID, _ property: String) -> Bool {
    broken.contains(Link(element: element, property: property))
  }

  private static func firstCycle(
    owners: [NodeID], property: String, document: Document, styles: [ComputedStyle],
    broken: Set<Link>
  ) -> Link? {
    func target(_ id: NodeID) -> NodeID? {
      guard !broken.contains(Link(element: id, property: property)),
        let text = styles[id.index][property], let iri = try? FuncIRI(parsing: text),
        iri.file == nil
      else { return nil }
      return document.element(withID: iri.id)
    }
    for owner in owners {
      for child in descendantsOrSelf(owner, in: document) {
        guard let link = target(child) else { continue }
        if link == owner { return Link(element: child, property: property) }
        for inner in descendantsOrSelf(link, in: document) where target(inner) == owner {
          return Link(element: inner, property: property)
        }
      }
    }
    return nil
  }

  private static func descendantsOrSelf(_ id: NodeID, in document: Document) -> [NodeID] {
    var out: [NodeID] = []
    var stack = [id]
    while let next = stack.popLast() {
      out.append(next)
      stack.append(contentsOf: document.elementChildren(of: next).reversed())
    }
    return out
  }
}

/// What a `clip-path` or `mask` reference leads to.
enum MaskingTarget {
  /// Missing element or a link dropped to break a cycle: the property is ignored.
  case ignored
  /// An element of the wrong kind: the referencing element is not rendered.
  case invalid
  /// The element, in this document or another file, with that document's context.
  case element(BuildContext, NodeID)
}

extension BuildContext {
  /// Follows `property`'s reference `ref` on `id`, which must name a `<elementName>`, in
  /// this document or another file. Each outcome but a plain hit adds a diagnostic.
  func maskingTarget(_ ref: FuncIRI, property: String, elementName: String, from id: NodeID)
    throws(RenderError) -> MaskingTarget
  {
    if ref.file == nil, maskingCycles.isBroken(id, property) {
      warn("\(property) reference to \(ref) closes a cycle; ignored", at: id)
      return .ignored
    }
    guard let (context, target) = try self.target(of: ref, property: property, for: id) else {
      if ref.file == nil {
        warn("\(property) references a missing element #\(ref.id); ignored", at: id)
      }
      return .ignored
    }
    let document = context.document
    guard document.isSVGElement(target, named: elementName) else {
      warn(
        "\(property) references <\(document[target].name)>, not a <\(elementName)>; "
          + "element not rendered", at: id)
      return .invalid
    }
    return .element(context, target)
  }
}
