import SVGGeometry
import SVGRender
import SVGTree
import TestSupport
import Testing

@testable import SVGQuery

@Suite struct HitRuleTests {
  @Test func paintOrderReversedAndAllHits() throws {
    let s = try scene(
      """
      <g id="layer"><rect id="a" x="10" y="10" width="100" height="100"/>
      <circle id="b" cx="100" cy="100" r="40" fill="red"/></g>
      """)
    #expect(s.name(at: 100, 100) == "b")
    #expect(s.name(at: 20, 20) == "a")
    #expect(s.name(at: 190, 20) == nil)
    #expect(s.names(at: 100, 100) == ["b", "a"])
    let hit = try #require(s.element(at: Point(100, 100)))
    #expect(hit.element.tag == "circle")
    #expect(hit.element.indexPath.description == "/0/1")
    #expect(hit.ancestors.map(\.name) == ["layer", "/"])
    #expect(hit.part == .fill)
  }

  @Test func fillRuleAndRealShape() throws {
    let s = try scene(
      """
      <path id="ring" fill-rule="evenodd" d="M0 0H100V100H0Z M25 25H75V75H25Z"/>
      <circle id="c" cx="150" cy="150" r="40"/>
      """)
    #expect(s.name(at: 10, 10) == "ring")
    #expect(s.name(at: 50, 50) == nil)
    // Inside the circle's box but outside the circle.
    #expect(s.name(at: 115, 115) == nil)
    #expect(s.name(at: 150, 150) == "c")
  }

  @Test func strokeWidenedWithCapsAndJoins() throws {
    let s = try scene(
      """
      <path id="butt" d="M20 20H100" stroke="black" stroke-width="10" fill="none"/>
      <path id="square" d="M20 60H100" stroke="black" stroke-width="10" stroke-linecap="square" fill="none"/>
      <path id="miter" d="M20 150L100 100L180 150" stroke="black" stroke-width="10" fill="none"/>
      <path id="bevel" d="M20 150L100 100L180 150" stroke="black" stroke-width="10" fill="none"
        stroke-linejoin="bevel" transform="translate(0 40)"/>
      """)
    #expect(s.name(at: 60, 24) == "butt")
    #expect(s.name(at: 60, 26) == nil)
    #expect(s.name(at: 17, 20) == nil)  // butt cap: nothing before the start
    #expect(s.name(at: 17, 60) == "square")  // square cap reaches 5 further
    // The miter tip lies 5 / sin(58°) = 5.9 above the vertex; a bevel cuts at 4.24.
    #expect(s.name(at: 100, 95) == "miter")
    #expect(s.name(at: 100, 93) == nil)
    #expect(s.name(at: 100, 136.2) == "bevel")
    #expect(s.name(at: 100, 135.5) == nil)
  }

  @Test func transformsAndClipPaths() throws {
    let s = try scene(
      """
      <clipPath id="clip"><rect x="0" y="0" width="50" height="200"/></clipPath>
      <g transform="translate(100 0) rotate(45)">
        <rect id="r" x="0" y="-10" width="100" height="20"/>
      </g>
      <rect id="clipped" x="0" y="150" width="100" height="40" clip-path="url(#clip)"/>
      """)
    #expect(s.name(at: 130, 30) == "r")
    #expect(s.name(at: 160, 10) == nil)
    #expect(s.name(at: 20, 170) == "clipped")
    #expect(s.name(at: 80, 170) == nil)
  }

  @Test func pointerEventsValues() throws {
    let s = try scene(
      """
      <rect id="none" x="0" y="0" width="50" height="50" pointer-events="none"/>
      <rect id="hidden" x="60" y="0" width="50" height="50" visibility="hidden"/>
      <rect id="hiddenAll" x="120" y="0" width="50" height="50" visibility="hidden" pointer-events="all"/>
      <rect id="unfilled" x="0" y="60" width="50" height="50" fill="none"/>
      <rect id="unfilledFill" x="60" y="60" width="50" height="50" fill="none" pointer-events="fill"/>
      <rect id="strokeOnly" x="120" y="60" width="50" height="50" stroke="black" stroke-width="10" pointer-events="stroke"/>
      <rect id="unpaintedStroke" x="0" y="120" width="50" height="50" fill="none" stroke-width="10" pointer-events="visibleStroke"/>
      <rect id="painted" x="60" y="120" width="50" height="50" visibility="hidden" pointer-events="painted"/>
      <g pointer-events="none"><rect id="inherited" x="120" y="120" width="50" height="50"/></g>
      """)
    #expect(s.name(at: 25, 25) == nil)
    #expect(s.name(at: 85, 25) == nil)
    #expect(s.name(at: 145, 25) == "hiddenAll")
    #expect(s.name(at: 25, 85) == nil)
    #expect(s.name(at: 85, 85) == "unfilledFill")
    #expect(s.name(at: 145, 85) == nil)  // the fill does not answer
    #expect(s.name(at: 120, 85) == "strokeOnly")
    #expect(s.name(at: 25, 145) == nil)
    #expect(s.name(at: 2, 145) == "unpaintedStroke")
    #expect(s.name(at: 85, 145) == "painted")
    #expect(s.name(at: 145, 145) == nil)
  }

