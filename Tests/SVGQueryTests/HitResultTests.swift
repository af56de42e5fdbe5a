import SVGGeometry
import SVGRender
import SVGTree
import TestSupport
import Testing

@testable import SVGQuery

/// The top-most hit as `Scene.hit(at:)` answers it (index entries holding the boxes, the
/// element table, ancestors read on demand) against the general answer and against the
/// document's own walk up the tree.
@Suite struct HitResultTests {
  /// Groups, `use` clones, strokes, transforms and clipped layers, enough shapes for the
  /// spatial index.
  static func drawing() throws -> Scene {
    var rng = SplitMix(seed: 5)
    var body =
      "<defs><path id=\"petal\" d=\"M0 0C10 -10 20 0 20 10L10 20Z\"/>"
      + "<clipPath id=\"disc\"><circle cx=\"200\" cy=\"200\" r=\"120\"/></clipPath></defs>\n"
    for g in 0..<8 {
      let clip = g % 3 == 1 ? " clip-path=\"url(#disc)\"" : ""
      body += "<g id=\"layer\(g)\"\(clip)><g>\n"
      for i in 0..<12 {
        let (x, y, r) = (rng.next() * 380, rng.next() * 380, 4 + rng.next() * 20)
        let stroke = i % 3 == 0 ? " stroke=\"black\" stroke-width=\"\(1 + i % 4)\"" : ""
        let id = i % 2 == 0 ? " id=\"s\(g)-\(i)\"" : ""
        if i % 5 == 0 {
          body += "<use\(id) href=\"#petal\" x=\"\(x)\" y=\"\(y)\"\(stroke)/>\n"
        } else {
          body +=
            "<path\(id) d=\"M\(x) \(y)C\(x + r) \(y - r) \(x + 2 * r) \(y) \(x + 2 * r) \(y + r)"
            + "L\(x + r) \(y + 2 * r)Z\" transform=\"rotate(\(i * 7) \(x) \(y))\"\(stroke)/>\n"
        }
      }
      body += "</g></g>\n"
    }
    return try scene(body, size: "width=\"400\" height=\"400\"")
  }

  @Test func topHitIsTheFirstOfAllAndTheScansAnswer() throws {
    let s = try Self.drawing()
    #expect(s.shapeCount >= SceneStorage.indexedCount)
    s.prepareHitTests()
    var rng = SplitMix(seed: 9)
    var found = 0
    for _ in 0..<2000 {
      let p = Point(rng.next() * 400, rng.next() * 400)
      let hit = s.hit(at: p, options: HitTestOptions())
      let first = s.hits(at: p, options: HitTestOptions(), all: false).first
      let scanned = s.hits(at: p, options: HitTestOptions(useIndex: false), all: false).first
      #expect(hit == first, "at \(p)")
      #expect(hit == scanned, "at \(p)")
      guard let hit else { continue }
      found += 1
      let document = s.document
      #expect(hit.element.indexPath == document.indexPath(of: hit.element.node))
      #expect(hit.ancestors == document.elementAncestors(of: hit.element.node), "at \(p)")
      #expect(hit.ancestors.map(\.indexPath) == first?.ancestors.map(\.indexPath))
    }
    // Enough points land on shapes for the comparison to mean something.
    #expect(found > 400)
  }

  @Test func ancestorsSetByHandAreKept() throws {
    let s = try scene("<g id=\"layer\"><rect id=\"a\" width=\"100\" height=\"100\"/></g>")
    var hit = try #require(s.element(at: Point(50, 50)))
    #expect(hit.ancestors.map(\.name) == ["layer", "/"])
    let original = hit
    hit.ancestors = [hit.element]
    #expect(hit.ancestors.map(\.name) == ["a"])
    #expect(hit != original)
  }

  /// Values set by hand on a result are kept together, beside a clone's `use` elements,
  /// and the copy it was made from keeps the values read from the scene.
  @Test func valuesSetByHandAreKeptTogether() throws {
    let s = try scene(
      ##"<defs><rect id="r" width="100" height="100"/></defs><use id="u" href="#r"/>"##)
    var hit = try #require(s.element(at: Point(50, 50)))
    #expect(hit.uses.map(\.name) == ["u"])
    let original = hit
    hit.element = hit.shape
    hit.ancestors = []
    #expect(hit.element.name == "r")
    #expect(hit.ancestors.isEmpty)
    #expect(hit.uses.map(\.name) == ["u"])
    #expect(original.element.name == "u")
    #expect(original.ancestors.map(\.name) == ["/"])
    #expect(hit != original)
  }

  /// A hit's index path is read from the scene's table when asked for; it stays the path
  /// of the element found when the result's node is changed, as a stored path would.
  @Test func indexPathsReadOnDemandStayTheElementsFound() throws {
    let s = try scene(
      "<g id=\"layer\"><rect width=\"10\" height=\"10\"/><rect id=\"a\" width=\"100\" height=\"100\"/></g>"
    )
    var element = try #require(s.element(at: Point(50, 50))).element
    #expect(element.indexPath == s.document.indexPath(of: element.node))
    #expect(element.name == "a")
    let path = element.indexPath
    element.node = s.document.root!
    #expect(element.indexPath == path)
    var other = try #require(s.element(at: Point(50, 50))).element
    let again = try #require(s.element(at: Point(50, 50))).element
    #expect(other == again)
    other.indexPath = ElementPath([7])
    #expect(other.indexPath == ElementPath([7]))
    #expect(other != element)
  }

  @Test func aHitPrintsWhatItNames() throws {
    let s = try scene(
      ##"<defs><rect id="r" width="100" height="100"/></defs><use id="u" href="#r"/>"##)
    let hit = try #require(s.element(at: Point(50, 50)))
    #expect(
      hit.description == "Hit(element: u, shape: r, uses: [u], part: fill, paintsFill: true)")
  }
}
