import SVGGeometry
import SVGTree

/// A glyph placed in the text element's user space.
struct PositionedGlyph {
  var glyph: UInt32
  var font: LoadedFont
  var variations: [FontVariation]
  var fontSize: Double
  /// The glyph's offset inside its cluster, in font units.
  var offset: Transform
  var clusterTransform = Transform.identity
  var spanTransform = Transform.identity

  /// Font units (y up) to user space.
  var outlineTransform: Transform {
    let s = font.scale(fontSize)
    return spanTransform * clusterTransform * .scale(s, s) * offset * .scale(1, -1)
  }
}

/// Glyphs that belong to one character (or a ligature of several), moved as a unit.
struct GlyphCluster {
  var byteIndex: Int
  var scalar: Unicode.Scalar
  var width: Double
  var advance: Double
  var ascent: Double
  var descent: Double
  var hasRelativeShift = false
  var glyphs: [PositionedGlyph]
  var transform = Transform.identity
  var pathTransform = Transform.identity
  var visible = true

  var height: Double { ascent - descent }
  var fullTransform: Transform { transform * pathTransform }
}

/// The glyphs of one span after layout, with its decoration lines.
struct LaidOutSpan {
  var style: SpanStyle
  var glyphs: [PositionedGlyph]
  var underline: Path?
  var overline: Path?
  var lineThrough: Path?
}

/// SVG text layout as resvg does it: shape each chunk, apply spacing and `textLength`,
/// position clusters (on a line or along a path), shift baselines, build decorations.
struct TextLayout {
  var spans: [LaidOutSpan] = []
  /// The text's bounding box from font metrics (not glyph shapes), for
  /// `objectBoundingBox` paint and queries.
  var bounds: Rect?

  let input: TextLayoutInput
  let database: FontDatabase
  let warn: (String) -> Void
  private var fonts: [FontRequest: LoadedFont?] = [:]

  init(_ input: TextLayoutInput, database: FontDatabase, warn: @escaping (String) -> Void) {
    self.input = input
    self.database = database
    self.warn = warn
  }

  mutating func font(for request: FontRequest) -> LoadedFont? {
    if let f = fonts[request] { return f }
    let db = database
    let found = db.match(request)
    var f = found.flatMap { db.font($0.face) }
    // The resolver appends `serif` to every list; landing on it means none was found.
    if let found, found.family == request.families.count - 1, request.families.count > 1 {
      let asked = request.families.dropLast().joined(separator: ", ")
      warn(
        "font-family \(asked) not found; using \(db.faces[found.face].families.first ?? "serif")")
    }
    if f == nil {
      warn("no font for \(request.families.joined(separator: ", ")); using any font")
      f = db.faces.indices.lazy.compactMap { db.font($0) }.first
    }
    fonts[request] = f
    return f
  }

  /// Lays the text out, filling ``spans`` and ``bounds``.
  mutating func run() {
    var charOffset = 0
    var lastX = 0.0
    var lastY = 0.0
    for chunk in input.chunks {
      let (x, y) = chunk.flow == nil ? (chunk.x ?? lastX, chunk.y ?? lastY) : (0, 0)
      var clusters = shapeChunk(chunk)
      let scalarIndex = Self.scalarIndices(chunk.text)
      if clusters.isEmpty {
        charOffset += chunk.text.unicodeScalars.count
        continue
      }
      if input.vertical { applyWritingMode(&clusters) }
      applyLetterSpacing(chunk, &clusters)
      applyWordSpacing(chunk, &clusters)
      applyLengthAdjust(chunk, &clusters)
      var end: (Double, Double)
      if let flow = chunk.flow {
        end = positionOnPath(chunk, flow, charOffset, scalarIndex, &clusters)
      } else {
        end = positionOnLine(chunk, charOffset, scalarIndex, &clusters)
      }
      var textTransform = Transform.identity
      if input.vertical && chunk.flow == nil {
        textTransform = .translate(x, y) * .rotate(90) * .translate(-x, -y)
      }
      for span in chunk.spans {
        guard let font = font(for: span.style.font) else { continue }
        layoutSpan(span, chunk, font, clusters, textTransform * .translate(x, y))
      }
      charOffset += chunk.text.unicodeScalars.count
      if input.vertical && chunk.flow == nil { end = (end.1, end.0) }
      lastX = x + end.0
      lastY = y + end.1
    }
  }

