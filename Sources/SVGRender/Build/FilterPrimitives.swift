import SVGGeometry
import SVGTree

/// The children of a `<filter>`: one ``FilterPrimitive`` each, with `in`/`in2`/`result`
/// wired as resvg does (an unknown `result` name falls back to the previous result).
struct FilterPrimitives {
  let builder: RenderTreeBuilder
  let state: BuildState
  /// Multiplies lengths for `primitiveUnits="objectBoundingBox"` (the box size), else 1.
  let scale: Size
  var primitives: [FilterPrimitive] = []
  var names: Set<String> = []
  var counter = 1

  var context: BuildContext { builder.context }

  static func collect(
    _ filter: NodeID, region: Rect, bbox: Rect?, builder: RenderTreeBuilder, state: BuildState
  ) throws(RenderError) -> [FilterPrimitive] {
    var c = FilterPrimitives(
      builder: builder, state: state,
      scale: bbox.map { Size(width: $0.width, height: $0.height) } ?? Size(width: 1, height: 1))
    for fe in builder.document.elementChildren(of: filter) {
      guard builder.document.isSVGElement(fe) else { continue }
      guard
        let sub = FilterRegion.subregion(
          fe, region: region, bbox: bbox, builder: builder, state: state)
      else {
        builder.context.warn("filter primitive with an invalid subregion; filter stops", at: fe)
        break
      }
      guard let kind = try c.kind(fe, subregion: sub) else {
        builder.context.warn("<\(builder.document[fe].name)> is not a filter primitive", at: fe)
        continue
      }
      let style = builder.context.style(fe)
      c.primitives.append(
        FilterPrimitive(
          subregion: sub, linearRGB: style.keyword(.colorInterpolationFilters) != "srgb",
          result: c.resultName(fe), kind: kind))
    }
    return c.primitives
  }

  private mutating func resultName(_ fe: NodeID) -> String {
    if let name = builder.document.attribute("result", of: fe) {
      names.insert(name)
      counter += 1
      return name
    }
    while true {
      let name = "result\(counter)"
      counter += 1
      if !names.contains(name) { return name }
    }
  }

  func input(_ fe: NodeID, _ attribute: String) -> FilterInput {
    let previous = primitives.last.map { FilterInput.result($0.result) } ?? .sourceGraphic
    guard let text = builder.document.attribute(attribute, of: fe)?.trimmingSpaces else {
      return previous
    }
    switch text {
    case "SourceGraphic": return .sourceGraphic
    case "SourceAlpha": return .sourceAlpha
    case "BackgroundImage", "BackgroundAlpha", "FillPaint", "StrokePaint":
      context.warn("filter input \(text) is not supported; SourceGraphic used", at: fe)
      return .sourceGraphic
    default:
      return primitives.contains { $0.result == text } ? .result(text) : previous
    }
  }

  func numbers(_ fe: NodeID, _ name: String) -> [Double]? {
    guard let text = builder.document.attribute(name, of: fe) else { return nil }
    do {
      return try NumberList.parse(text)
    } catch {
      context.warn("invalid \(name) \"\(text)\"", at: fe)
      return nil
    }
  }

  func number(_ fe: NodeID, _ name: String, _ fallback: Double) -> Double {
    guard let text = builder.document.attribute(name, of: fe) else { return fallback }
    var s = ValueScanner(text)
    s.skipSpaces()
    guard let v = s.number(), v.isFinite else {
      context.warn("invalid \(name) \"\(text)\"; using \(fallback)", at: fe)
      return fallback
    }
    s.skipSpaces()
    guard s.isAtEnd else {
      context.warn("invalid \(name) \"\(text)\"; using \(fallback)", at: fe)
      return fallback
    }
    return v
  }

  /// The `stdDeviation` pair (one or two non-negative numbers; anything else is `0 0`).
  func stdDeviation(_ fe: NodeID, default value: (Double, Double)) -> (Double, Double) {
    guard builder.document.attribute("stdDeviation", of: fe) != nil else {
      return (value.0 * scale.width, value.1 * scale.height)
    }
    let list = numbers(fe, "stdDeviation") ?? []
    var (x, y) = (0.0, 0.0)
    if list.count == 1 { (x, y) = (list[0], list[0]) }
    if list.count == 2 { (x, y) = (list[0], list[1]) }
    return (max(0, x * scale.width), max(0, y * scale.height))
  }

  /// `flood-color` with `flood-opacity` folded into its alpha.
  func floodColor(_ fe: NodeID) -> Color {
    let style = context.style(fe)
    var c = style.colorProperty(.floodColor, default: .black)
    c.alpha *= style.opacity(.floodOpacity)
    return c
  }

