import Glibc

/// `font-size` values: lengths, percentages and the absolute and relative keywords.
package enum FontSize {
  /// The font size of the root element when nothing sets one: 12px, as resvg (whose output
  /// the conformance suite records) uses, rather than CSS's 16px `medium`.
  package static let initial = 12.0

  /// `text` in px; relative sizes (`em`, `%`, `larger`) against `parent`, the parent's size,
  /// and physical units (`pt`, `mm`, `in`) at `dpi` pixels per inch.
  /// Size keywords step by a factor of 1.2 from the parent's size (`medium` keeps it), the
  /// scale CSS 2 suggests, as resvg does.
  package static func pixels(_ text: String?, parent: Double, dpi: Double = 96) -> Double {
    guard let text = text.map({ String($0.trimmingWhitespace) }), !text.isEmpty else {
      return parent
    }
    if let k = steps[text] { return parent * pow(1.2, Double(k)) }
    guard let length = try? Length(parsing: text), length.value >= 0 else { return parent }
    let context = LengthContext(
      fontSize: parent, viewportWidth: 0, viewportHeight: 0, dpiX: dpi, dpiY: dpi)
    if length.unit == .percent { return parent * length.value / 100 }
    return length.resolve(in: context, axis: .other)
  }

  /// The size keywords, as steps of 1.2 from the parent's size.
  private static let steps: [String: Int] = [
    "xx-small": -3, "x-small": -2, "small": -1, "medium": 0, "large": 1, "x-large": 2,
    "xx-large": 3, "larger": 1, "smaller": -1,
  ]
}
