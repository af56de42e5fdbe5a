import SVGGeometry
import SVGTree
import Testing

@testable import SVGRender

/// A fractional output size rounds the canvas up (as rsvg-convert does) but never stretches
/// the drawing: it is scaled by the exact ratio and the last fraction of a pixel stays empty.
@Suite struct OutputSizeTests {
  private func png(_ name: String, _ change: (inout RenderRequest) -> Void = { _ in }) throws
    -> Bitmap
  {
    let document = try FixtureFiles.document(name)
    let tree = try RenderTree(document: document)
    var request = RenderRequest()
    change(&request)
    let bytes = try request.render(tree)
    return try ImageDecoder.decode(bytes, format: .png, maxPixels: 1 << 24)
  }

  @Test func fractionalIntrinsicSizeIsNotStretched() throws {
    // width="16.03125": 17 px, the 16 px square drawn at 16 px, not at 17.
    let bitmap = try png("size/fractional-icon.svg")
    #expect((bitmap.width, bitmap.height) == (17, 17))
    #expect(bitmap.rgba(x: 15, y: 15).a == 255)
    #expect(bitmap.rgba(x: 16, y: 8).a == 0)
    #expect(bitmap.rgba(x: 8, y: 16).a == 0)
  }

  @Test func widthGivingAFractionalHeightScalesByTheExactRatio() throws {
    // 100 x 181.4666 at -w 300: 544.4 px tall on a 545 px canvas.
    let bitmap = try png("size/fractional-height.svg") { $0.width = 300 }
    #expect((bitmap.width, bitmap.height) == (300, 545))
    // Both axes scaled by 3: the blue half ends at x = 150, the drawing at y = 544.4.
    #expect(bitmap.rgba(x: 149, y: 300).a == 255)
    #expect(bitmap.rgba(x: 150, y: 300).a == 0)
    #expect(bitmap.rgba(x: 10, y: 543).a == 255)
    let lastRow = Int(bitmap.rgba(x: 10, y: 544).a)
    #expect(abs(lastRow - 102) <= 3, "the last row is 0.4 covered, not stretched full")
  }

  @Test func backgroundFillsTheWholeCanvas() throws {
    let bitmap = try png("size/fractional-icon.svg") { $0.background = Color(r: 255, g: 0, b: 0) }
    let corner = bitmap.rgba(x: 16, y: 16)
    #expect(corner.a == 255 && corner.r == 255 && corner.b == 0)
  }

  @Test func deviceScaleKeepsTheRatioExact() throws {
    // --scale 2: 32.0625 device px on a 33 px canvas; the square covers 32.
    let bitmap = try png("size/fractional-icon.svg") { $0.scale = 2 }
    #expect((bitmap.width, bitmap.height) == (33, 33))
    #expect(bitmap.rgba(x: 31, y: 31).a == 255)
    #expect(bitmap.rgba(x: 32, y: 31).a == 0)
  }

  @Test func canvasCoveringRefusesEmptyAndHugeSizes() {
    #expect(throws: RenderError.self) {
      try RenderTree.canvas(covering: Size(width: 0, height: 10), limits: .default)
    }
    #expect(throws: RenderError.self) {
      try RenderTree.canvas(covering: Size(width: 1e12, height: 1e12), limits: .default)
    }
    #expect(
      (try? RenderTree.canvas(covering: Size(width: 16.0000000001, height: 2.5), limits: .default))
        ?? (0, 0) == (16, 3))
  }
}