  private mutating func kind(_ fe: NodeID, subregion: Rect) throws(RenderError) -> FilterKind? {
    let node = builder.document[fe]
    switch node.name {
    case "feFlood":
      return .flood(floodColor(fe))
    case "feOffset":
      return .offset(
        input(fe, "in"), dx: number(fe, "dx", 0) * scale.width,
        dy: number(fe, "dy", 0) * scale.height)
    case "feGaussianBlur":
      let (x, y) = stdDeviation(fe, default: (0, 0))
      return .gaussianBlur(input(fe, "in"), stdDeviationX: x, stdDeviationY: y)
    case "feDropShadow":
      let (x, y) = stdDeviation(fe, default: (2, 2))
      return .dropShadow(
        input(fe, "in"),
        DropShadow(
          dx: number(fe, "dx", 2) * scale.width, dy: number(fe, "dy", 2) * scale.height,
          stdDeviationX: x, stdDeviationY: y, color: floodColor(fe)))
    case "feMerge":
      var inputs: [FilterInput] = []
      for child in builder.document.elementChildren(of: fe)
      where builder.document.isSVGElement(child, named: "feMergeNode") {
        inputs.append(input(child, "in"))
      }
      return .merge(inputs)
    case "feBlend":
      // `<blend-mode>` only: `plus-lighter` is a `mix-blend-mode` value.
      var mode = BlendMode(rawValue: node.attribute("mode")?.trimmingSpaces ?? "normal") ?? .normal
      if mode == .plusLighter { mode = .normal }
      return .blend(mode, input(fe, "in"), input(fe, "in2"))
    case "feComposite":
      return .composite(compositeOperator(fe), input(fe, "in"), input(fe, "in2"))
    case "feColorMatrix":
      return .colorMatrix(input(fe, "in"), colorMatrix(fe))
    case "feComponentTransfer":
      return .componentTransfer(input(fe, "in"), componentTransfer(fe))
    case "feTile":
      return .tile(input(fe, "in"))
    default:
      return try otherKind(fe, subregion: subregion)
    }
  }

  private func compositeOperator(_ fe: NodeID) -> CompositeOperator {
    switch builder.document.attribute("operator", of: fe)?.trimmingSpaces {
    case "in": .in
    case "out": .out
    case "atop": .atop
    case "xor": .xor
    case "lighter": .lighter
    case "arithmetic":
      .arithmetic(
        k1: number(fe, "k1", 0), k2: number(fe, "k2", 0), k3: number(fe, "k3", 0),
        k4: number(fe, "k4", 0))
    default: .over
    }
  }

  private func colorMatrix(_ fe: NodeID) -> ColorMatrix {
    let values = numbers(fe, "values")
    switch builder.document.attribute("type", of: fe)?.trimmingSpaces {
    case "saturate":
      guard let values else { return .matrix(identityMatrix) }
      return .saturate(values.first.map { min(max($0, 0), 1) } ?? 1)
    case "hueRotate":
      guard let values else { return .matrix(identityMatrix) }
      return .hueRotate(degrees: values.first ?? 0)
    case "luminanceToAlpha":
      return .luminanceToAlpha
    default:
      if let values, values.count == 20 { return .matrix(values) }
      return .matrix(identityMatrix)
    }
  }

  private var identityMatrix: [Double] {
    [1, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 1, 0]
  }

  private func componentTransfer(_ fe: NodeID) -> ComponentTransfer {
    var t = ComponentTransfer()
    for child in builder.document.elementChildren(of: fe) where builder.document.isSVGElement(child)
    {
      let node = builder.document[child]
      let function: ComponentTransfer.Function
      switch node.attribute("type")?.trimmingSpaces {
      case "identity": function = .identity
      case "table": function = .table(numbers(child, "tableValues") ?? [])
      case "discrete": function = .discrete(numbers(child, "tableValues") ?? [])
      case "linear":
        function = .linear(
          slope: number(child, "slope", 1), intercept: number(child, "intercept", 0))
      case "gamma":
        function = .gamma(
          amplitude: number(child, "amplitude", 1), exponent: number(child, "exponent", 1),
          offset: number(child, "offset", 0))
      default: continue
      }
      switch node.name {
      case "feFuncR": t.red = function
      case "feFuncG": t.green = function
      case "feFuncB": t.blue = function
      case "feFuncA": t.alpha = function
      default: break
      }
    }
    return t
  }
}
