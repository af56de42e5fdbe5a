import SVGGeometry
import SVGTree

enum TextAnchor { case start, middle, end }

enum BaselineShift {
  case sub, `super`, length(Double)
}

/// The resolved text style of the element holding a run of characters.
struct SpanStyle {
  var element: NodeID
  var font: FontRequest
  var fontSize: Double
  var shaping: ShapingOptions
  var letterSpacing = 0.0
  var wordSpacing = 0.0
  var textLength: Double?
  var spacingAndGlyphs = false
  var visible = true
  var dominantBaseline = "auto"
  var alignmentBaseline = "auto"
  var baselineShift: [BaselineShift] = []
  /// For each decoration, the element whose fill and stroke paint it.
  var underline: NodeID?
  var overline: NodeID?
  var lineThrough: NodeID?
  /// `unicode-bidi` embeddings of the element and its ancestors inside the `text` element,
  /// outermost first.
  var bidi: [BidiEmbedding] = []
  /// `direction: rtl`: `text-anchor` start is the right end.
  var rtl = false
}

/// A run of characters of one style inside a chunk, as UTF-8 byte offsets of the chunk text.
struct TextSpan {
  var style: SpanStyle
  var start: Int
  var end: Int

  func contains(_ byte: Int) -> Bool { byte >= start && byte < end }
}

/// A path text flows along: the referenced shape in the text's user space.
struct TextPathFlow {
  var path: Path
  var startOffset: Double
}

/// A run of text laid out independently: it starts at an absolute position (or a new
/// `textPath`) and is anchored as a whole (SVG 1.1 §10.9.2 "text chunks").
struct TextChunk {
  var x: Double?
  var y: Double?
  var anchor: TextAnchor
  var spans: [TextSpan]
  var flow: TextPathFlow?
  var text: String
  /// The bidi paragraph the chunk's characters are reordered in.
  var paragraph = BidiParagraph()

  func span(at byte: Int) -> TextSpan? { spans.first { $0.contains(byte) } }

  /// The chunk's bidi runs in visual order.
  var visualRuns: [BidiRun] {
    Bidi.visualRuns(text, paragraph: paragraph, segments: bidiSegments)
  }

  /// Whether finding ``visualRuns`` takes FriBidi.
  var needsFriBidi: Bool {
    Bidi.needsFriBidi(text, paragraph: paragraph, segments: bidiSegments)
  }

  private var bidiSegments: [(range: Range<Int>, embeddings: [BidiEmbedding])] {
    spans.map { ($0.start..<$0.end, $0.style.bidi) }
  }

  /// The shift of the chunk's start from its anchor point, for its advance `width`:
  /// `text-anchor` is relative to the `direction` of the element that starts the chunk
  /// (`start` is the right end of right-to-left text).
  func anchorShift(_ width: Double) -> Double {
    let rtl = spans.first?.style.rtl ?? false
    switch anchor {
    case .start: return rtl ? -width : 0
    case .middle: return -width / 2
    case .end: return rtl ? 0 : -width
    }
  }
}

/// Everything layout needs of one `<text>` element.
struct TextLayoutInput {
  var chunks: [TextChunk] = []
  var dx: [Double] = []
  var dy: [Double] = []
  var rotate: [Double] = []
  var vertical = false
}

/// Builds the chunks of a `<text>` element: positions, rotations, spans and text paths.
struct TextChunkCollector {
  let context: BuildContext
  let content: TextContent
  let viewport: Size
  private var x: [Double?]
  private var y: [Double?]
  private(set) var input = TextLayoutInput()
  private var characters = 0
  private var chunkBytes = 0
  private var splitChunk = false
  private var flow: TextPathFlow?
  private var styles: [NodeID: SpanStyle?] = [:]
  private var paragraph = BidiParagraph()

  init(_ id: NodeID, context: BuildContext, viewport: Size) {
    self.context = context
    self.viewport = viewport
    // Characters of an element that is not displayed (or whose conditions fail) are not
    // addressable: they take no position from the x, y, dx, dy and rotate lists.
    content = TextContent(id, document: context.document) {
      Conditional.passes($0, context: context) && context.style($0).isDisplayed
    }
    let n = content.characterCount
    x = Array(repeating: nil, count: n)
    y = Array(repeating: nil, count: n)
    input.dx = Array(repeating: 0, count: n)
    input.dy = Array(repeating: 0, count: n)
    input.rotate = Array(repeating: 0, count: n)
    var offset = 0
    resolvePositions(content.root, offset: &offset)
    offset = 0
    var last = 0.0
    resolveRotations(content.root, offset: &offset, last: &last)
    let mode = context.style(id).keyword(.writingMode) ?? ""
    input.vertical = ["tb", "tb-rl", "vertical-rl", "vertical-lr"].contains(mode)
    if !input.vertical {
      let style = context.style(id)
      paragraph.rtl = style.keyword(.direction) == "rtl"
      let bidi = style.keyword(.unicodeBidi)
      paragraph.override = bidi == "bidi-override" || bidi == "isolate-override"
      paragraph.plaintext = bidi == "plaintext"
    }
    collect(content.root)
  }

