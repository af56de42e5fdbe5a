/// An attribute or property value that could not be parsed.
///
/// Parsers throw it; callers turn it into a ``Diagnostic`` naming the attribute and element,
/// then fall back to the property's default as SVG prescribes.
public struct ValueError: Error, Sendable, Hashable, CustomStringConvertible {
  /// What was expected or what is wrong, e.g. `expected ')'`.
  public var message: String
  /// The whole value that was being parsed.
  public var text: String
  /// UTF-8 offset into `text` where the problem was found, when known.
  public var position: Int?

  public init(_ message: String, text: String, position: Int? = nil) {
    self.message = message
    self.text = text
    self.position = position
  }

  /// `message in 'text' at offset N`.
  public var description: String {
    var s = "\(message) in '\(text)'"
    if let position { s += " at offset \(position)" }
    return s
  }
}
