import Foundation
import SVGGeometry
import SVGTree
import Testing

@testable import SVGRender

@Suite struct GaussianBlurTests {
  /// A single opaque white pixel in the middle of a transparent image.
  func dot(size: Int) -> FilterImage {
    var image = FilterImage(width: size, height: size)
    image.pixels[(size / 2) * size + size / 2] = 0xFFFF_FFFF
    return image
  }

  func alphaSum(_ image: FilterImage) -> Int {
    image.pixels.reduce(0) { $0 + Int($1 >> 24) }
  }

  @Test(arguments: [0.5, 1.0, 1.9, 3.0, 8.0])
  func blurKeepsTheEnergyOfASinglePixel(sigma: Double) {
    var image = dot(size: 101)
    GaussianBlur.apply(&image, sigmaX: sigma, sigmaY: sigma)
    // 8-bit rounding of every touched pixel costs at most half a level each.
    let touched = image.pixels.filter { $0 != 0 }.count
    #expect(abs(alphaSum(image) - 255) <= max(8, touched / 2))
    #expect(image.pixels[50 * 101 + 50] >> 24 < 255)
  }

  @Test func blurIsSymmetric() {
    var image = dot(size: 41)
    GaussianBlur.apply(&image, sigmaX: 4, sigmaY: 4)
    for d in 1..<15 {
      #expect(image.pixels[20 * 41 + 20 - d] == image.pixels[20 * 41 + 20 + d])
      #expect(image.pixels[(20 - d) * 41 + 20] == image.pixels[(20 + d) * 41 + 20])
    }
  }

  /// The three-box approximation stays close to the true Gaussian profile.
  @Test(arguments: [2.0, 5.0, 12.0])
  func boxApproximationErrorIsBounded(sigma: Double) {
    let size = Int(sigma * 12) | 1
    var box = FilterImage(width: size, height: 1)
    var exact = box
    let c = size / 2
    box.pixels[c] = 0xFF00_0000
    exact.pixels[c] = 0xFF00_0000
    GaussianBlur.apply(&box, sigmaX: sigma, sigmaY: 0)
    let k = GaussianBlur.kernel(sigma)
    var worst = 0.0
    for i in 0..<size {
      let d = i - c + k.count / 2
      let expected = d >= 0 && d < k.count ? k[d] * 255 : 0
      worst = max(worst, abs(Double(box.pixels[i] >> 24) - expected))
    }
    // Relative to the peak of the exact profile.
    #expect(worst <= 0.2 * k[k.count / 2] * 255 + 1)
  }

  @Test func zeroOrTinyDeviationChangesNothing() {
    var image = dot(size: 9)
    let before = image.pixels
    GaussianBlur.apply(&image, sigmaX: 0, sigmaY: 0.01)
    #expect(image.pixels == before)
  }

  @Test func boxesFollowTheSpecification() {
    // d = floor(s * 3 * sqrt(2π) / 4 + 0.5): odd gives three equal centred boxes.
    #expect(GaussianBlur.boxes(2).map(\.size) == [4, 4, 5])
    #expect(GaussianBlur.boxes(3).map(\.size) == [6, 6, 7])
    #expect(GaussianBlur.boxes(4).map(\.size) == [8, 8, 9])
    #expect(GaussianBlur.boxes(2.4).map(\.size) == [5, 5, 5])
  }
}

@Suite struct FilterPixelTests {
  @Test func colourSpaceRoundTripIsClose() {
    for v in stride(from: 0, through: 255, by: 5) {
      let back = ColorSpaceTables.toSRGB[Int(ColorSpaceTables.toLinear[v])]
      // linearRGB in 8 bits loses precision in the darks.
      #expect(abs(Int(back) - v) <= (v < 60 ? 14 : 3))
    }
    #expect(ColorSpaceTables.toLinear[0] == 0 && ColorSpaceTables.toLinear[255] == 255)
    #expect(ColorSpaceTables.toLinear[128] == 55)
  }

  @Test func luminanceToAlphaAndSaturate() {
    var image = FilterImage(width: 2, height: 1)
    image.pixels = [0xFFFF_FFFF, 0xFFFF_0000]
    var lum = image
    ColorFilters.apply(.luminanceToAlpha, to: &lum)
    #expect(lum.pixels[0] >> 24 >= 254)
    #expect(lum.pixels[1] >> 24 == 54)
    var grey = image
    ColorFilters.apply(.saturate(0), to: &grey)
    let (r, g, b) = Premultiplied.unpremultiply(grey.pixels[1])
    #expect(r == g && g == b)
  }

  @Test func componentTransferTables() {
    #expect(ColorFilters.table(.identity) == nil)
    #expect(ColorFilters.table(.table([])) == nil)
    let invert = ColorFilters.table(.table([1, 0]))!
    #expect(invert[0] == 255 && invert[255] == 0)
    let discrete = ColorFilters.table(.discrete([0, 1]))!
    #expect(discrete[100] == 0 && discrete[200] == 255)
  }

