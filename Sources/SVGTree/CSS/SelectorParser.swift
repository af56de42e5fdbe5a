/// Parses selectors (Selectors Level 3, plus `:not()` of compound selectors) from tokens.
struct SelectorParser {
  let tokens: [CSSToken]
  let bytes: [UInt8]
  var position: Int
  let end: Int

  private var current: CSSToken? { position < end ? tokens[position] : nil }

  private func error(_ message: String) -> CSSError {
    CSSError(message, offset: current?.start ?? tokens.last?.end)
  }

  private mutating func skipWhitespace() {
    while current?.kind == .whitespace { position += 1 }
  }

  mutating func selectorList() throws(CSSError) -> [ComplexSelector] {
    var out: [ComplexSelector] = []
    while true {
      skipWhitespace()
      out.append(try complex())
      skipWhitespace()
      guard let t = current else { return out }
      guard t.kind == .comma else { throw error("unexpected '\(describe(t))' in selector") }
      position += 1
    }
  }

  private mutating func complex() throws(CSSError) -> ComplexSelector {
    var compounds = [try compound()]
    var combinators: [Combinator] = []
    while true {
      let hadSpace = current?.kind == .whitespace
      skipWhitespace()
      guard let t = current, t.kind != .comma else { break }
      var combinator = Combinator.descendant
      if t.isDelim(">") {
        combinator = .child
      } else if t.isDelim("+") {
        combinator = .nextSibling
      } else if t.isDelim("~") {
        combinator = .subsequentSibling
      } else if !hadSpace {
        throw error("unexpected '\(describe(t))' in selector")
      }
      if combinator != .descendant {
        position += 1
        skipWhitespace()
      }
      combinators.append(combinator)
      compounds.append(try compound())
    }
    return ComplexSelector(compounds: compounds.reversed(), combinators: combinators.reversed())
  }

  private mutating func compound() throws(CSSError) -> CompoundSelector {
    var result = CompoundSelector(type: nil, simple: [])
    var sawType = false
    if let t = current {
      if t.kind == .ident {
        result.type = t.value
        sawType = true
        position += 1
      } else if t.isDelim("*") {
        sawType = true
        position += 1
      }
    }
    if current?.isDelim("|") == true {
      throw error("namespace prefixes in selectors are not supported")
    }
    loop: while let t = current {
      switch t.kind {
      case .hash:
        guard t.isIDHash else { throw error("'#\(t.value)' is not a valid id selector") }
        result.simple.append(.id(t.value))
        position += 1
      case .delim where t.value == ".":
        position += 1
        guard let n = current, n.kind == .ident, n.start == t.end else {
          throw error("'.' must be followed by a class name")
        }
        result.simple.append(.class(n.value))
        position += 1
      case .openSquare:
        position += 1
        result.simple.append(try attribute())
      case .colon:
        position += 1
        result.simple.append(.pseudo(try pseudoClass()))
      case .ident, .function:
        throw error("unexpected '\(describe(t))' in selector")
      default:
        if t.isDelim("*") || t.isDelim("|") {
          throw error("unexpected '\(describe(t))' in selector")
        }
        break loop
      }
    }
    guard sawType || !result.simple.isEmpty else {
      throw error(current.map { "unexpected '\(describe($0))' in selector" } ?? "empty selector")
    }
    return result
  }

  private mutating func attribute() throws(CSSError) -> SimpleSelector {
    skipWhitespace()
    guard let n = current, n.kind == .ident else { throw error("attribute name expected") }
    position += 1
    if let bar = current, bar.isDelim("|"),
      position + 1 < end, tokens[position + 1].kind != .delim || tokens[position + 1].value != "="
    {
      throw error("namespace prefixes in attribute selectors are not supported")
    }
    skipWhitespace()
    guard let t = current else { throw error("']' expected") }
    if t.kind == .closeSquare {
      position += 1
      return .attribute(name: n.value, op: .exists, value: "", caseInsensitive: false)
    }
    let op: AttributeOperator
    if t.isDelim("=") {
      op = .equals
    } else {
      let ops: [String: AttributeOperator] = [
        "~": .includesWord, "|": .dashMatch, "^": .prefix, "$": .suffix, "*": .substring,
      ]
      guard t.kind == .delim, let o = ops[t.value], position + 1 < end,
        tokens[position + 1].isDelim("="), tokens[position + 1].start == t.end
      else { throw error("unexpected '\(describe(t))' in attribute selector") }
      op = o
      position += 1
    }
    position += 1
    skipWhitespace()
    guard let v = current, v.kind == .ident || v.kind == .string else {
      throw error("attribute value expected")
    }
    position += 1
    skipWhitespace()
    var caseInsensitive = false
    if let f = current, f.kind == .ident {
      switch f.value.lowercased() {
      case "i": caseInsensitive = true
      case "s": break
      default: throw error("unknown attribute selector flag '\(f.value)'")
      }
      position += 1
      skipWhitespace()
    }
    guard current?.kind == .closeSquare else { throw error("']' expected") }
    position += 1
    return .attribute(name: n.value, op: op, value: v.value, caseInsensitive: caseInsensitive)
  }

