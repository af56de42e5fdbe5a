import SVGGeometry
import SVGTree
import Testing

@testable import SVGRender

@Suite struct GradientStopTests {
  private func stops(_ children: String, gradientAttributes: String = "") throws
    -> ([GradientStop], RenderTree)
  {
    let (p, tree) = try paint(
      """
      <linearGradient id="g" \(gradientAttributes)>\(children)</linearGradient>
      <rect id="r" width="10" height="10" fill="url(#g)"/>
      """)
    return (try #require(linear(p)).stops, tree)
  }

  @Test func offsetsAreNumbersOrPercentagesClamped() throws {
    let (s, tree) = try stops(
      """
      <stop offset="-1" stop-color="red"/><stop offset="25%" stop-color="red"/>
      <stop offset="0.5mm" stop-color="red"/><stop offset="2" stop-color="red"/>
      """)
    // 0.5mm is invalid (0), then moved up to the 25% before it.
    #expect(s.count == 4)
    #expect(s[0].offset == 0)
    #expect(abs(s[1].offset - 0.25) < 1e-6 && s[1].offset < 0.25)
    #expect(s[2].offset == 0.25)
    #expect(s[3].offset == 1)
    #expect(tree.warned("invalid stop offset"))
  }

  @Test func missingOffsetIsZeroThenOrdered() throws {
    let (s, _) = try stops(
      """
      <stop offset="0.1" stop-color="red"/><stop stop-color="yellow"/>
      <stop offset="1" stop-color="green"/>
      """)
    #expect(s.map(\.offset)[1] == 0.1)
    #expect(s[0].offset < 0.1)
  }

  @Test func colourOpacityAndStyle() throws {
    let (s, _) = try stops(
      """
      <stop offset="0" style="stop-color: rgba(0, 0, 255, 0.5); stop-opacity: 50%"/>
      <stop offset="0.5" stop-color="currentColor" color="red"/>
      <stop offset="1" stop-color="inherit"/>
      """, gradientAttributes: #"stop-color="lime""#)
    #expect(s[0].color == Color(r: 0, g: 0, b: 255, alpha: 0.25))
    #expect(s[1].color == Color(r: 255, g: 0, b: 0))
    #expect(s[2].color == Color(r: 0, g: 255, b: 0))
  }

  @Test func nonStopChildrenAreSkipped() throws {
    let (p, tree) = try paint(
      """
      <linearGradient id="g"><rect offset="0" stop-color="red"/>
        <stop offset="1" stop-color="green"/></linearGradient>
      <rect id="r" width="10" height="10" fill="url(#g)" fill-opacity="0.5"/>
      """)
    // One stop left: a plain colour.
    #expect(color(p) == Color(r: 0, g: 128, b: 0))
    #expect(tree.warned("not a stop"))
  }

  @Test func noStopsUsesTheFallback() throws {
    let body = #"<linearGradient id="g"/><rect id="r" width="9" height="9" fill="url(#g)"/>"#
    #expect(try paint(body).0 == nil)
    let withFallback =
      #"<linearGradient id="g"/><rect id="r" width="9" height="9" "#
      + #"fill="url(#g) blue"/>"#
    #expect(try color(paint(withFallback).0) == Color(r: 0, g: 0, b: 255))
  }

  @Test func normalizationOrdersOffsets() {
    func stop(_ o: Double, _ v: UInt8) -> GradientStop {
      GradientStop(offset: o, color: Color(r: v, g: v, b: v))
    }
    let out = GradientStops.normalized([
      stop(0, 0), stop(0, 1), stop(0, 2), stop(0.7, 3), stop(0.7, 4), stop(0.7, 5),
      stop(0.5, 6),
    ])
    // The middle of three equal offsets goes; the rest strictly increase.
    #expect(out.map(\.color.r) == [0, 2, 3, 5, 6])
    for i in 1..<out.count { #expect(out[i - 1].offset <= out[i].offset) }
    #expect(out.allSatisfy { (0...1).contains($0.offset) })
    let pair = GradientStops.normalized([stop(0.5, 0), stop(0.5, 1), stop(1, 2)])
    #expect(pair[0].offset < pair[1].offset && pair[1].offset == 0.5)
    #expect(GradientStops.normalized([]).isEmpty)
  }
}
