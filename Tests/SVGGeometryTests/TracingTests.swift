import Foundation
import SVGGeometry
import Testing

/// A mask with pixels on where a fixed pseudo-random sequence says so (about 1 in `sparsity`).
private func scattered(_ w: Int, _ h: Int, sparsity: UInt64) -> PixelMask {
  var state: UInt64 = 0x9E37_79B9_7F4A_7C15
  return PixelMask(width: w, height: h) { _, _ in
    state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
    return (state >> 33) % sparsity == 0
  }
}

private func signedArea(_ p: [Point]) -> Double {
  p.indices.reduce(0) { $0 + p[$1].cross(p[($1 + 1) % p.count]) } / 2
}

@Suite struct PixelMaskTests {
  @Test(arguments: [0.5, 1, 1.5, 2.9, 7.2])
  func dilationMatchesTheDefinition(radius: Double) {
    var mask = scattered(37, 29, sparsity: 40)
    for y in 0..<mask.height where y < 10 || y > 14 {
      for x in 0..<mask.width { mask[x, y] = false }
    }
    let on = (0..<mask.height).flatMap { y in (0..<mask.width).map { (x: $0, y: y) } }
      .filter { mask[$0.x, $0.y] }
    let grown = mask.dilated(by: radius)
    for y in 0..<mask.height {
      for x in 0..<mask.width {
        let near = on.contains { p in
          Double((p.x - x) * (p.x - x) + (p.y - y) * (p.y - y)) <= radius * radius
        }
        #expect(grown[x, y] == near, "(\(x), \(y))")
      }
    }
  }

  @Test func floodIsFourConnected() {
    var mask = PixelMask(width: 5, height: 5)
    for (x, y) in [(1, 1), (2, 1), (2, 2), (3, 3), (4, 3)] { mask[x, y] = true }
    let c = mask.component(containing: 1, 1)
    #expect(c.count == 3)
    #expect(!c[3, 3])
    #expect(mask.component(containing: 0, 0).count == 0)
    #expect(!c.touchesEdge)
    #expect(mask.component(containing: 4, 3).touchesEdge)
  }
}

@Suite struct ContourTracingTests {
  @Test func aPixelIsADiamond() {
    var mask = PixelMask(width: 3, height: 3)
    mask[1, 1] = true
    let contours = ContourTracing.contours(of: mask)
    try? #require(contours.count == 1)
    #expect(Set(contours[0]) == [Point(1.5, 1), Point(2, 1.5), Point(1.5, 2), Point(1, 1.5)])
    #expect(abs(signedArea(contours[0])) == 0.5)
  }

  @Test func aHoleRunsTheOtherWay() {
    let mask = PixelMask(width: 7, height: 7) { x, y in
      (1...5).contains(x) && (1...5).contains(y) && !(x == 3 && y == 3)
    }
    let contours = ContourTracing.contours(of: mask)
    #expect(contours.count == 2)
    let areas = contours.map(signedArea)
    #expect(areas.contains { $0 < -10 } && areas.contains { $0 > 0 })
    // The outer outline through the midpoints around the 5x5 block: 25 minus the 4 corners.
    #expect(areas.map(abs).max() == 24.5)
  }

  @Test func diagonalNeighboursStayApart() {
    var mask = PixelMask(width: 4, height: 4)
    mask[1, 1] = true
    mask[2, 2] = true
    #expect(ContourTracing.contours(of: mask).count == 2)
  }
}

@Suite struct CurveFittingTests {
  @Test func aTracedDiscBecomesAFewCurvesNearTheCircle() throws {
    let mask = PixelMask(width: 80, height: 80) { x, y in
      Point(Double(x) + 0.5, Double(y) + 0.5).distance(to: Point(40, 40)) < 30
    }
    let polygon = try #require(ContourTracing.contours(of: mask).first)
    let outline = CurveFitting.closedOutline(polygon, tolerance: 0.5)
    let cubics = outline.filter { if case .cubic = $0 { true } else { false } }
    #expect(cubics.count >= 4 && cubics.count <= 16, "\(cubics.count) curves")
    for line in Path(outline).flattened(tolerance: 0.05) {
      for p in line.points { #expect(abs(p.distance(to: Point(40, 40)) - 30) < 1) }
    }
  }

  @Test func aLargeDiscNeedsFewCurves() throws {
    let mask = PixelMask(width: 1000, height: 1000) { x, y in
      Point(Double(x) + 0.5, Double(y) + 0.5).distance(to: Point(500, 500)) < 450
    }
    let polygon = try #require(ContourTracing.contours(of: mask).first)
    let outline = CurveFitting.closedOutline(polygon, tolerance: 0.5)
    #expect(outline.count <= 40, "\(outline.count - 2) curves")
  }

  @Test func aSquareKeepsItsCorners() throws {
    let mask = PixelMask(width: 40, height: 40) { x, y in
      (5..<35).contains(x) && (5..<35).contains(y)
    }
    let polygon = try #require(ContourTracing.contours(of: mask).first)
    let outline = CurveFitting.closedOutline(polygon, tolerance: 0.5)
    let ends = outline.compactMap { e -> Point? in
      if case .cubic(_, _, let p) = e { return p }
      return nil
    }
    for corner in [Point(5, 5), Point(35, 5), Point(35, 35), Point(5, 35)] {
      #expect(ends.contains { $0.distance(to: corner) < 0.8 }, "corner \(corner)")
    }
  }

  @Test func pathDataIsRounded() {
    let path = Path([
      .move(Point(1.005, -0.0001)), .cubic(Point(1 / 3, 2), Point(3, 4), Point(5, 6)), .close,
    ])
    #expect(path.svgPathData() == "M1 0C0.33 2 3 4 5 6Z")
  }
}
