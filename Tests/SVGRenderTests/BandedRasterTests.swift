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
    "<pattern id='p' width='2' height='2'><rect width='1' height='1'/></pattern><rect width='9' height='9' fill='url(#p)'/>",
    "<filter id='f'><feGaussianBlur stdDeviation='2'/></filter><rect width='9' height='9' filter='url(#f)'/>",
    "<mask id='m'><rect width='9' height='9' fill='url(#p)'/></mask><pattern id='p' width='2' height='2'><rect width='1' height='1'/></pattern><rect width='9' height='9' mask='url(#m)'/>",
    "<image width='9' height='9' href='data:image/gif;base64,R0lGODlhAQABAIAAAP///wAAACwAAAAAAQABAAACAkQBADs='/>",
  ])
  func paintsThatDependOnTheBandAreDrawnInOneBand(_ content: String) throws {
    let svg = "<svg xmlns='http://www.w3.org/2000/svg' width='10' height='10'>\(content)</svg>"
    var options = RenderOptions()
    options.resources = .dataOnly
    let tree = try RenderTree(document: Document(string: svg), options: options)
    #expect(!tree.isBandable)
  }

  /// A rotated ellipse under a circle that cairo clips to directly: a band that ends on
  /// certain rows draws its last rows a level apart unless it draws rows below them too
  /// (`BandedRaster.trailRows`); with them, every band split gives the bytes of one band.
  @Test func aDirectClipPathIsBandedAndDrawsTheBytesOfOneBand() throws {
    let svg = """
      <svg xmlns="http://www.w3.org/2000/svg" width="400" height="400">
        <clipPath id="c"><circle cx="200" cy="200" r="170"/></clipPath>
        <g opacity="0.8" clip-path="url(#c)">
          <ellipse cx="260" cy="250" rx="130" ry="90" fill="purple" transform="rotate(-20 260 250)"/>
        </g>
      </svg>
      """
    let tree = try RenderTree(document: Document(string: svg))
    #expect(tree.isBandable)
    let size = Size(width: 400, height: 400)
    let one = try tree.rasterize(covering: size, bands: 1)
    for bands in [2, 3, 7, 28, 43, 400] {
      #expect(Self.difference(one, try tree.rasterize(covering: size, bands: bands)) == nil)
    }
    let settle = RenderTree.bandSettleRows
    let bare = tree.bandTops(
      250..<260, differingFrom: one, covering: size, depth: 16, settle: settle, trail: 0)
    #expect(bare.differing == [253, 255])
    let trailed = tree.bandTops(
      250..<260, differingFrom: one, covering: size, depth: 16, settle: settle)
    #expect(trailed.differing.isEmpty)
  }

  /// A clip path of horizontal and vertical lines is held by cairo as boxes, which a band's
  /// rows turn into a pixel-aligned region: the edges of the shapes under it come out a
  /// level apart in every row of such bands. The band plan finds it and draws one band.
  @Test func aClipThatCairoHoldsAsBoxesIsDrawnInOneBand() throws {
    let svg = """
      <svg xmlns="http://www.w3.org/2000/svg" width="400" height="400">
        <clipPath id="c"><path d="M10.3 10.6 H 390.2 V 380.7 H 200 V 300 H 100 V 380.7 H 10.3 Z"/></clipPath>
        <g clip-path="url(#c)">
          <rect x="20.4" width="30.3" height="400" fill="black"/>
          <rect x="50.7" width="30.3" height="400" fill="gray"/>
        </g>
      </svg>
      """
    let tree = try RenderTree(document: Document(string: svg))
    var edges: [Int] = []
    #expect(
      tree.bandRefusal(width: 400, height: 400, count: 3, edges: &edges)
        == "a clip path that cairo holds as boxes")
    let size = Size(width: 400, height: 400)
    let one = try tree.rasterize(covering: size, bands: 1)
    #expect(Self.difference(one, try tree.rasterize(covering: size, bands: 3)) == nil)
    let forced = try #require(try tree.rasterize(covering: size, bandEdges: [0, 125, 258, 400]))
    #expect(Self.difference(one, forced) != nil)
  }

  /// Gradients of every kind of placement: bounding-box and user-space units, rotated,
  /// skewed and non-uniformly scaled, radial with a focal point and a focal radius, every
  /// spread method, stops close together, in strokes, in masks, under opacity and clips,
  /// on shapes of every size, all across the band edges.
  static let gradients = """
    <svg xmlns="http://www.w3.org/2000/svg" width="400" height="400" viewBox="0 0 400 400">
      <linearGradient id="l" gradientTransform="rotate(33)">
        <stop stop-color="#f00"/><stop offset="0.49" stop-color="#0f0"/>
        <stop offset="0.5" stop-color="#00f" stop-opacity="0.5"/><stop offset="1" stop-color="#ff0"/>
      </linearGradient>
      <linearGradient id="u" gradientUnits="userSpaceOnUse" x1="13.3" y1="7" x2="57.9" y2="391"
        spreadMethod="reflect" gradientTransform="skewX(21) scale(1.7 0.6)">
        <stop stop-color="navy"/><stop offset="1" stop-color="orange"/>
      </linearGradient>
      <radialGradient id="r" cx="0.4" cy="0.6" r="0.3" fx="0.2" fy="0.5" fr="0.05"
        spreadMethod="repeat" gradientTransform="matrix(1.3 0.4 -0.2 0.8 0.1 -0.05)">
        <stop stop-color="#fff"/><stop offset="0.7" stop-color="#a0a"/><stop offset="1" stop-color="#033"/>
      </radialGradient>
      <radialGradient id="e" gradientUnits="userSpaceOnUse" cx="200" cy="210" r="180"
        gradientTransform="translate(200 210) scale(1 0.25) rotate(10) translate(-200 -210)">
        <stop stop-color="teal"/><stop offset="1" stop-color="teal" stop-opacity="0"/>
      </radialGradient>
      <linearGradient id="h" x2="0" y2="1"><stop stop-color="#123"/><stop offset="1" stop-color="#def"/></linearGradient>
      <mask id="m"><rect width="400" height="400" fill="url(#h)"/></mask>
      <clipPath id="c"><circle cx="200" cy="200" r="170"/><rect width="5" height="5"/></clipPath>
      <rect x="0.5" y="0.5" width="399" height="399" fill="url(#e)"/>
      <circle cx="140" cy="150" r="120.3" fill="url(#l)" stroke="url(#u)" stroke-width="9"
        stroke-linejoin="round"/>
      <g opacity="0.8" clip-path="url(#c)">
        <ellipse cx="260" cy="250" rx="130" ry="90" fill="url(#r)" transform="rotate(-20 260 250)"/>
        <path d="M10 390 C 120 200 280 420 390 10" fill="none" stroke="url(#l)" stroke-width="14"
          stroke-linejoin="round" stroke-linecap="round"/>
      </g>
      <g mask="url(#m)"><rect x="30" y="20" width="3.4" height="370" fill="url(#u)"/>
        <rect x="300.2" y="33.3" width="90" height="333" fill="url(#r)"/></g>
      <circle cx="80" cy="330" r="1.6" fill="url(#r)"/>
      <linearGradient id="n" gradientUnits="userSpaceOnUse" x1="0" y1="0" x2="400" y2="0.000003">
        <stop stop-color="#0a0"/><stop offset="1" stop-color="#a0a"/></linearGradient>
      <ellipse cx="200" cy="300" rx="190" ry="40" fill="url(#n)" opacity="0.7"/>
    </svg>
    """

  @Test(arguments: [2, 3, 7, 400])
  func gradientsAreDrawnInBandsWithTheBytesOfOneBand(_ bands: Int) throws {
    let tree = try RenderTree(document: Document(string: Self.gradients))
    #expect(tree.isBandable)
    for size in [Size(width: 400, height: 400), Size(width: 1037, height: 1037)] {
      let one = try tree.rasterize(covering: size, bands: 1)
      let banded = try tree.rasterize(covering: size, bands: bands)
      #expect(Self.difference(one, banded) == nil, "\(size.width) px in \(bands) bands")
    }
  }

  /// A linear gradient that changes a little from row to row, but less than pixman's
  /// threshold for computing one row for all (2^-16 of its length), cannot be placed
  /// alike in every band: the bands raise the hazard and the image is drawn whole.
  @Test func aNearlyLevelGradientIsDrawnWhole() throws {
    let svg = """
      <svg xmlns="http://www.w3.org/2000/svg" width="400" height="400">
        <linearGradient id="t" gradientUnits="userSpaceOnUse" x1="0" y1="0" x2="400" y2="0.5">
          <stop stop-color="#0a0"/><stop offset="1" stop-color="#a0a"/></linearGradient>
        <rect width="400" height="400" fill="url(#t)"/>
      </svg>
      """
    let tree = try RenderTree(document: Document(string: svg))
    #expect(tree.isBandable)
    let size = Size(width: 400, height: 400)
    let one = try tree.rasterize(covering: size, bands: 1)
    for bands in [2, 7, 400] {
      #expect(Self.difference(one, try tree.rasterize(covering: size, bands: bands)) == nil)
    }
  }

  /// A linear gradient that changes over two rows by at least pixman's threshold for
  /// computing one row for all, as pixman computes it from the fixed-point points and matrix,
  /// is placed in device space and drawn in bands, a band starting at any row as the whole
  /// image; one under it is not (it changes by 2^-16.6 over two rows here).
  @Test(arguments: [(1.0, false), (1.5, true), (2, true), (2.5, true), (6, true)])
  func aGradientChangingByPixmansStepIsPlaced(_ rise: Double, _ placed: Bool) throws {
    let svg = """
      <svg xmlns="http://www.w3.org/2000/svg" width="400" height="400">
        <linearGradient id="t" gradientUnits="userSpaceOnUse" x1="0" y1="0" x2="400" y2="\(rise)">
          <stop stop-color="#0a0"/><stop offset="1" stop-color="#a0a"/></linearGradient>
        <rect width="400" height="400" fill="url(#t)"/>
        <circle cx="200" cy="200" r="150" fill="url(#t)" fill-opacity="0.5"/>
      </svg>
      """
    let tree = try RenderTree(document: Document(string: svg))
    var edges: [Int] = []
    #expect((tree.bandRefusal(width: 400, height: 400, count: 2, edges: &edges) == nil) == placed)
    let size = Size(width: 400, height: 400)
    let one = try tree.rasterize(covering: size, bands: 1)
    #expect(Self.difference(one, try tree.rasterize(covering: size, bands: 2)) == nil)
    guard placed else { return }
    let tops = tree.bandTops(
      1..<400, differingFrom: one, covering: size, depth: 16, settle: RenderTree.bandSettleRows)
    #expect(tops.differing.isEmpty && tops.hazards.isEmpty, "\(tops)")
  }

  /// Gradients placed in device space keep their colours: small gradients far from the
  /// origin (where rounding the matrix moves them most) within a level of the exact colour.
  /// Each case: the rectangle's x and width, the gradient's attributes, and where the
  /// gradient runs from red to blue in user space (start and width).
  @Test(arguments: [
    (2900.0, 64.0, "", 2900.0, 64.0),
    (2890, 30, "gradientUnits='userSpaceOnUse' x1='2900' x2='2909'", 2900, 9),
    (40, 400, "gradientTransform='translate(0.5) scale(0.25 1)'", 240, 100),
    (40, 2900, "gradientUnits='userSpaceOnUse' x1='40' x2='2940' y2='0.0000001'", 40, 2900),
  ])
  func gradientsPlacedInDeviceSpaceKeepTheirColours(
    _ x: Double, _ width: Double, _ attributes: String, _ start: Double, _ length: Double
  ) throws {
    let svg = """
      <svg xmlns="http://www.w3.org/2000/svg" width="3000" height="20">
        <linearGradient id="g" \(attributes)>
          <stop stop-color="#ff0000"/><stop offset="1" stop-color="#0000ff"/></linearGradient>
        <rect x="\(x)" y="0" width="\(width)" height="20" fill="url(#g)"/>
      </svg>
      """
    let tree = try RenderTree(document: Document(string: svg))
    let image = try tree.rasterize(covering: Size(width: 3000, height: 20), bands: 1)
    for px in Int(x)..<Int(x + width) {
      let t = min(1, max(0, (Double(px) + 0.5 - start) / length))
      let p = image.rgba(x: px, y: 10)
      #expect(abs(Double(p.r) - 255 * (1 - t)) <= 1.01, "x \(px): red \(p.r), t \(t)")
      #expect(abs(Double(p.b) - 255 * t) <= 1.01, "x \(px): blue \(p.b), t \(t)")
    }
  }

  /// cairo takes a matrix of determinant ±1 without skew (here `scale(0.5 2)`, and its
  /// quarter turn) as unit scale: it then widens the clip box its stroker keeps curves in
  /// by half the line width in device pixels, not by the stroke's stretched reach. The
  /// curves here lie just above the edge of the lower band of two, and their strokes reach
  /// into it: drawn in that band alone they came out 10 pixels apart from one band (in
  /// their caps on the edge's row). Banded or not, the bytes must be one band's.
  @Test(arguments: ["matrix(0.5 0 0 2 0 0)", "matrix(0 2 0.5 0 0 0)"])
  func curvesUnderAUnitDeterminantStretchAreDrawnAsInOneBand(_ transform: String) throws {
    _ = try Self.checkStretchedCurves(transform)
  }

  /// Two wide curves under `transform` (a stretch cairo takes for unit scale), with
  /// `attributes` on both and `groupAttributes` on their group, reaching row 200 of a 400 px
  /// image: checked drawn in 2, 3 and 7 bands against one band. Returns the tree and its
  /// one-band raster.
  static func checkStretchedCurves(
    _ transform: String, _ attributes: String = "", groupAttributes: String = ""
  ) throws -> (RenderTree, Bitmap) {
    let style =
      "stroke-width=\"20\" stroke-linejoin=\"round\" stroke-linecap=\"round\" \(attributes)"
    let svg = """
      <svg xmlns="http://www.w3.org/2000/svg" width="400" height="400">
        <g transform="\(transform)" \(groupAttributes)>
          <path d="M 100 94.4 C 200 95.7 300 95.7 400 94.4" fill="none" stroke="navy" \(style)/>
          <path d="M 94.4 100 C 95.7 200 95.7 300 94.4 400" fill="none" stroke="teal" \(style)/>
        </g>
      </svg>
      """
    let tree = try RenderTree(document: Document(string: svg))
    let size = Size(width: 400, height: 400)
    let one = try tree.rasterize(covering: size, bands: 1)
    #expect(
      (0..<400).contains { one.rgba(x: $0, y: 200).a > 0 }, "the stroke reaches the lower band")
    for bands in [2, 3, 7] {
      #expect(Self.difference(one, try tree.rasterize(covering: size, bands: bands)) == nil)
    }
    return (tree, one)
  }

  /// The dot of a zero-length subpath is a segment 1/256 of the stroke's width long, so its
  /// round caps reach 1/512 of the width past half the width: here, turned down the page, a
  /// dot whose centre is 1,502 rows above the image paints its first 4 rows, which a band
  /// that grew the dot's point by half the width and the 2-pixel margin skipped.
  @Test func aHugeDotReachesPastHalfItsWidth() throws {
    let svg = """
      <svg xmlns="http://www.w3.org/2000/svg" width="400" height="400">
        <rect width="400" height="400" fill="#fff"/>
        <path transform="rotate(90 200 200)" d="M-1502 200z" stroke="#036" stroke-width="3000"
          stroke-linecap="round" stroke-linejoin="round"/>
      </svg>
      """
    let tree = try RenderTree(document: Document(string: svg))
    var edges: [Int] = []
    #expect(tree.bandRefusal(width: 400, height: 400, count: 2, edges: &edges) == nil)
    let size = Size(width: 400, height: 400)
    let one = try tree.rasterize(covering: size, bands: 1)
    #expect(one.rgba(x: 200, y: 2).r < 255, "the dot reaches row 2")
    for bands in [2, 3] {
      #expect(Self.difference(one, try tree.rasterize(covering: size, bands: bands)) == nil)
    }
  }

  /// A band skips the shapes that cannot reach its rows; under a skew a stroke reaches
  /// further down the page than its width times the length of either column of the matrix
  /// (here 1.41 × half the width, not 1.0 ×). A translucent line every 5 rows, each a
  /// horizontal stroke 56 rows tall, so some line lies just beyond that shorter reach of any
  /// band edge.
  @Test func bandsDrawTheStrokesThatReachThemUnderASkew() throws {
    let lines = stride(from: 0, through: 400, by: 5).map { y in
      "<line x1='0' y1='\(y)' x2='2000' y2='\(y - 2000)' stroke-opacity='0.3' stroke='#\(y % 7 + 2)4\(y % 5 + 3)'/>"
    }
    let svg = """
      <svg xmlns="http://www.w3.org/2000/svg" width="400" height="400">
        <g transform="matrix(0.05 1 -0.05 1 195 0)" stroke-width="40" stroke-linejoin="round">\(lines.joined())</g>
      </svg>
      """
    let tree = try RenderTree(document: Document(string: svg))
    #expect(tree.isBandable)
    let size = Size(width: 400, height: 400)
    let one = try tree.rasterize(covering: size, bands: 1)
    for bands in [2, 3, 7] {
      #expect(Self.difference(one, try tree.rasterize(covering: size, bands: bands)) == nil)
    }
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
