import SVGGeometry
import SVGTree

/// `<text>`: laid out and turned into ordinary filled and stroked paths (one per span, plus
/// decoration lines), so bounding boxes, hit tests and every backend treat text like any
/// other shape. Colour glyphs (COLR layers) become one path per layer.
enum TextElement {
  static func build(_ id: NodeID, builder: RenderTreeBuilder, state: BuildState)
    throws(RenderError) -> [RenderNode]
  {
    let context = builder.context
    let input = TextChunkCollector(id, context: context, viewport: state.viewport).input
    guard !input.chunks.isEmpty else { return [] }
    if let reason = NativeLibrary.load(.fontconfig, .freetype, .harfbuzz)
      ?? (input.chunks.contains(where: \.needsFriBidi) ? NativeLibrary.fribidi.load() : nil)
    {
      throw RenderError(reason)
    }
    let database = FontDatabase.shared(FontSources(context.options))
    guard !database.faces.isEmpty else {
      context.warn("no fonts available; text is not rendered", at: id)
      return []
    }
    var layout = TextLayout(input, database: database, warn: { context.warn($0, at: id) })
    layout.run()
    context.textBoxes[id] = layout.bounds
    guard let bounds = layout.bounds else { return [] }
    let antialias = context.style(id).keyword(.textRendering) != "optimizespeed"
    var nodes: [RenderNode] = []
    func decoration(_ path: Path?, _ element: NodeID?, _ span: LaidOutSpan) throws(RenderError) {
      guard let path, let element, span.style.visible else { return }
      let style = context.style(element)
      var node = PathNode(source: element, path: path)
      node.fill = try PaintResolver.fill(style, bounds: bounds, builder: builder, state: state)
      node.fill?.rule = .nonZero
      node.stroke = try PaintResolver.stroke(style, bounds: bounds, builder: builder, state: state)
      node.antialias = antialias
      nodes.append(.path(node))
    }
    for span in layout.spans {
      try decoration(span.overline, span.style.overline, span)
      try decoration(span.underline, span.style.underline, span)
      let style = context.style(span.style.element)
      let fill = try PaintResolver.fill(style, bounds: bounds, builder: builder, state: state)
      let stroke = try PaintResolver.stroke(
        style, bounds: bounds, builder: builder, state: state)
      let order = PaintOrderValue(style.keyword(.paintOrder))
      var outline = Path()
      func flush() {
        guard !outline.isEmpty, span.style.visible else { return }
        var node = PathNode(source: span.style.element, path: outline)
        node.fill = fill
        node.fill?.rule = .nonZero
        node.stroke = stroke
        node.paintOrder = order.strokeBeforeFill ? .strokeThenFill : .fillThenStroke
        node.antialias = antialias
        nodes.append(.path(node))
        outline = Path()
      }
      for g in span.glyphs {
        if let layers = ColorGlyph.layers(g, fill: fill), !layers.isEmpty {
          flush()
          if span.style.visible {
            for var layer in layers {
              layer.source = span.style.element
              layer.antialias = antialias
              nodes.append(.path(layer))
            }
          }
          continue
        }
        let font = g.font.font(variations: g.variations)
        outline.append(g.font.outline(g.glyph, in: font), applying: g.outlineTransform)
      }
      flush()
      try decoration(span.lineThrough, span.style.lineThrough, span)
    }
    return nodes
  }
}
