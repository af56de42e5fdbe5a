/// A CSS text that could not be used, with the byte offset where the problem was found.
public struct CSSError: Error, Sendable, Hashable, CustomStringConvertible {
  public var message: String
  /// Byte offset into the CSS text, or nil when it is not known.
  public var offset: Int?

  public init(_ message: String, offset: Int? = nil) {
    self.message = message
    self.offset = offset
  }

  public var description: String {
    offset.map { "\(message) (at offset \($0))" } ?? message
  }
}

/// One `name: value [!important]` declaration.
public struct Declaration: Sendable, Hashable {
  /// The property name, ASCII-lowercased (custom properties `--x` keep their case).
  public var name: String
  /// The value as written, comments removed and whitespace trimmed, `!important` removed.
  public var value: String
  public var important: Bool

  public init(name: String, value: String, important: Bool = false) {
    self.name = name
    self.value = value
    self.important = important
  }

  /// Parses a declaration list as written in a `style` attribute (`fill:red;stroke:none`).
  /// Malformed declarations are dropped, as CSS does; the rest are kept in order.
  public static func list(parsing text: String) -> [Declaration] {
    if let plain = DeclarationFastPath.parse(text) { return plain }
    var ignored: [Diagnostic] = []
    return list(parsing: text, diagnostics: &ignored)
  }

  /// Like ``list(parsing:)``, also reporting each dropped declaration.
  public static func list(parsing text: String, diagnostics: inout [Diagnostic]) -> [Declaration] {
    if let plain = DeclarationFastPath.parse(text) { return plain }
    var tokenizer = CSSTokenizer(text)
    var parser = CSSParser(tokens: tokenizer.tokenize(), bytes: tokenizer.bytes)
    let out = parser.declarations(in: 0..<parser.tokens.count)
    diagnostics.append(contentsOf: parser.diagnostics)
    return out
  }
}

/// A style rule: a selector list and its declarations.
public struct StyleRule: Sendable {
  public var selectors: SelectorList
  public var declarations: [Declaration]

  public init(selectors: SelectorList, declarations: [Declaration]) {
    self.selectors = selectors
    self.declarations = declarations
  }
}

/// A parsed CSS style sheet, as found in `<style>` elements or given by the user.
///
/// Parsing never fails: like a browser, it drops what it cannot use (a rule with an invalid or
/// unsupported selector, a malformed declaration) and reports each drop in ``diagnostics``.
/// At-rules are skipped (`@media`, `@font-face`, ...); `@import` targets are listed in
/// ``imports`` for a caller that is allowed to load them.
public struct StyleSheet: Sendable {
  public var rules: [StyleRule]
  /// URLs named by `@import` rules, in order. Not loaded.
  public var imports: [String]
  /// Dropped rules, declarations and skipped at-rules. Locations are line and column in the
  /// CSS text (1-based).
  public var diagnostics: [Diagnostic]

  public init(rules: [StyleRule] = []) {
    self.rules = rules
    imports = []
    diagnostics = []
  }

  public init(parsing css: String) {
    var tokenizer = CSSTokenizer(css)
    var parser = CSSParser(tokens: tokenizer.tokenize(), bytes: tokenizer.bytes)
    self.rules = parser.styleSheet()
    self.imports = parser.imports
    self.diagnostics = parser.diagnostics
  }
}
