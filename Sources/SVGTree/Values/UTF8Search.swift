/// Substring search on UTF-8 bytes, which compares code points: what CSS's attribute
/// selectors (`[class*="x"]`) and XML's `]]>` mean, where `String.contains(_:)` compares
/// `Character`s (a `>` followed by a combining mark is not `>` to it, and a precomposed `é`
/// is a decomposed one).
extension String {
  /// Whether `part` occurs in the string (the empty string occurs in every string).
  package func contains(utf8 part: String) -> Bool { utf8Range(of: part, from: 0) != nil }

  /// The string with every occurrence of `target` (not empty) replaced, left to right.
  package func replacingAll(_ target: String, with replacement: String) -> String {
    guard !target.isEmpty, var found = utf8Range(of: target, from: 0) else { return self }
    let bytes = Array(utf8)
    var out: [UInt8] = []
    out.reserveCapacity(bytes.count)
    var start = 0
    while true {
      out += bytes[start..<found.lowerBound]
      out += replacement.utf8
      start = found.upperBound
      guard let next = utf8Range(of: target, from: start) else { break }
      found = next
    }
    out += bytes[start...]
    return String(decoding: out, as: UTF8.self)
  }

  /// The byte offsets of the first occurrence of `part` at or after byte `start`.
  private func utf8Range(of part: String, from start: Int) -> Range<Int>? {
    var text = self
    var part = part
    return text.withUTF8 { haystack in
      part.withUTF8 { needle -> Range<Int>? in
        guard let first = needle.first else { return start..<start }
        guard haystack.count - start >= needle.count else { return nil }
        for i in start...(haystack.count - needle.count) where haystack[i] == first {
          if needle.indices.allSatisfy({ haystack[i + $0] == needle[$0] }) {
            return i..<(i + needle.count)
          }
        }
        return nil
      }
    }
  }
}
