import SVGGeometry
import SVGTree

/// `marker-start`, `marker-mid` and `marker-end` on shapes: one instance of the `<marker>`
/// content per vertex, placed, oriented and scaled as SVG 2 "Painting: markers" says.
/// Only the markable elements (``markable``) get markers, as in browsers and rsvg-convert.
enum MarkerElement {
  /// SVG 2's markable elements: `rect`, `circle` and `ellipse` take no markers (an earlier
  /// SVG 2 draft, which resvg follows, gave them to every shape).
  static let markable: Set<String> = ["path", "line", "polyline", "polygon"]

  /// Which vertices a marker property selects.
  enum Position: CaseIterable {
    case start, mid, end

    var propertyID: PropertyID {
      switch self {
      case .start: .markerStart
      case .mid: .markerMid
      case .end: .markerEnd
      }
    }

    var property: String { propertyID.name }

    func selects(_ v: PathVertex) -> Bool {
      switch self {
      case .start: v.isFirst
      case .mid: v.isMiddle
      case .end: v.isLast
      }
    }
  }

  /// The markers of shape `id` (already built as `shape`) in the shape's user space, in
  /// start, mid, end order; nil when it has none. `state` is the shape's own state.
  static func build(
    for id: NodeID, shape: PathNode, builder: RenderTreeBuilder, state: BuildState
  ) throws(RenderError) -> RenderNode? {
    let context = builder.context
    let style = context.style(id)
    // Most shapes have no marker: that is settled before the element's name is looked at.
    guard style[.markerStart] != nil || style[.markerMid] != nil || style[.markerEnd] != nil,
      markable.contains(context.document[id].name)
    else { return nil }
    let references = Position.allCases.map { style.reference($0.propertyID) }
    guard references.contains(where: { $0 != nil }) else { return nil }
    // Shapes inside a clipPath only contribute their geometry.
    let document = context.document
    if document.ancestors(of: id).contains(where: { document[$0].name == "clipPath" }) {
      return nil
    }
    // A path without a single segment draws nothing, markers included (as in resvg).
    let hasSegment = shape.path.elements.contains { el in
      switch el {
      case .line, .quad, .cubic: true
      case .move, .close: false
      }
    }
    guard hasSegment else { return nil }
    let vertices = shape.path.vertices
    let strokeWidth = style.length(.strokeWidth, viewport: state.viewport, default: 1)
    let contextPaint = ContextPaint(
      fill: shape.fill?.paint, stroke: shape.stroke?.paint, space: state.absoluteTransform)

    var group = Group(source: id)
    group.absoluteTransform = state.absoluteTransform
    for (position, reference) in zip(Position.allCases, references) {
      guard let reference else { continue }
      guard
        let (target, marker) = try context.target(
          of: reference, property: position.property, for: id)
      else {
        if reference.file == nil {
          context.warn(
            "\(position.property) does not reference a <marker>: \"\(reference.id)\"", at: id)
        }
        continue
      }
      guard target.document[marker].name == "marker" else {
        context.warn("\(position.property) does not reference a <marker>: \"\(reference)\"", at: id)
        continue
      }
      try context.building(in: target, at: id) { (builder) throws(RenderError) in
        guard
          let definition = MarkerDefinition(
            marker, strokeWidth: strokeWidth, context: target, state: state)
        else { return }
        for vertex in vertices where position.selects(vertex) {
          let placement = definition.placement(at: vertex, isStart: position == .start)
          let instance = try target.instantiating(marker) {
            () throws(RenderError) -> RenderNode? in
            try build(
              definition, placement: placement, builder: builder, state: state,
              contextPaint: contextPaint)
          }
          // Another file's elements are answered for by the shape that placed them.
          if let instance {
            group.children.append(target === context ? instance : instance.sourced(from: id))
          }
        }
      }
    }
    return group.children.isEmpty ? nil : .group(group)
  }

