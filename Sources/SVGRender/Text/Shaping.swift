import CHarfBuzz

/// One glyph HarfBuzz produced, in visual order.
struct ShapedGlyph {
  var glyph: UInt32
  /// Start of the glyph's cluster in the chunk text, in UTF-8 bytes.
  var byteIndex: Int
  /// Length of the cluster in bytes.
  var clusterLength: Int
  // Offsets and advance in font units.
  var dx: Double
  var dy: Double
  var advance: Double
  var font: LoadedFont

  var isMissing: Bool { glyph == 0 }
}

/// What shaping needs besides the text and the font.
struct ShapingOptions: Hashable {
  var smallCaps = false
  var kerning = true
  var variations: [FontVariation] = []
  /// The BCP 47 language of the characters (`xml:lang`, `lang`), for the font's
  /// language-specific forms (OpenType `locl`); nil: HarfBuzz's default.
  var language: String?
}

/// Text shaping with HarfBuzz, after bidi reordering, with per-glyph font fallback.
enum Shaping {
  /// Shapes `text` with `font`, falling back glyph by glyph (not run by run) to other faces
  /// for characters it lacks. `missing` receives the characters no face has.
  static func shape(
    _ text: String, runs: [BidiRun], font: LoadedFont, request: FontRequest,
    options: ShapingOptions, database: FontDatabase, missing: (Unicode.Scalar) -> Void
  ) -> [ShapedGlyph] {
    var glyphs = shape(text, runs: runs, font: font, options: options)
    var used = [font.id]
    let bytes = Array(text.utf8)
    while let miss = glyphs.first(where: \.isMissing) {
      let c = scalar(at: miss.byteIndex, in: bytes)
      guard let next = database.fallback(for: c, request: request, excluding: used),
        let fallback = database.font(next)
      else { break }
      used.append(next)
      glyphs = merge(glyphs, shape(text, runs: runs, font: fallback, options: options))
    }
    var reported = Set<Unicode.Scalar>()
    for g in glyphs where g.isMissing {
      let c = scalar(at: g.byteIndex, in: bytes)
      if reported.insert(c).inserted { missing(c) }
    }
    return glyphs
  }

  /// Replaces the missing clusters of `base` with `other`'s glyphs for the same clusters.
  private static func merge(_ base: [ShapedGlyph], _ other: [ShapedGlyph]) -> [ShapedGlyph] {
    var byCluster: [Int: [ShapedGlyph]] = [:]
    for g in other { byCluster[g.byteIndex, default: []].append(g) }
    var out: [ShapedGlyph] = []
    var i = 0
    while i < base.count {
      let cluster = base[i].byteIndex
      var j = i
      while j < base.count, base[j].byteIndex == cluster { j += 1 }
      let group = base[i..<j]
      if group.contains(where: \.isMissing), let repl = byCluster[cluster],
        repl.allSatisfy({ !$0.isMissing })
      {
        out += repl
      } else {
        out += group
      }
      i = j
    }
    return out
  }

  static func scalar(at byte: Int, in bytes: [UInt8]) -> Unicode.Scalar {
    var it = bytes[byte...].makeIterator()
    var decoder = UTF8()
    if case .scalarValue(let s) = decoder.decode(&it) { return s }
    return "\u{FFFD}"
  }

