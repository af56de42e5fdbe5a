import CHarfBuzz
import Glibc
import SVGGeometry
import Synchronization

/// A face opened with HarfBuzz: shaping, metrics and outlines all come from it, so the
/// glyphs drawn are exactly the glyphs measured (variations included).
///
/// HarfBuzz fonts are immutable once made and safe to use from several threads; the cache of
/// per-variation fonts is guarded by a lock.
final class LoadedFont: @unchecked Sendable {
  let id: Int
  let info: FaceInfo
  let face: OpaquePointer
  /// The font at the face's own units (scale = units per em), no variations.
  let font: OpaquePointer
  let unitsPerEm: Double
  // Metrics in font units, y up (descent is negative).
  let ascent: Double
  let descent: Double
  let xHeight: Double
  let underlinePosition: Double
  let underlineThickness: Double
  let lineThroughPosition: Double
  let subscriptOffset: Double
  let superscriptOffset: Double
  let hasColorLayers: Bool
  let hasColorBitmaps: Bool
  let hasSVGGlyphs: Bool
  /// Tags of the variation axes (`wght`, `wdth`, `opsz`...) of a variable font.
  let axes: Set<String>

  private let lock = Mutex(())
  private var variationFonts: [[FontVariation]: OpaquePointer] = [:]
  /// Glyph outlines already taken from HarfBuzz, by font (plain or with variations) and
  /// glyph, and how many elements they hold (``maxKeptOutlineElements``).
  private var outlines: [OutlineKey: Path] = [:]
  private(set) var keptOutlineElements = 0

  /// The most outline elements a face keeps. Text repeats a few dozen glyphs, and taking
  /// an outline from HarfBuzz costs a walk of the glyph's table data and a call per point:
  /// kept, a page of 1,440 words at 800 px took 0.87x the time, openclipart's text
  /// drawings 0.96x (one process each). The faces stay loaded for the process's life, so
  /// the bound keeps a service that meets every glyph of a large font from holding them
  /// all: 2^15 elements are about 1.8 MB, some 1,000 Latin glyphs.
  static let maxKeptOutlineElements = 1 << 15

  private struct OutlineKey: Hashable {
    let font: OpaquePointer
    let glyph: UInt32
  }

  init?(_ info: FaceInfo, id: Int) {
    guard let blob = hb_blob_create_from_file_or_fail(info.path) else { return nil }
    defer { hb_blob_destroy(blob) }
    guard let face = hb_face_create(blob, UInt32(info.index)), hb_face_get_glyph_count(face) > 0
    else { return nil }
    self.id = id
    self.info = info
    self.face = face
    hb_face_make_immutable(face)
    let font = hb_font_create(face)!
    hb_font_make_immutable(font)
    self.font = font
    let upem = Double(max(16, hb_face_get_upem(face)))
    unitsPerEm = upem
    func metric(_ tag: hb_ot_metrics_tag_t) -> Double? {
      var v: hb_position_t = 0
      return hb_ot_metrics_get_position(font, tag, &v) != 0 ? Double(v) : nil
    }
    ascent = metric(HB_OT_METRICS_TAG_HORIZONTAL_ASCENDER) ?? upem * 0.8
    descent = metric(HB_OT_METRICS_TAG_HORIZONTAL_DESCENDER) ?? -upem * 0.2
    let xh = metric(HB_OT_METRICS_TAG_X_HEIGHT).flatMap { $0 > 0 ? $0 : nil }
    xHeight = xh ?? ((ascent - descent) * 0.45).rounded(.towardZero)
    lineThroughPosition = metric(HB_OT_METRICS_TAG_STRIKEOUT_OFFSET) ?? (xHeight / 2).rounded()
    if let pos = metric(HB_OT_METRICS_TAG_UNDERLINE_OFFSET) {
      underlinePosition = pos
      let t = metric(HB_OT_METRICS_TAG_UNDERLINE_SIZE) ?? 0
      underlineThickness = t > 0 ? t : (upem / 12).rounded(.towardZero)
    } else {
      underlinePosition = -(upem / 9).rounded(.towardZero)
      underlineThickness = (upem / 12).rounded(.towardZero)
    }
    subscriptOffset = metric(HB_OT_METRICS_TAG_SUBSCRIPT_EM_Y_OFFSET) ?? (upem * 0.2).rounded()
    superscriptOffset =
      metric(HB_OT_METRICS_TAG_SUPERSCRIPT_EM_Y_OFFSET) ?? (upem * 0.4).rounded()
    hasColorLayers = hb_ot_color_has_layers(face) != 0
    hasColorBitmaps = hb_ot_color_has_png(face) != 0
    hasSVGGlyphs = hb_ot_color_has_svg(face) != 0
    var axisCount = hb_ot_var_get_axis_count(face)
    var infos = [hb_ot_var_axis_info_t](repeating: hb_ot_var_axis_info_t(), count: Int(axisCount))
    _ = hb_ot_var_get_axis_infos(face, 0, &axisCount, &infos)
    axes = Set(infos.prefix(Int(axisCount)).map { FontVariation.name($0.tag) })
  }

