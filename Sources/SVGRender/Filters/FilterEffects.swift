/// The neighbourhood and generator primitives: convolution, morphology, displacement,
/// lighting and turbulence.
extension FilterPipeline {
  func runEffect(
    _ p: FilterPrimitive, get: (FilterInput) -> FilterImage, size: PixelRect
  ) -> FilterImage {
    var out = FilterImage(width: size.width, height: size.height)
    out.linearRGB = p.linearRGB
    return out
  }
}
