import SVGGeometry
import SVGTree

/// What a `url(#id)` paint reference resolved to.
enum PaintServerResolution {
  case paint(RenderPaint)
  /// Paints nothing, whatever the fallback: the reference names an element that is not a
  /// paint server, or a pattern being instantiated already (a cycle).
  case nothing
  /// The fallback applies (and without one nothing is painted): no element has that id, the
  /// server has no stops or no content, or it needs a bounding box the shape does not have.
  case missing
}

/// `gradientUnits`, `patternUnits`, `patternContentUnits`.
enum PaintUnits: Equatable {
  case userSpaceOnUse
  case objectBoundingBox
}

/// Dispatch of paint references to the paint server elements, and the attribute reading
/// they share.
enum PaintServerElement {
  /// Resolves `url(#id)` or `url(file.svg#id)` in the paint of element `element`, a shape
  /// whose fill bounding box is `bounds` (nil when empty). A server in another file is
  /// built in that file's context; one that cannot be read counts as missing.
  static func resolve(
    _ iri: FuncIRI, for element: NodeID, bounds: Rect?, builder: RenderTreeBuilder,
    state: BuildState
  ) throws(RenderError) -> PaintServerResolution {
    let context = builder.context
    guard let (owner, node) = try context.target(of: iri, property: "paint", for: element) else {
      if iri.file == nil {
        context.warn("no element with id \"\(iri.id)\" for a paint reference", at: nil)
      }
      return .missing
    }
    return try context.building(in: owner, at: element) {
      (builder) throws(RenderError) -> PaintServerResolution in
      let document = owner.document
      let kind = document.isSVGElement(node) ? document[node].name : ""
      switch kind {
      case "linearGradient", "radialGradient":
        return try GradientElement.resolve(node, bounds: bounds, context: owner, state: state)
      case "pattern":
        return try PatternElement.resolve(node, bounds: bounds, builder: builder, state: state)
      default:
        owner.warn("<\(document[node].name)> is not a paint server; nothing painted", at: node)
        return .nothing
      }
    }
  }

  /// A units attribute from the chain; `default` when absent or invalid (with a diagnostic).
  static func units(
    _ name: String, chain: HrefChain, from: (String) -> Bool, default value: PaintUnits,
    context: BuildContext
  ) -> PaintUnits {
    guard let (text, id) = chain.attribute(name, from: from) else { return value }
    switch text.trimmingSpaces {
    case "userSpaceOnUse": return .userSpaceOnUse
    case "objectBoundingBox": return .objectBoundingBox
    default:
      context.warn("invalid \(name) \"\(text)\"; using the default", at: id)
      return value
    }
  }

  /// A transform attribute (`gradientTransform`, `patternTransform`) from the chain, about
  /// the `transform-origin` of the element that gives it; identity when absent, invalid or
  /// not invertible (with a diagnostic).
  static func transform(
    _ name: String, chain: HrefChain, from: (String) -> Bool, context: BuildContext,
    viewport: Size
  ) -> Transform {
    guard let (text, id) = chain.attribute(name, from: from) else { return .identity }
    do {
      let t = try TransformList(parsing: text).transform
      guard t.isInvertible else {
        context.warn("\(name) \"\(text)\" is not invertible; ignored", at: id)
        return .identity
      }
      return context.style(id).applyingOrigin(to: t, viewport: viewport)
    } catch {
      context.warn("invalid \(name) \"\(text)\"; ignored", at: id)
      return .identity
    }
  }

  /// A coordinate attribute (`x1`, `cx`, `width`...) from the chain, in the server's units:
  /// in objectBoundingBox units a percentage is a fraction of the box and a number is one
  /// already; in userSpaceOnUse a percentage refers to the viewport. Absent or invalid gives
  /// `default`, resolved the same way.
  static func coordinate(
    _ name: String, axis: LengthAxis, chain: HrefChain, from: (String) -> Bool,
    units: PaintUnits, default value: Length, context: BuildContext, viewport: Size
  ) -> Double {
    var length = value
    var element = chain.elements[0]
    if let (text, id) = chain.attribute(name, from: from) {
      do {
        length = try Length(parsing: text)
        element = id
      } catch {
        context.warn("invalid \(name) \"\(text)\"; using the default", at: id)
      }
    }
    if units == .objectBoundingBox && length.unit == .percent { return length.value / 100 }
    return length.resolve(in: context.style(element).lengthContext(viewport), axis: axis)
  }

  /// Maps the unit square onto `box`: the objectBoundingBox coordinate system.
  static func boundingBoxTransform(_ box: Rect) -> Transform {
    .translate(box.x, box.y) * .scale(box.width, box.height)
  }
}
