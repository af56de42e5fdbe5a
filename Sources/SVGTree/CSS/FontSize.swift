import Foundation

/// `font-size` values: lengths, percentages and the absolute and relative keywords.
public enum FontSize {
  /// `text` in px; relative sizes (`em`, `%`, `larger`) against `parent`, the parent's size.
  public static func pixels(_ text: String?, parent: Double) -> Double {
    guard let text = text?.trimmingCharacters(in: .whitespaces), !text.isEmpty else { return parent }
    let keywords: [String: Double] = [
      "xx-small": 9, "x-small": 10, "small": 13, "medium": 16, "large": 18, "x-large": 24,
      "xx-large": 32,
    ]
    if let k = keywords[text] { return k }
    if text == "larger" { return parent * 1.2 }
    if text == "smaller" { return parent / 1.2 }
    guard let length = try? Length(parsing: text), length.value >= 0 else { return parent }
    let context = LengthContext(fontSize: parent, viewportWidth: 0, viewportHeight: 0)
    if length.unit == .percent { return parent * length.value / 100 }
    return length.resolve(in: context, axis: .other)
  }
}