  /// The elements whose `x`, `y`, `dx`, `dy` and `rotate` lists position characters
  /// (`textPath` and `a` have no such attributes).
  private static let positioned: Set<String> = ["text", "tspan", "tref"]

  private func lengths(_ name: String, of id: NodeID, axis: LengthAxis) -> [Double]? {
    guard let text = context.document.attribute(name, of: id) else { return nil }
    guard let list = try? LengthList(parsing: text) else {
      context.warn("invalid \(name) list \"\(text)\"", at: id)
      return nil
    }
    let ctx = context.style(id).lengthContext(viewport)
    return list.lengths.map { $0.resolve(in: ctx, axis: axis) }
  }

  private mutating func resolvePositions(_ item: TextContent.Item, offset: inout Int) {
    switch item {
    case .text(let i):
      if i >= 0 { offset += content.pieces[i].text.unicodeScalars.count }
    case .element(let id, let kids):
      if Self.positioned.contains(context.document[id].name) {
        let count = content.count(item)
        if let v = lengths("x", of: id, axis: .x) {
          for i in 0..<min(v.count, count) { x[offset + i] = v[i] }
        }
        if let v = lengths("y", of: id, axis: .y) {
          for i in 0..<min(v.count, count) { y[offset + i] = v[i] }
        }
        if let v = lengths("dx", of: id, axis: .x) {
          for i in 0..<min(v.count, count) { input.dx[offset + i] = v[i] }
        }
        if let v = lengths("dy", of: id, axis: .y) {
          for i in 0..<min(v.count, count) { input.dy[offset + i] = v[i] }
        }
      }
      for k in kids { resolvePositions(k, offset: &offset) }
    }
  }

  private mutating func resolveRotations(
    _ item: TextContent.Item, offset: inout Int, last: inout Double
  ) {
    switch item {
    case .text(let i):
      if i >= 0 { offset += content.pieces[i].text.unicodeScalars.count }
    case .element(let id, let kids):
      if Self.positioned.contains(context.document[id].name),
        let text = context.document.attribute("rotate", of: id)
      {
        let (list, error) = NumberList.parsePrefix(text)
        if error != nil { context.warn("invalid rotate list \"\(text)\"; ignored", at: id) }
        if error == nil {
          for i in 0..<content.count(item) {
            if i < list.count { last = list[i] }
            input.rotate[offset + i] = last
          }
        }
      }
      for k in kids { resolveRotations(k, offset: &offset, last: &last) }
    }
  }

  private mutating func collect(_ item: TextContent.Item) {
    guard case .element(let holder, let kids) = item else { return }
    for kid in kids {
      switch kid {
      case .element(let id, _):
        let isPath = context.document[id].name == "textPath"
        if isPath {
          guard let f = TextPathElement.flow(id, context: context, viewport: viewport) else {
            characters += content.count(kid)
            continue
          }
          flow = f
          splitChunk = true
        }
        collect(kid)
        flow = nil
        if isPath { splitChunk = true }
      case .text(let i):
        guard i >= 0 else { continue }
        let text = content.pieces[i].text
        let count = text.unicodeScalars.count
        guard let style = spanStyle(holder) else {
          characters += count
          continue
        }
        let anchor: TextAnchor =
          switch context.style(holder).keyword(.textAnchor) {
          case "middle": .middle
          case "end": .end
          default: .start
          }
        var newSpan = true
        for c in text.unicodeScalars {
          let n = UTF8.width(c)
          let newChunk =
            x[characters] != nil || y[characters] != nil || splitChunk || input.chunks.isEmpty
          splitChunk = false
          if newChunk {
            chunkBytes = 0
            input.chunks.append(
              TextChunk(
                x: x[characters], y: y[characters], anchor: anchor,
                spans: [TextSpan(style: style, start: 0, end: n)], flow: flow, text: String(c),
                paragraph: paragraph))
          } else if newSpan {
            let last = input.chunks.count - 1
            input.chunks[last].text.unicodeScalars.append(c)
            input.chunks[last].spans.append(
              TextSpan(style: style, start: chunkBytes, end: chunkBytes + n))
          } else {
            let last = input.chunks.count - 1
            input.chunks[last].text.unicodeScalars.append(c)
            input.chunks[last].spans[input.chunks[last].spans.count - 1].end += n
          }
          newSpan = false
          characters += 1
          chunkBytes += n
        }
      }
    }
  }

  /// The style of the element holding characters; nil when they are not rendered
  /// (`display: none`, a zero font size).
  private mutating func spanStyle(_ id: NodeID) -> SpanStyle? {
    if let cached = styles[id] { return cached }
    let s = SpanStyleResolver(context: context, viewport: viewport).resolve(id)
    styles[id] = s
    return s
  }
}
