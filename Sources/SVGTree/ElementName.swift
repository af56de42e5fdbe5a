/// The SVG elements Inkpath knows, identified once when the tree is read (as usvg's `EId`),
/// so code that dispatches on an element switches over an enum the compiler checks instead
/// of comparing name strings. The raw value is the local name as written.
public enum ElementName: String, Sendable, Hashable, CaseIterable {
  case a, circle, clipPath, defs, desc, ellipse, feBlend, feColorMatrix, feComponentTransfer
  case feComposite, feConvolveMatrix, feDiffuseLighting, feDisplacementMap, feDistantLight
  case feDropShadow, feFlood, feFuncA, feFuncB, feFuncG, feFuncR, feGaussianBlur, feImage
  case feMerge, feMergeNode, feMorphology, feOffset, fePointLight, feSpecularLighting
  case feSpotLight, feTile, feTurbulence, filter, foreignObject, g, image, line, linearGradient
  case marker, mask, metadata, path, pattern, polygon, polyline, radialGradient, rect, script
  case solidColor = "solidcolor"
  case stop, style, svg, `switch`, symbol, text, textPath, title, tref, tspan, use, view

  /// The element named `name` (a local name), or nil for one SVG does not define here.
  public init?(localName name: String) {
    guard let known = Self.byName[name] else { return nil }
    self = known
  }

  private static let byName: [String: ElementName] = Dictionary(
    uniqueKeysWithValues: allCases.map { ($0.rawValue, $0) })
}

extension Document {
  /// What SVG element `id` is: nil for other nodes, elements of other namespaces and
  /// names SVG does not define.
  public func elementName(_ id: NodeID) -> ElementName? {
    isSVGElement(id) ? nodes[id.index].elementName : nil
  }
}
