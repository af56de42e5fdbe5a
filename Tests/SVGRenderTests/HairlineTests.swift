import CCairo
import Foundation
import SVGGeometry
import SVGTree
import Testing

@testable import SVGRender

/// Strokes thinner than a device pixel are drawn as hairlines (`Hairline`): the ink of the
/// exact stroke, at every angle and under any matrix, the same in every band.
@Suite struct HairlineTests {
  static func tree(_ content: String, size: Int) throws -> RenderTree {
    let svg = """
      <svg xmlns="http://www.w3.org/2000/svg" width="\(size)" height="\(size)">\(content)</svg>
      """
    return try RenderTree(document: Document(string: svg))
  }

  static func render(_ content: String, size: Int = 100, bands: Int = 1) throws -> Bitmap {
    try tree(content, size: size).rasterize(
      covering: Size(width: Double(size), height: Double(size)), bands: bands)
  }

  /// The ink of an image: its alpha summed, in pixels of full coverage.
  static func ink(_ b: Bitmap) -> Double {
    var sum = 0
    for y in 0..<b.height {
      for x in 0..<b.width { sum += Int(b.rgba(x: x, y: y).a) }
    }
    return Double(sum) / 255
  }

  /// A line's ink is its length times its width whatever its angle (a one-pixel line
  /// scaled by the width, as Skia draws hairlines, has 29% less at 45 degrees), and it
  /// lies on the two pixels nearest the line in each column or row.
  @Test(arguments: [0.0, 10, 30, 45, 60, 80, 90, 135])
  func aThinLineHasTheInkOfItsAreaAtEveryAngle(_ degrees: Double) throws {
    let (c, s) = (cos(degrees * .pi / 180), sin(degrees * .pi / 180))
    let (x0, y0, x1, y1) = (50 - 30 * c, 50.3 - 30 * s, 50 + 30 * c, 50.3 + 30 * s)
    let image = try Self.render(
      "<path d='M\(x0) \(y0) L\(x1) \(y1)' stroke='black' stroke-width='0.4'/>")
    #expect(abs(Self.ink(image) - 60 * 0.4) < 0.02 * 24)
    var touched = 0
    for y in 0..<100 {
      for x in 0..<100 where image.rgba(x: x, y: y).a > 0 { touched += 1 }
    }
    #expect(touched <= 2 * (Int(60 * max(abs(c), abs(s))) + 2))
  }

  /// Under a matrix that stretches one axis and shrinks the other, each line's width
  /// across it on the device is its own: 0.24 x 0.25 across the horizontal line (on the
  /// centres of one row of pixels), 0.24 x 4 across the vertical one.
  @Test func theWidthAcrossEachPieceFollowsTheMatrix() throws {
    let horizontal = try Self.render(
      "<path d='M2 202 H22' stroke='black' stroke-width='0.24' transform='scale(4 0.25)'/>")
    #expect(abs(Self.ink(horizontal) - 80 * 0.06) < 0.15)
    let vertical = try Self.render(
      "<path d='M10 40 V120' stroke='black' stroke-width='0.24' transform='scale(4 0.25)'/>")
    #expect(abs(Self.ink(vertical) - 20 * 0.96) < 0.2)
  }

  /// Caps lengthen an open line by their ink: half the width at each end for a square
  /// cap, a half disc's area for a round one; a closed subpath has none.
  @Test func capsAddTheirInk() throws {
    func ink(_ cap: String, _ d: String = "M30 40.5 H70") throws -> Double {
      Self.ink(
        try Self.render(
          "<path d='\(d)' stroke='black' stroke-width='0.8' stroke-linecap='\(cap)' fill='none'/>"
        ))
    }
    let butt = try ink("butt")
    #expect(abs(butt - 40 * 0.8) < 0.1)
    #expect(abs(try ink("square") - butt - 0.64) < 0.1)
    #expect(abs(try ink("round") - butt - Double.pi * 0.64 / 4) < 0.1)
    let square = "M30.5 30.5 h40 v40 h-40 z"
    let closed = try ink("square", square)
    #expect(abs(closed - 160 * 0.8) < 0.1, "\(closed)")
  }

