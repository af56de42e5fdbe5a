import SVGGeometry
import SVGTree
import Testing

@testable import SVGRender

@Suite struct LinearGradientTests {
  @Test func objectBoundingBoxIsFoldedIntoTheTransform() throws {
    let (p, _) = try paint(
      """
      <linearGradient id="g">\(twoStops)</linearGradient>
      <rect id="r" x="20" y="40" width="160" height="80" fill="url(#g)"/>
      """)
    let g = try #require(linear(p))
    #expect(g.start == Point(0, 0))
    #expect(g.end == Point(1, 0))
    #expect(close(g.transform, .translate(20, 40) * .scale(160, 80)))
    #expect(g.spread == .pad)
    #expect(g.stops.map(\.offset) == [0, 1])
    #expect(g.stops.map(\.color) == [.white, .black])
  }

  @Test func gradientTransformAppliesInsideTheBoundingBox() throws {
    let (p, _) = try paint(
      """
      <linearGradient id="g" gradientTransform="rotate(90)" x1="10%" x2="0.9">\(twoStops)
      </linearGradient>
      <rect id="r" x="0" y="0" width="100" height="50" fill="url(#g)"/>
      """)
    let g = try #require(linear(p))
    #expect(abs(g.start.x - 0.1) < 1e-12)
    #expect(g.end.x == 0.9)
    #expect(close(g.transform, .scale(100, 50) * .rotate(90)))
  }

  @Test func userSpaceOnUsePercentagesReferToTheViewport() throws {
    let (p, _) = try paint(
      """
      <linearGradient id="g" gradientUnits="userSpaceOnUse" x1="10" y1="25%" x2="50%"
        y2="2mm" spreadMethod="reflect" gradientTransform="translate(5 6)">\(twoStops)
      </linearGradient>
      <rect id="r" width="10" height="10" fill="url(#g)"/>
      """, viewBox: "0 0 400 100")
    let g = try #require(linear(p))
    #expect(g.start == Point(10, 25))
    #expect(g.end.x == 200)
    #expect(abs(g.end.y - 2 * 96 / 25.4) < 1e-9)
    #expect(g.transform == .translate(5, 6))
    #expect(g.spread == .reflect)
  }

  @Test func invalidAttributesFallBackToDefaultsWithDiagnostics() throws {
    let (p, tree) = try paint(
      """
      <linearGradient id="g" gradientUnits="qwe" spreadMethod="bogus"
        gradientTransform="matrix(0 0 0 0 0 0)" x2="oops">\(twoStops)</linearGradient>
      <rect id="r" x="10" y="10" width="20" height="20" fill="url(#g)"/>
      """)
    let g = try #require(linear(p))
    #expect(g.end == Point(1, 0))
    #expect(g.spread == .pad)
    #expect(close(g.transform, .translate(10, 10) * .scale(20, 20)))
    #expect(tree.warned("gradientUnits"))
    #expect(tree.warned("spreadMethod"))
    #expect(tree.warned("not invertible"))
    #expect(tree.warned("x2"))
  }

  @Test func emptyBoundingBoxUsesTheFallbackOrNothing() throws {
    let body = """
      <linearGradient id="g">\(twoStops)</linearGradient>
      <line id="a" x1="0" y1="10" x2="100" y2="10" stroke="url(#g)"/>
      <line id="r" x1="0" y1="10" x2="100" y2="10" stroke="url(#g) green"/>
      <line id="u" x1="0" y1="10" x2="100" y2="10" stroke="url(#u1)"/>
      <linearGradient id="u1" gradientUnits="userSpaceOnUse">\(twoStops)</linearGradient>
      """
    #expect(try paint(body, id: "a", stroke: true).0 == nil)
    #expect(try color(paint(body, id: "r", stroke: true).0) == Color(r: 0, g: 128, b: 0))
    #expect(try linear(paint(body, id: "u", stroke: true).0) != nil)
  }

  @Test func referenceToANonPaintServerPaintsNothing() throws {
    let (p, tree) = try paint(
      """
      <rect id="other" width="1" height="1"/>
      <rect id="r" width="10" height="10" fill="url(#other) red"/>
      """)
    #expect(p == nil)
    #expect(tree.warned("not a paint server"))
  }

