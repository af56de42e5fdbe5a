extension Document {
  /// The language of an element: the `xml:lang` (or else `lang`) attribute of the element or
  /// of its nearest ancestor that has one. Nil when none has; an empty string when the
  /// nearest says `xml:lang=""` (the language is unknown).
  public func language(of id: NodeID) -> String? {
    var n: NodeID? = id
    while let k = n, self[k].isElement {
      let node = self[k]
      if let l = node.attribute("lang", namespace: XMLNamespace.xml) ?? node.attribute("lang") {
        return String(l.trimmingSpaces)
      }
      n = node.parent
    }
    return nil
  }
}

/// Language tags and ranges (BCP 47), compared as CSS `:lang()` does.
public enum LanguageTag {
  /// Whether `tag` is in the language `range`, by extended filtering (RFC 4647 §3.3.2):
  /// subtags compare case-insensitively, `en` matches `en` and `en-US`, `*` matches any
  /// first subtag (`*-CH` matches `de-CH` and `fr-CH`), and a range subtag may skip the
  /// tag's subtags before it (`de-DE` matches `de-Latn-DE`) but not a singleton (`x`).
  public static func matches(_ tag: String, range: String) -> Bool {
    let t = tag.lowercased().split(separator: "-", omittingEmptySubsequences: false)
    let r = range.lowercased().split(separator: "-", omittingEmptySubsequences: false)
    guard let first = r.first, let tagFirst = t.first, !tagFirst.isEmpty, !first.isEmpty else {
      return false
    }
    guard first == "*" || first == tagFirst else { return false }
    var i = 1
    for subtag in r.dropFirst() where subtag != "*" {
      while i < t.count, t[i] != subtag {
        if t[i].count == 1 { return false }
        i += 1
      }
      guard i < t.count else { return false }
      i += 1
    }
    return true
  }
}
