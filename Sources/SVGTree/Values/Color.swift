/// An sRGB colour: 8-bit channels, as every SVG colour syntax ends up on an 8-bit device
/// and the serialized `#rrggbb` form round-trips exactly, plus an alpha in `0...1` kept as
/// a `Double` so `rgba(…, 0.3)` is not quantized before it is multiplied with opacity.
public struct Color: Hashable, Sendable, CustomStringConvertible {
  public var r: UInt8
  public var g: UInt8
  public var b: UInt8
  /// Opacity, `0` (transparent) to `1` (opaque).
  public var alpha: Double

  public init(r: UInt8, g: UInt8, b: UInt8, alpha: Double = 1) {
    self.r = r
    self.g = g
    self.b = b
    self.alpha = min(max(alpha, 0), 1)
  }

  /// A colour from `0xRRGGBB`.
  public init(rgb: UInt32) {
    self.init(r: UInt8((rgb >> 16) & 0xFF), g: UInt8((rgb >> 8) & 0xFF), b: UInt8(rgb & 0xFF))
  }

  public static let black = Color(r: 0, g: 0, b: 0)
  public static let white = Color(r: 255, g: 255, b: 255)
  public static let transparent = Color(r: 0, g: 0, b: 0, alpha: 0)

  /// Parses a CSS colour: `#rgb`, `#rgba`, `#rrggbb`, `#rrggbbaa`, `rgb()`/`rgba()` with
  /// numbers or percentages (legacy comma form, or CSS Color 4 `rgb(255 0 0 / 50%)`),
  /// `hsl()`/`hsla()`, a colour keyword or `transparent` (case-insensitive). Out-of-range
  /// channels are clamped. SVG 1.1's `icc-color(...)` after the colour makes the value
  /// invalid, as in CSS Color and as Chromium, Firefox, rsvg-convert and resvg read it (the
  /// property is then ignored), rather than SVG 1.1's fallback to the sRGB part.
  public init(parsing text: String) throws(ValueError) {
    var s = ValueScanner(text)
    self = try Color.parse(&s)
    try s.expectEnd()
  }

  /// Reads one colour after optional spaces; leaves the scanner just after it.
  static func parse(_ s: inout ValueScanner) throws(ValueError) -> Color {
    s.skipSpaces()
    if s.consume("#") { return try parseHex(&s) }
    let start = s.position
    guard let name = s.keyword() else {
      throw s.error(s.isAtEnd ? "expected a colour" : "expected a colour at '\(s.remainder)'")
    }
    switch name {
    case "rgb", "rgba":
      try s.expect("(")
      return try parseRGB(&s)
    case "hsl", "hsla":
      try s.expect("(")
      return try parseHSL(&s)
    default:
      guard let c = Color(named: name) else {
        throw ValueError("unknown colour '\(name)'", text: s.text, position: start)
      }
      return c
    }
  }

  private static func parseHex(_ s: inout ValueScanner) throws(ValueError) -> Color {
    let start = s.position
    // The digits in one word, 4 bits each (the first 16; a colour has at most 8): no array
    // is allocated for them.
    var word: UInt64 = 0
    var count = 0
    while let c = s.peek, let v = hexValue(c) {
      if count < 16 { word = word << 4 | UInt64(v) }
      count += 1
      s.advance()
    }
    if let c = s.peek, c >= 0x80 || ((c | 0x20) >= 0x61 && (c | 0x20) <= 0x7A) || c == 0x5F {
      throw s.error("invalid hex colour digit")
    }
    func digit(_ i: Int) -> UInt8 { UInt8(truncatingIfNeeded: word >> (4 * (count - 1 - i))) & 0xF }
    func pair(_ i: Int) -> UInt8 { digit(i) << 4 | digit(i + 1) }
    func single(_ i: Int) -> UInt8 { digit(i) << 4 | digit(i) }
    switch count {
    case 3: return Color(r: single(0), g: single(1), b: single(2))
    case 4: return Color(r: single(0), g: single(1), b: single(2), alpha: Double(single(3)) / 255)
    case 6: return Color(r: pair(0), g: pair(2), b: pair(4))
    case 8: return Color(r: pair(0), g: pair(2), b: pair(4), alpha: Double(pair(6)) / 255)
    default:
      throw ValueError(
        "a hex colour needs 3, 4, 6 or 8 digits, not \(count)", text: s.text,
        position: start)
    }
  }

