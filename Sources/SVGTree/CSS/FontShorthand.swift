/// Expansion of the `font` shorthand (CSS Fonts 3 §3.7):
/// `[ <style> || <variant> || <weight> || <stretch> ]? <size> [ / <line-height> ]? <family>`.
enum FontShorthand {
  static let longhands = [
    "font-style", "font-variant", "font-weight", "font-stretch", "font-size", "line-height",
    "font-family", "font-size-adjust", "font-kerning",
  ]

  private static let systemFonts: Set<String> = [
    "caption", "icon", "menu", "message-box", "small-caption", "status-bar",
  ]
  private static let styles: Set<String> = ["italic", "oblique"]
  private static let weights: Set<String> = ["bold", "bolder", "lighter"]
  private static let stretches: Set<String> = [
    "ultra-condensed", "extra-condensed", "condensed", "semi-condensed", "semi-expanded",
    "expanded", "extra-expanded", "ultra-expanded",
  ]
  private static let sizes: Set<String> = [
    "xx-small", "x-small", "small", "medium", "large", "x-large", "xx-large", "xxx-large",
    "larger", "smaller",
  ]

  /// The longhand values of `value`, or nil when it is not a valid `font` value. A system font
  /// keyword (`caption`, `menu`...) also gives nil: there are no system fonts to take it from.
  static func expand(_ value: String) -> [(String, String)]? {
    let bytes = Array(value.utf8)
    var i = 0
    func skipSpaces() { while i < bytes.count, ValueScanner.isSpace(bytes[i]) { i += 1 } }
    /// The next space- or slash-delimited word, lowercased; nil at the end.
    func word() -> String? {
      skipSpaces()
      let start = i
      if i < bytes.count, bytes[i] == UInt8(ascii: "/") { i += 1 }
      while i < bytes.count, !ValueScanner.isSpace(bytes[i]), bytes[i] != UInt8(ascii: "/"),
        i == start || bytes[start] != UInt8(ascii: "/")
      { i += 1 }
      return i > start ? String(decoding: bytes[start..<i], as: UTF8.self).lowercased() : nil
    }
    var style = "normal", variant = "normal", weight = "normal", stretch = "normal"
    var seen = 0
    var size: String?
    while size == nil, let w = word() {
      if systemFonts.contains(w) && seen == 0 { return nil }
      if w == "normal" {
        seen += 1
      } else if styles.contains(w) {
        style = w
        seen += 1
      } else if w == "small-caps" {
        variant = w
        seen += 1
      } else if weights.contains(w) || isWeightNumber(w) {
        weight = w
        seen += 1
      } else if stretches.contains(w) {
        stretch = w
        seen += 1
      } else if sizes.contains(w) || isLengthOrPercentage(w) {
        size = w
      } else {
        return nil
      }
      if seen > 4 { return nil }
    }
    guard let size else { return nil }
    var lineHeight = "normal"
    let afterSize = i
    if word() == "/" {
      guard let lh = word(), lh != "/" else { return nil }
      lineHeight = lh
    } else {
      i = afterSize
    }
    skipSpaces()
    let family = String(decoding: bytes[i...], as: UTF8.self)
    guard !family.isEmpty, !family.hasSuffix(",") else { return nil }
    return [
      ("font-style", style), ("font-variant", variant), ("font-weight", weight),
      ("font-stretch", stretch), ("font-size", size), ("line-height", lineHeight),
      ("font-family", family), ("font-size-adjust", "none"), ("font-kerning", "auto"),
    ]
  }

  private static func isWeightNumber(_ w: String) -> Bool {
    guard let v = Double(w), w.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == ".") }) else {
      return false
    }
    return v >= 1 && v <= 1000
  }

  private static func isLengthOrPercentage(_ w: String) -> Bool {
    var s = ValueScanner(w)
    guard let v = s.number(), v >= 0 else { return false }
    let unit = s.remainder
    let units: Set<String> = [
      "", "%", "px", "pt", "pc", "mm", "cm", "in", "q", "em", "ex", "rem", "ch", "vw", "vh",
      "vmin", "vmax",
    ]
    return units.contains(unit) && (unit != "" || v == 0)
  }
}