  /// Shapes `text` with one font: the bidi runs (in visual order), each cut into runs of
  /// one script and shaped in its direction and script, so that Arabic joins.
  static func shape(_ text: String, runs: [BidiRun], font: LoadedFont, options: ShapingOptions)
    -> [ShapedGlyph]
  {
    let hbFont = font.font(variations: options.variations)
    var features: [hb_feature_t] = []
    if options.smallCaps {
      features.append(hb_feature_t(tag: FontVariation.tag("smcp"), value: 1, start: 0, end: .max))
    }
    if !options.kerning {
      features.append(hb_feature_t(tag: FontVariation.tag("kern"), value: 0, start: 0, end: .max))
    }
    var out: [ShapedGlyph] = []
    var utf8 = Array(text.utf8)
    let total = utf8.count
    for bidiRun in runs {
      let pieces = scriptRuns(utf8, bidiRun.range)
      for (range, script) in bidiRun.rtl ? pieces.reversed() : pieces {
        guard let buffer = hb_buffer_create() else { continue }
        defer { hb_buffer_destroy(buffer) }
        utf8.withUnsafeMutableBufferPointer { p in
          p.baseAddress!.withMemoryRebound(to: CChar.self, capacity: total) {
            hb_buffer_add_utf8(
              buffer, $0, Int32(total), UInt32(range.lowerBound), Int32(range.count))
          }
        }
        hb_buffer_set_direction(buffer, bidiRun.rtl ? HB_DIRECTION_RTL : HB_DIRECTION_LTR)
        if script != HB_SCRIPT_COMMON { hb_buffer_set_script(buffer, script) }
        if let language = options.language, !language.isEmpty {
          hb_buffer_set_language(buffer, hb_language_from_string(language, -1))
        }
        hb_buffer_guess_segment_properties(buffer)
        features.withUnsafeBufferPointer {
          hb_shape(hbFont, buffer, $0.baseAddress, UInt32($0.count))
        }
        var count: UInt32 = 0
        guard let infos = hb_buffer_get_glyph_infos(buffer, &count),
          let positions = hb_buffer_get_glyph_positions(buffer, &count)
        else { continue }
        let n = Int(count)
        for i in 0..<n {
          let start = Int(infos[i].cluster)
          let neighbour = bidiRun.rtl ? i - 1 : i + 1
          let end =
            neighbour >= 0 && neighbour < n ? Int(infos[neighbour].cluster) : range.upperBound
          out.append(
            ShapedGlyph(
              glyph: infos[i].codepoint, byteIndex: start, clusterLength: max(0, end - start),
              dx: Double(positions[i].x_offset), dy: Double(positions[i].y_offset),
              advance: Double(positions[i].x_advance), font: font))
        }
      }
    }
    return out
  }

  /// Cuts a byte range of UTF-8 text into runs of one script, in logical order. Characters
  /// of no script of their own (spaces, digits, punctuation, combining marks) join the run
  /// before them, or the one after them at the start.
  static func scriptRuns(_ utf8: [UInt8], _ range: Range<Int>) -> [(Range<Int>, hb_script_t)] {
    var runs: [(Range<Int>, hb_script_t)] = []
    var byte = range.lowerBound
    while byte < range.upperBound {
      let c = scalar(at: byte, in: utf8)
      let next = min(range.upperBound, byte + UTF8.width(c))
      let s = script(c)
      let neutral = s == HB_SCRIPT_COMMON || s == HB_SCRIPT_INHERITED || s == HB_SCRIPT_UNKNOWN
      if let last = runs.last {
        if neutral || last.1 == s {
          runs[runs.count - 1].0 = last.0.lowerBound..<next
        } else if last.1 == HB_SCRIPT_COMMON {
          runs[runs.count - 1] = (last.0.lowerBound..<next, s)
        } else {
          runs.append((byte..<next, s))
        }
      } else {
        runs.append((byte..<next, neutral ? HB_SCRIPT_COMMON : s))
      }
      byte = next
    }
    return runs
  }

  /// The Unicode script of `scalar` (HarfBuzz's own character database).
  static func script(_ scalar: Unicode.Scalar) -> hb_script_t {
    hb_unicode_script(hb_unicode_funcs_get_default(), scalar.value)
  }

  /// Scripts whose letters join: `letter-spacing` does not apply to them (CSS Text 3
  /// "cursive tracking").
  static func supportsLetterSpacing(_ scalar: Unicode.Scalar) -> Bool {
    let s = script(scalar)
    let cursive: [hb_script_t] = [
      HB_SCRIPT_ARABIC, HB_SCRIPT_SYRIAC, HB_SCRIPT_NKO, HB_SCRIPT_MANICHAEAN,
      HB_SCRIPT_PSALTER_PAHLAVI, HB_SCRIPT_MANDAIC, HB_SCRIPT_MONGOLIAN, HB_SCRIPT_PHAGS_PA,
      HB_SCRIPT_DEVANAGARI, HB_SCRIPT_BENGALI, HB_SCRIPT_GURMUKHI, HB_SCRIPT_MODI,
      HB_SCRIPT_SHARADA, HB_SCRIPT_SYLOTI_NAGRI, HB_SCRIPT_TIRHUTA, HB_SCRIPT_OGHAM,
    ]
    return !cursive.contains(s)
  }
}
