/// CSS specificity: (ids, classes/attributes/pseudo-classes, types), compared in that order.
public struct Specificity: Comparable, Hashable, Sendable, CustomStringConvertible {
  public var ids: Int
  public var classes: Int
  public var types: Int

  public init(ids: Int = 0, classes: Int = 0, types: Int = 0) {
    self.ids = ids
    self.classes = classes
    self.types = types
  }

  public static func < (a: Specificity, b: Specificity) -> Bool {
    (a.ids, a.classes, a.types) < (b.ids, b.classes, b.types)
  }

  static func + (a: Specificity, b: Specificity) -> Specificity {
    Specificity(ids: a.ids + b.ids, classes: a.classes + b.classes, types: a.types + b.types)
  }

  public var description: String { "(\(ids),\(classes),\(types))" }
}

/// How two compound selectors relate in a complex selector.
public enum Combinator: Sendable, Hashable {
  /// `a b`
  case descendant
  /// `a > b`
  case child
  /// `a + b`
  case nextSibling
  /// `a ~ b`
  case subsequentSibling
}

/// The operator of an attribute selector.
public enum AttributeOperator: Sendable, Hashable {
  /// `[a]`
  case exists
  /// `[a=v]`
  case equals
  /// `[a~=v]`: one of the whitespace-separated words is `v`.
  case includesWord
  /// `[a|=v]`: `v` or starts with `v-`.
  case dashMatch
  /// `[a^=v]`
  case prefix
  /// `[a$=v]`
  case suffix
  /// `[a*=v]`
  case substring
}

/// `an+b` of `:nth-child()` and its kin.
public struct NthPattern: Sendable, Hashable {
  public var a: Int
  public var b: Int

  /// Whether a 1-based position is `a*n+b` for some n >= 0.
  public func matches(_ position: Int) -> Bool {
    if a == 0 { return position == b }
    let d = position - b
    return d % a == 0 && d / a >= 0
  }
}

/// The pseudo-classes that mean something in a static SVG document.
public indirect enum PseudoClass: Sendable, Hashable {
  case root, empty
  case firstChild, lastChild, onlyChild
  case firstOfType, lastOfType, onlyOfType
  case nthChild(NthPattern), nthLastChild(NthPattern)
  case nthOfType(NthPattern), nthLastOfType(NthPattern)
  case not([CompoundSelector])
  /// `:lang(en, "fr-CA")`: the element's language (`xml:lang`, `lang`, inherited) is in one
  /// of the ranges (see ``LanguageTag/matches(_:range:)``).
  case lang([String])
  /// A user-action or link state (`:hover`, `:focus`, `:visited`...): valid, never matches.
  case dynamic(String)
}

/// One simple selector other than the type selector.
public enum SimpleSelector: Sendable, Hashable {
  case id(String)
  case `class`(String)
  case attribute(name: String, op: AttributeOperator, value: String, caseInsensitive: Bool)
  case pseudo(PseudoClass)
}

/// A type selector (or none) followed by simple selectors, e.g. `rect.cls-1[x]:first-child`.
public struct CompoundSelector: Sendable, Hashable {
  /// Local element name to match, case-sensitively; nil for `*` or no type selector.
  public var type: String?
  public var simple: [SimpleSelector]

  public var specificity: Specificity {
    var s = Specificity(types: type == nil ? 0 : 1)
    for part in simple {
      switch part {
      case .id: s.ids += 1
      case .pseudo(.not(let args)): s = s + (args.map(\.specificity).max() ?? Specificity())
      default: s.classes += 1
      }
    }
    return s
  }
}

/// A complex selector such as `g#layer1 > path.cls-2`.
public struct ComplexSelector: Sendable, Hashable {
  /// The compounds from right (the subject) to left.
  public var compounds: [CompoundSelector]
  /// `combinators[i]` relates `compounds[i]` to `compounds[i + 1]` (the one on its left).
  public var combinators: [Combinator]

  public var specificity: Specificity {
    compounds.reduce(Specificity()) { $0 + $1.specificity }
  }

  /// The rightmost compound: the one that must match the element itself.
  public var subject: CompoundSelector { compounds[0] }
}

/// A comma-separated selector list (`.cls-1,.cls-2`). Invalid as a whole if any part is.
public struct SelectorList: Sendable, Hashable {
  public var selectors: [ComplexSelector]

  public init(selectors: [ComplexSelector]) { self.selectors = selectors }

  /// Parses a selector list. Throws for syntax errors and for anything this engine does not
  /// support (namespaces, pseudo-elements, unknown pseudo-classes), so nothing matches wrongly.
  public init(parsing text: String) throws(CSSError) {
    var tokenizer = CSSTokenizer(text)
    let tokens = tokenizer.tokenize()
    try self.init(tokens: tokens, bytes: tokenizer.bytes, range: 0..<tokens.count)
  }

  init(tokens: [CSSToken], bytes: [UInt8], range: Range<Int>) throws(CSSError) {
    var parser = SelectorParser(
      tokens: tokens, bytes: bytes, position: range.lowerBound, end: range.upperBound)
    selectors = try parser.selectorList()
  }
}
