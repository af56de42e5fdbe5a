/// The scheme of the commands' URL forms, chosen by the app, as web-view bridges choose
/// theirs (`myapp:`, `objc://`): with scheme `myapp`, `fillAt(10, 20)` is also
/// `myapp://fillAt/10/20` (the slash form) and `myapp:fillAt:10:20` (the colon form), each
/// argument percent-encoded. The default is `svg`.
public struct CommandURLScheme: Sendable, Hashable, CustomStringConvertible {
  /// The scheme, lowercased (schemes compare without case).
  public let name: String

  /// `svg`: `svg://fillAt/10/20`, `svg:fillAt:10:20`.
  public static let svg = CommandURLScheme(checked: "svg")

  /// A scheme as URLs spell one (RFC 3986: a letter, then letters, digits, `+`, `-` or
  /// `.`); nil for anything else.
  public init?(_ name: String) {
    guard let first = name.unicodeScalars.first, first.isASCII, first.properties.isAlphabetic,
      name.unicodeScalars.allSatisfy({
        $0.isASCII
          && ($0.properties.isAlphabetic || ("0"..."9").contains($0)
            || "+-.".unicodeScalars.contains($0))
      })
    else { return nil }
    self.name = name.lowercased()
  }

  private init(checked name: String) { self.name = name }

  /// What a scheme is made of, for error messages.
  public static let syntax = "a letter, then letters, digits, +, - or ."

  public var description: String { name }
}
