import SVGGeometry
import SVGRender
import SVGTree
import Testing

/// Large images are drawn in horizontal bands on several cores (`BandedRaster`); the bytes
/// must be those of one band. The conformance suite checks this on every suite file; these
/// cases cut through what a band edge could disturb on purpose, and check which trees are
/// drawn in one band.
@Suite struct BandedRasterTests {
  /// Shapes, strokes, a clip, a mask, opacity layers, blending, text and transforms, all
  /// crossing the edges of any band split of 0...400 (one-row bands included).
  static let layered = """
    <svg xmlns="http://www.w3.org/2000/svg" width="400" height="400" viewBox="0 0 400 400">
      <clipPath id="c"><circle cx="200" cy="200" r="150"/><rect x="10" y="10" width="50" height="380"/></clipPath>
      <mask id="m"><rect width="400" height="400" fill="#808080"/><circle cx="200" cy="210" r="90" fill="white"/></mask>
      <rect x="0.3" y="0.7" width="399" height="398.6" fill="#fafafa" stroke="#223" stroke-width="3.3"/>
      <g clip-path="url(#c)" opacity="0.7">
        <path d="M20 30 C 300 -50 420 390 40 370 Z" fill="teal" stroke="navy" stroke-width="7.5"
          stroke-linejoin="round"/>
        <ellipse cx="210" cy="199.5" rx="120" ry="170" fill="orange" fill-opacity="0.6"
          transform="rotate(17 200 200)"/>
      </g>
      <g mask="url(#m)"><rect x="100.25" y="60.5" width="200" height="280" fill="crimson"/></g>
      <g style="mix-blend-mode: multiply">
        <polyline points="5,395 133,7 266,395 395,7" fill="none" stroke="gold" stroke-width="11"/>
      </g>
      <text x="30" y="205" font-size="48" fill="black">Band</text>
    </svg>
    """

  @Test(arguments: [2, 3, 7, 400])
  func bandsDrawTheBytesOfOneBand(_ bands: Int) throws {
    let tree = try RenderTree(document: Document(string: Self.layered))
    #expect(tree.isBandable)
    let size = Size(width: 400, height: 400)
    let one = try tree.rasterize(covering: size, bands: 1)
    let banded = try tree.rasterize(covering: size, bands: bands)
    #expect(Self.difference(one, banded) == nil)
    // Something was drawn in every band.
    #expect(one.rgba(x: 200, y: 399).a > 0 && one.rgba(x: 200, y: 0).a > 0)
  }

  @Test func theDefaultSplitOfALargeImageDrawsTheBytesOfOneBand() throws {
    let tree = try RenderTree(document: Document(string: Self.layered))
    let size = Size(width: 1000, height: 1000)
    let one = try tree.rasterize(covering: size, bands: 1)
    let automatic = try tree.rasterize(covering: size)
    #expect(Self.difference(one, automatic) == nil)
  }

  @Test(arguments: [
    "<linearGradient id='p'><stop stop-color='red'/><stop offset='1' stop-color='blue'/></linearGradient><rect width='9' height='9' fill='url(#p)'/>",
    "<radialGradient id='p'><stop stop-color='red'/><stop offset='1'/></radialGradient><rect width='9' height='9' stroke='url(#p)'/>",
    "<pattern id='p' width='2' height='2'><rect width='1' height='1'/></pattern><rect width='9' height='9' fill='url(#p)'/>",
    "<path d='M0 0 C 5 0 9 5 9 9' stroke='red' stroke-linejoin='round' stroke-dasharray='2 1'/>",
    "<path d='M 3 3 T 4 8 t 5 -2' fill='none' stroke='green'/>",
    "<filter id='f'><feGaussianBlur stdDeviation='2'/></filter><rect width='9' height='9' filter='url(#f)'/>",
    "<mask id='m'><rect width='9' height='9' fill='url(#p)'/></mask><linearGradient id='p'><stop stop-color='white'/><stop offset='1'/></linearGradient><rect width='9' height='9' mask='url(#m)'/>",
    "<image width='9' height='9' href='data:image/gif;base64,R0lGODlhAQABAIAAAP///wAAACwAAAAAAQABAAACAkQBADs='/>",
    "<clipPath id='c'><circle cx='5' cy='5' r='4'/></clipPath><rect width='9' height='9' clip-path='url(#c)'/>",
  ])
  func paintsThatDependOnTheBandAreDrawnInOneBand(_ content: String) throws {
    let svg = "<svg xmlns='http://www.w3.org/2000/svg' width='10' height='10'>\(content)</svg>"
    var options = RenderOptions()
    options.resources = .dataOnly
    let tree = try RenderTree(document: Document(string: svg), options: options)
    #expect(!tree.isBandable)
  }

  /// A rotated ellipse under a circle that cairo clips to directly: with a band edge on
  /// certain rows, the intersection of the two polygons rounds one pixel's alpha a level
  /// apart (rows 268 and 270 of this drawing, among others). Drawn in one band, it gets the
  /// bytes of one band whatever is asked.
  @Test func aDirectClipPathIsDrawnInOneBand() throws {
    let svg = """
      <svg xmlns="http://www.w3.org/2000/svg" width="400" height="400">
        <clipPath id="c"><circle cx="200" cy="200" r="170"/></clipPath>
        <g opacity="0.8" clip-path="url(#c)">
          <ellipse cx="260" cy="250" rx="130" ry="90" fill="purple" transform="rotate(-20 260 250)"/>
        </g>
      </svg>
      """
    let tree = try RenderTree(document: Document(string: svg))
    #expect(!tree.isBandable)
    let size = Size(width: 400, height: 400)
    let one = try tree.rasterize(covering: size, bands: 1)
    for bands in [28, 43, 400] {
      #expect(Self.difference(one, try tree.rasterize(covering: size, bands: bands)) == nil)
    }
  }

  @Test func aGradientDrawingAskedForBandsGetsTheBytesOfOneBand() throws {
    let svg = """
      <svg xmlns="http://www.w3.org/2000/svg" width="300" height="300">
        <linearGradient id="g" gradientTransform="rotate(33)">
          <stop stop-color="#f00"/><stop offset="1" stop-color="#00f"/></linearGradient>
        <circle cx="150" cy="150" r="140" fill="url(#g)"/>
      </svg>
      """
    let tree = try RenderTree(document: Document(string: svg))
    let size = Size(width: 300, height: 300)
    let one = try tree.rasterize(covering: size, bands: 1)
    #expect(Self.difference(one, try tree.rasterize(covering: size, bands: 5)) == nil)
  }

  /// Where two images of one size differ: the number of differing pixels and the first.
  static func difference(_ a: Bitmap, _ b: Bitmap) -> String? {
    guard a.pixels != b.pixels else { return nil }
    var count = 0
    var first: (Int, Int)?
    for y in 0..<a.height {
      for x in 0..<a.width where a.rgba(x: x, y: y) != b.rgba(x: x, y: y) {
        count += 1
        if first == nil { first = (x, y) }
      }
    }
    return "\(count) pixels differ, the first at \(first.map { "\($0.0),\($0.1)" } ?? "-")"
  }
}
