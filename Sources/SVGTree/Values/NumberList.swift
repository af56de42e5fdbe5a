/// A list of numbers separated by commas and/or spaces: `points` of polyline/polygon,
/// `values` of feColorMatrix, `kernelMatrix`, `tableValues`, `stdDeviation`...
package enum NumberList {
  /// Parses the whole list, or throws at the first error. Empty text gives `[]`.
  package static func parse(_ text: String) throws(ValueError) -> [Double] {
    let (numbers, error) = parsePrefix(text)
    if let error { throw error }
    return numbers
  }

  /// Parses as many numbers as are valid and returns them with the error that stopped
  /// parsing, if any. For `points`, which SVG renders up to the first error.
  /// An odd count of coordinates is not an error here; the caller drops the last one.
  package static func parsePrefix(_ text: String) -> (numbers: [Double], error: ValueError?) {
    var s = ValueScanner(text)
    // Room for a number per 8 bytes: exported `points` write more (`7.164565,113.922035 `,
    // 20 bytes for two), so the list is made once instead of grown several times.
    var numbers: [Double] = []
    numbers.reserveCapacity(s.bytes.count / 8)
    s.skipSpaces()
    while !s.isAtEnd {
      guard let v = s.number() else {
        return (numbers, s.error("expected a number at '\(s.remainder)'"))
      }
      numbers.append(v)
      s.skipSpaces()
      if s.consume(",") {
        s.skipSpaces()
        if s.isAtEnd || s.peek == UInt8(ascii: ",") {
          return (numbers, s.error("expected a number after ','"))
        }
      }
    }
    return (numbers, nil)
  }
}
