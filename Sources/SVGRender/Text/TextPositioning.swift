import SVGGeometry

extension TextLayout {
  /// Upright characters (CJK and the like) turn back up in vertical text; others stay
  /// rotated with the line and are centred on it.
  func applyWritingMode(_ clusters: inout [GlyphCluster]) {
    for i in clusters.indices {
      let c = clusters[i]
      let mid = (c.ascent + c.descent) / 2
      if VerticalOrientation.isUpright(c.scalar) {
        clusters[i].pathTransform =
          .translate(0, mid) * .translate(c.width / 2, -mid) * .rotate(-90)
          * .translate(-c.width / 2, mid)
        clusters[i].ascent = c.width / 2
        clusters[i].descent = -c.width / 2
      } else {
        clusters[i].transform = clusters[i].transform * .translate(0, mid)
      }
    }
  }

  func applyLetterSpacing(_ chunk: TextChunk, _ clusters: inout [GlyphCluster]) {
    guard chunk.spans.contains(where: { $0.style.letterSpacing != 0 }) else { return }
    let last = clusters.count - 1
    for i in clusters.indices where Shaping.supportsLetterSpacing(clusters[i].scalar) {
      guard let span = chunk.span(at: clusters[i].byteIndex) else { continue }
      if i != last { clusters[i].advance += span.style.letterSpacing }
      if !(clusters[i].advance > 0) {
        clusters[i].width = 0
        clusters[i].advance = 0
        clusters[i].glyphs = []
      }
    }
  }

  func applyWordSpacing(_ chunk: TextChunk, _ clusters: inout [GlyphCluster]) {
    guard chunk.spans.contains(where: { $0.style.wordSpacing != 0 }) else { return }
    let separators: Set<UInt32> = [0x20, 0xA0, 0x1361, 0x10100, 0x10101, 0x1039F, 0x1091F]
    for i in clusters.indices where separators.contains(clusters[i].scalar.value) {
      if let span = chunk.span(at: clusters[i].byteIndex) {
        clusters[i].advance += span.style.wordSpacing
      }
    }
  }

  /// `textLength` with `lengthAdjust`: spread the difference between clusters, or scale
  /// the glyphs horizontally.
  func applyLengthAdjust(_ chunk: TextChunk, _ clusters: inout [GlyphCluster]) {
    for span in chunk.spans {
      guard let target = span.style.textLength else { continue }
      let indices = clusters.indices.filter { span.contains(clusters[$0].byteIndex) }
      guard !indices.isEmpty else { continue }
      let width = indices.reduce(0) { $0 + clusters[$1].width }
      if !span.style.spacingAndGlyphs {
        let factor = indices.count > 1 ? (target - width) / Double(indices.count - 1) : 0
        for i in indices { clusters[i].advance = clusters[i].width + factor }
      } else {
        let factor = target / width
        guard factor >= 0.001 else { continue }
        for i in indices {
          clusters[i].transform = clusters[i].transform * .scale(factor, 1)
          if chunk.flow != nil {
            clusters[i].advance *= factor
            clusters[i].width *= factor
          }
        }
      }
    }
  }

  func positionOnLine(
    _ chunk: TextChunk, _ offset: Int, _ index: [Int: Int], _ clusters: inout [GlyphCluster]
  ) -> (Double, Double) {
    var x = chunk.anchorShift(clusters.reduce(0) { $0 + $1.advance })
    var y = 0.0
    for i in clusters.indices {
      let cp = offset + (index[clusters[i].byteIndex] ?? 0)
      if cp < input.dx.count {
        let dx = input.dx[cp]
        let dy = input.dy[cp]
        if input.vertical {
          y -= dx
          x += dy
        } else {
          x += dx
          y += dy
        }
        clusters[i].hasRelativeShift = dx != 0 || dy != 0
      }
      clusters[i].transform = clusters[i].transform * .translate(x, y)
      if cp < input.rotate.count, input.rotate[cp] != 0 {
        clusters[i].transform = clusters[i].transform * .rotate(input.rotate[cp])
        clusters[i].hasRelativeShift = true
      }
      x += clusters[i].advance
    }
    return (x, y)
  }