  /// Which strokes are hairlines: thinner than a pixel across every direction, solid,
  /// antialiased, on an image.
  @Test func onlyThinSolidAntialiasedStrokesOnImagesAreHairlines() throws {
    func hairline(
      width: Double,
      matrix: cairo_matrix_t = cairo_matrix_t(xx: 1, yx: 0, xy: 0, yy: 1, x0: 0, y0: 0),
      dashes: [Double]? = nil, antialias: cairo_antialias_t = CAIRO_ANTIALIAS_DEFAULT,
      surface: OpaquePointer = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, 50, 50)
    ) -> Bool {
      defer { cairo_surface_destroy(surface) }
      let cr = cairo_create(surface)!
      defer { cairo_destroy(cr) }
      var m = matrix
      cairo_set_matrix(cr, &m)
      cairo_set_antialias(cr, antialias)
      cairo_move_to(cr, 1, 1)
      cairo_curve_to(cr, 20, 1, 30, 10, 40, 40)
      var stroke = Stroke(paint: .color(Color(r: 0, g: 0, b: 0)))
      stroke.width = width
      stroke.dashes = dashes
      guard let line = Hairline(stroke, on: cr) else { return false }
      if let mask = line.surface { cairo_surface_destroy(mask) }
      return true
    }
    #expect(hairline(width: 0.99))
    #expect(!hairline(width: 1))
    #expect(
      hairline(width: 0.3, matrix: cairo_matrix_t(xx: 3, yx: 0, xy: 0, yy: 0.1, x0: 0, y0: 0)))
    #expect(
      !hairline(width: 0.4, matrix: cairo_matrix_t(xx: 3, yx: 0, xy: 0, yy: 0.1, x0: 0, y0: 0)))
    #expect(!hairline(width: 0.5, dashes: [2, 1]))
    #expect(!hairline(width: 0.5, antialias: CAIRO_ANTIALIAS_NONE))
    #expect(
      !hairline(width: 0.5, surface: cairo_recording_surface_create(CAIRO_CONTENT_COLOR_ALPHA, nil))
    )
  }

  /// Thin spirals of curves crossing every band edge, as they are and under a rotation and
  /// a stretch (where cairo's stroker would chord the curves at a band's edge, see
  /// `BandChords`): each pixel's ink depends only on the path, so any band split gives the
  /// bytes of one band, and no band raises the hazard that draws the image again whole.
  @Test(arguments: [2, 3, 7, 200])
  func bandsDrawTheBytesOfOneBand(_ bands: Int) throws {
    var content = ""
    for k in 0..<6 {
      let (cx, cy) = (50 + Double(k % 3) * 50, 60 + Double(k / 3) * 80)
      var d = "M\(cx + 3) \(cy)"
      for t in 1..<60 {
        let (a, r) = (Double(t) * 0.5, 3 + Double(t) * 0.7)
        let (m, rm) = (a - 0.25, r - 0.35)
        d += " Q\(cx + rm * cos(m) / cos(0.25)) \(cy + rm * sin(m) / cos(0.25))"
        d += " \(cx + r * cos(a)) \(cy + r * sin(a))"
      }
      content +=
        "<path d='\(d)' stroke='navy' stroke-width='0.\(2 + k)' fill='none' "
        + "stroke-linecap='\(["butt", "round", "square"][k % 3])'/>"
    }
    content += "<g transform='rotate(17 100 100) scale(1.3 0.7)'>\(content)</g>"
    let one = try Self.render(content, size: 200)
    let banded = try Self.render(content, size: 200, bands: bands)
    #expect(one.pixels.elementsEqual(banded.pixels), "\(bands) bands")
    #expect(Self.ink(one) > 100)
    // Drawn in bands, not again whole: no band starting at any row raises the hazard.
    let tops = try Self.tree(content, size: 200).bandTops(
      stride(from: 1, to: 200, by: bands), differingFrom: one,
      covering: Size(width: 200, height: 200), depth: 16, settle: RenderTree.bandSettleRows)
    #expect(tops.differing.isEmpty && tops.hazards.isEmpty)
  }
}