  @Test func missingReferenceUsesTheFallback() throws {
    let (p, _) = try paint(#"<rect id="r" width="10" height="10" fill="url(#nope) blue"/>"#)
    #expect(color(p) == Color(r: 0, g: 0, b: 255))
  }
}

@Suite struct GradientChainTests {
  @Test func attributesAndStopsComeThroughHref() throws {
    let (p, _) = try paint(
      """
      <linearGradient id="base" x1="0.2" spreadMethod="repeat" gradientUnits="userSpaceOnUse">
        \(twoStops)</linearGradient>
      <linearGradient id="mid" xlink:href="#base" x2="30"/>
      <linearGradient id="g" href="#mid" y2="7"/>
      <rect id="r" width="10" height="10" fill="url(#g)"/>
      """)
    let g = try #require(linear(p))
    #expect(g.start == Point(0.2, 0))
    #expect(g.end == Point(30, 7))
    #expect(g.spread == .repeating)
    #expect(g.transform == .identity)
    #expect(g.stops.count == 2)
  }

  @Test func geometryComesOnlyFromTheSameKind() throws {
    let (p, _) = try paint(
      """
      <linearGradient id="l" cx="1" spreadMethod="reflect"/>
      <radialGradient id="g" xlink:href="#l">\(twoStops)</radialGradient>
      <rect id="r" width="10" height="10" fill="url(#g)"/>
      """)
    let g = try #require(radial(p))
    #expect(g.center == Point(0.5, 0.5))
    #expect(g.spread == .reflect)
  }

  @Test func ownStopsWinOverReferencedOnes() throws {
    let (p, _) = try paint(
      """
      <linearGradient id="base"><stop offset="0" stop-color="red"/>
        <stop offset="1" stop-color="red"/></linearGradient>
      <linearGradient id="g" xlink:href="#base">\(twoStops)</linearGradient>
      <rect id="r" width="10" height="10" fill="url(#g)"/>
      """)
    #expect(try #require(linear(p)).stops.map(\.color) == [.white, .black])
  }

  @Test func cyclesEndTheChainWithADiagnostic() throws {
    let (p, tree) = try paint(
      """
      <linearGradient id="a" xlink:href="#b"/>
      <linearGradient id="b" xlink:href="#c">\(twoStops)</linearGradient>
      <linearGradient id="c" xlink:href="#a"/>
      <linearGradient id="s" xlink:href="#s" x2="0.5">\(twoStops)</linearGradient>
      <rect id="r" width="10" height="10" fill="url(#c)"/>
      <rect id="self" width="10" height="10" fill="url(#s)"/>
      """)
    #expect(try #require(linear(p)).stops.count == 2)
    #expect(tree.warned("cycle"))
    let (q, _) = try paint(
      """
      <linearGradient id="s" xlink:href="#s" x2="0.5">\(twoStops)</linearGradient>
      <rect id="r" width="10" height="10" fill="url(#s)"/>
      """)
    #expect(try #require(linear(q)).end == Point(0.5, 0))
  }

  @Test func aChainThroughANonGradientStops() throws {
    let (p, tree) = try paint(
      """
      <rect id="x" width="5" height="5"><stop offset="0"/><stop offset="1"/></rect>
      <linearGradient id="g" xlink:href="#x"/>
      <rect id="r" width="10" height="10" fill="url(#g)" />
      """)
    #expect(p == nil)
    #expect(tree.warned("lends nothing"))
  }
}

@Suite struct RadialGradientTests {
  @Test func focalPointDefaultsToTheCentre() throws {
    let (p, _) = try paint(
      """
      <radialGradient id="g" cx="0.6" r="40%">\(twoStops)</radialGradient>
      <rect id="r" width="100" height="100" fill="url(#g)"/>
      """)
    let g = try #require(radial(p))
    #expect(g.center == Point(0.6, 0.5))
    #expect(g.focus == g.center)
    #expect(g.radius == 0.4)
    #expect(g.focalRadius == 0)
  }

  @Test func focalAttributesAndNegativeFocalRadius() throws {
    let (p, tree) = try paint(
      """
      <radialGradient id="g" gradientUnits="userSpaceOnUse" cx="10" cy="10" r="75" fx="83"
        fy="75" fr="-1">\(twoStops)</radialGradient>
      <rect id="r" width="100" height="100" fill="url(#g)"/>
      """)
    let g = try #require(radial(p))
    #expect(g.focus == Point(83, 75))
    #expect(g.radius == 75)
    #expect(g.focalRadius == 0)
    #expect(tree.warned("negative fr"))
  }

  @Test func zeroOrNegativeRadiusPaintsTheLastStop() throws {
    for r in ["0", "-1"] {
      let (p, _) = try paint(
        """
        <radialGradient id="g" r="\(r)"><stop offset="0" stop-color="black"/>
          <stop offset="1" stop-color="green" stop-opacity="0.5"/></radialGradient>
        <rect id="r" width="100" height="100" fill="url(#g)"/>
        """)
      #expect(color(p) == Color(r: 0, g: 128, b: 0, alpha: 0.5))
    }
  }
}
