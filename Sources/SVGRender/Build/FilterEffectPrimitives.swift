import SVGGeometry
import SVGTree

/// The primitives with more parameters: convolution, lighting, displacement, morphology,
/// turbulence and images. An invalid one becomes a transparent flood, as in resvg.
extension FilterPrimitives {
  static let transparent = FilterKind.flood(.transparent)

  func otherKind(_ fe: NodeID, subregion: Rect) throws(RenderError) -> FilterKind? {
    let node = builder.document[fe]
    switch node.name {
    case "feConvolveMatrix":
      return convolveMatrix(fe).map { .convolveMatrix(input(fe, "in"), $0) } ?? Self.transparent
    case "feDiffuseLighting", "feSpecularLighting":
      return lighting(fe).map {
        node.name == "feDiffuseLighting"
          ? .diffuseLighting(input(fe, "in"), $0) : .specularLighting(input(fe, "in"), $0)
      } ?? Self.transparent
    case "feDisplacementMap":
      func channel(_ name: String) -> DisplacementMap.Channel {
        switch node.attribute(name)?.trimmingSpaces {
        case "R": .r
        case "G": .g
        case "B": .b
        default: .a
        }
      }
      let map = DisplacementMap(
        scale: number(fe, "scale", 0) * (scale.width + scale.height) / 2,
        xChannel: channel("xChannelSelector"), yChannel: channel("yChannelSelector"))
      return .displacementMap(input(fe, "in"), input(fe, "in2"), map)
    case "feMorphology":
      var rx = scale.width
      var ry = scale.height
      if let list = numbers(fe, "radius") {
        var x = 0.0
        var y = 0.0
        if list.count == 2 { (x, y) = (list[0], list[1]) }
        if list.count == 1 { (x, y) = (list[0], list[0]) }
        if x == 0 { x = 1 }
        if y == 0 { y = 1 }
        if x > 0 && y > 0 {
          rx = x * scale.width
          ry = y * scale.height
        }
      }
      let dilate = node.attribute("operator")?.trimmingSpaces == "dilate"
      return .morphology(input(fe, "in"), dilate: dilate, radiusX: rx, radiusY: ry)
    case "feTurbulence":
      var fx = 0.0
      var fy = 0.0
      if let list = numbers(fe, "baseFrequency") {
        var x = 0.0
        var y = 0.0
        if list.count == 2 { (x, y) = (list[0], list[1]) }
        if list.count == 1 { (x, y) = (list[0], list[0]) }
        if x >= 0 && y >= 0 { (fx, fy) = (x, y) }
      }
      let octaves = max(0, number(fe, "numOctaves", 1)).rounded()
      return .turbulence(
        Turbulence(
          baseFrequencyX: fx, baseFrequencyY: fy, octaves: Int(min(octaves, 64)),
          seed: Int(number(fe, "seed", 0).rounded(.towardZero)),
          stitchTiles: node.attribute("stitchTiles")?.trimmingSpaces == "stitch",
          fractalNoise: node.attribute("type")?.trimmingSpaces == "fractalNoise"))
    case "feImage":
      return try image(fe, subregion: subregion) ?? Self.transparent
    default:
      return nil
    }
  }

  private func convolveMatrix(_ fe: NodeID) -> ConvolveMatrix? {
    let node = builder.document[fe]
    var ox = 3
    var oy = 3
    if let text = node.attribute("order") {
      let list = NumberList.parsePrefix(text).numbers
      let x = list.first.map { Int($0) } ?? 3
      let y = list.count > 1 ? Int(list[1]) : x
      guard x > 0, y > 0, Double(x) == list.first ?? 3 else { return nil }
      (ox, oy) = (x, y)
    }
    guard ox * oy <= 4096 else { return nil }
    var kernel = numbers(fe, "kernelMatrix") ?? []
    guard kernel.count == ox * oy else { return nil }
    var sum = kernel.reduce(0, +)
    sum = (sum * 1_000_000).rounded() / 1_000_000
    if sum == 0 { sum = 1 }
    let divisor = number(fe, "divisor", sum)
    guard divisor != 0 else { return nil }
    func target(_ name: String, _ order: Int) -> Int? {
      let t = Int(number(fe, name, Double(order / 2)))
      return t >= 0 && t < order ? t : nil
    }
    guard let tx = target("targetX", ox), let ty = target("targetY", oy) else { return nil }
    if node.attribute("kernelUnitLength") != nil {
      guard let k = numbers(fe, "kernelUnitLength"), let first = k.first, first > 0,
        (k.count < 2 || k[1] > 0)
      else { return nil }
    }
    let edge: ConvolveMatrix.EdgeMode
    switch node.attribute("edgeMode")?.trimmingSpaces {
    case "none": edge = .none
    case "wrap": edge = .wrap
    default: edge = .duplicate
    }
    kernel.reverse()
    return ConvolveMatrix(
      orderX: ox, orderY: oy, kernel: kernel, divisor: divisor, bias: number(fe, "bias", 0),
      targetX: tx, targetY: ty, edgeMode: edge,
      preserveAlpha: node.attribute("preserveAlpha")?.trimmingSpaces == "true")
  }