  mutating func positionOnPath(
    _ chunk: TextChunk, _ flow: TextPathFlow, _ offset: Int, _ index: [Int: Int],
    _ clusters: inout [GlyphCluster]
  ) -> (Double, Double) {
    let chunkOffset = input.vertical ? (chunk.y ?? 0) : (chunk.x ?? 0)
    let start =
      chunkOffset + flow.startOffset
      + chunk.anchorShift(clusters.reduce(0) { $0 + $1.advance })
    var distances: [Double] = []
    var advance = start
    for c in clusters {
      let cp = offset + (index[c.byteIndex] ?? 0)
      advance += cp < input.dx.count ? input.dx[cp] : 0
      distances.append(advance + c.width / 2)
      advance += c.advance
    }
    let normals = TextPathElement.normals(along: flow.path, at: distances)
    var last = (0.0, 0.0)
    var dy = 0.0
    for i in clusters.indices {
      guard let (p, angle) = normals[i] else {
        clusters[i].visible = false
        continue
      }
      let c = clusters[i]
      clusters[i].hasRelativeShift = true
      let half = c.width / 2
      var t =
        Transform.translate(p.x - half, p.y) * .translate(half, 0) * .rotate(angle)
        * .translate(-half, 0)
      let cp = offset + (index[c.byteIndex] ?? 0)
      dy += cp < input.dy.count ? input.dy[cp] : 0
      var shift = 0.0
      if let span = chunk.span(at: c.byteIndex), let font = font(for: span.style.font) {
        shift = -baseline(span.style, font)
      }
      if dy != 0 || shift != 0 { t = t * .translate(0, dy - shift) }
      if cp < input.rotate.count, input.rotate[cp] != 0 { t = t * .rotate(input.rotate[cp]) }
      clusters[i].transform = t * c.transform
      last = (p.x + c.advance, p.y)
    }
    return last
  }

  /// The vertical shift of a span's baseline: `baseline-shift`, then `alignment-baseline`
  /// or `dominant-baseline` with Chrome's fixed ratios of the font metrics.
  func baseline(_ style: SpanStyle, _ font: LoadedFont) -> Double {
    let s = font.scale(style.fontSize)
    var shift = 0.0
    for b in style.baselineShift.reversed() {
      switch b {
      case .sub: shift -= font.subscriptOffset * s
      case .super: shift += font.superscriptOffset * s
      case .length(let v): shift += v
      }
    }
    shift = -shift
    guard !input.vertical else { return shift }
    let alignment =
      style.alignmentBaseline == "auto" || style.alignmentBaseline == "baseline"
      ? style.dominantBaseline : style.alignmentBaseline
    let ascent = font.ascent * s
    let descent = font.descent * s
    switch alignment {
    case "before-edge", "text-before-edge": shift += ascent
    case "middle": shift += font.xHeight * s * 0.5
    case "central": shift += ascent - (ascent - descent) * 0.5
    case "after-edge", "text-after-edge", "ideographic": shift += descent
    case "hanging": shift += ascent * 0.8
    case "mathematical": shift += ascent * 0.5
    default: break
    }
    return shift
  }
}

/// Unicode vertical orientation (UAX #50), reduced to the blocks that stand upright.
enum VerticalOrientation {
  static func isUpright(_ s: Unicode.Scalar) -> Bool {
    switch s.value {
    case 0x00A7, 0x00A9, 0x00AE, 0x00B1, 0x00BC...0x00BE, 0x00D7, 0x00F7: true
    case 0x1100...0x11FF, 0x2E80...0x2FFF, 0x3001...0x3007, 0x3012...0x3013, 0x3020...0x303F,
      0x3040...0x30FF, 0x3100...0x31FF, 0x3200...0x4DBF, 0x4E00...0x9FFF, 0xA960...0xA97F,
      0xAC00...0xD7FF, 0xF900...0xFAFF, 0xFE10...0xFE1F, 0xFE30...0xFE4F, 0xFF01...0xFF60,
      0xFFE0...0xFFE7, 0x1F000...0x1FAFF, 0x20000...0x3FFFF:
      true
    default: false
    }
  }
}
