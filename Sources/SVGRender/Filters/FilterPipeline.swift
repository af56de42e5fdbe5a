import CCairo
import SVGGeometry

/// Runs one ``Filter`` on a layer. `transform` maps the filtered group's user space to layer
/// pixels (scale and translation only); primitive parameters are scaled by it as resvg does.
struct FilterPipeline {
  let filter: Filter
  let transform: Transform
  /// Draws a group (for `feImage`) onto a surface with the given user-to-pixel transform.
  let drawGroup: (Group, Transform, OpaquePointer) -> Void

  /// The horizontal and vertical scale of `transform` (row lengths, as the references use).
  var scaleX: Double { (transform.a * transform.a + transform.c * transform.c).squareRoot() }
  var scaleY: Double { (transform.b * transform.b + transform.d * transform.d).squareRoot() }

  private struct Result {
    var name: String
    var image: FilterImage
    /// Where the image has content, in region pixels.
    var area: PixelRect
  }

  /// Replaces `layer` by the filter's output; a filter that cannot run clears it.
  func apply(to layer: inout FilterImage) {
    let bounds = PixelRect(x: 0, y: 0, width: layer.width, height: layer.height)
    guard let region = pixelRect(filter.region)?.intersection(bounds) else {
      layer = FilterImage(width: layer.width, height: layer.height)
      return
    }
    let source = layer.cropped(region)
    var results: [Result] = []
    let whole = PixelRect(x: 0, y: 0, width: region.width, height: region.height)
    for primitive in filter.primitives {
      guard var sub = pixelRect(primitive.subregion)?.offsetBy(-region.x, -region.y) else {
        layer = FilterImage(width: layer.width, height: layer.height)
        return
      }
      if case .offset(.result(let name), _, _) = primitive.kind,
        let input = results.last(where: { $0.name == name })
      {
        sub = input.area
      }
      var image = run(
        primitive, source: source, results: results, size: whole, region: region, sub: sub)
      if sub != whole {
        if case .offset = primitive.kind {
        } else {
          image.clear(outside: sub)
        }
      }
      results.append(Result(name: primitive.result, image: image, area: sub))
    }
    guard let last = results.last else { return }
    let out = last.image.converted(toLinear: false)
    layer = FilterImage(width: layer.width, height: layer.height)
    for y in 0..<region.height {
      let dst = (region.y + y) * layer.width + region.x
      layer.pixels.replaceSubrange(
        dst..<dst + region.width, with: out.pixels[y * region.width..<(y + 1) * region.width])
    }
  }

  /// A user-space rectangle in layer pixels, rounded out; nil when empty.
  func pixelRect(_ r: Rect) -> PixelRect? {
    let d = r.applying(transform)
    guard d.width.isFinite, d.height.isFinite, d.width > 0, d.height > 0 else { return nil }
    let x0 = d.minX.rounded(.down)
    let y0 = d.minY.rounded(.down)
    let x1 = max(d.maxX.rounded(.up), x0 + 1)
    let y1 = max(d.maxY.rounded(.up), y0 + 1)
    guard abs(x0) < 1e8, abs(y0) < 1e8, abs(x1) < 1e8, abs(y1) < 1e8 else { return nil }
    return PixelRect(x: Int(x0), y: Int(y0), width: Int(x1 - x0), height: Int(y1 - y0))
  }

  private func input(
    _ input: FilterInput, source: FilterImage, results: [Result]
  ) -> FilterImage {
    switch input {
    case .sourceGraphic:
      return source
    case .sourceAlpha:
      var alpha = source
      for i in alpha.pixels.indices { alpha.pixels[i] &= 0xFF00_0000 }
      return alpha
    case .result(let name):
      return results.last(where: { $0.name == name })?.image ?? source
    }
  }

  private func run(
    _ p: FilterPrimitive, source: FilterImage, results: [Result], size: PixelRect,
    region: PixelRect, sub: PixelRect
  ) -> FilterImage {
    func get(_ i: FilterInput) -> FilterImage {
      input(i, source: source, results: results).converted(toLinear: p.linearRGB)
    }
    let linear = p.linearRGB
    switch p.kind {
    case .flood(let c):
      return FilterImage(
        width: size.width, height: size.height,
        filledWith: Premultiplied.pack(c.r, c.g, c.b, UInt8((c.alpha * 255).rounded())))
    case .offset(let i, let dx, let dy):
      let image = input(i, source: source, results: results)
      let ox = dx * scaleX
      let oy = dy * scaleY
      guard abs(ox) > 1e-6 || abs(oy) > 1e-6 else { return image }
      var out = FilterImage(width: image.width, height: image.height)
      out.linearRGB = image.linearRGB
      out.draw(image, dx: Int(ox), dy: Int(oy), op: CAIRO_OPERATOR_SOURCE)
      return out
    case .gaussianBlur(let i, let sx, let sy):
      var image = get(i)
      GaussianBlur.apply(&image, sigmaX: sx * scaleX, sigmaY: sy * scaleY)
      return image
    case .dropShadow(let i, let shadow):
      return dropShadow(get(i), shadow, linear: linear)
    case .merge(let inputs):
      var out = FilterImage(width: size.width, height: size.height)
      out.linearRGB = linear
      for i in inputs { out.draw(get(i)) }
      return out
    case .blend(let mode, let i1, let i2):
      var out = get(i2)
      out.draw(get(i1), op: mode.cairoOperator)
      return out
    case .composite(let op, let i1, let i2):
      return Compositing.composite(op, get(i1), get(i2))
    case .colorMatrix(let i, let m):
      var image = get(i)
      ColorFilters.apply(m, to: &image)
      return image
    case .componentTransfer(let i, let t):
      var image = get(i)
      ColorFilters.apply(t, to: &image)
      return image
    case .tile(let i):
      let area =
        results.last(where: {
          if case .result(let n) = i { return $0.name == n }
          return false
        })?.area ?? size
      return Compositing.tile(input(i, source: source, results: results), area: area)
    case .image(let group):
      var out = FilterImage(width: size.width, height: size.height)
      // As resvg: the content's origin is put at the subregion's corner.
      let placed = Transform.translate(Double(sub.x), Double(sub.y)) * .scale(scaleX, scaleY)
      out.withSurface { drawGroup(group, placed, $0) }
      return out
    default:
      return runEffect(p, get: get, size: size, region: region)
    }
  }

  private func dropShadow(_ image: FilterImage, _ s: DropShadow, linear: Bool) -> FilterImage {
    var shadow = image
    GaussianBlur.apply(&shadow, sigmaX: s.stdDeviationX * scaleX, sigmaY: s.stdDeviationY * scaleY)
    var color = s.color
    if linear {
      color.r = ColorSpaceTables.toLinear[Int(color.r)]
      color.g = ColorSpaceTables.toLinear[Int(color.g)]
      color.b = ColorSpaceTables.toLinear[Int(color.b)]
    }
    for i in shadow.pixels.indices {
      let a = Double(shadow.pixels[i] >> 24) / 255 * color.alpha
      shadow.pixels[i] = Premultiplied.pack(color.r, color.g, color.b, UInt8((a * 255).rounded()))
    }
    var out = FilterImage(width: image.width, height: image.height)
    out.linearRGB = linear
    out.draw(shadow, dx: Int(s.dx * scaleX), dy: Int(s.dy * scaleY))
    out.draw(image)
    return out
  }
}
