import SVGGeometry
import SVGTree

/// `<use>`: an instance of another element, placed at `x`/`y` (after the use's own
/// `transform`) and styled as a child of the `use` (see
/// ``BuildContext/withInstance(of:under:_:)``). A `symbol` target becomes a viewport of the
/// use's `width`/`height`; an `svg` target takes them in place of its own.
///
/// The element may be in another file (`sprites.svg#icon`, see ``ExternalDocuments``): it
/// keeps the declared values of its own document and inherits from the `use`; the nodes it
/// draws have the `use` as their source, since its elements are not in this document.
///
/// Cycles (a use reaching itself through its target, in any file) are dropped with a
/// diagnostic; every instance counts against ``Limits/maxReferences``, so exponential
/// chains end in an error.
enum UseElement {
  static func build(_ id: NodeID, builder: RenderTreeBuilder, state: BuildState)
    throws(RenderError) -> RenderNode?
  {
    let context = builder.context
    guard let (targetContext, target) = try target(of: id, context: context) else { return nil }
    let isExternal = targetContext !== context
    let targetBuilder = isExternal ? RenderTreeBuilder(context: targetContext) : builder
    let style = context.style(id)
    let vp = state.viewport
    let x = style.attributeLength("x", axis: .x, viewport: vp) ?? 0
    let y = style.attributeLength("y", axis: .y, viewport: vp) ?? 0
    let size = ViewportElement.UseSize(
      width: style.attributeLength("width", axis: .x, viewport: vp),
      height: style.attributeLength("height", axis: .y, viewport: vp))
    let isSymbol = targetContext.document[target].name == "symbol"
    let parentStyle = context.computedStyle(id)
    let parentFontSize = context.fontSize(of: id)
    // Inside the instance, context-fill and context-stroke are the use's own paints. A
    // paint server among them may need the instance's bounding box: build once to measure.
    var state = state
    state.contextPaint = try ContextPaint(of: id, bounds: nil, builder: builder, state: state)
    let instance = { (state: BuildState) throws(RenderError) -> RenderNode? in
      try context.instantiating(id) { () throws(RenderError) -> RenderNode? in
        try context.shared.externals.forwardingDiagnostics(from: targetContext, to: context, at: id)
        { () throws(RenderError) -> RenderNode? in
          try targetContext.withInstance(
            of: target, inheriting: parentStyle, fontSize: parentFontSize
          ) { () throws(RenderError) -> RenderNode? in
            if isSymbol {
              return try SymbolElement.instance(
                target, origin: Point(x, y), size: size, builder: targetBuilder, state: state
              ).map { isExternal ? $0.sourced(from: id) : $0 }
            }
            let offset = Transform.translate(x, y)
            var inner = state
            inner.absoluteTransform = state.absoluteTransform * offset
            let isSVG = targetContext.document[target].name == "svg"
            guard
              var node = try targetBuilder.build(
                target, state: inner, useSize: isSVG ? size : nil)
            else { return nil }
            if isExternal { node = node.sourced(from: id) }
            if offset.isIdentity { return node }
            var group = Group(source: id)
            group.transform = offset
            group.absoluteTransform = inner.absoluteTransform
            group.children = [node]
            return .group(group)
          }
        }
      }
    }
    guard ContextPaint.needsBounds(of: id, context: context),
      let bounds = try instance(state)?.fillBounds()
    else { return marked(try instance(state), use: id, state: state) }
    state.contextPaint = try ContextPaint(of: id, bounds: bounds, builder: builder, state: state)
    return marked(try instance(state), use: id, state: state)
  }

  /// The instance inside a group whose source is the `use`, so that queries reading the
  /// render tree know which `use` a cloned node belongs to (a group without transform or
  /// layer costs the backends nothing).
  private static func marked(_ node: RenderNode?, use id: NodeID, state: BuildState)
    -> RenderNode?
  {
    guard let node else { return nil }
    if case .group(let g) = node, g.source == id { return node }
    var group = Group(source: id)
    group.absoluteTransform = state.absoluteTransform
    group.children = [node]
    return .group(group)
  }

  /// Elements a `use` may instantiate: graphics and containers.
  static let instantiable: Set<String> = [
    "g", "a", "switch", "svg", "symbol", "use", "path", "rect", "circle", "ellipse", "line",
    "polyline", "polygon", "image", "text",
  ]

  /// The element `id`'s `href` names and the context of its document; nil, with a
  /// diagnostic, when there is none to draw.
  static func target(of id: NodeID, context: BuildContext) throws(RenderError)
    -> (BuildContext, NodeID)?
  {
    guard let href = context.document[id].href?.trimmingSpaces, !href.isEmpty else {
      context.warn("<use> without href; not rendered", at: id)
      return nil
    }
    let targetContext: BuildContext
    let target: NodeID
    if let reference = ExternalDocuments.Reference(href) {
      guard
        let found = try context.shared.externals.element(
          reference, what: "<use>", from: context, for: id)
      else { return nil }
      (targetContext, target) = found
    } else {
      guard let local = context.document.element(withID: String(href.dropFirst())) else {
        context.warn("<use> references a missing element \(href); not rendered", at: id)
        return nil
      }
      (targetContext, target) = (context, local)
    }
    let document = targetContext.document
    if targetContext === context, target == id || document.ancestors(of: id).contains(target) {
      context.warn("<use> references itself or an ancestor (\(href)); not rendered", at: id)
      return nil
    }
    guard document.isSVGElement(target), instantiable.contains(document[target].name) else {
      context.warn(
        "<use> references <\(document[target].qualifiedName)>, which is not drawn", at: id)
      return nil
    }
    return (targetContext, target)
  }
}
