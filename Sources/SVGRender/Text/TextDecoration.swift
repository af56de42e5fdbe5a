import SVGGeometry

extension TextLayout {
  /// Places one span's clusters, makes its decoration lines and grows the text bounds.
  mutating func layoutSpan(
    _ span: TextSpan, _ chunk: TextChunk, _ font: LoadedFont, _ clusters: [GlyphCluster],
    _ base: Transform
  ) {
    var spanTransform = base
    if chunk.flow == nil {
      spanTransform = spanTransform * .translate(0, baseline(span.style, font))
    }
    let style = span.style
    let s = font.scale(style.fontSize)
    let pieces = decorationPieces(span, clusters)
    var out = LaidOutSpan(style: style, glyphs: [])
    func line(_ offset: Double) -> Path? {
      guard !pieces.isEmpty else { return nil }
      let thickness = font.underlineThickness * s
      var path = Path()
      for p in pieces where p.width > 0 && thickness > 0 {
        let t = spanTransform * p.transform * .translate(0, offset)
        let r = Path.rectangle(x: 0, y: -thickness / 2, width: p.width, height: thickness)
        path.append(r, applying: t)
      }
      return path.isEmpty ? nil : path
    }
    let height = (font.ascent - font.descent) * s
    if style.underline != nil {
      out.underline = line(input.vertical ? height / 2 : -font.underlinePosition * s)
    }
    if style.overline != nil {
      out.overline = line(input.vertical ? -height / 2 : -font.ascent * s)
    }
    if style.lineThrough != nil {
      out.lineThrough = line(input.vertical ? 0 : -font.lineThroughPosition * s)
    }
    for p in [out.underline, out.overline, out.lineThrough].compactMap({ $0 }) {
      grow(p.bounds)
    }
    // The text box comes from font metrics, one advance-wide box per visible cluster.
    var any = false
    for c in clusters where c.visible {
      if span.contains(c.byteIndex) {
        let t = c.fullTransform
        for var g in c.glyphs {
          g.clusterTransform = t
          g.spanTransform = spanTransform
          out.glyphs.append(g)
        }
        any = true
      }
      let advance = c.advance > 0 ? c.advance : 1
      grow(
        Path.rectangleBounds(
          x: 0, y: -c.ascent, width: advance, height: c.height, spanTransform * c.fullTransform))
    }
    if any { spans.append(out) }
  }

  private mutating func grow(_ r: Rect?) {
    guard let r else { return }
    bounds = bounds.map { $0.union(r) } ?? r
  }

  /// Stretches of consecutive clusters of `span` a decoration line runs under unbroken; a
  /// cluster moved by dx/dy/rotate (or placed on a path) starts a new stretch.
  private func decorationPieces(_ span: TextSpan, _ clusters: [GlyphCluster])
    -> [(width: Double, transform: Transform)]
  {
    var out: [(width: Double, transform: Transform)] = []
    var started = false
    var width = 0.0
    var transform = Transform.identity
    for c in clusters {
      if span.contains(c.byteIndex) {
        if started && c.hasRelativeShift {
          started = false
          out.append((width, transform))
        }
        if !started {
          width = c.advance
          started = true
          transform = c.transform
        } else {
          width += c.advance
        }
      } else if started {
        out.append((width, transform))
        started = false
      }
    }
    if started { out.append((width, transform)) }
    return out
  }
}

extension Path {
  static func rectangle(x: Double, y: Double, width: Double, height: Double) -> Path {
    Path([
      .move(Point(x, y)), .line(Point(x + width, y)), .line(Point(x + width, y + height)),
      .line(Point(x, y + height)), .close,
    ])
  }

  /// The bounds of ``rectangle(x:y:width:height:)`` under `t`, the very ones
  /// `bounds(transformedBy:)` gives (its four segments, unioned in the same order) without
  /// making the path and its subpaths: text lays out one such box per cluster.
  static func rectangleBounds(
    x: Double, y: Double, width: Double, height: Double, _ t: Transform
  ) -> Rect {
    let a = t.apply(Point(x, y))
    let b = t.apply(Point(x + width, y))
    let c = t.apply(Point(x + width, y + height))
    let d = t.apply(Point(x, y + height))
    return PathSegment.line(a, b).bounds.union(PathSegment.line(b, c).bounds)
      .union(PathSegment.line(c, d).bounds).union(PathSegment.line(d, a).bounds)
  }
}
