extension StringProtocol {
  /// The text without the leading and trailing characters `predicate` accepts.
  package func trimming(where predicate: (Character) -> Bool) -> SubSequence {
    guard let first = firstIndex(where: { !predicate($0) }),
      let last = lastIndex(where: { !predicate($0) })
    else { return self[endIndex...] }
    return self[first...last]
  }

  /// The text without leading and trailing ASCII whitespace (space, tab, line feed,
  /// form feed, carriage return): white space as XML, CSS and URLs define it.
  package var trimmingWhitespace: SubSequence { trimming(where: \.isASCIIWhitespace) }
}

extension Character {
  /// Space, tab, line feed, form feed or carriage return.
  package var isASCIIWhitespace: Bool {
    self == " " || self == "\t" || self == "\n" || self == "\u{0C}" || self == "\r"
  }
}
