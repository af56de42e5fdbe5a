import CHarfBuzz
import SVGGeometry

/// Glyph outlines through HarfBuzz's draw API (`glyf`, `CFF`, `CFF2`, with variations), in
/// font units with y pointing up, as the font stores them.
enum GlyphOutline {
  private final class Sink {
    var path = Path()
  }

  nonisolated(unsafe) private static let funcs: OpaquePointer = {
    let f = hb_draw_funcs_create()!
    hb_draw_funcs_set_move_to_func(
      f,
      { _, data, _, x, y, _ in
        sink(data).path.move(to: Point(Double(x), Double(y)))
      }, nil, nil)
    hb_draw_funcs_set_line_to_func(
      f,
      { _, data, _, x, y, _ in
        sink(data).path.line(to: Point(Double(x), Double(y)))
      }, nil, nil)
    hb_draw_funcs_set_quadratic_to_func(
      f,
      { _, data, _, cx, cy, x, y, _ in
        sink(data).path.quad(
          to: Point(Double(x), Double(y)), control: Point(Double(cx), Double(cy)))
      }, nil, nil)
    hb_draw_funcs_set_cubic_to_func(
      f,
      { _, data, _, c1x, c1y, c2x, c2y, x, y, _ in
        sink(data).path.cubic(
          to: Point(Double(x), Double(y)), control1: Point(Double(c1x), Double(c1y)),
          control2: Point(Double(c2x), Double(c2y)))
      }, nil, nil)
    hb_draw_funcs_set_close_path_func(f, { _, data, _, _ in sink(data).path.close() }, nil, nil)
    hb_draw_funcs_make_immutable(f)
    return f
  }()

  private static func sink(_ data: UnsafeMutableRawPointer?) -> Sink {
    Unmanaged<Sink>.fromOpaque(data!).takeUnretainedValue()
  }

  /// The outline of `glyph` in `font` (an `hb_font_t` at units-per-em scale).
  static func path(_ glyph: UInt32, font: OpaquePointer) -> Path {
    let sink = Sink()
    withExtendedLifetime(sink) {
      hb_font_get_glyph_shape(font, glyph, funcs, Unmanaged.passUnretained(sink).toOpaque())
    }
    return sink.path
  }
}
