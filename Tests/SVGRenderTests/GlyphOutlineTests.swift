import CHarfBuzz
import SVGGeometry
import Testing

@testable import SVGRender

@Suite(.enabled(if: haveFonts, "suite fonts not found at \(suiteFonts)"))
struct GlyphOutlineTests {
  @Test func aKeptOutlineIsTheOneHarfBuzzDraws() throws {
    let noto = try suiteFace("Noto Sans")
    var glyph: hb_codepoint_t = 0
    #expect(hb_font_get_nominal_glyph(noto.font, 0x67, &glyph) != 0)  // g
    let drawn = GlyphOutline.path(glyph, font: noto.font)
    #expect(!drawn.isEmpty)
    #expect(noto.outline(glyph, in: noto.font) == drawn)
    let kept = noto.keptOutlineElements
    #expect(noto.outline(glyph, in: noto.font) == drawn)
    #expect(noto.keptOutlineElements == kept)
  }

  @Test func theKeptOutlinesStayWithinTheirBound() throws {
    let amiri = try suiteFace("Amiri")
    let count = hb_face_get_glyph_count(amiri.face)
    var drawnElements = 0
    for glyph in 0..<count {
      let drawn = GlyphOutline.path(glyph, font: amiri.font)
      drawnElements += drawn.elements.count
      #expect(amiri.outline(glyph, in: amiri.font) == drawn)
    }
    // The font holds more than the bound, so the bound is what stops the keeping.
    #expect(drawnElements > LoadedFont.maxKeptOutlineElements)
    #expect(amiri.keptOutlineElements <= LoadedFont.maxKeptOutlineElements)
    #expect(amiri.keptOutlineElements > LoadedFont.maxKeptOutlineElements / 2)
  }
}