  @Test func displayNoneIsNeverHit() throws {
    let s = try scene(
      """
      <rect id="under" width="100" height="100" fill="blue"/>
      <rect id="gone" width="100" height="100" display="none"/>
      <g style="display:none"><rect id="gone2" width="100" height="100"/></g>
      """)
    #expect(s.names(at: 50, 50) == ["under"])
  }

  @Test func toleranceReachesThinLines() throws {
    let s = try scene(
      #"<line id="hair" x1="0" y1="50" x2="200" y2="50" stroke="black" stroke-width="0.5"/>"#)
    #expect(s.name(at: 100, 53) == nil)
    #expect(s.name(at: 100, 53, tolerance: 4) == "hair")
    #expect(s.name(at: 100, 56, tolerance: 4) == nil)
    let filled = try scene(#"<rect id="box" x="10" y="10" width="20" height="20"/>"#)
    #expect(filled.name(at: 33, 20) == nil)
    #expect(filled.name(at: 33, 20, tolerance: 4) == "box")
    #expect(filled.name(at: 33, 33, tolerance: 4) == nil)  // 4.24 from the corner
  }

  @Test func useClonesNameTheUseAndTheShape() throws {
    let s = try scene(
      """
      <defs><path id="petal" d="M0 0H20V20H0Z" fill="green"/></defs>
      <g id="flower"><use id="p1" href="#petal"/><use id="p2" href="#petal" x="50"/>
      <use id="p3" href="#petal" transform="translate(100 0)"/></g>
      """)
    let hit = try #require(s.element(at: Point(60, 10)))
    #expect(hit.element.name == "p2")
    #expect(hit.shape.name == "petal")
    #expect(hit.uses.map(\.name) == ["p2"])
    #expect(hit.ancestors.map(\.name) == ["flower", "/"])
    #expect(s.name(at: 10, 10) == "p1")
    #expect(s.name(at: 110, 10) == "p3")
    #expect(s.name(at: 30, 10) == nil)
  }

  @Test func nestedUseChain() throws {
    let s = try scene(
      """
      <defs><rect id="r" width="10" height="10"/><g id="pair"><use id="inner" href="#r" x="20"/></g></defs>
      <use id="outer" href="#pair" y="30"/>
      """)
    let hit = try #require(s.element(at: Point(25, 35)))
    #expect(hit.element.name == "outer")
    #expect(hit.shape.name == "r")
    #expect(hit.uses.map(\.name) == ["outer", "inner"])
  }

  @Test func viewBoxDocumentCoordinates() throws {
    // The root's user space is the viewBox: document (5, 5) is canvas (50, 50).
    let s = try scene(
      #"<rect id="r" x="4" y="4" width="2" height="2"/>"#,
      size: #"width="100" height="100" viewBox="0 0 10 10""#)
    #expect(s.name(at: 5, 5) == "r")
    #expect(s.name(at: 50, 50) == nil)
    #expect(s.documentToCanvas == Transform.scale(10, 10))
  }

  @Test func indexAgreesWithScanning() throws {
    var body = ""
    var rng = SplitMix(seed: 7)
    for i in 0..<500 {
      let x = rng.next() * 180
      let y = rng.next() * 180
      body +=
        "<circle id=\"c\(i)\" cx=\"\(x)\" cy=\"\(y)\" r=\"\(2 + rng.next() * 10)\" stroke=\"black\"/>"
    }
    let s = try scene(body)
    for _ in 0..<500 {
      let p = Point(rng.next() * 200, rng.next() * 200)
      let indexed = s.hits(at: p, options: HitTestOptions(tolerance: 1), all: true).map(\.element)
      let scanned = s.hits(at: p, options: HitTestOptions(tolerance: 1, useIndex: false), all: true)
        .map(\.element)
      #expect(indexed == scanned)
    }
  }
}
