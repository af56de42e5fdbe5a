import CHarfBuzz
import SVGGeometry
import SVGTree

/// Colour glyphs from a font's `COLR`/`CPAL` tables (version 0 layers): each layer is a
/// glyph outline filled with a palette colour, or with the text's fill for the foreground
/// colour entry.
enum ColorGlyph {
  static func layers(_ g: PositionedGlyph, fill: Fill?) -> [PathNode]? {
    let font = g.font
    guard font.hasColorLayers else { return nil }
    var count: UInt32 = 0
    let total = hb_ot_color_glyph_get_layers(font.face, g.glyph, 0, &count, nil)
    guard total > 0 else { return nil }
    var layers = [hb_ot_color_layer_t](repeating: hb_ot_color_layer_t(), count: Int(total))
    count = total
    _ = hb_ot_color_glyph_get_layers(font.face, g.glyph, 0, &count, &layers)
    var colorCount: UInt32 = 0
    let paletteSize = hb_ot_color_palette_get_colors(font.face, 0, 0, &colorCount, nil)
    var palette = [hb_color_t](repeating: 0, count: Int(paletteSize))
    colorCount = paletteSize
    _ = hb_ot_color_palette_get_colors(font.face, 0, 0, &colorCount, &palette)
    let hbFont = font.font(variations: g.variations)
    var out: [PathNode] = []
    for layer in layers.prefix(Int(count)) {
      let path = font.outline(layer.glyph, in: hbFont).applying(g.outlineTransform)
      guard !path.isEmpty else { continue }
      var node = PathNode(source: nil, path: path)
      if layer.color_index == 0xFFFF || Int(layer.color_index) >= palette.count {
        node.fill = fill
      } else {
        let c = palette[Int(layer.color_index)]
        let color = Color(
          r: UInt8(truncatingIfNeeded: c >> 8), g: UInt8(truncatingIfNeeded: c >> 16),
          b: UInt8(truncatingIfNeeded: c >> 24), alpha: Double(c & 0xFF) / 255)
        node.fill = Fill(paint: .color(color), opacity: 1, rule: .nonZero)
      }
      out.append(node)
    }
    return out
  }
}
