/// The style rules of a set of sheets, bucketed by the id, class or type of each selector's
/// subject, so that finding the rules for an element looks only at rules that can match it.
struct RuleIndex {
  struct Entry {
    let selector: ComplexSelector
    let specificity: Specificity
    /// Position of the rule across all sheets: later rules win specificity ties.
    let order: Int
    let declarations: [Declaration]
  }

  private(set) var entries: [Entry] = []
  /// Whether no rule can match (no style sheet, or none with a rule).
  var isEmpty: Bool { entries.isEmpty }
  private var byID: [String: [Int]] = [:]
  private var byClass: [String: [Int]] = [:]
  private var byType: [String: [Int]] = [:]
  private var universal: [Int] = []

  init(sheets: [StyleSheet]) {
    var order = 0
    for sheet in sheets {
      for rule in sheet.rules {
        for selector in rule.selectors.selectors {
          let e = Entry(
            selector: selector, specificity: selector.specificity, order: order,
            declarations: rule.declarations)
          let i = entries.count
          entries.append(e)
          let subject = selector.subject
          if let id = subject.simple.lazy.compactMap({
            if case .id(let v) = $0 { v } else { nil }
          }).first {
            byID[id, default: []].append(i)
          } else if let c = subject.simple.lazy.compactMap({
            if case .class(let v) = $0 { v } else { nil }
          }).first {
            byClass[c, default: []].append(i)
          } else if let t = subject.type {
            byType[t, default: []].append(i)
          } else {
            universal.append(i)
          }
        }
        order += 1
      }
    }
  }

  /// The rules matching element `id`, weakest first (by specificity, then order).
  func matchingRules(_ id: NodeID, _ node: Node, in doc: Document) -> [Entry] {
    guard !entries.isEmpty else { return [] }
    var candidates = universal
    if let name = node.id, let list = byID[name] { candidates += list }
    if let list = byType[node.name] { candidates += list }
    if let classes = node.attribute("class") {
      var seen: Set<Substring> = []
      for c in classes.split(whereSeparator: { $0.isWhitespace }) where seen.insert(c).inserted {
        if let list = byClass[String(c)] { candidates += list }
      }
    }
    var matched = candidates.map { entries[$0] }.filter { $0.selector.matches(id, in: doc) }
    matched.sort { ($0.specificity, $0.order) < ($1.specificity, $1.order) }
    return matched
  }
}
