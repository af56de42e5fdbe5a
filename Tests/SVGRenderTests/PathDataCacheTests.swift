import SVGGeometry
import SVGRender
import SVGTree
import Testing

/// Geometry kept between the builds of an edit session (`RenderOptions.pathData`) is the
/// geometry of the attribute text as it is now, with its warnings, whatever was built
/// before.
@Suite struct PathDataCacheTests {
  static func tree(_ shapes: String, cache: PathDataCache) throws -> RenderTree {
    var options = RenderOptions()
    options.pathData = cache
    return try RenderTree(
      document: Document(
        string: "<svg xmlns='http://www.w3.org/2000/svg' width='100' height='100'>\(shapes)</svg>"),
      options: options)
  }

  static func paths(_ tree: RenderTree) -> [Path] {
    var out: [Path] = []
    func visit(_ node: RenderNode) {
      switch node {
      case .group(let g): g.children.forEach(visit)
      case .path(let p): out.append(p.path)
      case .image: break
      }
    }
    visit(.group(tree.root))
    return out
  }

  @Test func pointsAreReadAgainWhenTheyChange() throws {
    let cache = PathDataCache()
    let first = try Self.tree("<polygon points='10 10 90 10 50 80 x'/>", cache: cache)
    let again = try Self.tree("<polygon points='10 10 90 10 50 80 x'/>", cache: cache)
    #expect(Self.paths(first) == Self.paths(again))
    #expect(Self.paths(first) == [Shape.polygon([Point(10, 10), Point(90, 10), Point(50, 80)])])
    // The warning of the text after the numbers, from the cache too.
    #expect(again.diagnostics.map(\.message) == first.diagnostics.map(\.message))
    #expect(first.diagnostics.contains { $0.message.contains("invalid points") })
    let moved = try Self.tree("<polygon points='20 10 90 10 50 80'/>", cache: cache)
    #expect(Self.paths(moved) == [Shape.polygon([Point(20, 10), Point(90, 10), Point(50, 80)])])
    #expect(moved.diagnostics.isEmpty)
    // The same text on a polyline is not closed.
    let open = try Self.tree("<polyline points='20 10 90 10 50 80'/>", cache: cache)
    #expect(Self.paths(open) == [Shape.polyline([Point(20, 10), Point(90, 10), Point(50, 80)])])
  }
}