  private static func hexValue(_ c: UInt8) -> UInt8? {
    switch c {
    case 0x30...0x39: return c - 0x30
    case 0x61...0x66: return c - 0x61 + 10
    case 0x41...0x46: return c - 0x41 + 10
    default: return nil
    }
  }

  /// A number, or a percentage when `isPercent`.
  private struct Component {
    var value: Double
    var isPercent: Bool
  }

  private static func component(_ s: inout ValueScanner) throws(ValueError) -> Component {
    let v = try s.expectNumber()
    return Component(value: v, isPercent: s.consume("%"))
  }

  /// Reads the separator after a component: `,` in the legacy syntax, spaces in the modern one.
  private static func separator(_ s: inout ValueScanner, legacy: Bool) throws(ValueError) {
    s.skipSpaces()
    if legacy {
      try s.expect(",")
      s.skipSpaces()
    }
  }

  /// Reads the optional alpha and the closing parenthesis.
  private static func alphaAndClose(_ s: inout ValueScanner, legacy: Bool) throws(ValueError)
    -> Double
  {
    s.skipSpaces()
    var alpha = 1.0
    if s.consume(legacy ? "," : "/") {
      s.skipSpaces()
      let a = try component(&s)
      alpha = a.isPercent ? a.value / 100 : a.value
      s.skipSpaces()
    }
    try s.expect(")")
    return min(max(alpha, 0), 1)
  }

  private static func parseRGB(_ s: inout ValueScanner) throws(ValueError) -> Color {
    s.skipSpaces()
    let start = s.position
    var parts = [try component(&s)]
    s.skipSpaces()
    let legacy = s.peek == UInt8(ascii: ",")
    for _ in 0..<2 {
      try separator(&s, legacy: legacy)
      parts.append(try component(&s))
    }
    if legacy, parts.contains(where: { $0.isPercent != parts[0].isPercent }) {
      throw ValueError(
        "rgb() mixes numbers and percentages", text: s.text, position: start)
    }
    let alpha = try alphaAndClose(&s, legacy: legacy)
    let bytes = parts.map { channel($0.isPercent ? $0.value * 255 / 100 : $0.value) }
    return Color(r: bytes[0], g: bytes[1], b: bytes[2], alpha: alpha)
  }

  private static func parseHSL(_ s: inout ValueScanner) throws(ValueError) -> Color {
    s.skipSpaces()
    let hue = try Angle.parse(&s).degrees
    s.skipSpaces()
    let legacy = s.peek == UInt8(ascii: ",")
    var fractions: [Double] = []
    for name in ["saturation", "lightness"] {
      try separator(&s, legacy: legacy)
      let c = try component(&s)
      if legacy && !c.isPercent { throw s.error("hsl() \(name) must be a percentage") }
      fractions.append(min(max(c.value / 100, 0), 1))
    }
    let alpha = try alphaAndClose(&s, legacy: legacy)
    let (r, g, b) = hslToRGB(hue: hue, saturation: fractions[0], lightness: fractions[1])
    return Color(r: channel(r * 255), g: channel(g * 255), b: channel(b * 255), alpha: alpha)
  }

  /// CSS Color 3's HSL to RGB algorithm; results in `0...1`.
  static func hslToRGB(hue: Double, saturation s: Double, lightness l: Double)
    -> (Double, Double, Double)
  {
    var h = hue.truncatingRemainder(dividingBy: 360) / 360
    if h < 0 { h += 1 }
    let m2 = l <= 0.5 ? l * (s + 1) : l + s - l * s
    let m1 = l * 2 - m2
    func hueToRGB(_ t: Double) -> Double {
      var h = t
      if h < 0 { h += 1 }
      if h > 1 { h -= 1 }
      if h * 6 < 1 { return m1 + (m2 - m1) * h * 6 }
      if h * 2 < 1 { return m2 }
      if h * 3 < 2 { return m1 + (m2 - m1) * (2.0 / 3 - h) * 6 }
      return m1
    }
    return (hueToRGB(h + 1.0 / 3), hueToRGB(h), hueToRGB(h - 1.0 / 3))
  }

  /// Rounds and clamps a channel value to `0...255`.
  private static func channel(_ v: Double) -> UInt8 {
    UInt8(min(max(v.rounded(), 0), 255))
  }

  /// `#rrggbb` when opaque, else `rgba(r, g, b, alpha)`: the forms every SVG reader accepts.
  public var description: String {
    if alpha >= 1 {
      let hex = [r, g, b].map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }
      return "#" + hex.joined()
    }
    return "rgba(\(r), \(g), \(b), \(alpha.svgText))"
  }
}
