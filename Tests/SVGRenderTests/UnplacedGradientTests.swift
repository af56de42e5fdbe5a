import SVGGeometry
import SVGTree
import Testing

@testable import SVGRender

/// A gradient that cannot be placed in device space (`UnplacedGradient`) draws as in the
/// whole image in a band whose clip holds its shape's rows: the band plan keeps edges off
/// it, a band that cuts it raises the band hazard, and a partial redraw grows over it.
@Suite struct UnplacedGradientTests {
  /// A 400 × 400 drawing: a plain background, and a rectangle over rows 150 to 250 filled
  /// with a linear gradient that changes too little from row to row to be placed
  /// (`DeviceGradient`), in `wrapper`'s group.
  static func tree(wrapper: String = "<g>") throws -> RenderTree {
    try RenderTree(
      document: Document(
        string: """
          <svg xmlns="http://www.w3.org/2000/svg" width="400" height="400">
            <linearGradient id="t" gradientUnits="userSpaceOnUse" x2="400" y2="0.1">
              <stop stop-color="#0a0"/><stop offset="1" stop-color="#a0a"/></linearGradient>
            <rect width="400" height="400" fill="#eed"/>
            \(wrapper)<rect x="10" y="150" width="380" height="100" fill="url(#t)"/></g>
          </svg>
          """))
  }

  static let size = Size(width: 400, height: 400)

  @Test func theBandPlanKeepsEdgesOffItsShape() throws {
    let tree = try Self.tree()
    #expect(tree.surveyRefusal(width: 400, height: 400) == nil)
    var edges: [Int] = []
    #expect(tree.bandRefusal(width: 400, height: 400, count: 2, edges: &edges) == nil)
    // The rectangle's box with its margin is rows 148 to 252; the band below the edge
    // draws 8 rows above it, the band above 8 below.
    #expect(edges.count == 3 && (edges[1] <= 139 || edges[1] >= 261), "\(edges)")
    let one = try tree.rasterize(covering: Self.size, bands: 1)
    for bands in [2, 3, 7] {
      let banded = try tree.rasterize(covering: Self.size, bands: bands)
      #expect(BandedRasterTests.difference(one, banded) == nil, "\(bands) bands")
    }
  }

  /// Every band top is tried: a band whose clip cuts the rectangle raises the hazard, and no
  /// other differs from the whole image. (Without the hazard, the bands at tops 148 to 150
  /// differ: their clips hold a few of its rows, which pixman then takes for level.)
  @Test func aBandThatCutsItsShapeRaisesTheHazard() throws {
    let tree = try Self.tree()
    let one = try tree.rasterize(covering: Self.size, bands: 1)
    let tops = tree.bandTops(
      1..<400, differingFrom: one, covering: Self.size, depth: 16,
      settle: RenderTree.bandSettleRows)
    #expect(tops.differing.isEmpty, "\(tops.differing)")
    #expect(tops.hazards == Array(125...259))
  }

  /// On a layer (here an opacity group), whose size and origin the band's clip sets, such a
  /// gradient keeps the image in one band.
  @Test func onALayerItKeepsTheImageInOneBand() throws {
    let tree = try Self.tree(wrapper: "<g opacity='0.5'>")
    #expect(tree.surveyRefusal(width: 400, height: 400)?.contains("on a layer") == true)
    let one = try tree.rasterize(covering: Self.size, bands: 1)
    let two = try tree.rasterize(covering: Self.size, bands: 2)
    #expect(BandedRasterTests.difference(one, two) == nil)
  }
}
