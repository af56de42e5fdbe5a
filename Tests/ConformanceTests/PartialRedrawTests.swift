import Foundation
import SVGGeometry
import SVGRender
import TestSupport
import Testing

/// A redraw of part of an image (what a session does after an edit) gives the bytes of a
/// full render: every suite file is rendered in full, then two boxes of it (placed at random,
/// fractional, some crossing the edges) are cleared and drawn again from the same tree onto
/// that render, and the pixels compared. Gradients, patterns, images, dashes and joins on
/// curves grow the redrawn area to their whole extent; filters give a full render.
@Suite(
  .enabled(
    if: SuiteCase.suiteExists || SuiteCase.isCI,
    "SVG suite not found at \(SuiteCase.suiteDirectory); set SVG_SUITE_DIR (under CI=true this fails)"
  ))
struct PartialRedrawTests {
  @Test(arguments: ConformanceTests.areas) func partialRedrawsDrawTheBytesOfAFullRender(
    _ area: String
  ) {
    var partial = 0
    for c in SuiteCase.all(in: area) {
      guard let tree = try? SuiteRenderer.tree(c.svg, resources: SuiteCase.suiteDirectory),
        let reference = try? Bitmap(pngFile: c.png)
      else { continue }
      let size = SuiteRenderer.size(of: tree, width: reference.width)
      // A render over its time budget (a heavy filter on a loaded machine) is not compared.
      guard let full = try? tree.rasterize(covering: size, bands: 1) else { continue }
      // Seeded by the name (FNV-1a), so a failure repeats.
      var random = SplitMix(
        seed: c.name.utf8.reduce(0xcbf2_9ce4_8422_2325) { ($0 ^ UInt64($1)) &* 0x100_0000_01b3 })
      for _ in 0..<2 {
        let w = tree.size.width
        let h = tree.size.height
        let box = Rect(
          x: random.next() * w * 1.1 - w * 0.05, y: random.next() * h * 1.1 - h * 0.05,
          width: random.next() * w * 0.4, height: random.next() * h * 0.4)
        guard let (bitmap, rows) = try? tree.rasterize(changedIn: box, onto: full, covering: size)
        else { continue }
        if rows.count < full.height { partial += 1 }
        let same = bitmap.pixels == full.pixels
        #expect(same, "\(c.name): a redraw of \(box) differs")
      }
    }
    print("partial redraw \(area): \(partial) redraws of part of the image")
    #expect(partial > 0, "no redraw of \(area) was partial: the comparison proved nothing")
  }
}
