import Foundation
import SVGGeometry
import SVGTree
import Testing

@testable import SVGRender

/// Inputs that crashed or stalled the renderer (found by hand while building the hostile
/// corpus, Tests/HostileInputs). Each must now render, quickly.
@Suite struct HostileRenderTests {
  private func render(_ body: String, size: Int = 20) throws -> Bitmap {
    let svg =
      "<svg xmlns='http://www.w3.org/2000/svg' width='\(size)' height='\(size)'>\(body)</svg>"
    let tree = try RenderTree(document: try Document(string: svg))
    return try tree.rasterize(width: size, height: size)
  }

  /// x doubles for each octave; past 2^63 converting it to Int trapped.
  @Test(arguments: [
    "baseFrequency='0.05' numOctaves='1000000000'",
    "baseFrequency='1e300'",
    "baseFrequency='1e300 0.1' numOctaves='64' stitchTiles='stitch'",
    "baseFrequency='0.05' numOctaves='64' stitchTiles='stitch' type='fractalNoise'",
  ])
  func turbulenceWithHugeCoordinatesRenders(_ attributes: String) throws {
    let bitmap = try render(
      "<filter id='f'><feTurbulence \(attributes)/></filter>"
        + "<rect width='20' height='20' filter='url(#f)'/>")
    #expect(bitmap.width == 20)
  }

  /// Each glyph on a textPath walked every segment before its own: 20,000 characters on a
  /// 100,000-segment path did not finish in a minute.
  @Test func textPathPositionsComeFromABinarySearch() {
    var elements: [PathElement] = [.move(Point(0, 0))]
    for i in 1...50_000 { elements.append(.line(Point(Double(i), 0))) }
    let path = Path(elements)
    let distances = stride(from: 0.5, to: 50_000, by: 2.5).map { $0 }
    let start = Date()
    let normals = TextPathElement.normals(along: path, at: distances)
    #expect(Date().timeIntervalSince(start) < 5)
    for (d, n) in zip(distances, normals) {
      #expect(n.map { abs($0.0.x - d) < 1e-9 && $0.0.y == 0 && $0.1 == 0 } == true)
    }
  }

  @Test func textPathSkipsZeroLengthSegmentsAndRefusesDistancesOffThePath() throws {
    let path = Path([
      .move(Point(0, 0)), .line(Point(0, 0)), .line(Point(10, 0)), .line(Point(10, 0)),
      .line(Point(10, 10)),
    ])
    let n = TextPathElement.normals(along: path, at: [0, 5, 10, 15, 20, 20.5, -1, .nan])
    #expect(n[0].map { $0.0 == Point(0, 0) && $0.1 == 0 } == true)
    #expect(n[1].map { $0.0 == Point(5, 0) } == true)
    #expect(n[2].map { $0.0 == Point(10, 0) && $0.1 == 0 } == true)
    #expect(n[3].map { $0.0 == Point(10, 5) && $0.1 == 90 } == true)
    #expect(n[4].map { $0.0 == Point(10, 10) } == true)
    #expect(n[5] == nil && n[6] == nil && n[7] == nil)
  }

  /// Runs of stops at one offset were removed one `remove(at:)` at a time: quadratic.
  @Test func manyStopsAtOneOffsetAreNormalizedInOnePass() {
    let red = Color(r: 255, g: 0, b: 0)
    let blue = Color(r: 0, g: 0, b: 255)
    var stops = (0..<100_000).map { GradientStop(offset: 0.5, color: $0 == 99_999 ? blue : red) }
    stops.insert(GradientStop(offset: 0, color: blue), at: 0)
    let start = Date()
    let out = GradientStops.normalized(stops)
    #expect(Date().timeIntervalSince(start) < 2)
    #expect(out.count == 3)
    #expect(out.map(\.color) == [blue, red, blue])
    #expect(out[1].offset < 0.5 && out[2].offset == 0.5)
  }

  @Test func runsOfThreeKeepTheirFirstAndLastStop() {
    let c = (0..<7).map { Color(r: UInt8($0), g: 0, b: 0) }
    let offsets = [0.1, 0.1, 0.3, 0.3, 0.3, 0.3, 0.8]
    let out = GradientStops.normalized(zip(offsets, c).map { GradientStop(offset: $0, color: $1) })
    #expect(out.map(\.color) == [c[0], c[1], c[2], c[5], c[6]])
  }
}
