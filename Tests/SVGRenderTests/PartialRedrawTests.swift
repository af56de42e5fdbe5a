import SVGGeometry
import SVGTree
import Testing

@testable import SVGRender

/// A redraw of the part of an image an edit changed (`RenderTree.rasterize(changedIn:onto:)`)
/// gives the bytes of a full render of the edited drawing, and draws no more rows than the
/// change and the paints it touches need.
@Suite struct PartialRedrawTests {
  /// A drawing with `circle` (a fill) in front of `scene`, at 200 x 200.
  static func tree(_ scene: String, circle: String) throws -> RenderTree {
    var options = RenderOptions()
    options.resources = .dataOnly
    return try RenderTree(
      document: Document(
        string: """
          <svg xmlns="http://www.w3.org/2000/svg" width="200" height="200">
          <linearGradient id="g" gradientTransform="rotate(21)">
            <stop stop-color="#f00"/><stop offset="0.5" stop-color="#0f0"/><stop offset="1" stop-color="#00f"/>
          </linearGradient>
          \(scene)<circle cx="150.3" cy="150.6" r="20.2" fill="\(circle)"/></svg>
          """), options: options)
  }

  /// Recolours the circle in front of `scene` and redraws; returns the rows redrawn.
  static func recolour(_ scene: String, scale: Double = 1) throws -> Range<Int> {
    let before = try tree(scene, circle: "navy")
    let after = try tree(scene, circle: "gold")
    let size = Size(width: 200 * scale, height: 200 * scale)
    let base = try before.rasterize(covering: size)
    guard case .region(let box) = after.change(since: before) else {
      Issue.record("a recolour is not a region")
      return 0..<0
    }
    let (bitmap, rows) = try after.rasterize(changedIn: box, onto: base, covering: size)
    let full = try after.rasterize(covering: size)
    let same = bitmap.pixels == full.pixels
    #expect(same)
    // In place, with the rows that differ from the earlier raster, found from the rows
    // the redraw saved: those a comparison of the whole images finds.
    var inPlace = base
    let redrawn = try after.redraw(changedIn: box, in: &inPlace, covering: size)
    let sameInPlace = inPlace.pixels == full.pixels
    #expect(sameInPlace && redrawn.drawn == rows)
    #expect(redrawn.changed == full.rows(differingFrom: base) && !redrawn.changed.isEmpty)
    return rows
  }

