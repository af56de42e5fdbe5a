import Foundation
import SVGGeometry
import SVGRender
import SVGTree
import TestSupport
import Testing

/// cairo's stroker strokes a curve far outside the clip as its chord, and the outline of the
/// segment next to it then starts from the chord's face: a band could draw a long side of a
/// rounded rectangle a level apart from one band (`BandChords`). Random rounded rectangles
/// with round joins and caps under rotations, skews and non-uniform scales, crossing the
/// edges of many band splits, must come out as in one band.
@Suite struct BandChordTests {
  enum Placement: String, CaseIterable {
    case rotate, scale, rotateThenScale, scaleThenRotate, skewX, skewY

    /// The linear part of a random matrix of this kind, from five draws of `uniform`
    /// (whatever the kind): scales of `size` × 0.3 to 1.5, a turn, a skew.
    func matrix(_ uniform: (Double, Double) -> Double, size: Double = 1) -> [Double] {
      let (s, t) = (uniform(0.4, 1.5) * size, uniform(-1.5, 1.5))
      let (c, n) = (cos(t), sin(t))
      let (sx, sy, k) = (uniform(0.3, 1.5) * size, uniform(0.3, 1.5) * size, uniform(-0.6, 0.6))
      return switch self {
      case .rotate: [c * s, n * s, -n * s, c * s]
      case .scale: [sx, 0, 0, sy]
      case .rotateThenScale: [c * sx, n * sx, -n * sy, c * sy]
      case .scaleThenRotate: [sx * c, sy * n, -sx * n, sy * c]
      case .skewX: [s, 0, k * s, s]
      case .skewY: [s, k * s, 0, s]
      }
    }
  }

  /// 40 rounded rectangles placed by `placement`, from a fixed seed.
  static func drawing(_ placement: Placement, seed: UInt64) -> String {
    var random = SplitMix(seed: seed)
    func uniform(_ a: Double, _ b: Double) -> Double { a + (b - a) * random.next() }
    var shapes = ""
    for _ in 0..<40 {
      let m = placement.matrix(uniform)
      let (e, f) = (uniform(20, 380), uniform(20, 380))
      let (r, w) = (uniform(3, 14), uniform(2, 9))
      let matrix = (m + [e, f]).map { String(format: "%.5f", $0) }.joined(separator: " ")
      shapes += """
        <rect x="-40" y="-15" width="80" height="30" ry="\(String(format: "%.3f", r))" fill="none" \
        stroke="#000" stroke-width="\(String(format: "%.3f", w))" stroke-linejoin="round" \
        stroke-linecap="round" transform="matrix(\(matrix))"/>

        """
    }
    return """
      <svg xmlns="http://www.w3.org/2000/svg" width="400" height="400">
      \(shapes)</svg>
      """
  }

  @Test(arguments: Placement.allCases)
  func roundedRectanglesAreDrawnAsInOneBand(_ placement: Placement) throws {
    let tree = try RenderTree(document: Document(string: Self.drawing(placement, seed: 5)))
    #expect(tree.isBandable)
    let size = Size(width: 400, height: 400)
    let one = try tree.rasterize(covering: size, bands: 1)
    for bands in [2, 3, 5, 7, 8, 11, 13] {
      let banded = try tree.rasterize(covering: size, bands: bands)
      #expect(BandedRasterTests.difference(one, banded) == nil, "\(bands) bands")
    }
  }

  /// The minimal case found by the random drawings: a rounded rectangle under a skew and a
  /// scale, two bands, one pixel of one level apart when the band drew it.
  @Test func aSkewedRoundedRectangleIsDrawnAsInOneBand() throws {
    let svg = """
      <svg xmlns="http://www.w3.org/2000/svg" width="500" height="700" viewBox="0 0 500 657">
        <g transform="matrix(2.811166,0,0,2.811166,777.9806,-1529.407)">
          <rect x="-165.91237" y="822.65796" width="91.998665" height="30.430248" ry="10.120958"
            fill="none" stroke="#000" stroke-width="3.9319048" stroke-linecap="round"
            stroke-linejoin="round"
            transform="matrix(0.467888,-0.214037,0,0.515177,-93.06976,213.1349)"/>
        </g>
      </svg>
      """
    let tree = try RenderTree(document: Document(string: svg))
    let size = Size(width: 500, height: 700)
    let one = try tree.rasterize(covering: size, bands: 1)
    #expect(BandedRasterTests.difference(one, try tree.rasterize(covering: size, bands: 2)) == nil)
  }
}

/// A partial redraw clips cairo to the changed rows as a band does, so the same chords can
/// move pixels of the strokes crossing them: where they would, the redraw is a full render.
@Suite struct PartialRedrawChordTests {
  @Test(arguments: BandChordTests.Placement.allCases)
  func roundedRectanglesCrossingTheRedrawnRowsAreDrawnAsInFull(
    _ placement: BandChordTests.Placement
  ) throws {
    let scene = BandChordTests.drawing(placement, seed: 5)
    func tree(_ fill: String, y: Int) throws -> RenderTree {
      let dot = "<circle cx='200' cy='\(y).3' r='6' fill='\(fill)'/></svg>"
      return try RenderTree(
        document: Document(string: scene.replacingOccurrences(of: "</svg>", with: dot)))
    }
    let size = Size(width: 400, height: 400)
    for y in stride(from: 30, to: 400, by: 37) {
      let (before, after) = (try tree("navy", y: y), try tree("gold", y: y))
      guard case .region(let box) = after.change(since: before) else {
        Issue.record("a recolour is not a region")
        return
      }
      let base = try before.rasterize(covering: size)
      let (redrawn, _) = try after.rasterize(changedIn: box, onto: base, covering: size)
      let full = try after.rasterize(covering: size)
      #expect(BandedRasterTests.difference(full, redrawn) == nil, "dot at y \(y)")
    }
  }
}
