/// What the cascade knows about one CSS property SVG uses.
public struct PropertyInfo: Sendable, Hashable {
  public var name: String
  /// Whether an element without a value takes its parent's (CSS "Inherited: yes").
  public var inherited: Bool
  /// Whether the property may be given as an attribute (`fill="red"`). Shorthands (`font`,
  /// `marker`) and CSS-only properties (`transform`, `mix-blend-mode`) may not.
  public var presentationAttribute: Bool
  /// The initial value, as CSS text.
  public var initial: String
  /// For a shorthand, the longhands it sets; empty otherwise.
  public var longhands: [String]
}

/// The property table: every presentation attribute of SVG 1.1 and SVG 2 and the CSS
/// properties SVG renderers read. Declarations of other properties are ignored by the cascade
/// (geometry such as `d`, `x` or `width` stays an attribute, as SVG 1.1 has it).
///
/// `transform` is here because SVG 2 lets CSS set it; the `transform` *attribute* is not read
/// into the style (its syntax differs from CSS's), so a renderer should prefer a computed
/// `transform` when present and fall back to the attribute.
public enum Properties {
  /// The entry for `name` (lowercase), or nil for a property the cascade does not know.
  public static func info(_ name: String) -> PropertyInfo? { number(name).map { all[Int($0)] } }

  /// The initial value of a known property.
  public static func initialValue(_ name: String) -> String? { info(name)?.initial }

  /// Every known property, by name.
  public static var table: [String: PropertyInfo] {
    Dictionary(uniqueKeysWithValues: all.map { ($0.name, $0) })
  }

  /// The number of a known property: its index in ``all``. The cascade stores values by
  /// number, so that only reading a name from the document hashes it.
  package static func number(_ name: String) -> UInt8? { numbers.number(name) }

  private static let numbers = PropertyNumbers(all.map(\.name))

  /// Whether the property numbered `n` is inherited, by number.
  package static let inheritedByNumber: [Bool] = all.map(\.inherited)

  /// The number of `font-size`, which the cascade makes absolute.
  package static let fontSizeNumber = number("font-size")!

