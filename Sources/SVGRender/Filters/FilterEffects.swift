import SVGGeometry

/// The neighbourhood and generator primitives: convolution, morphology, displacement,
/// lighting and turbulence.
extension FilterPipeline {
  func runEffect(
    _ p: FilterPrimitive, get: (FilterInput) -> FilterImage, size: PixelRect, region: PixelRect
  ) -> FilterImage {
    var empty = FilterImage(width: size.width, height: size.height)
    empty.linearRGB = p.linearRGB
    switch p.kind {
    case .convolveMatrix(let i, let m):
      var out = NeighbourhoodFilters.convolve(get(i), m)
      out.linearRGB = p.linearRGB
      return out
    case .morphology(let i, let dilate, let rx, let ry):
      var image = get(i)
      let sx = rx * scaleX
      let sy = ry * scaleY
      guard sx > 0, sy > 0 else { return empty }
      NeighbourhoodFilters.morphology(&image, dilate: dilate, rx: sx, ry: sy)
      return image
    case .displacementMap(let i1, let i2, let map):
      var out = NeighbourhoodFilters.displace(
        get(i1), map: get(i2), map, sx: scaleX, sy: scaleY)
      out.linearRGB = p.linearRGB
      return out
    case .diffuseLighting(let i, let l), .specularLighting(let i, let l):
      var specular = false
      if case .specularLighting = p.kind { specular = true }
      var out = LightingFilter.apply(
        input(i, get: get), lighting: l, light: light(l.light, region: region),
        specular: specular)
      out.linearRGB = p.linearRGB
      return out
    case .turbulence(let t):
      var out = TurbulenceFilter.render(
        t, width: size.width, height: size.height,
        offsetX: Double(region.x) - transform.e, offsetY: Double(region.y) - transform.f,
        scaleX: scaleX, scaleY: scaleY)
      out.linearRGB = p.linearRGB
      return out
    default:
      return empty
    }
  }

  /// Lighting reads only alpha, so no colour-space conversion is needed.
  private func input(_ i: FilterInput, get: (FilterInput) -> FilterImage) -> FilterImage {
    get(i)
  }

  /// The light with its position in region pixels (heights scaled by the mean scale).
  private func light(_ l: LightSource, region: PixelRect) -> LightSource {
    let sz = (scaleX * scaleX + scaleY * scaleY).squareRoot() / 2.0.squareRoot()
    switch l {
    case .distant:
      return l
    case .point(let x, let y, let z):
      let p = transform.apply(Point(x, y))
      return .point(x: p.x - Double(region.x), y: p.y - Double(region.y), z: z * sz)
    case .spot(let x, let y, let z, let px, let py, let pz, let e, let cone):
      let p = transform.apply(Point(x, y))
      let q = transform.apply(Point(px, py))
      return .spot(
        x: p.x - Double(region.x), y: p.y - Double(region.y), z: z * sz,
        pointsAtX: q.x - Double(region.x), pointsAtY: q.y - Double(region.y), pointsAtZ: pz * sz,
        specularExponent: e, limitingConeAngle: cone)
    }
  }
}
