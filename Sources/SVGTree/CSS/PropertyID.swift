/// A property the cascade knows, by its number in ``Properties/all``. Computed styles keep
/// their values by number (``StyleEntries``), so a read by `PropertyID` finds its value
/// without hashing the property's name, as a read by name does on every call.
package struct PropertyID: Hashable, Sendable {
  package let number: UInt8

  /// The property named `name`, which must be in ``Properties/all`` (a misspelt name is a
  /// programming error, caught by the first read).
  package init(_ name: String) {
    guard let n = Properties.number(name) else {
      preconditionFailure("\"\(name)\" is not a property the cascade knows")
    }
    number = n
  }

  package var name: String { Properties.all[Int(number)].name }
  package var info: PropertyInfo { Properties.all[Int(number)] }
}

extension ComputedStyle {
  /// The value given to `property` on this element or inherited from an ancestor; nil when
  /// it was never set.
  package subscript(_ property: PropertyID) -> String? { entries[property.number] }
}

/// The properties the renderer reads, each looked up by name once per process.
extension PropertyID {
  // Painting.
  package static let fill = PropertyID("fill")
  package static let fillOpacity = PropertyID("fill-opacity")
  package static let fillRule = PropertyID("fill-rule")
  package static let stroke = PropertyID("stroke")
  package static let strokeWidth = PropertyID("stroke-width")
  package static let strokeOpacity = PropertyID("stroke-opacity")
  package static let strokeLinecap = PropertyID("stroke-linecap")
  package static let strokeLinejoin = PropertyID("stroke-linejoin")
  package static let strokeMiterlimit = PropertyID("stroke-miterlimit")
  package static let strokeDasharray = PropertyID("stroke-dasharray")
  package static let strokeDashoffset = PropertyID("stroke-dashoffset")
  package static let paintOrder = PropertyID("paint-order")
  package static let vectorEffect = PropertyID("vector-effect")
  package static let color = PropertyID("color")
  package static let opacity = PropertyID("opacity")
  package static let markerStart = PropertyID("marker-start")
  package static let markerMid = PropertyID("marker-mid")
  package static let markerEnd = PropertyID("marker-end")
  // Rendering hints and colour spaces.
  package static let shapeRendering = PropertyID("shape-rendering")
  package static let textRendering = PropertyID("text-rendering")
  package static let imageRendering = PropertyID("image-rendering")
  package static let colorInterpolationFilters = PropertyID("color-interpolation-filters")
  // Visibility, layout boxes, interaction.
  package static let display = PropertyID("display")
  package static let visibility = PropertyID("visibility")
  package static let overflow = PropertyID("overflow")
  package static let pointerEvents = PropertyID("pointer-events")
  // Clipping, masking, filters, compositing.
  package static let clipPath = PropertyID("clip-path")
  package static let clipRule = PropertyID("clip-rule")
  package static let mask = PropertyID("mask")
  package static let maskType = PropertyID("mask-type")
  package static let filter = PropertyID("filter")
  package static let floodColor = PropertyID("flood-color")
  package static let floodOpacity = PropertyID("flood-opacity")
  package static let lightingColor = PropertyID("lighting-color")
  package static let mixBlendMode = PropertyID("mix-blend-mode")
  package static let isolation = PropertyID("isolation")
  // Gradients.
  package static let stopColor = PropertyID("stop-color")
  package static let stopOpacity = PropertyID("stop-opacity")
  // Transforms.
  package static let transform = PropertyID("transform")
  package static let transformOrigin = PropertyID("transform-origin")
  package static let transformBox = PropertyID("transform-box")
  // Fonts.
  package static let fontFamily = PropertyID("font-family")
  package static let fontSize = PropertyID("font-size")
  package static let fontStyle = PropertyID("font-style")
  package static let fontVariant = PropertyID("font-variant")
  package static let fontWeight = PropertyID("font-weight")
  package static let fontStretch = PropertyID("font-stretch")
  package static let fontKerning = PropertyID("font-kerning")
  package static let kerning = PropertyID("kerning")
  package static let fontVariationSettings = PropertyID("font-variation-settings")
  package static let fontVariantCaps = PropertyID("font-variant-caps")
  // Text.
  package static let textAnchor = PropertyID("text-anchor")
  package static let dominantBaseline = PropertyID("dominant-baseline")
  package static let alignmentBaseline = PropertyID("alignment-baseline")
  package static let baselineShift = PropertyID("baseline-shift")
  package static let letterSpacing = PropertyID("letter-spacing")
  package static let wordSpacing = PropertyID("word-spacing")
  package static let textDecoration = PropertyID("text-decoration")
  package static let whiteSpace = PropertyID("white-space")
  package static let writingMode = PropertyID("writing-mode")
  package static let direction = PropertyID("direction")
  package static let unicodeBidi = PropertyID("unicode-bidi")
}