  /// Every known property, in a fixed order (the numbers of ``number(_:)``).
  public static let all: [PropertyInfo] = {
    var t: [PropertyInfo] = []
    func add(
      _ name: String, _ initial: String, inherited: Bool, attribute: Bool = true,
      longhands: [String] = []
    ) {
      t.append(
        PropertyInfo(
          name: name, inherited: inherited, presentationAttribute: attribute, initial: initial,
          longhands: longhands))
    }
    // Painting.
    add("fill", "black", inherited: true)
    add("fill-opacity", "1", inherited: true)
    add("fill-rule", "nonzero", inherited: true)
    add("stroke", "none", inherited: true)
    add("stroke-width", "1", inherited: true)
    add("stroke-opacity", "1", inherited: true)
    add("stroke-linecap", "butt", inherited: true)
    add("stroke-linejoin", "miter", inherited: true)
    add("stroke-miterlimit", "4", inherited: true)
    add("stroke-dasharray", "none", inherited: true)
    add("stroke-dashoffset", "0", inherited: true)
    add("paint-order", "normal", inherited: true)
    add("vector-effect", "none", inherited: false)
    add("color", "black", inherited: true)
    add("opacity", "1", inherited: false)
    add("marker-start", "none", inherited: true)
    add("marker-mid", "none", inherited: true)
    add("marker-end", "none", inherited: true)
    add(
      "marker", "none", inherited: true, attribute: false,
      longhands: ["marker-start", "marker-mid", "marker-end"])
    // Rendering hints and colour spaces.
    add("shape-rendering", "auto", inherited: true)
    add("text-rendering", "auto", inherited: true)
    add("image-rendering", "auto", inherited: true)
    add("color-rendering", "auto", inherited: true)
    add("color-interpolation", "sRGB", inherited: true)
    add("color-interpolation-filters", "linearRGB", inherited: true)
    add("color-profile", "auto", inherited: true)
    add("buffered-rendering", "auto", inherited: false)
    // Visibility, layout boxes, interaction.
    add("display", "inline", inherited: false)
    add("visibility", "visible", inherited: true)
    add("overflow", "visible", inherited: false)
    add("clip", "auto", inherited: false)
    add("pointer-events", "visiblePainted", inherited: true)
    add("cursor", "auto", inherited: true)
    // Clipping, masking, filters, compositing.
    add("clip-path", "none", inherited: false)
    add("clip-rule", "nonzero", inherited: true)
    add("mask", "none", inherited: false)
    add("mask-type", "luminance", inherited: false)
    add("filter", "none", inherited: false)
    add("flood-color", "black", inherited: false)
    add("flood-opacity", "1", inherited: false)
    add("lighting-color", "white", inherited: false)
    add("enable-background", "accumulate", inherited: false)
    add("mix-blend-mode", "normal", inherited: false, attribute: false)
    add("isolation", "auto", inherited: false, attribute: false)
    // Gradients.
    add("stop-color", "black", inherited: false)
    add("stop-opacity", "1", inherited: false)
    add("solid-color", "black", inherited: false)
    add("solid-opacity", "1", inherited: false)
    // Transforms.
    add("transform", "none", inherited: false, attribute: false)
    add("transform-origin", "0 0", inherited: false)
    add("transform-box", "view-box", inherited: false, attribute: false)
    // Fonts.
    add("font-family", "serif", inherited: true)
    add("font-size", "medium", inherited: true)
    add("font-size-adjust", "none", inherited: true)
    add("font-style", "normal", inherited: true)
    add("font-variant", "normal", inherited: true)
    add("font-weight", "normal", inherited: true)
    add("font-stretch", "normal", inherited: true)
    // A CSS property only: SVG has no `font-kerning` presentation attribute (SVG 1.1's is
    // `kerning`), and browsers ignore one.
    add("font-kerning", "auto", inherited: true, attribute: false)
    add("kerning", "auto", inherited: true)
    add("font-feature-settings", "normal", inherited: true, attribute: false)
    add("font-variation-settings", "normal", inherited: true, attribute: false)
    add("font-variant-ligatures", "normal", inherited: true, attribute: false)
    add("font-variant-caps", "normal", inherited: true, attribute: false)
    add("font-variant-numeric", "normal", inherited: true, attribute: false)
    add("font-variant-east-asian", "normal", inherited: true, attribute: false)
    add("font-variant-position", "normal", inherited: true, attribute: false)
    add("line-height", "normal", inherited: true, attribute: false)
    add("font", "", inherited: true, attribute: false, longhands: FontShorthand.longhands)
    // Text.
    add("text-anchor", "start", inherited: true)
    add("dominant-baseline", "auto", inherited: true)
    add("alignment-baseline", "auto", inherited: false)
    add("baseline-shift", "baseline", inherited: false)
    add("letter-spacing", "normal", inherited: true)
    add("word-spacing", "normal", inherited: true)
    add("text-decoration", "none", inherited: false)
    add("text-decoration-line", "none", inherited: false, attribute: false)
    add("text-decoration-color", "currentcolor", inherited: false, attribute: false)
    add("text-decoration-style", "solid", inherited: false, attribute: false)
    add("text-overflow", "clip", inherited: false)
    add("text-orientation", "mixed", inherited: true, attribute: false)
    add("white-space", "normal", inherited: true)
    add("writing-mode", "horizontal-tb", inherited: true)
    add("direction", "ltr", inherited: true)
    add("unicode-bidi", "normal", inherited: false)
    add("glyph-orientation-horizontal", "0deg", inherited: true)
    add("glyph-orientation-vertical", "auto", inherited: true)
    add("inline-size", "auto", inherited: false, attribute: false)
    return t
  }()
}

/// The property names by number, looked up with a cheap hash of the name's bytes: the
/// cascade looks up every attribute name and declaration of every element, and a
/// dictionary's seeded hash of each costs more than the rest of that lookup.
private struct PropertyNumbers: Sendable {
  /// Open addressing, a power of two at least four times the number of names; a slot holds
  /// a number plus one, 0 when empty.
  private var slots: [UInt8]
  private let names: [String]

  init(_ names: [String]) {
    self.names = names
    var size = 64
    while size < 4 * names.count { size *= 2 }
    slots = [UInt8](repeating: 0, count: size)
    for (n, name) in names.enumerated() {
      var i = Self.hash(name) & (size - 1)
      while slots[i] != 0 { i = (i + 1) & (size - 1) }
      slots[i] = UInt8(n + 1)
    }
  }

  func number(_ name: String) -> UInt8? {
    let mask = slots.count - 1
    var i = Self.hash(name) & mask
    while slots[i] != 0 {
      let n = slots[i] - 1
      if names[Int(n)] == name { return n }
      i = (i + 1) & mask
    }
    return nil
  }

  /// FNV-1a over the UTF-8 bytes (read in place: iterating `utf8` costs several times more).
  private static func hash(_ name: String) -> Int {
    func fnv<S: Sequence<UInt8>>(_ bytes: S) -> Int {
      var h: UInt32 = 2_166_136_261
      for c in bytes { h = (h ^ UInt32(c)) &* 16_777_619 }
      return Int(h ^ (h >> 16))
    }
    return name.utf8.withContiguousStorageIfAvailable { fnv($0) } ?? fnv(name.utf8)
  }
}
