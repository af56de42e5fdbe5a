extension ComplexSelector {
  /// Whether element `id` of `document` matches this selector.
  public func matches(_ id: NodeID, in document: Document) -> Bool {
    document[id].isElement && matches(from: 0, id, document)
  }

  private func matches(from k: Int, _ id: NodeID, _ doc: Document) -> Bool {
    guard compounds[k].matches(id, in: doc) else { return false }
    guard k + 1 < compounds.count else { return true }
    switch combinators[k] {
    case .child:
      guard let p = doc.parentElement(of: id) else { return false }
      return matches(from: k + 1, p, doc)
    case .descendant:
      var p = doc.parentElement(of: id)
      while let q = p {
        if matches(from: k + 1, q, doc) { return true }
        p = doc.parentElement(of: q)
      }
      return false
    case .nextSibling:
      guard let s = doc.previousElementSibling(of: id) else { return false }
      return matches(from: k + 1, s, doc)
    case .subsequentSibling:
      var s = doc.previousElementSibling(of: id)
      while let q = s {
        if matches(from: k + 1, q, doc) { return true }
        s = doc.previousElementSibling(of: q)
      }
      return false
    }
  }
}

extension SelectorList {
  /// Whether element `id` matches any selector of the list.
  public func matches(_ id: NodeID, in document: Document) -> Bool {
    selectors.contains { $0.matches(id, in: document) }
  }
}

extension CompoundSelector {
  /// Whether element `id` matches this compound on its own (combinators aside).
  public func matches(_ id: NodeID, in doc: Document) -> Bool {
    let node = doc[id]
    guard node.isElement else { return false }
    if let type, node.name != type { return false }
    for s in simple {
      switch s {
      case .id(let name): if node.id != name { return false }
      case .class(let name):
        guard let list = node.attribute("class"), Self.containsWord(list, name) else {
          return false
        }
      case .attribute(let name, let op, let value, let ci):
        guard let actual = node.attribute(name),
          Self.attributeMatches(actual, op, value, caseInsensitive: ci)
        else { return false }
      case .pseudo(let p): if !p.matches(id, in: doc) { return false }
      }
    }
    return true
  }

  static func containsWord(_ list: String, _ word: String) -> Bool {
    list.utf8.split(whereSeparator: ValueScanner.isSpace).contains { $0.elementsEqual(word.utf8) }
  }

  static func attributeMatches(
    _ actual: String, _ op: AttributeOperator, _ expected: String, caseInsensitive: Bool
  ) -> Bool {
    let a = caseInsensitive ? actual.lowercased() : actual
    let e = caseInsensitive ? expected.lowercased() : expected
    switch op {
    case .exists: return true
    case .equals: return a == e
    case .includesWord: return !e.isEmpty && containsWord(a, e)
    case .dashMatch: return a == e || a.hasPrefix(e + "-")
    case .prefix: return !e.isEmpty && a.hasPrefix(e)
    case .suffix: return !e.isEmpty && a.hasSuffix(e)
    case .substring: return !e.isEmpty && a.contains(utf8: e)
    }
  }
}

extension PseudoClass {
  func matches(_ id: NodeID, in doc: Document) -> Bool {
    switch self {
    case .root: return doc[id].parent == Document.top
    case .empty:
      return doc[id].children.allSatisfy {
        let k = doc[$0].kind
        return k == .comment || k == .processingInstruction
          || ((k == .text || k == .cdata) && doc[$0].text.isEmpty)
      }
    case .firstChild: return doc.previousElementSibling(of: id) == nil
    case .lastChild: return doc.nextElementSibling(of: id) == nil
    case .onlyChild:
      return doc.previousElementSibling(of: id) == nil && doc.nextElementSibling(of: id) == nil
    case .firstOfType: return doc.siblingPosition(of: id, ofType: true, fromEnd: false) == 1
    case .lastOfType: return doc.siblingPosition(of: id, ofType: true, fromEnd: true) == 1
    case .onlyOfType:
      return doc.siblingPosition(of: id, ofType: true, fromEnd: false) == 1
        && doc.siblingPosition(of: id, ofType: true, fromEnd: true) == 1
    case .nthChild(let p):
      return p.matches(doc.siblingPosition(of: id, ofType: false, fromEnd: false))
    case .nthLastChild(let p):
      return p.matches(doc.siblingPosition(of: id, ofType: false, fromEnd: true))
    case .nthOfType(let p):
      return p.matches(doc.siblingPosition(of: id, ofType: true, fromEnd: false))
    case .nthLastOfType(let p):
      return p.matches(doc.siblingPosition(of: id, ofType: true, fromEnd: true))
    case .not(let list): return !list.contains { $0.matches(id, in: doc) }
    case .lang(let ranges):
      guard let language = doc.language(of: id) else { return false }
      return ranges.contains { LanguageTag.matches(language, range: $0) }
    case .dynamic: return false
    }
  }
}

extension Document {
  /// The parent of `id` if it is an element (not the synthetic top node).
  func parentElement(of id: NodeID) -> NodeID? {
    guard let p = self[id].parent, self[p].isElement else { return nil }
    return p
  }

  func previousElementSibling(of id: NodeID) -> NodeID? {
    guard let p = self[id].parent else { return nil }
    let kids = self[p].children
    guard var i = kids.lastIndex(of: id) else { return nil }
    while i > 0 {
      i -= 1
      if self[kids[i]].isElement { return kids[i] }
    }
    return nil
  }

  func nextElementSibling(of id: NodeID) -> NodeID? {
    guard let p = self[id].parent else { return nil }
    let kids = self[p].children
    guard var i = kids.firstIndex(of: id) else { return nil }
    while i + 1 < kids.count {
      i += 1
      if self[kids[i]].isElement { return kids[i] }
    }
    return nil
  }

  /// 1-based position of `id` among its element siblings (of the same name, with `ofType`),
  /// counted from the first or from the last.
  func siblingPosition(of id: NodeID, ofType: Bool, fromEnd: Bool) -> Int {
    guard let p = self[id].parent else { return 1 }
    let name = self[id].name
    var position = 0
    let kids = self[p].children
    for k in fromEnd ? Array(kids.reversed()) : kids {
      let n = self[k]
      if n.isElement && (!ofType || n.name == name) { position += 1 }
      if k == id { return position }
    }
    return position
  }

  /// All elements matching a CSS selector list, in document order.
  /// - Throws: ``CSSError`` when the selector is malformed or uses unsupported features.
  public func select(_ selector: String) throws(CSSError) -> [NodeID] {
    let list = try SelectorList(parsing: selector)
    return descendants(of: Document.top).filter { list.matches($0, in: self) }
  }

  /// The first element in document order matching a CSS selector list, if any.
  public func selectFirst(_ selector: String) throws(CSSError) -> NodeID? {
    let list = try SelectorList(parsing: selector)
    return descendants(of: Document.top).first { list.matches($0, in: self) }
  }
}
