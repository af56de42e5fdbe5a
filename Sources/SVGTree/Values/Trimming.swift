extension StringProtocol {
  /// The text without the leading and trailing characters `predicate` accepts.
  package func trimming(where predicate: (Character) -> Bool) -> SubSequence {
    guard let first = firstIndex(where: { !predicate($0) }),
      let last = lastIndex(where: { !predicate($0) })
    else { return self[endIndex...] }
    return self[first...last]
  }
}

extension StringProtocol where UTF8View: BidirectionalCollection {
  /// The text without leading and trailing ASCII whitespace (space, tab, line feed,
  /// form feed, carriage return): white space as XML, CSS and URLs define it, by code point.
  ///
  /// Read as UTF-8 bytes, in which those five never stand inside another character's
  /// encoding: a `\r\n` line ending is one `Character`, which a trim by `Character` keeps.
  package var trimmingWhitespace: SubSequence {
    guard let first = utf8.firstIndex(where: { !$0.isASCIIWhitespace }),
      let last = utf8.lastIndex(where: { !$0.isASCIIWhitespace })
    else { return self[endIndex...] }
    return self[first..<utf8.index(after: last)]
  }
}

extension UInt8 {
  /// Space, tab, line feed, form feed or carriage return.
  package var isASCIIWhitespace: Bool {
    self == 0x20 || self == 0x09 || self == 0x0A || self == 0x0C || self == 0x0D
  }
}
