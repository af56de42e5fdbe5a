import SVGGeometry
import Testing

@testable import SVGRender

/// Which direct clip paths cairo may hold as boxes (`BandClips`): those keep an image in
/// one band.
@Suite struct BandClipTests {
  static let lShape = Path([
    .move(Point(0, 0)), .line(Point(10, 0)), .line(Point(10, 4)),
    .line(Point(4, 4)), .line(Point(4, 10)), .line(Point(0, 10)), .close,
  ])

  @Test func horizontalAndVerticalLinesMayBeBoxesUnderAQuarterTurnToo() {
    #expect(BandClips.mayBeBoxes(Self.lShape, .identity))
    #expect(BandClips.mayBeBoxes(Self.lShape, .scale(3.3, 0.7)))
    #expect(BandClips.mayBeBoxes(Self.lShape, .rotate(90)))
    #expect(!BandClips.mayBeBoxes(Self.lShape, .rotate(30)))
  }

  /// A shear can make a slanted outline rectilinear on the device, and the open end of a
  /// subpath closes with a slanted edge.
  @Test func theDeviceOutlineDecidesClosingEdgesIncluded() {
    let slanted = Path([
      .move(Point(0, 0)), .line(Point(10, 0)), .line(Point(15, 10)),
      .line(Point(5, 10)), .close,
    ])
    #expect(!BandClips.mayBeBoxes(slanted, .identity))
    #expect(BandClips.mayBeBoxes(slanted, Transform(a: 1, b: 0, c: -0.5, d: 1, e: 0, f: 0)))
    let open = Path([
      .move(Point(0, 0)), .line(Point(10, 0)), .line(Point(10, 10)),
    ])
    #expect(!BandClips.mayBeBoxes(open, .identity))
  }

  @Test func curvesThatMoveAreNotBoxes() {
    let circle = Path([
      .move(Point(10, 0)),
      .cubic(Point(10, 5.5), Point(5.5, 10), Point(0, 10)),
      .line(Point(0, 0)), .close,
    ])
    #expect(!BandClips.mayBeBoxes(circle, .identity))
  }
}
