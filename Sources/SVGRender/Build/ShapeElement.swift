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
    // The exact box costs a pass over the curves: only paint servers need it.
    let bounds = PaintResolver.needsBounds(style) ? path.bounds : nil
    node.fill = try PaintResolver.fill(style, bounds: bounds, builder: builder, state: state)
    node.stroke = try PaintResolver.stroke(style, bounds: bounds, builder: builder, state: state)
    node.antialias = !["crispedges", "optimizespeed"].contains(
      style.keyword(.shapeRendering) ?? "")
    let order = PaintOrderValue(style.keyword(.paintOrder))
    node.paintOrder = order.strokeBeforeFill ? .strokeThenFill : .fillThenStroke
    node.hitArea = HitAreaResolver.resolve(style, node: node, viewport: state.viewport)
    guard style.isVisible else {
      // Hidden shapes paint nothing, markers included, but still count in their group's
      // bounding box.
      node.fill = nil
      node.stroke = nil
      return [.path(node)]
    }
    let markers = try MarkerElement.build(for: id, shape: node, builder: builder, state: state)
    guard let markers else { return [.path(node)] }
    switch order.markersIndex {
    case 0: return [markers, .path(node)]
    case 1:
      // Markers between fill and stroke: the path is drawn in two parts around them.
      var first = node
      var second = node
      if order.strokeBeforeFill {
        first.fill = nil
        second.stroke = nil
      } else {
        first.stroke = nil
        second.fill = nil
      }
      return [.path(first), markers, .path(second)]
    default: return [.path(node), markers]
    }
  }

  /// The element's geometry in its user space; nil when it has none or it is invalid.
  static func geometry(_ id: NodeID, style: StyleValues, viewport: Size) -> Path? {
    // Attributes are read in place (a copy of the node retains each of its strings and arrays).
    let context = style.context
    func attribute(_ name: String) -> String? { context.document.attribute(name, of: id) }
    func len(_ name: String, _ axis: LengthAxis) -> Double? {
      style.attributeLength(name, axis: axis, viewport: viewport)
    }
    let name = context.document[id].name
    switch name {
    case "path":
      guard let d = attribute("d") else { return nil }
      let (path, error) = style.context.options.pathData?.parse(d, of: id) ?? PathData.parse(d)
      if let error {
        style.context.warn("path data error: \(error.message); drawn up to the error", at: id)
      }
      return path
    case "rect":
      guard let w = len("width", .x), let h = len("height", .y) else { return nil }
      return Shape.rect(
        x: len("x", .x) ?? 0, y: len("y", .y) ?? 0, width: w, height: h,
        rx: autoLength(attribute("rx")).flatMap { _ in len("rx", .x) },
        ry: autoLength(attribute("ry")).flatMap { _ in len("ry", .y) })
    case "circle":
      guard let r = len("r", .other) else { return nil }
      return Shape.circle(cx: len("cx", .x) ?? 0, cy: len("cy", .y) ?? 0, r: r)
    case "ellipse":
      // SVG 2: a negative radius is invalid and behaves as `auto`.
      func radius(_ name: String, _ axis: LengthAxis) -> Double? {
        guard autoLength(attribute(name)) != nil, let r = len(name, axis) else { return nil }
        guard r >= 0 else {
          style.context.warn("negative \(name) on <ellipse>; using auto", at: id)
          return nil
        }
        return r
      }
      return Shape.ellipse(
        cx: len("cx", .x) ?? 0, cy: len("cy", .y) ?? 0, rx: radius("rx", .x), ry: radius("ry", .y))
    case "line":
      return Shape.line(
        x1: len("x1", .x) ?? 0, y1: len("y1", .y) ?? 0, x2: len("x2", .x) ?? 0,
        y2: len("y2", .y) ?? 0)
    case "polyline", "polygon":
      guard let text = attribute("points") else { return nil }
      let closed = name == "polygon"
      let (path, invalid) =
        context.options.pathData?.points(text, of: id, closed: closed)
        ?? Points.parse(text, closed: closed)
      if invalid { style.context.warn("invalid points; drawn up to the error", at: id) }
      return path
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

/// `paint-order`: the order of fill, stroke and markers; `normal` or an invalid value is
/// fill, stroke, markers.
struct PaintOrderValue {
  var strokeBeforeFill = false
  /// Where the markers are painted: 0 first, 1 between fill and stroke, 2 last.
  var markersIndex = 2

  init(_ text: String?) {
    guard let text, text != "normal" else { return }
    var order = text.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
    guard !order.isEmpty, order.allSatisfy({ ["fill", "stroke", "markers"].contains($0) }),
      Set(order).count == order.count
    else { return }
    for k in ["fill", "stroke", "markers"] where !order.contains(k) { order.append(k) }
    strokeBeforeFill = order.firstIndex(of: "stroke")! < order.firstIndex(of: "fill")!
    markersIndex = order.firstIndex(of: "markers")!
  }
}
