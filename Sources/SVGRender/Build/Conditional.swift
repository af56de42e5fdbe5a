import SVGTree

/// Conditional processing: `systemLanguage`, `requiredExtensions`, `requiredFeatures`
/// on any element, and `<switch>`, which renders its first child whose conditions pass.
/// Follows usvg: no extension is supported, features are those of static SVG 1.1 that are
/// implemented, and a language matches exactly or by its primary subtag.
enum Conditional {
  static func passes(_ id: NodeID, context: BuildContext) -> Bool {
    // Most elements have none of the three attributes: one look at the names tells.
    // (Their names are 14 to 18 bytes long: `style` and `stroke` are not compared.)
    let mayHaveConditions = context.document.nodes[id.index].attributes.contains { a in
      let name = a.name.utf8
      return name.count >= 14
        && (name.first == UInt8(ascii: "r") || name.first == UInt8(ascii: "s"))
        && a.namespaceURI == nil
        && (a.name == "requiredExtensions" || a.name == "requiredFeatures"
          || a.name == "systemLanguage")
    }
    guard mayHaveConditions else { return true }
    let n = context.document[id]
    // No extension is supported; an empty list is false too (SVG 1.1).
    if n.attribute("requiredExtensions") != nil { return false }
    if let features = n.attribute("requiredFeatures") {
      let list = features.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" })
      guard !list.isEmpty, list.allSatisfy({ supportedFeatures.contains(String($0)) }) else {
        return false
      }
    }
    if let langs = n.attribute("systemLanguage") {
      let wanted = langs.split(separator: ",").map { String($0).trimmingSpaces.lowercased() }
      let users = context.options.languages.map { $0.lowercased() }
      guard
        wanted.contains(where: { lang in
          !lang.isEmpty && users.contains { matches(user: $0, lang) }
        })
      else { return false }
    }
    return true
  }

  /// `en` matches `en` and `en-US`; `en-US` matches only the user language `en-US` or `en`.
  private static func matches(user: String, _ lang: String) -> Bool {
    user == lang || lang.hasPrefix(user + "-") || user.hasPrefix(lang + "-")
  }

  /// The child a `<switch>` renders: its first known SVG element child whose conditions
  /// pass, even when that child is `display: none` (then the switch shows nothing).
  /// Unknown elements (and text, comments) are skipped, as usvg drops them while parsing.
  static func firstPassingChild(of id: NodeID, context: BuildContext) -> NodeID? {
    context.document[id].children.first { child in
      context.document.isSVGElement(child) && knownElements.contains(context.document[child].name)
        && passes(child, context: context)
    }
  }

  /// The SVG elements usvg keeps in its tree; `switch` considers no others.
  static let knownElements: Set<String> = [
    "a", "circle", "clipPath", "defs", "ellipse", "feBlend", "feColorMatrix",
    "feComponentTransfer", "feComposite", "feConvolveMatrix", "feDiffuseLighting",
    "feDisplacementMap", "feDistantLight", "feDropShadow", "feFlood", "feFuncA", "feFuncB",
    "feFuncG", "feFuncR", "feGaussianBlur", "feImage", "feMerge", "feMergeNode",
    "feMorphology", "feOffset", "fePointLight", "feSpecularLighting", "feSpotLight",
    "feTile", "feTurbulence", "filter", "g", "image", "line", "linearGradient", "marker",
    "mask", "path", "pattern", "polygon", "polyline", "radialGradient", "rect", "stop",
    "style", "svg", "switch", "symbol", "text", "textPath", "tref", "tspan", "use",
  ]

  /// The SVG 1.1 feature strings of what is implemented (static SVG, no fonts, no
  /// `clip`/`overflow` viewport attributes, no colour profiles), as usvg lists them.
  static let supportedFeatures: Set<String> = Set(
    [
      "SVGDOM-static", "SVG-static", "CoreAttribute", "Structure", "BasicStructure",
      "ContainerAttribute", "ConditionalProcessing", "Image", "Style", "Shape", "Text",
      "BasicText", "PaintAttribute", "BasicPaintAttribute", "OpacityAttribute",
      "GraphicsAttribute", "BasicGraphicsAttribute", "Marker", "Gradient", "Pattern", "Clip",
      "BasicClip", "Mask", "Filter", "BasicFilter", "XlinkAttribute",
    ].map { "http://www.w3.org/TR/SVG11/feature#" + $0 })
}
