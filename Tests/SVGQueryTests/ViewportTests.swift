import SVGGeometry
import SVGRender
import SVGTree
import Testing

@testable import SVGQuery

@Suite struct ViewportTests {
  @Test func scrollAndZoomConversions() throws {
    let s = try scene(#"<rect id="r" x="0" y="50" width="10" height="10"/>"#)
    let view = Viewport(scroll: Point(0, 100), zoom: 2)
    #expect(s.documentPoint(fromViewport: Point(10, 10), view) == Point(5, 55))
    #expect(s.viewportPoint(fromDocument: Point(5, 55), view) == Point(10, 10))
    #expect(s.element(at: Point(10, 10), in: view)?.element.name == "r")
    #expect(s.element(at: Point(30, 10), in: view) == nil)
  }

  @Test func deviceScaleAndViewBox() throws {
    let s = try scene(
      #"<rect id="r" x="4" y="4" width="2" height="2"/>"#,
      size: #"width="100" height="100" viewBox="0 0 10 10""#)
    let view = Viewport(scroll: Point(20, 0), zoom: 1, scale: 2)
    // Document (5, 5) is canvas (50, 50), device (100, 100), minus the scroll.
    #expect(s.viewportPoint(fromDocument: Point(5, 5), view) == Point(80, 100))
    let back = s.documentPoint(fromViewport: Point(80, 100), view)
    #expect(abs(back.x - 5) < 1e-12 && abs(back.y - 5) < 1e-12)
    #expect(s.element(at: Point(80, 100), in: view)?.element.name == "r")
  }

  @Test func outsideTheViewHitsNothing() throws {
    let s = try scene(#"<rect id="r" x="0" y="0" width="200" height="200"/>"#)
    let view = Viewport(scroll: Point(0, 0), zoom: 1, size: Size(width: 50, height: 50))
    #expect(s.element(at: Point(40, 40), in: view) != nil)
    #expect(s.element(at: Point(60, 40), in: view) == nil)
    #expect(s.element(at: Point(-1, 10), in: view) == nil)
    // Without a size, the view is the whole drawing at its zoom.
    #expect(s.element(at: Point(399, 10), in: Viewport(zoom: 2)) != nil)
    #expect(s.element(at: Point(401, 10), in: Viewport(zoom: 2)) == nil)
  }

  @Test func toleranceIsInViewportPixels() throws {
    let s = try scene(
      #"<line id="l" x1="0" y1="50" x2="200" y2="50" stroke="black" stroke-width="1"/>"#)
    let view = Viewport(zoom: 4)
    // 2 document units off the line's edge is 8 viewport pixels at zoom 4.
    #expect(s.element(at: Point(100, 210), in: view, tolerance: 6) == nil)
    #expect(s.element(at: Point(100, 210), in: view, tolerance: 9)?.element.name == "l")
  }
}

@Suite struct BoxAndGeometryTests {
  @Test func threeKindsOfBox() throws {
    let s = try scene(
      """
      <clipPath id="c"><rect x="0" y="0" width="25" height="200"/></clipPath>
      <rect id="r" x="10" y="10" width="20" height="20" stroke="black" stroke-width="4"/>
      <rect id="clipped" x="10" y="50" width="20" height="20" stroke="black" stroke-width="4" clip-path="url(#c)"/>
      <g id="g" transform="translate(100 100)"><rect x="0" y="0" width="10" height="10"/></g>
      """)
    let r = try #require(s.element("r"))
    #expect(s.boundingBox(of: r, kind: .fill) == Rect(x: 10, y: 10, width: 20, height: 20))
    let stroke = try #require(s.boundingBox(of: r, kind: .stroke))
    #expect(abs(stroke.x - 8) < 0.01 && abs(stroke.width - 24) < 0.01)
    let clipped = try #require(s.element("clipped"))
    let visual = try #require(s.boundingBox(of: clipped, kind: .visual))
    #expect(abs(visual.x - 8) < 0.01 && abs(visual.maxX - 25) < 0.01)
    let g = try #require(s.element("g"))
    #expect(s.boundingBox(of: g) == Rect(x: 100, y: 100, width: 10, height: 10))
    #expect(s.boundingBox(of: g, in: .user) == Rect(x: 0, y: 0, width: 10, height: 10))
    #expect(s.boundingBox(of: try #require(s.element("c"))) == nil)
  }

  @Test func markersInVisualBoxOnly() throws {
    let s = try scene(
      """
      <marker id="m" markerWidth="20" markerHeight="20" refX="10" refY="10" markerUnits="userSpaceOnUse">
        <rect width="20" height="20"/></marker>
      <path id="p" d="M50 50H150" stroke="black" marker-end="url(#m)"/>
      """)
    let p = try #require(s.element("p"))
    let fill = try #require(s.boundingBox(of: p, kind: .fill))
    #expect(fill.maxX == 150)
    let visual = try #require(s.boundingBox(of: p, kind: .visual))
    #expect(abs(visual.maxX - 160) < 0.01)
    // Markers are drawn but not hit.
    #expect(s.name(at: 158, 50) == nil)
  }

  @Test func pathLengthAndPointAtLength() throws {
    let s = try scene(
      """
      <g transform="translate(10 0)"><path id="p" d="M0 0H100V50"/></g>
      <circle id="c" cx="50" cy="50" r="10"/>
      <defs><path id="hidden" d="M0 0L30 40"/></defs>
      <rect id="nothing" width="0" height="0"/>
      """)
    #expect(try s.length(of: try #require(s.element("p"))) == 150)
    let (point, angle) = try s.point(atLength: 125, of: try #require(s.element("p")))
    #expect(point == Point(100, 25))
    #expect(abs(angle - 90) < 1e-9)
    let doc = try s.point(atLength: 125, of: try #require(s.element("p")), in: .document)
    #expect(doc.point == Point(110, 25))
    let circle = try s.length(of: try #require(s.element("c")))
    #expect(abs(circle - 2 * .pi * 10) < 0.01)
    #expect(try s.length(of: try #require(s.element("hidden"))) == 50)
    #expect(throws: QueryError.self) { try s.length(of: try #require(s.element("nothing"))) }
  }

  @Test func lookups() throws {
    let s = try scene(
      """
      <g id="layer" class="art"><rect id="a" width="10" height="10"/><rect class="b" x="20" width="10" height="10"/></g>
      """)
    #expect(s.element("a") != nil)
    #expect(s.element("/0/1").map { s.ref($0).tag } == "rect")
    #expect(s.element("missing") == nil)
    #expect(try s.elements(xpath: "//rect").count == 2)
    #expect(try s.elements(selector: ".art > .b").map { s.ref($0).name } == ["/0/1"])
    #expect(throws: XPathError.self) { try s.elements(xpath: "//[") }
    #expect(throws: CSSError.self) { try s.elements(selector: "rect >") }
    let listed = s.boxes().map(\.element.name)
    #expect(listed == ["/", "layer", "a", "/0/1"])
    #expect(s.boxes()[3].box == Rect(x: 20, y: 0, width: 10, height: 10))
  }
}
