import SVGGeometry
import SVGTree

/// Reads a text element's computed style into a ``SpanStyle``.
struct SpanStyleResolver {
  let context: BuildContext
  let viewport: Size

  var document: Document { context.document }

  func resolve(_ id: NodeID) -> SpanStyle? {
    // `display: none` anywhere between the text element and here hides the characters.
    var n: NodeID? = id
    while let k = n, document.isSVGElement(k) {
      if !context.style(k).isDisplayed { return nil }
      if document[k].name == "text" { break }
      n = document[k].parent
    }
    let style = context.style(id)
    let fontSize = context.fontSize(of: id)
    guard fontSize > 0, fontSize.isFinite else { return nil }
    var s = SpanStyle(
      element: id, font: font(id), fontSize: fontSize,
      shaping: ShapingOptions(language: document.language(of: id)))
    s.shaping.smallCaps =
      style.keyword(.fontVariant) == "small-caps"
      || style.keyword(.fontVariantCaps) == "small-caps"
    if let k = style[.kerning], let l = try? Length(parsing: k.trimmingSpaces), l.value == 0 {
      s.shaping.kerning = false
    } else if style.keyword(.fontKerning) == "none" {
      s.shaping.kerning = false
    }
    if let text = style[.fontVariationSettings] {
      if let v = FontVariation.list(parsing: text) {
        s.shaping.variations = v
      } else {
        context.warn("invalid font-variation-settings \"\(text)\"", at: id)
      }
    }
    s.letterSpacing = spacing(.letterSpacing, style)
    s.wordSpacing = spacing(.wordSpacing, style)
    if let l = style.attributeLength("textLength", axis: .other, viewport: viewport), l >= 0 {
      s.textLength = l
    }
    let adjust =
      document.attribute("lengthAdjust", of: id)
      ?? document[id].parent.flatMap { document.attribute("lengthAdjust", of: $0) }
    s.spacingAndGlyphs = adjust == "spacingAndGlyphs"
    s.visible = style.isVisible
    var dominant = style.keyword(.dominantBaseline) ?? "auto"
    if dominant == "no-change", let p = document[id].parent {
      dominant = context.style(p).keyword(.dominantBaseline) ?? "auto"
    }
    s.dominantBaseline = dominant
    s.alignmentBaseline = style.keyword(.alignmentBaseline) ?? "auto"
    s.baselineShift = baselineShift(id)
    s.underline = decoration("underline", id)
    s.overline = decoration("overline", id)
    s.lineThrough = decoration("line-through", id)
    if !isVertical(id) {
      s.rtl = style.keyword(.direction) == "rtl"
      s.bidi = embeddings(id)
    }
    return s
  }

  /// The `unicode-bidi` embeddings from the `text` element (excluded: its own value sets
  /// up the paragraph) down to `id`, outermost first.
  private func embeddings(_ id: NodeID) -> [BidiEmbedding] {
    var out: [BidiEmbedding] = []
    var n: NodeID? = id
    while let k = n, document.isSVGElement(k), document[k].name != "text" {
      let style = context.style(k)
      if let e = BidiEmbedding(
        element: k, unicodeBidi: style.keyword(.unicodeBidi),
        rtl: style.keyword(.direction) == "rtl")
      {
        out.append(e)
      }
      n = document[k].parent
    }
    return out.reversed()
  }

  /// Vertical text is not reordered: `direction` applies to horizontal lines only here.
  private func isVertical(_ id: NodeID) -> Bool {
    let mode = context.style(id).keyword(.writingMode) ?? ""
    return ["tb", "tb-rl", "vertical-rl", "vertical-lr"].contains(mode)
  }

  private func spacing(_ property: PropertyID, _ style: StyleValues) -> Double {
    guard let v = style.keyword(property), v != "normal" else { return 0 }
    return style.length(property, viewport: viewport, default: 0)
  }

  private func font(_ id: NodeID) -> FontRequest {
    let style = context.style(id)
    var request = FontRequest(families: [])
    if let text = style[.fontFamily] {
      if let f = FontRequest.families(parsing: text) {
        request.families = f
      } else {
        context.warn("invalid font-family \"\(text)\"; using serif", at: id)
      }
    }
    if request.families.isEmpty { request.families = ["serif"] }
    request.families.append("serif")
    switch style.keyword(.fontStyle) {
    case "italic": request.style = .italic
    case "oblique": request.style = .oblique
    default: request.style = .normal
    }
    request.stretch =
      switch style.keyword(.fontStretch) {
      case "ultra-condensed": 1
      case "extra-condensed": 2
      case "condensed", "narrower": 3
      case "semi-condensed": 4
      case "semi-expanded": 6
      case "expanded", "wider": 7
      case "extra-expanded": 8
      case "ultra-expanded": 9
      default: 5
      }
    request.weight = weight(id)
    return request
  }

  /// `font-weight` with `bolder`/`lighter` applied down the ancestor chain (as Chrome: from
  /// 400, bolder gives 700 and lighter 200).
  private func weight(_ id: NodeID) -> Int {
    let chain = ([id] + document.ancestors(of: id)).reversed().filter { document[$0].isElement }
    var weight = 400
    var parentValue: String?
    for n in chain {
      let v = context.style(n).keyword(.fontWeight)
      defer { parentValue = v }
      // An inherited value (the same text as the parent's) was applied already.
      guard let v, v != parentValue else { continue }
      switch v {
      case "normal": weight = 400
      case "bold": weight = 700
      case "bolder": weight = min(900, weight + (weight == 400 ? 300 : 100))
      case "lighter": weight = max(100, weight - (weight == 400 ? 200 : 100))
      default:
        // SVG 1.1's nine weights only, as resvg (a CSS 4 weight like 650 is ignored).
        if let w = Int(v), w % 100 == 0, (100...900).contains(w) {
          weight = w
        } else {
          context.warn("unsupported font-weight \"\(v)\"; inherited weight used", at: n)
        }
      }
    }
    return weight
  }

  private func baselineShift(_ id: NodeID) -> [BaselineShift] {
    var out: [BaselineShift] = []
    var n: NodeID? = id
    while let k = n, document.isSVGElement(k), document[k].name != "text" {
      let style = context.style(k)
      if let v = style.keyword(.baselineShift) {
        switch v {
        case "sub": out.append(.sub)
        case "super": out.append(.super)
        case "baseline": break
        default:
          if let l = try? Length(parsing: v) {
            let size = context.fontSize(of: k)
            out.append(
              .length(
                l.unit == .percent
                  ? size * l.value / 100 : l.resolve(in: style.lengthContext(viewport), axis: .y)))
          } else {
            context.warn("invalid baseline-shift \"\(v)\"", at: k)
          }
        }
      }
      n = document[k].parent
    }
    return out
  }

  /// The element whose paint draws `line` under `id`: the nearest ancestor declaring it,
  /// or the `<text>` element; nil when no ancestor declares it.
  private func decoration(_ line: String, _ id: NodeID) -> NodeID? {
    let chain = [id] + document.ancestors(of: id).filter { document[$0].isElement }
    func declares(_ n: NodeID) -> Bool {
      let v = context.styles[n.index][.textDecoration] ?? ""
      return v.split(whereSeparator: \.isWhitespace).contains { $0.lowercased() == line }
    }
    guard chain.contains(where: declares) else { return nil }
    for n in chain where declares(n) || document[n].name == "text" { return n }
    return nil
  }
}
