import SVGGeometry
import SVGTree

/// A `<filter>` element: its region, its `href` chain and its primitive subregions.
enum FilterRegion {
  /// Resolves `<filter>` `id` for content with fill box `bbox`; nil (with a diagnostic) when
  /// the filter is invalid, which removes the filtered element.
  static func filter(_ id: NodeID, bbox: Rect?, builder: RenderTreeBuilder, state: BuildState)
    throws(RenderError) -> Filter?
  {
    let context = builder.context
    let chain = hrefChain(id, context: context)
    func attribute(_ name: String) -> (NodeID, String)? {
      for n in chain { if let v = context.document.attribute(name, of: n) { return (n, v) } }
      return nil
    }
    let units = attribute("filterUnits")?.1.trimmingSpaces != "userSpaceOnUse"
    let primitiveBox = attribute("primitiveUnits")?.1.trimmingSpaces == "objectBoundingBox"
    func number(_ name: String, _ axis: LengthAxis, _ fallback: Double) -> Double {
      guard let (owner, text) = attribute(name) else { return fallback }
      return length(
        text, owner: owner, axis: axis, bboxUnits: units, builder: builder, state: state)
        ?? fallback
    }
    var region = Rect(
      x: number("x", .x, units ? -0.1 : -0.1 * state.viewport.width),
      y: number("y", .y, units ? -0.1 : -0.1 * state.viewport.height),
      width: number("width", .x, units ? 1.2 : 1.2 * state.viewport.width),
      height: number("height", .y, units ? 1.2 : 1.2 * state.viewport.height))
    guard region.width > 0, region.height > 0, region.width.isFinite, region.height.isFinite
    else {
      context.warn("filter has an empty or invalid region; element not rendered", at: id)
      return nil
    }
    if units {
      guard let bbox else {
        context.warn(
          "objectBoundingBox filter on content without a box; element not rendered", at: id)
        return nil
      }
      region = region.mapped(into: bbox)
    }
    guard
      let owner = chain.first(where: { !context.document.elementChildren(of: $0).isEmpty })
    else {
      context.warn("filter has no primitives; element not rendered", at: id)
      return nil
    }
    if primitiveBox && bbox == nil { return nil }
    let primitives = try FilterPrimitives.collect(
      owner, region: region, bbox: primitiveBox ? bbox : nil, builder: builder, state: state)
    guard !primitives.isEmpty else {
      context.warn("filter has no valid primitives; element not rendered", at: id)
      return nil
    }
    return Filter(region: region, primitives: primitives)
  }

  /// The filter and the filters its `href` chain reaches, nearest first; a link to
  /// anything other than a `<filter>` is ignored.
  private static func hrefChain(_ id: NodeID, context: BuildContext) -> [NodeID] {
    var chain = [id]
    var current = id
    while let href = context.document[current].href, let next = context.element(referencedBy: href)
    {
      if chain.contains(next) { break }
      guard context.document.isSVGElement(next, named: "filter") else {
        context.warn("a filter cannot reference <\(context.document[next].name)>; ignored", at: id)
        break
      }
      chain.append(next)
      current = next
    }
    return chain
  }

  /// A region length: a fraction of the box for `objectBoundingBox` units (`50%` = 0.5),
  /// user units otherwise.
  static func length(
    _ text: String, owner: NodeID, axis: LengthAxis, bboxUnits: Bool,
    builder: RenderTreeBuilder, state: BuildState
  ) -> Double? {
    guard let l = try? Length(parsing: text) else {
      builder.context.warn("invalid length \"\(text)\"", at: owner)
      return nil
    }
    if bboxUnits {
      if l.unit == .percent { return l.value / 100 }
      if l.unit == .none { return l.value }
    }
    return l.resolve(in: builder.context.style(owner).lengthContext(state.viewport), axis: axis)
  }

  /// The subregion of primitive `fe` (resvg's rules: defaults are the filter region;
  /// `feFlood` and `feImage` in box units default to the bounding box).
  static func subregion(
    _ fe: NodeID, region: Rect, bbox: Rect?, builder: RenderTreeBuilder, state: BuildState
  ) -> Rect? {
    let node = builder.document[fe]
    func value(_ name: String, _ axis: LengthAxis) -> Double? {
      node.attribute(name).flatMap {
        length($0, owner: fe, axis: axis, bboxUnits: bbox != nil, builder: builder, state: state)
      }
    }
    let x = value("x", .x)
    let y = value("y", .y)
    let w = value("width", .x)
    let h = value("height", .y)
    if let bbox {
      let fraction = Rect(x: x ?? 0, y: y ?? 0, width: w ?? 1, height: h ?? 1)
      guard fraction.width > 0, fraction.height > 0 else { return nil }
      if node.name == "feFlood" || node.name == "feImage" { return fraction.mapped(into: bbox) }
      return region.mapped(into: fraction)
    }
    let r = Rect(
      x: x ?? region.x, y: y ?? region.y, width: w ?? region.width, height: h ?? region.height)
    guard r.width > 0, r.height > 0 else { return nil }
    return r
  }
}

extension Rect {
  /// This rectangle read in `objectBoundingBox` units of `box`.
  func mapped(into box: Rect) -> Rect {
    Rect(
      x: x * box.width + box.x, y: y * box.height + box.y, width: width * box.width,
      height: height * box.height)
  }
}
