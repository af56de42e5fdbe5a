import SVGGeometry
import SVGTree
import Testing

@testable import SVGRender

/// SVG's "zero-length subpath": `M x y z`, `M x y l 0 0`, `M x y L x y` with round or square
/// caps draw a dot or a square (aligned with the x axis); butt caps and a lone moveto draw
/// nothing. Cairo draws the round ones by itself but not the square ones.
@Suite struct ZeroLengthSubpathTests {
  private func rendered() throws -> Bitmap {
    try FixtureFiles.tree("stroke/zero-length-subpaths.svg").rasterize(width: 120, height: 60)
  }

  @Test(arguments: [10, 30, 50, 70]) func roundCapsDrawADot(x: Int) throws {
    let bitmap = try rendered()
    #expect(bitmap.rgba(x: x, y: 15).a == 255)
    #expect(bitmap.rgba(x: x + 3, y: 15).a == 255)
    // A disc of radius 5, not a square: its bounding box's corner stays empty.
    #expect(bitmap.rgba(x: x + 4, y: 19).a < 64)
  }

  @Test(arguments: [10, 30, 50, 70, 100]) func squareCapsDrawASquare(x: Int) throws {
    let bitmap = try rendered()
    // The square covers x-5 ..< x+5 and y 40 ..< 50, corners included.
    for (dx, dy) in [(0, 0), (-5, -5), (4, -5), (-5, 4), (4, 4)] {
      #expect(bitmap.rgba(x: x + dx, y: 45 + dy).a >= 250, "at \(x + dx),\(45 + dy)")
    }
    #expect(bitmap.rgba(x: x + 6, y: 45).a == 0)
    #expect(bitmap.rgba(x: x, y: 51).a == 0)
  }

  @Test func buttCapsAndALoneMovetoDrawNothing() throws {
    let bitmap = try rendered()
    for y in 0..<60 {
      for x in 106..<120 where bitmap.rgba(x: x, y: y).a != 0 {
        Issue.record("painted at \(x),\(y)")
        return
      }
    }
  }

  @Test func onlyZeroLengthSubpathsChange() {
    var path = Path()
    path.move(to: Point(0, 0))
    path.line(to: Point(10, 0))
    path.move(to: Point(20, 20))
    path.line(to: Point(20, 20))
    var stroke = Stroke(paint: .color(.black))
    stroke.cap = .square
    stroke.width = 512
    let prepared = path.forStroking(stroke)
    #expect(Array(prepared.elements.prefix(2)) == [.move(Point(0, 0)), .line(Point(10, 0))])
    #expect(prepared.elements[2] == .move(Point(19, 20)))
    #expect(prepared.elements[3] == .line(Point(21, 20)))
    stroke.cap = .butt
    #expect(path.forStroking(stroke) == path)
  }

  /// A shape that is filled and stroked draws what its fill and its stroke draw as two
  /// shapes, in either paint order, also where the stroke's path is not the fill's: a
  /// zero-length subpath with square caps, a curve whose points lie on a line.
  @Test(arguments: ["normal", "stroke"]) func aFilledAndStrokedShapeIsItsFillAndItsStroke(
    _ order: String
  ) throws {
    let d = "M 10 10 L 50 10 L 50 40 Z M 80 30 Z M 60 50 C 70 50 90 50 110 50 L 90 20"
    let style = "stroke-linecap='square' stroke-width='6' stroke-opacity='0.6'"
    func tree(_ shapes: String) throws -> RenderTree {
      try RenderTree(
        document: Document(
          string: "<svg xmlns='http://www.w3.org/2000/svg' width='120' height='60'>\(shapes)</svg>")
      )
    }
    let both = try tree(
      "<path d='\(d)' fill='teal' stroke='navy' \(style) paint-order='\(order)'/>")
    let fill = "<path d='\(d)' fill='teal'/>"
    let stroke = "<path d='\(d)' fill='none' stroke='navy' \(style)/>"
    let apart = try tree(order == "normal" ? fill + stroke : stroke + fill)
    let size = (width: 120, height: 60)
    let one = try both.rasterize(width: size.width, height: size.height)
    #expect(one.pixels == (try apart.rasterize(width: size.width, height: size.height)).pixels)
    // The square of the zero-length subpath is drawn.
    #expect(one.rgba(x: 80, y: 30).a > 0)
  }
}
