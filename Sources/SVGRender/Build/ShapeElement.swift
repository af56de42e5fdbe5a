import SVGGeometry
import SVGTree

/// `path`, `rect`, `circle`, `ellipse`, `line`, `polyline` and `polygon`.
enum ShapeElement {
  static func build(_ id: NodeID, builder: RenderTreeBuilder, state: BuildState)
    throws(RenderError) -> [RenderNode]
  {
    let context = builder.context
    let style = context.style(id)
    guard let path = geometry(id, style: style, viewport: state.viewport), !path.isEmpty else {
      return []
    }
    var node = PathNode(source: id, path: path)
    node.fill = try PaintResolver.fill(style, bounds: node.bounds, builder: builder, state: state)
    node.stroke = try PaintResolver.stroke(style, bounds: node.bounds, builder: builder, state: state)
    node.antialias = !["crispedges", "optimizespeed"].contains(style.keyword("shape-rendering") ?? "")
    let order = PaintOrderValue(style.keyword("paint-order"))
    node.paintOrder = order.strokeBeforeFill ? .strokeThenFill : .fillThenStroke
    var nodes: [RenderNode] = []
    if !style.isVisible {
      // Hidden shapes paint nothing but still count in their group's bounding box.
      node.fill = nil
      node.stroke = nil
    }
    nodes.append(.path(node))
    let markers = try MarkerElement.build(for: id, path: path, builder: builder, state: state)
    if let markers {
      if order.markersFirst { nodes.insert(markers, at: 0) } else { nodes.append(markers) }
    }
    return nodes
  }

  /// The element's geometry in its user space; nil when it has none or it is invalid.
  static func geometry(_ id: NodeID, style: StyleValues, viewport: Size) -> Path? {
    let n = style.node
    func len(_ name: String, _ axis: LengthAxis) -> Double? {
      style.attributeLength(name, axis: axis, viewport: viewport)
    }
    switch n.name {
    case "path":
      guard let d = n.attribute("d") else { return nil }
      let (path, error) = PathData.parse(d)
      if let error {
        style.context.warn("path data error: \(error.message); drawn up to the error", at: id)
      }
      return path
    case "rect":
      guard let w = len("width", .x), let h = len("height", .y) else { return nil }
      return Shape.rect(
        x: len("x", .x) ?? 0, y: len("y", .y) ?? 0, width: w, height: h,
        rx: autoLength(n.attribute("rx")).flatMap { _ in len("rx", .x) },
        ry: autoLength(n.attribute("ry")).flatMap { _ in len("ry", .y) })
    case "circle":
      guard let r = len("r", .other) else { return nil }
      return Shape.circle(cx: len("cx", .x) ?? 0, cy: len("cy", .y) ?? 0, r: r)
    case "ellipse":
      return Shape.ellipse(
        cx: len("cx", .x) ?? 0, cy: len("cy", .y) ?? 0,
        rx: autoLength(n.attribute("rx")).flatMap { _ in len("rx", .x) },
        ry: autoLength(n.attribute("ry")).flatMap { _ in len("ry", .y) })
    case "line":
      return Shape.line(
        x1: len("x1", .x) ?? 0, y1: len("y1", .y) ?? 0, x2: len("x2", .x) ?? 0,
        y2: len("y2", .y) ?? 0)
    case "polyline", "polygon":
      guard let text = n.attribute("points") else { return nil }
      let (numbers, error) = NumberList.parsePrefix(text)
      if error != nil { style.context.warn("invalid points; drawn up to the error", at: id) }
      var points: [Point] = []
      var i = 0
      while i + 1 < numbers.count {
        points.append(Point(numbers[i], numbers[i + 1]))
        i += 2
      }
      return n.name == "polygon" ? Shape.polygon(points) : Shape.polyline(points)
    default:
      return nil
    }
  }

  /// `auto` (or absent) radius: nil; anything else passes through to length parsing.
  private static func autoLength(_ text: String?) -> String? {
    guard let text, text.trimmingSpaces.lowercased() != "auto" else { return nil }
    return text
  }
}

/// `paint-order`: which of fill, stroke and markers come first.
struct PaintOrderValue {
  var strokeBeforeFill = false
  var markersFirst = false

  init(_ text: String?) {
    guard let text, text != "normal" else { return }
    var order = text.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
    guard !order.isEmpty, order.allSatisfy({ ["fill", "stroke", "markers"].contains($0) }),
      Set(order).count == order.count
    else { return }
    for k in ["fill", "stroke", "markers"] where !order.contains(k) { order.append(k) }
    strokeBeforeFill = order.firstIndex(of: "stroke")! < order.firstIndex(of: "fill")!
    markersFirst = order[0] == "markers"
  }
}
