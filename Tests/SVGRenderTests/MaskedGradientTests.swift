import CCairo
import SVGGeometry
import Testing

@testable import SVGRender

/// A fill painted with a placed gradient goes through its coverage (`MaskedGradient`): the
/// pixels of cairo's own fill, to a level, under clips, with the path kept for what follows.
@Suite struct MaskedGradientTests {
  /// Fills a star over a grey background with a radial gradient, in place when `masked` is
  /// false, else through its coverage; under a circular clip when `clipped`.
  static func draw(masked: Bool, clipped: Bool) -> (Bitmap, keptPath: Bool) {
    let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, 120, 100)!
    defer { cairo_surface_destroy(surface) }
    let cr = cairo_create(surface)!
    defer { cairo_destroy(cr) }
    cairo_set_source_rgba(cr, 0.5, 0.5, 0.5, 0.6)
    cairo_paint(cr)
    if clipped {
      cairo_arc(cr, 60, 50, 38.3, 0, 2 * .pi)
      cairo_clip(cr)
    }
    cairo_scale(cr, 1.25, 1)
    cairo_move_to(cr, 48, 4.2)
    for (x, y) in [(61, 90.5), (8.3, 33), (88, 33), (35.5, 90.5)] { cairo_line_to(cr, x, y) }
    cairo_close_path(cr)
    let gradient = cairo_pattern_create_radial(50, 40, 3, 60, 50, 45)!
    defer { cairo_pattern_destroy(gradient) }
    cairo_pattern_add_color_stop_rgba(gradient, 0, 1, 0.8, 0, 1)
    cairo_pattern_add_color_stop_rgba(gradient, 1, 0, 0.2, 0.7, 0.5)
    let box = Rect(x: 8, y: 2, width: 104, height: 91)
    #expect(MaskedGradient.isWorthIt(box))
    let fill = { cairo_fill_preserve(cr) }
    if masked {
      MaskedGradient.draw(gradient, on: cr, box: box, fill)
    } else {
      DeviceGradient.draw(gradient, on: cr, fill)
    }
    let kept = cairo_has_current_point(cr) != 0
    cairo_surface_flush(surface)
    return (Bitmap(copying: surface), kept)
  }

  @Test(arguments: [false, true])
  func aMaskedFillHasThePixelsOfCairosFillToALevel(clipped: Bool) {
    let (inPlace, _) = Self.draw(masked: false, clipped: clipped)
    let (masked, kept) = Self.draw(masked: true, clipped: clipped)
    #expect(kept)
    var largest = 0
    var changed = 0
    for y in 0..<100 {
      for x in 0..<120 {
        let (a, b) = (inPlace.rgba(x: x, y: y), masked.rgba(x: x, y: y))
        let d = [
          Int(a.r) - Int(b.r), Int(a.g) - Int(b.g), Int(a.b) - Int(b.b), Int(a.a) - Int(b.a),
        ]
        .map(abs).max()!
        largest = max(largest, d)
        if d > 0 { changed += 1 }
      }
    }
    #expect(largest <= 1, "\(changed) pixels differ")
    // The gradient was painted: the star differs from the background.
    #expect(masked.rgba(x: 60, y: 50) != inPlace.rgba(x: 1, y: 1))
  }

  @Test func onlyBoxesOfSomeRowsAndBoundedAreaAreMasked() {
    #expect(MaskedGradient.isWorthIt(Rect(x: 0.5, y: 0.2, width: 40, height: 3.5)))
    #expect(!MaskedGradient.isWorthIt(Rect(x: 0, y: 0, width: 400, height: 2.5)))
    #expect(!MaskedGradient.isWorthIt(Rect(x: 0, y: 0, width: 1024, height: 1025)))
    #expect(MaskedGradient.isWorthIt(Rect(x: 0, y: 0, width: 1024, height: 1024)))
    #expect(!MaskedGradient.isWorthIt(Rect(x: 0, y: 0, width: .infinity, height: 10)))
  }
}