  /// One instance of the marker content, `placement` mapping its content to the shape's space.
  private static func build(
    _ definition: MarkerDefinition, placement: Transform, builder: RenderTreeBuilder,
    state: BuildState, contextPaint: ContextPaint
  ) throws(RenderError) -> RenderNode? {
    var group = Group(source: definition.id)
    group.transform = placement
    group.absoluteTransform = state.absoluteTransform * placement
    group.clipPath = definition.clip.map(ClipPath.rectangle)
    var inner = state
    inner.absoluteTransform = group.absoluteTransform
    inner.viewport = definition.contentViewport
    inner.contextPaint = contextPaint
    group.children = try builder.children(of: definition.id, state: inner)
    return group.children.isEmpty ? nil : .group(group)
  }
}

/// The attributes of one `<marker>`, resolved for a shape with a given stroke width.
struct MarkerDefinition: Sendable {
  let id: NodeID
  /// refX/refY: the content point placed on the vertex.
  var reference: Point
  var orient: MarkerOrient
  /// Maps content coordinates to the marker viewport, stroke-width scaling included (no
  /// translation: the reference point is placed separately).
  var scale: Transform
  /// The clip rectangle in content coordinates; nil for `overflow: visible`/`auto`.
  var clip: Rect?
  /// The size percentages in the content resolve against.
  var contentViewport: Size

  /// nil when the marker renders nothing (non-positive size, zero stroke width, empty
  /// viewBox mapping), with a diagnostic where the content is invalid.
  init?(_ id: NodeID, strokeWidth: Double, context: BuildContext, state: BuildState) {
    self.id = id
    let style = context.style(id)
    let node = context.document[id]
    let vp = state.viewport
    let width = style.attributeLength("markerWidth", axis: .x, viewport: vp) ?? 3
    let height = style.attributeLength("markerHeight", axis: .y, viewport: vp) ?? 3
    guard width > 0, height > 0 else {
      if width < 0 || height < 0 {
        context.warn("negative marker size; marker not rendered", at: id)
      }
      return nil
    }
    reference = Point(
      style.attributeLength("refX", axis: .x, viewport: vp) ?? 0,
      style.attributeLength("refY", axis: .y, viewport: vp) ?? 0)

    var unitScale = strokeWidth
    switch node.attribute("markerUnits")?.trimmingSpaces {
    case nil, "strokeWidth": break
    case "userSpaceOnUse": unitScale = 1
    case let other?: context.warn("invalid markerUnits \"\(other)\"; using strokeWidth", at: id)
    }
    guard unitScale > 0 else { return nil }

    orient = .angle(Angle(degrees: 0))
    if let text = node.attribute("orient") {
      do {
        orient = try MarkerOrient(parsing: text)
      } catch {
        context.warn("invalid orient \"\(text)\"; using 0", at: id)
      }
    }

    let viewBox = ViewportElement.viewBox(of: id, context: context)
    let viewport = Rect(x: 0, y: 0, width: width * unitScale, height: height * unitScale)
    if let viewBox {
      guard viewBox.width > 0, viewBox.height > 0,
        let t = ViewportElement.viewBoxTransform(
          of: id, viewBox: viewBox, viewport: viewport, context: context)
      else { return nil }
      scale = .scale(t.a, t.d)
      contentViewport = Size(width: viewBox.width, height: viewBox.height)
    } else {
      scale = .scale(unitScale, unitScale)
      contentViewport = Size(width: width, height: height)
    }

    let overflow = style.keyword(.overflow)
    if overflow == nil || overflow == "hidden" || overflow == "scroll" {
      clip = viewBox ?? Rect(x: 0, y: 0, width: width, height: height)
    }
  }

  /// Maps the content to the shape's user space for a marker on `vertex`.
  func placement(at vertex: PathVertex, isStart: Bool) -> Transform {
    let angle: Double
    switch orient {
    case .auto: angle = vertex.autoAngle
    case .autoStartReverse: angle = vertex.autoAngle + (isStart ? 180 : 0)
    case .angle(let a): angle = a.degrees
    }
    var t = Transform.translate(vertex.point.x, vertex.point.y)
    if angle != 0 { t = t * .rotate(angle) }
    return t * scale * .translate(-reference.x, -reference.y)
  }
}