  /// The scalar index of each UTF-8 byte offset that starts a scalar.
  static func scalarIndices(_ text: String) -> [Int: Int] {
    var out: [Int: Int] = [:]
    var byte = 0
    for (i, s) in text.unicodeScalars.enumerated() {
      out[byte] = i
      byte += UTF8.width(s)
    }
    return out
  }

  /// Shapes the whole chunk with each span's font (so bidi reordering and shaping see the
  /// whole run) and keeps, for each span's clusters, the glyphs its own font gave.
  private mutating func shapeChunk(_ chunk: TextChunk) -> [GlyphCluster] {
    var glyphs: [ShapedGlyph] = []
    let runs = chunk.visualRuns
    for span in chunk.spans {
      guard let font = font(for: span.style.font) else { continue }
      let warn = self.warn
      let shaped = Shaping.shape(
        chunk.text, runs: runs, font: font, request: span.style.font,
        options: Self.shapingOptions(span.style, font),
        database: database,
        missing: { c in
          warn("no font has the character U+\(String(c.value, radix: 16, uppercase: true))")
        })
      if glyphs.isEmpty {
        glyphs = shaped
        continue
      }
      var used = Set<Int>()
      var i = 0
      while i < shaped.count {
        let g = shaped[i]
        i += 1
        guard span.contains(g.byteIndex) else { continue }
        guard let idx = glyphs.indices.first(where: { glyphs[$0].byteIndex == g.byteIndex }),
          !used.contains(idx)
        else { continue }
        used.insert(idx)
        let previous = glyphs[idx].clusterLength
        if previous < g.clusterLength {
          for _ in 1..<max(1, g.clusterLength) where idx + 1 < glyphs.count {
            glyphs.remove(at: idx + 1)
          }
        } else if previous > g.clusterLength {
          for j in 1..<previous where i < shaped.count {
            glyphs.insert(shaped[i], at: min(idx + j, glyphs.count))
            i += 1
          }
        }
        glyphs[idx] = g
      }
    }
    var clusters: [GlyphCluster] = []
    var start = 0
    let bytes = Array(chunk.text.utf8)
    while start < glyphs.count {
      var end = start
      // (clusters are runs of glyphs sharing a byte index)
      while end < glyphs.count, glyphs[end].byteIndex == glyphs[start].byteIndex { end += 1 }
      if let span = chunk.span(at: glyphs[start].byteIndex), let font = font(for: span.style.font) {
        let variations = Self.shapingOptions(span.style, font).variations
        clusters.append(makeCluster(glyphs[start..<end], span.style, variations, bytes))
      }
      start = end
    }
    return clusters
  }

  /// The span's shaping options with the variable-font axes CSS sets automatically:
  /// `wght` from `font-weight`, `wdth` from `font-stretch`, `opsz` from the font size
  /// (`font-optical-sizing: auto`); explicit `font-variation-settings` win.
  static func shapingOptions(_ style: SpanStyle, _ font: LoadedFont) -> ShapingOptions {
    var options = style.shaping
    guard !font.axes.isEmpty else { return options }
    let widths = [50, 62.5, 75, 87.5, 100, 112.5, 125, 150, 200]
    let auto: [(String, Double)] = [
      ("wght", Double(style.font.weight)), ("wdth", widths[style.font.stretch - 1]),
      ("opsz", style.fontSize),
    ]
    for (tag, value) in auto
    where font.axes.contains(tag) && !options.variations.contains(where: { $0.tag == tag }) {
      options.variations.append(FontVariation(tag: tag, value: value))
    }
    return options
  }

  private func makeCluster(
    _ glyphs: ArraySlice<ShapedGlyph>, _ style: SpanStyle, _ variations: [FontVariation],
    _ text: [UInt8]
  ) -> GlyphCluster {
    var width = 0.0
    var x = 0.0
    var positioned: [PositionedGlyph] = []
    for g in glyphs {
      positioned.append(
        PositionedGlyph(
          glyph: g.glyph, font: g.font, variations: variations,
          fontSize: style.fontSize, offset: .translate(x + g.dx, -g.dy)))
      x += g.advance
      width += g.advance * g.font.scale(style.fontSize)
    }
    let first = glyphs.first!
    let s = first.font.scale(style.fontSize)
    return GlyphCluster(
      byteIndex: first.byteIndex, scalar: Shaping.scalar(at: first.byteIndex, in: text),
      width: width, advance: width, ascent: first.font.ascent * s,
      descent: first.font.descent * s, glyphs: positioned)
  }
}