  @Test func arithmeticCompositeClampsColourToAlpha() {
    var a = FilterImage(width: 1, height: 1)
    var b = a
    a.pixels = [0xFF80_0000]
    b.pixels = [0x8000_0080]
    let out = Compositing.arithmetic(0, 1, 1, 0, a, b)
    #expect(out.pixels[0] >> 24 == 255)
    #expect((out.pixels[0] >> 16) & 0xFF == 0x80)
    #expect(out.pixels[0] & 0xFF == 0x80)
  }

  @Test func morphologyErodesAndDilates() {
    var image = FilterImage(width: 9, height: 9)
    for y in 2..<7 { for x in 2..<7 { image.pixels[y * 9 + x] = 0xFF00_0000 } }
    var eroded = image
    NeighbourhoodFilters.morphology(&eroded, dilate: false, rx: 1, ry: 1)
    #expect(eroded.pixels.filter { $0 != 0 }.count < 25)
    var dilated = image
    NeighbourhoodFilters.morphology(&dilated, dilate: true, rx: 1, ry: 1)
    #expect(dilated.pixels.filter { $0 != 0 }.count > 25)
  }

  @Test func turbulenceIsDeterministicPerSeed() {
    let t = Turbulence(
      baseFrequencyX: 0.05, baseFrequencyY: 0.05, octaves: 2, seed: 3, stitchTiles: false,
      fractalNoise: false)
    let a = TurbulenceFilter.render(
      t, width: 16, height: 16, offsetX: 0, offsetY: 0, scaleX: 1, scaleY: 1)
    let b = TurbulenceFilter.render(
      t, width: 16, height: 16, offsetX: 0, offsetY: 0, scaleX: 1, scaleY: 1)
    var other = t
    other.seed = 4
    let c = TurbulenceFilter.render(
      other, width: 16, height: 16, offsetX: 0, offsetY: 0, scaleX: 1, scaleY: 1)
    #expect(a.pixels == b.pixels)
    #expect(a.pixels != c.pixels)
  }
}

@Suite struct FilterBuildTests {
  func tree(_ svg: String) throws -> RenderTree {
    try RenderTree(document: Document(string: svg))
  }

  func firstGroup(_ tree: RenderTree) -> Group? {
    func find(_ g: Group) -> Group? {
      if !g.filters.isEmpty { return g }
      for case .group(let c) in g.children { if let f = find(c) { return f } }
      return nil
    }
    return find(tree.root)
  }

  let head = #"<svg xmlns="http://www.w3.org/2000/svg" width="200" height="200">"#

  @Test func objectBoundingBoxRegionAndPrimitives() throws {
    let t = try tree(
      head + """
        <filter id="f"><feGaussianBlur stdDeviation="3" result="a"/><feOffset in="a" dx="2"/>
        </filter><rect x="10" y="20" width="100" height="50" filter="url(#f)"/></svg>
        """)
    let g = try #require(firstGroup(t))
    let f = try #require(g.filters.first)
    #expect(f.region == Rect(x: 0, y: 15, width: 120, height: 60))
    #expect(f.primitives.count == 2)
    guard case .offset(.result("a"), 2, 0) = f.primitives[1].kind else {
      Issue.record("offset not wired to result a")
      return
    }
    #expect(f.primitives[0].linearRGB)
  }

  @Test func missingFilterRemovesTheElement() throws {
    let t = try tree(head + #"<rect width="10" height="10" filter="url(#nope)"/></svg>"#)
    #expect(t.root.children.isEmpty)
    #expect(t.diagnostics.contains { $0.message.contains("not rendered") })
  }

  @Test func unparsableListIsIgnored() throws {
    let t = try tree(head + #"<rect width="10" height="10" filter="blur(1 2)"/></svg>"#)
    #expect(firstGroup(t) == nil)
    #expect(!t.root.children.isEmpty)
    #expect(t.diagnostics.contains { $0.message.contains("invalid filter") })
  }

  @Test func filterFunctionsAndChains() throws {
    let t = try tree(
      head + """
        <filter id="f"><feFlood/></filter>
        <rect width="10" height="10" filter="url(#f) grayscale(50%) drop-shadow(2 3 red)"/></svg>
        """)
    let g = try #require(firstGroup(t))
    #expect(g.filters.count == 3)
    #expect(g.filters[1].primitives[0].linearRGB == false)
  }

  @Test func emptyRegionRemovesTheElement() throws {
    let t = try tree(
      head
        + #"<filter id="f" width="0"><feFlood/></filter><rect width="10" height="10" filter="url(#f)"/></svg>"#
    )
    #expect(firstGroup(t) == nil)
    #expect(t.diagnostics.contains { $0.message.contains("region") })
  }

  @Test func hugeBlurStaysWithinTheBudget() throws {
    let t = try tree(
      head + """
        <filter id="f" x="-1e6" y="-1e6" width="3e6" height="3e6" filterUnits="userSpaceOnUse">
        <feGaussianBlur stdDeviation="1e7"/></filter>
        <rect width="10" height="10" filter="url(#f)"/></svg>
        """)
    var limits = Limits()
    limits.maxPixels = 2_000_000
    let bitmap = try t.rasterize(width: 200, height: 200, limits: limits)
    #expect(bitmap.width == 200)
  }
}
