/// CSS Syntax Level 3 parsing (§5) over a token array: rules, at-rules, blocks and
/// declaration lists, with the standard error recovery.
struct CSSParser {
  let tokens: [CSSToken]
  let bytes: [UInt8]
  private(set) var diagnostics: [Diagnostic] = []
  private(set) var imports: [String] = []

  init(tokens: [CSSToken], bytes: [UInt8]) {
    self.tokens = tokens
    self.bytes = bytes
  }

  /// Line and column of a byte offset, for messages.
  func location(ofByte offset: Int) -> SourceLocation {
    var line = 1
    var lineStart = 0
    for i in 0..<min(offset, bytes.count) where bytes[i] == 0x0A {
      line += 1
      lineStart = i + 1
    }
    return SourceLocation(line: line, column: offset - lineStart + 1)
  }

  private mutating func warn(_ message: String, at token: Int) {
    let offset = token < tokens.count ? tokens[token].start : bytes.count
    diagnostics.append(Diagnostic(message, at: location(ofByte: offset)))
  }

  func text(_ range: Range<Int>) -> String {
    guard !range.isEmpty else { return "" }
    let from = tokens[range.lowerBound].start
    return String(decoding: bytes[from..<tokens[range.upperBound - 1].end], as: UTF8.self)
  }

  /// The index just after the component value starting at `i` (a whole block for an opening
  /// bracket or function), without going past `limit`.
  func skipComponentValue(from i: Int, limit: Int) -> Int {
    var closers: [CSSTokenKind] = []
    var j = i
    repeat {
      guard j < limit else { return limit }
      switch tokens[j].kind {
      case .openCurly: closers.append(.closeCurly)
      case .openSquare: closers.append(.closeSquare)
      case .openParen, .function: closers.append(.closeParen)
      case let k where k == closers.last: closers.removeLast()
      default: break
      }
      j += 1
    } while !closers.isEmpty
    return j
  }

  // MARK: Style sheet

  mutating func styleSheet() -> [StyleRule] {
    var rules: [StyleRule] = []
    var i = 0
    let n = tokens.count
    while i < n {
      switch tokens[i].kind {
      case .whitespace, .cdo, .cdc: i += 1
      case .atKeyword: i = atRule(from: i, limit: n, topLevel: true)
      default:
        let (rule, next) = qualifiedRule(from: i)
        if let rule { rules.append(rule) }
        i = next
      }
    }
    return rules
  }

  /// Skips an at-rule (up to its `;` or through its block), noting `@import` targets.
  private mutating func atRule(from start: Int, limit: Int, topLevel: Bool) -> Int {
    let name = tokens[start].value.lowercased()
    var j = start + 1
    while j < limit {
      let k = tokens[j].kind
      if k == .semicolon {
        j += 1
        break
      }
      if k == .openCurly {
        j = skipComponentValue(from: j, limit: limit)
        break
      }
      j = skipComponentValue(from: j, limit: limit)
    }
    if name == "import" && topLevel {
      let target = tokens[(start + 1)..<j].first { $0.kind == .url || $0.kind == .string }
      if let target {
        imports.append(target.value)
      } else if let f = tokens[(start + 1)..<j].firstIndex(where: {
        $0.kind == .function && $0.value.lowercased() == "url"
      }), let s = tokens[f..<j].first(where: { $0.kind == .string }) {
        imports.append(s.value)
      }
    } else if name != "charset" && name != "namespace" {
      warn("at-rule @\(name) is not supported; skipped", at: start)
    }
    return j
  }

  private mutating func qualifiedRule(from start: Int) -> (StyleRule?, Int) {
    let n = tokens.count
    var j = start
    while j < n && tokens[j].kind != .openCurly {
      j = skipComponentValue(from: j, limit: n)
    }
    guard j < n else {
      warn("rule '\(text(start..<n))' has no declaration block; dropped", at: start)
      return (nil, n)
    }
    let blockEnd = skipComponentValue(from: j, limit: n)
    let closed = tokens[blockEnd - 1].kind == .closeCurly && blockEnd - 1 > j
    let bodyEnd = closed ? blockEnd - 1 : blockEnd
    do {
      let selectors = try SelectorList(tokens: tokens, bytes: bytes, range: start..<j)
      let declarations = declarations(in: (j + 1)..<bodyEnd)
      return (StyleRule(selectors: selectors, declarations: declarations), blockEnd)
    } catch {
      warn("rule with selector '\(text(start..<j))' dropped: \(error.message)", at: start)
      return (nil, blockEnd)
    }
  }

  // MARK: Declarations

  /// Parses the declarations in `range` (a block's contents or a whole `style` attribute).
  mutating func declarations(in range: Range<Int>) -> [Declaration] {
    var out: [Declaration] = []
    var i = range.lowerBound
    let limit = range.upperBound
    while i < limit {
      switch tokens[i].kind {
      case .whitespace, .semicolon: i += 1
      case .atKeyword: i = atRule(from: i, limit: limit, topLevel: false)
      default:
        var j = i
        while j < limit && tokens[j].kind != .semicolon {
          j = skipComponentValue(from: j, limit: limit)
        }
        if let d = declaration(i..<j) { out.append(d) }
        i = j
      }
    }
    return out
  }

  private mutating func declaration(_ range: Range<Int>) -> Declaration? {
    var i = range.lowerBound
    guard tokens[i].kind == .ident else {
      warn("declaration '\(text(range))' does not start with a property name; dropped", at: i)
      return nil
    }
    let raw = tokens[i].value
    let name = raw.hasPrefix("--") ? raw : raw.lowercased()
    i += 1
    while i < range.upperBound && tokens[i].kind == .whitespace { i += 1 }
    guard i < range.upperBound, tokens[i].kind == .colon else {
      warn("declaration '\(text(range))' has no ':'; dropped", at: range.lowerBound)
      return nil
    }
    var lo = i + 1
    var hi = range.upperBound
    while lo < hi && tokens[lo].kind == .whitespace { lo += 1 }
    while hi > lo && tokens[hi - 1].kind == .whitespace { hi -= 1 }
    var important = false
    if hi - lo >= 2, tokens[hi - 1].kind == .ident,
      tokens[hi - 1].value.lowercased() == "important"
    {
      var b = hi - 2
      while b > lo && tokens[b].kind == .whitespace { b -= 1 }
      if tokens[b].isDelim("!") {
        important = true
        hi = b
        while hi > lo && tokens[hi - 1].kind == .whitespace { hi -= 1 }
      }
    }
    guard lo < hi else {
      warn("declaration of '\(name)' has an empty value; dropped", at: range.lowerBound)
      return nil
    }
    if tokens[lo..<hi].contains(where: { $0.kind == .badString || $0.kind == .badURL }) {
      warn("declaration of '\(name)' has a malformed string or url; dropped", at: lo)
      return nil
    }
    return Declaration(name: name, value: valueText(lo..<hi), important: important)
  }

  /// The source text of `range`, with comments and whitespace runs each written as one space.
  private func valueText(_ range: Range<Int>) -> String {
    var out: [UInt8] = []
    var previousEnd = tokens[range.lowerBound].start
    for t in tokens[range] {
      let gap = t.start > previousEnd
      if t.kind == .whitespace || gap {
        if out.last != 0x20 { out.append(0x20) }
      }
      if t.kind != .whitespace { out.append(contentsOf: bytes[t.start..<t.end]) }
      previousEnd = t.end
    }
    return String(decoding: out, as: UTF8.self)
  }
}
