import Foundation
import SVGRender
import Testing

/// An image drawn in horizontal bands on several cores at once is byte-identical to the same
/// image drawn in one band: every suite file whose render tree can be banded is rasterized
/// both ways (three bands, so that band edges cut through shapes, strokes, clips, masks and
/// opacity layers) and the pixels compared.
@Suite(
  .enabled(
    if: SuiteCase.suiteExists || SuiteCase.isCI,
    "SVG suite not found at \(SuiteCase.suiteDirectory); set SVG_SUITE_DIR (under CI=true this fails)"
  ))
struct BandedRasterTests {
  @Test(arguments: ConformanceTests.areas) func bandsDrawTheSamePixelsAsOneBand(_ area: String) {
    var banded = 0
    for c in SuiteCase.all(in: area) {
      // Files that fail to build are the conformance tests' business, not this one's.
      guard let tree = try? SuiteRenderer.tree(c.svg, resources: SuiteCase.suiteDirectory),
        let reference = try? Bitmap(pngFile: c.png)
      else { continue }
      let size = SuiteRenderer.size(of: tree, width: reference.width)
      // A render over its time budget (a heavy filter on a loaded machine) is not compared.
      guard let one = try? tree.rasterize(covering: size, bands: 1),
        let three = try? tree.rasterize(covering: size, bands: 3)
      else { continue }
      if tree.isBandable { banded += 1 }
      let same = one.pixels == three.pixels
      #expect(same, "\(c.name): the banded pixels differ from one band's")
    }
    print("banded raster \(area): \(banded) of the files drawn in bands")
    #expect(banded > 0, "no file of \(area) was drawn in bands: the comparison proved nothing")
  }
}
