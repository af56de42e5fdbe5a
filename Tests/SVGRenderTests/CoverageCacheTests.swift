import SVGGeometry
import SVGTree
import TestSupport
import Testing

@testable import SVGRender

/// A partial redraw given a `CoverageCache` blends the kept coverage of the fills of an
/// opaque colour on the image instead of filling them again, and still gives the bytes of a
/// full render: the coverage is the whole image's, whatever rows the redraw draws.
@Suite struct CoverageCacheTests {
  /// Random polygons with slivers (`BandTopTests.polygon`) and a curved shape over them,
  /// the polygons in `colours`, 100 × 100.
  static func tree(seed: UInt64, colours: [String], scene: String = "") throws -> RenderTree {
    var random = SplitMix(seed: seed)
    var shapes = ""
    for colour in colours {
      let svg = BandTopTests.polygon(&random)
      let path = svg.split(separator: "<path ")[1].split(separator: "/>")[0]
      shapes += "<path \(path.replacing("fill=\"#3a7\"", with: "fill=\"\(colour)\""))/>"
    }
    return try RenderTree(
      document: Document(
        string: """
          <svg xmlns="http://www.w3.org/2000/svg" width="100" height="100">\(shapes)\
          <path d="M5 60 C 30 -20 70 140 95 35 Q 60 90 20 95 Z" fill="#c61"/>\(scene)</svg>
          """))
  }

  /// Redraws `after` over a full render of `before` with `cache`; expects the full render
  /// of `after`.
  static func redraw(_ before: RenderTree, _ after: RenderTree, cache: CoverageCache) throws {
    let size = Size(width: 100, height: 100)
    let base = try before.rasterize(covering: size)
    guard case .region(let box) = after.change(since: before) else {
      Issue.record("a recolour is not a region")
      return
    }
    let (bitmap, _) = try after.rasterize(
      changedIn: box, onto: base, covering: size, coverage: cache)
    let full = try after.rasterize(covering: size)
    #expect(BandedRasterTests.difference(full, bitmap) == nil)
  }

  @Test(arguments: 1...12 as ClosedRange<UInt64>)
  func aRedrawBlendsTheKeptCoverageAndGivesTheFullRender(_ seed: UInt64) throws {
    let colours = ["#135", "#e94", "#5b2"]
    let before = try Self.tree(seed: seed, colours: colours)
    let after = try Self.tree(seed: seed, colours: ["#135", "#fd0", "#5b2"])
    let cache = CoverageCache(width: 100, height: 100)
    try Self.redraw(before, after, cache: cache)
    let first = cache.counts
    #expect(first.made > 0 && first.kept == first.made)
    // The same tree again: every fill it draws is kept, none is made.
    try Self.redraw(before, after, cache: cache)
    #expect(cache.counts == first)
  }

  /// Strokes of an opaque colour are kept as fills are (curved, dashed, joined, not scaling
  /// with the transform), and the redraw is exact; a hairline (thinner than a pixel) is
  /// drawn by its own mask (`Hairline`), not kept.
  @Test(arguments: [
    (
      "<path d='M8 80 C 30 5 60 120 92 20' fill='none' stroke='#246' stroke-width='6' stroke-linejoin='round'/>",
      1
    ),
    (
      "<path d='M8 80 C 30 5 60 120 92 20 L 50 90 Z' fill='none' stroke='#246' stroke-width='4' stroke-dasharray='9 4'/>",
      1
    ),
    (
      "<g transform='scale(0.5 1.4)'><ellipse cx='100' cy='40' rx='70' ry='25' fill='none' stroke='#246' stroke-width='3' vector-effect='non-scaling-stroke'/></g>",
      1
    ),
    ("<path d='M8 80 C 30 5 60 120 92 20' fill='none' stroke='#246' stroke-width='0.5'/>", 0),
  ])
  func opaqueStrokesAreKept(_ stroke: String, kept: Int) throws {
    let scene = stroke + "<rect x='10.3' y='20.6' width='70' height='50' fill='#39c'/>"
    let before = try Self.tree(seed: 3, colours: [], scene: scene.replacing("#39c", with: "#a2a"))
    let after = try Self.tree(seed: 3, colours: [], scene: scene)
    let cache = CoverageCache(width: 100, height: 100)
    try Self.redraw(before, after, cache: cache)
    // The curved shape, the stroke and the rectangle.
    #expect(cache.counts == (kept: 2 + kept, made: 2 + kept))
  }

  /// A fill that is translucent, not anti-aliased, clipped or on a layer is filled by cairo
  /// (its coverage is not the whole image's blended so): nothing of it is kept, and the
  /// redraw is exact.
  @Test(arguments: [
    "<rect x='10.3' y='20.6' width='70' height='50' fill='#39c' fill-opacity='0.5'/>",
    "<rect x='10.3' y='20.6' width='70' height='50' fill='none' stroke='#39c' stroke-width='4' stroke-opacity='0.5'/>",
    "<rect x='10.3' y='20.6' width='70' height='50' fill='#39c' shape-rendering='crispEdges'/>",
    "<g opacity='0.8'><rect x='10.3' y='20.6' width='70' height='50' fill='#39c'/></g>",
    "<clipPath id='c'><circle cx='50' cy='50' r='30'/></clipPath><rect x='10.3' y='20.6' width='70' height='50' fill='#39c' clip-path='url(#c)'/>",
  ])
  func otherFillsAreNotKept(_ shape: String) throws {
    let scene = "<g id='over'>\(shape)</g>"
    let before = try Self.tree(seed: 3, colours: [], scene: scene.replacing("#39c", with: "#a2a"))
    let after = try Self.tree(seed: 3, colours: [], scene: scene)
    let cache = CoverageCache(width: 100, height: 100)
    try Self.redraw(before, after, cache: cache)
    // The curved shape under it only.
    #expect(cache.counts == (kept: 1, made: 1))
  }

  /// Past its bound the cache drops what it kept and starts again; the redraw is exact.
  @Test func aFullCacheDropsWhatItKept() throws {
    let before = try Self.tree(seed: 5, colours: ["#135", "#e94", "#5b2"])
    let after = try Self.tree(seed: 5, colours: ["#135", "#fd0", "#5b2"])
    let cache = CoverageCache(width: 100, height: 100, maxBytes: 1)
    try Self.redraw(before, after, cache: cache)
    let counts = cache.counts
    #expect(counts.made >= 2 && counts.kept == 1)
  }
}