  @Test(arguments: [1.0, 1.37]) func plainShapesRedrawTheChangedRows(_ scale: Double) throws {
    let rows = try Self.recolour(
      "<rect x='10.5' y='10.2' width='180' height='180' fill='teal' stroke='black' stroke-width='3'/>",
      scale: scale)
    // The circle spans 130.4 ... 170.8, and a device pixel of margin on each side.
    #expect(
      rows == Int((130.4 * scale - 1).rounded(.down))..<Int((170.8 * scale + 1).rounded(.up)))
  }

  /// A gradient is placed in device space exactly (`DeviceGradient`), so the clip of the
  /// rows does not change its pixels: one under the change, in an opacity layer or in a
  /// mask is redrawn in the changed rows only (it grew the rows to its whole extent before
  /// gradients were placed so).
  @Test(arguments: [
    "<rect x='20' y='40.5' width='170' height='120' fill='url(#g)'/>",
    "<g opacity='0.6'><rect x='20' y='40.5' width='170' height='120' fill='url(#g)'/></g>",
    "<mask id='m'><rect x='0' y='0' width='200' height='170' fill='url(#g)'/></mask><rect width='200' height='200' fill='purple' mask='url(#m)'/>",
  ])
  func gradientsAreRedrawnInTheChangedRowsOnly(_ scene: String) throws {
    #expect(try Self.recolour(scene) == 129..<172)
  }

  /// A gradient that cannot be placed in device space (`UnplacedGradient`; it changes too
  /// little from row to row) is drawn whole when the change touches it, and the rest of the
  /// image is not drawn: the rectangle's rows with its margin, which hold the circle's.
  @Test func anUnplacedGradientIsRedrawnWhole() throws {
    let rows = try Self.recolour(
      """
      <linearGradient id='n' gradientUnits='userSpaceOnUse' x2='200' y2='0.1'>
        <stop stop-color='#0a0'/><stop offset='1' stop-color='#a0a'/></linearGradient>
      <rect x='20' y='100' width='90' height='80' fill='url(#n)'/>
      """)
    #expect(rows == 98..<182)
  }

  /// A pattern, an image, and strokes whose outline depends on the clip (a dashed one on
  /// curves, miter joins on curves, with a gradient too) are drawn whole when the change
  /// touches them, unless the stroke mask draws them (opaque colours, below).
  @Test(arguments: [
    "<pattern id='p' width='7' height='7' patternUnits='userSpaceOnUse'><rect width='4' height='4' fill='teal'/></pattern><rect x='20' y='40.5' width='170' height='120' fill='url(#p)'/>",
    "<ellipse cx='100' cy='110' rx='80' ry='60.5' fill='none' stroke='url(#g)' stroke-width='9'/>",
    "<path d='M20 190 C 60 20 120 20 185 140' fill='none' stroke='black' stroke-opacity='0.6' stroke-width='5' stroke-dasharray='7 3'/>",
    "<path d='M20 190 C 60 20 120 20 185 140 L 150 30 Z' fill='none' stroke='black' stroke-opacity='0.6' stroke-width='5'/>",
    "<g opacity='0.7'><path d='M20 190 C 60 20 120 20 185 140 L 150 30 Z' fill='none' stroke='black' stroke-width='5'/></g>",
    "<image x='30' y='30' width='160' height='150' preserveAspectRatio='none' href='data:image/gif;base64,R0lGODlhAQABAIAAAP///wAAACwAAAAAAQABAAACAkQBADs='/>",
  ])
  func clipDependentPaintsAreRedrawnWhole(_ scene: String) throws {
    let rows = try Self.recolour(scene)
    #expect(rows.lowerBound < 100)
  }

  /// A stroke of an opaque colour whose outline depends on the clip is drawn through the
  /// stroke mask (`StrokeMask`), as a full render draws it whatever the clip: only the
  /// changed rows are drawn.
  @Test(arguments: [
    "<path d='M20 190 C 60 20 120 20 185 140' fill='none' stroke='black' stroke-width='5' stroke-dasharray='7 3'/>",
    "<path d='M20 190 C 60 20 120 20 185 140 L 150 30 Z' fill='none' stroke='black' stroke-width='5'/>",
    "<path d='M-20 190 C 60 -40 120 20 185 140' fill='none' stroke='black' stroke-width='5' stroke-dasharray='7 3'/>",
  ])
  func opaqueClipDependentStrokesAreRedrawnInTheChangedRowsOnly(_ scene: String) throws {
    #expect(try Self.recolour(scene) == 129..<172)
  }

  /// Rows enough for two cores are drawn in two bands where the band plan finds an edge
  /// in them (here past a curve with miter joins, whose outline the clip can change), and
  /// the bytes are still the full render's.
  @Test func manyRowsAreDrawnInTwoBands() throws {
    let scene = """
      <rect x='10.5' y='10.2' width='180' height='180' fill='url(#g)' stroke='black'/>
      <path d='M 20 135 C 60 150 120 140 185 150' fill='none' stroke='navy'/>
      """
    // 1600 x 1600: the circle's rows are 1042 to 1368, the curve's (with its reach) about
    // 1035 to 1245.
    let rows = try Self.recolour(scene, scale: 8)
    let after = try Self.tree(scene, circle: "gold")
    var bitmap = try after.rasterize(covering: Size(width: 1600, height: 1600))
    let (drawing, budget) = (Size(width: 1600, height: 1600), PixelBudget(maxPixels: 1 << 26))
    let edges = after.regionEdges(rows, in: &bitmap, drawing: drawing, budget: budget)
    #expect(rows.count > 300 && edges.count == 3 && edges.first == rows.lowerBound)
    // Too few pixels for a second band.
    let few = rows.lowerBound..<(rows.lowerBound + 60)
    #expect(
      after.regionEdges(few, in: &bitmap, drawing: drawing, budget: budget) == [
        few.lowerBound, few.upperBound,
      ])
  }

  /// Shapes outside the redrawn rows are not drawn, but a shape whose points lie outside
  /// them and whose stroke reaches into them is: a square cap, a miter join's tip, a
  /// non-scaling stroke in a scaled group, a wide stroke under a rotation.
  @Test(arguments: [1.0, 1.37]) func strokesReachingIntoTheRowsAreDrawn(_ scale: Double) throws {
    let rows = try Self.recolour(
      """
      <line x1='40' y1='125' x2='190' y2='125' stroke='black' stroke-width='12' stroke-linecap='square'/>
      <line x1='40' y1='176' x2='190' y2='176' stroke='olive' stroke-width='11'/>
      <path d='M 120 100 L 135 126 L 150 100' fill='none' stroke='maroon' stroke-width='6' stroke-miterlimit='10'/>
      <g transform='scale(0.2)'><line x1='500' y1='622' x2='990' y2='622' stroke='teal' stroke-width='14' vector-effect='non-scaling-stroke'/></g>
      <g transform='rotate(90 160 100)'><line x1='184' y1='80' x2='184' y2='240' stroke='purple' stroke-width='12'/></g>
      <rect x='10' y='10' width='180' height='40' fill='gray'/>
      """,
      scale: scale)
    #expect(rows.lowerBound > Int(100 * scale) && rows.upperBound < Int(180 * scale))
  }

  /// Under a skew a stroke reaches further down the page than its width times the length of
  /// either column of the matrix: here a disc of the stroke maps to an ellipse whose half
  /// height is 1.41 × half the width (the length of the matrix's second row), not 1.0 ×. The
  /// line lies at row 104, 25 rows above the redrawn ones, and its stroke reaches row 132.
  @Test func aStrokeUnderASkewReachesByTheRowOfItsMatrix() throws {
    let rows = try Self.recolour(
      """
      <g transform='matrix(0.05 1 -0.05 1 20 0)'>
        <line x1='0' y1='104' x2='1000' y2='-896' stroke='purple' stroke-width='40' stroke-linejoin='round'/></g>
      """)
    #expect(rows.lowerBound > 104)
  }

  /// A translucent dashed curve that leaves the canvas is redrawn whole too, from the
  /// canvas's top row.
  @Test func aClipDependentStrokeBeyondTheCanvasIsRedrawnWhole() throws {
    let rows = try Self.recolour(
      "<path d='M-20 190 C 60 -40 120 20 185 140' fill='none' stroke='black' stroke-opacity='0.6' stroke-width='5' stroke-dasharray='7 3'/>"
    )
    #expect(rows.lowerBound == 0)
  }

  /// A filter reads pixels beyond its shapes: a full render.
  @Test func aFilterRedrawsEverything() throws {
    let scene =
      "<filter id='f'><feGaussianBlur stdDeviation='2'/></filter><rect x='5' y='5' width='20' height='20' filter='url(#f)'/>"
    let tree = try Self.tree(scene, circle: "gold")
    let size = Size(width: 200, height: 200)
    let base = try Self.tree(scene, circle: "navy").rasterize(covering: size)
    let (bitmap, rows) = try tree.rasterize(
      changedIn: Rect(x: 130, y: 130, width: 41, height: 41), onto: base, covering: size)
    let full = try tree.rasterize(covering: size)
    let same = bitmap.pixels == full.pixels
    #expect(rows == 0..<200 && same)
  }

  /// A region that misses the canvas redraws nothing.
  @Test func aChangeOffTheCanvasRedrawsNothing() throws {
    let tree = try Self.tree("", circle: "gold")
    let size = Size(width: 200, height: 200)
    let base = try tree.rasterize(covering: size)
    let (bitmap, rows) = try tree.rasterize(
      changedIn: Rect(x: 10, y: 300, width: 20, height: 20), onto: base, covering: size)
    let same = bitmap.pixels == base.pixels
    #expect(rows.isEmpty && same)
  }
}