  private static let simplePseudo: [String: PseudoClass] = [
    "root": .root, "empty": .empty, "first-child": .firstChild, "last-child": .lastChild,
    "only-child": .onlyChild, "first-of-type": .firstOfType, "last-of-type": .lastOfType,
    "only-of-type": .onlyOfType,
  ]
  private static let dynamicPseudo: Set<String> = [
    "hover", "active", "focus", "focus-within", "focus-visible", "visited", "link", "any-link",
    "target", "checked", "disabled", "enabled",
  ]

  private mutating func pseudoClass() throws(CSSError) -> PseudoClass {
    guard let t = current, t.start == tokens[position - 1].end else {
      throw error("pseudo-class name expected after ':'")
    }
    if t.kind == .colon { throw error("pseudo-elements are not supported") }
    let name = t.value.lowercased()
    position += 1
    if t.kind == .ident {
      if let p = Self.simplePseudo[name] { return p }
      if Self.dynamicPseudo.contains(name) { return .dynamic(name) }
      throw error("pseudo-class ':\(name)' is not supported")
    }
    guard t.kind == .function else { throw error("pseudo-class name expected after ':'") }
    let argStart = position
    var depth = 1
    while position < end {
      let k = tokens[position].kind
      if k == .function || k == .openParen { depth += 1 }
      if k == .closeParen {
        depth -= 1
        if depth == 0 { break }
      }
      position += 1
    }
    guard position < end else { throw error("')' expected") }
    let argEnd = position
    position += 1
    switch name {
    case "not":
      var inner = SelectorParser(tokens: tokens, bytes: bytes, position: argStart, end: argEnd)
      let list = try inner.selectorList()
      guard list.allSatisfy({ $0.compounds.count == 1 }) else {
        throw error(":not() takes compound selectors only")
      }
      return .not(list.map(\.subject))
    case "nth-child", "nth-last-child", "nth-of-type", "nth-last-of-type":
      let text = argumentText(argStart..<argEnd)
      guard let p = Self.nthPattern(text) else {
        throw error("'\(text)' is not a valid an+b argument")
      }
      switch name {
      case "nth-child": return .nthChild(p)
      case "nth-last-child": return .nthLastChild(p)
      case "nth-of-type": return .nthOfType(p)
      default: return .nthLastOfType(p)
      }
    case "lang":
      return .lang(try languageRanges(argStart..<argEnd))
    default:
      throw error("pseudo-class ':\(name)()' is not supported")
    }
  }

  /// The comma-separated identifiers or strings of `:lang()`.
  private func languageRanges(_ range: Range<Int>) throws(CSSError) -> [String] {
    var out: [String] = []
    var expectValue = true
    for t in tokens[range] where t.kind != .whitespace {
      if expectValue, t.kind == .ident || t.kind == .string, !t.value.isEmpty {
        out.append(t.value)
      } else if !expectValue, t.kind == .comma {
      } else {
        throw error(":lang() takes language ranges separated by commas")
      }
      expectValue.toggle()
    }
    guard !out.isEmpty, !expectValue else { throw error(":lang() needs a language range") }
    return out
  }

  private func argumentText(_ range: Range<Int>) -> String {
    guard !range.isEmpty else { return "" }
    let from = tokens[range.lowerBound].start
    let to = tokens[range.upperBound - 1].end
    return String(decoding: bytes[from..<to], as: UTF8.self)
  }

  /// Parses `odd`, `even`, `3`, `-n+2`, `2n + 1`, `+n-1`.
  static func nthPattern(_ text: String) -> NthPattern? {
    let s = text.lowercased().split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
    if s == "odd" { return NthPattern(a: 2, b: 1) }
    if s == "even" { return NthPattern(a: 2, b: 0) }
    func integer(_ t: Substring, signRequired: Bool) -> Int? {
      guard let f = t.first else { return nil }
      if signRequired && f != "+" && f != "-" { return nil }
      let digits = (f == "+" || f == "-") ? t.dropFirst() : t
      guard !digits.isEmpty, digits.allSatisfy(\.isASCII), digits.allSatisfy(\.isNumber),
        let v = Int(digits)
      else { return nil }
      return f == "-" ? -v : v
    }
    guard let n = s.firstIndex(of: "n") else {
      return integer(Substring(s), signRequired: false).map { NthPattern(a: 0, b: $0) }
    }
    let head = s[..<n]
    let a: Int
    switch head {
    case "", "+": a = 1
    case "-": a = -1
    default:
      guard let v = integer(head, signRequired: false) else { return nil }
      a = v
    }
    let tail = String(s[s.index(after: n)...].filter { $0 != " " })
    if tail.isEmpty { return NthPattern(a: a, b: 0) }
    guard let b = integer(Substring(tail), signRequired: true) else { return nil }
    return NthPattern(a: a, b: b)
  }

  private func describe(_ t: CSSToken) -> String {
    switch t.kind {
    case .ident, .delim: t.value
    case .function: "\(t.value)("
    case .hash: "#\(t.value)"
    case .string: "\"\(t.value)\""
    case .comma: ","
    case .colon: ":"
    case .semicolon: ";"
    case .openCurly: "{"
    case .closeCurly: "}"
    case .openSquare: "["
    case .closeSquare: "]"
    case .openParen: "("
    case .closeParen: ")"
    case .whitespace: " "
    default: "\(t.kind)"
    }
  }
}