  private func lighting(_ fe: NodeID) -> Lighting? {
    let node = builder.document[fe]
    guard
      let light = builder.document.elementChildren(of: fe).first(where: {
        ["feDistantLight", "fePointLight", "feSpotLight"].contains(builder.document[$0].name)
      })
    else { return nil }
    let source: LightSource
    switch builder.document[light].name {
    case "feDistantLight":
      source = .distant(
        azimuth: number(light, "azimuth", 0), elevation: number(light, "elevation", 0))
    case "fePointLight":
      source = .point(x: number(light, "x", 0), y: number(light, "y", 0), z: number(light, "z", 0))
    default:
      let exponent = number(light, "specularExponent", 1)
      let cone = builder.document.attribute("limitingConeAngle", of: light).map { _ in
        number(light, "limitingConeAngle", 0)
      }
      source = .spot(
        x: number(light, "x", 0), y: number(light, "y", 0), z: number(light, "z", 0),
        pointsAtX: number(light, "pointsAtX", 0), pointsAtY: number(light, "pointsAtY", 0),
        pointsAtZ: number(light, "pointsAtZ", 0), specularExponent: exponent > 0 ? exponent : 1,
        limitingConeAngle: cone)
    }
    let specular = node.name == "feSpecularLighting"
    let exponent = number(fe, "specularExponent", 1)
    if specular && !(1...128).contains(exponent) { return nil }
    if node.attribute("kernelUnitLength") != nil {
      guard let k = numbers(fe, "kernelUnitLength"), let first = k.first, first > 0,
        (k.count < 2 || k[1] > 0)
      else { return nil }
    }
    let style = context.style(fe)
    var color = style.colorProperty(.lightingColor, default: .white)
    color.alpha = 1
    return Lighting(
      surfaceScale: number(fe, "surfaceScale", 1),
      constant: number(fe, specular ? "specularConstant" : "diffuseConstant", 1),
      specularExponent: exponent, color: color, light: source)
  }

  /// `feImage`: a referenced element drawn in the filtered element's user space.
  private func image(_ fe: NodeID, subregion: Rect) throws(RenderError) -> FilterKind? {
    guard let href = builder.document[fe].href else {
      context.warn("feImage without href", at: fe)
      return nil
    }
    if href.hasPrefix("#") {
      guard let target = context.element(referencedBy: href) else {
        context.warn("feImage reference \(href) not found", at: fe)
        return nil
      }
      let node = try context.instantiating(target) { () throws(RenderError) -> RenderNode? in
        try builder.build(target, state: state)
      }
      guard let node else { return nil }
      var group = Group(source: fe)
      group.children = [node]
      return .image(group)
    }
    // An image file or data: URL, fitted to the subregion like <image> to its viewport
    // (the pipeline puts the content's origin at the subregion's corner).
    guard let content = try ImageLoader.load(href, for: fe, context: context) else { return nil }
    let size = content.size
    guard size.width > 0, size.height > 0 else { return nil }
    let aspect = ViewportElement.preserveAspectRatio(of: fe, context: context)
    let bounds = Rect(x: 0, y: 0, width: size.width, height: size.height)
    let viewport = Rect(x: 0, y: 0, width: subregion.width, height: subregion.height)
    guard let placement = aspect.transform(viewBox: bounds, viewport: viewport) else { return nil }
    var node = ImageNode(
      source: fe, viewport: viewport, contentTransform: placement, content: content)
    node.clip = aspect.slice ? viewport : nil
    let rendering = context.style(fe).keyword(.imageRendering)
    node.smooth = !["optimizespeed", "pixelated", "crisp-edges"].contains(rendering ?? "")
    var group = Group(source: fe)
    group.children = [.image(node)]
    return .image(group)
  }
}