  deinit {
    for f in variationFonts.values { hb_font_destroy(f) }
    hb_font_destroy(font)
    hb_face_destroy(face)
  }

  func scale(_ fontSize: Double) -> Double { fontSize / unitsPerEm }

  /// Whether the face maps `scalar` to a glyph.
  func hasGlyph(for scalar: Unicode.Scalar) -> Bool {
    var g: hb_codepoint_t = 0
    return hb_font_get_nominal_glyph(font, scalar.value, &g) != 0 && g != 0
  }

  /// The outline of `glyph` in `font` (this face's ``font`` or one of its
  /// ``font(variations:)``), in font units: taken from HarfBuzz once, then kept within
  /// ``maxKeptOutlineElements``.
  func outline(_ glyph: UInt32, in font: OpaquePointer) -> Path {
    let key = OutlineKey(font: font, glyph: glyph)
    if let kept = lock.withLock({ _ in outlines[key] }) { return kept }
    let path = GlyphOutline.path(glyph, font: font)
    lock.withLock { _ in
      guard outlines[key] == nil,
        keptOutlineElements + path.elements.count <= Self.maxKeptOutlineElements
      else { return }
      outlines[key] = path
      keptOutlineElements += path.elements.count
    }
    return path
  }

  /// The font with `variations` applied (the plain font when there are none).
  func font(variations: [FontVariation]) -> OpaquePointer {
    guard !variations.isEmpty, hb_ot_var_has_data(face) != 0 else { return font }
    return lock.withLock { _ in
      if let f = variationFonts[variations] { return f }
      let f = hb_font_create(face)!
      let vars = variations.map { v in
        hb_variation_t(tag: FontVariation.tag(v.tag), value: Float(v.value))
      }
      vars.withUnsafeBufferPointer { hb_font_set_variations(f, $0.baseAddress, UInt32($0.count)) }
      hb_font_make_immutable(f)
      variationFonts[variations] = f
      return f
    }
  }
}

/// One `font-variation-settings` entry: a four-letter axis tag and its value.
struct FontVariation: Hashable, Sendable {
  var tag: String
  var value: Double

  static func name(_ tag: hb_tag_t) -> String {
    let bytes = [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: tag >> $0) }
    return String(decoding: bytes, as: UTF8.self)
  }

  static func tag(_ s: String) -> hb_tag_t {
    var t: UInt32 = 0
    let bytes = Array(s.utf8) + Array(repeating: UInt8(ascii: " "), count: 4)
    for b in bytes.prefix(4) { t = t << 8 | UInt32(b) }
    return t
  }

  /// Parses `"wght" 700, "wdth" 80`; `normal` is no variations. Nil when invalid.
  static func list(parsing text: String) -> [FontVariation]? {
    let t = text.trimmingSpaces
    if t == "normal" || t.isEmpty { return [] }
    var out: [FontVariation] = []
    for item in t.split(separator: ",") {
      let parts = item.split(whereSeparator: \.isWhitespace)
      guard parts.count == 2, let q = parts[0].first, q == "\"" || q == "'",
        parts[0].count == 6, parts[0].last == q, let v = Double(parts[1])
      else { return nil }
      out.append(FontVariation(tag: String(parts[0].dropFirst().dropLast()), value: v))
    }
    return out
  }
}
