import SVGTree

/// An attribute of a start tag as written: byte ranges into the source.
struct ScannedAttribute: Sendable {
  /// The name as written (`xlink:href`).
  var qualifiedName: String
  /// From the first whitespace byte before the name to the closing quote, inclusive: removing
  /// this range removes the attribute and leaves the rest of the tag as written.
  var range: Range<Int>
  /// The value between the quotes, still escaped.
  var valueRange: Range<Int>
}

/// A start tag (and, once its element closes, the end tag) found in the source bytes.
struct ScannedTag: Sendable {
  var qualifiedName: String
  /// From `<` to `>`, inclusive.
  var range: Range<Int>
  var attributes: [ScannedAttribute]
  var isSelfClosing: Bool
  /// 1-based line of the `<`.
  var line: Int
  /// The matching end tag, `</name>`; nil for a self-closing tag.
  var endTagRange: Range<Int>?

  /// The whole element: start tag through end tag.
  var elementRange: Range<Int> { range.lowerBound..<(endTagRange ?? range).upperBound }
}

/// A processing instruction as written: `<?target content?>`.
struct ScannedInstruction: Sendable {
  var target: String
  var range: Range<Int>
  var content: String
  var line: Int
}

/// The markup of a source file, found by a small scanner that keeps exact byte ranges.
///
/// It recognises start and end tags, comments, CDATA sections, processing instructions and
/// the doctype (internal subset included), which is all that can hold a `<` in XML. The file
/// must already be known to be well-formed (libxml2 read it); anything unexpected is reported
/// rather than guessed.
struct SourceMarkup: Sendable {
  /// Start tags in document order.
  var tags: [ScannedTag] = []
  var instructions: [ScannedInstruction] = []

  init(scanning bytes: [UInt8]) throws(MarkupScanError) {
    var scanner = MarkupScanner(bytes: bytes)
    try scanner.run()
    tags = scanner.tags
    instructions = scanner.instructions
  }
}

/// The scanner met something a well-formed file cannot hold.
struct MarkupScanError: Error, Sendable {
  var message: String
  var line: Int
}

private struct MarkupScanner {
  let bytes: [UInt8]
  var tags: [ScannedTag] = []
  var instructions: [ScannedInstruction] = []
  private var open: [Int] = []
  private var position = 0
  private var lineCursor = 0
  private var line = 1

  init(bytes: [UInt8]) { self.bytes = bytes }

  mutating func run() throws(MarkupScanError) {
    while let lt = find(UInt8(ascii: "<"), from: position) {
      position = lt
      if starts("<!--") {
        position = try end(of: "-->", from: lt + 4)
      } else if starts("<![CDATA[") {
        position = try end(of: "]]>", from: lt + 9)
      } else if starts("<!DOCTYPE") {
        try skipDoctype()
      } else if starts("<?") {
        try readInstruction()
      } else if starts("</") {
        try readEndTag()
      } else {
        try readStartTag()
      }
    }
    if let last = open.last {
      throw fail("<\(tags[last].qualifiedName)> is not closed", at: tags[last].range.lowerBound)
    }
  }

  private mutating func readStartTag() throws(MarkupScanError) {
    let start = position
    position += 1
    let name = readName()
    guard !name.isEmpty else { throw fail("a '<' that starts no tag", at: start) }
    var attributes: [ScannedAttribute] = []
    while true {
      let spaceStart = position
      skipSpaces()
      guard position < bytes.count else { throw fail("unterminated <\(name)>", at: start) }
      if bytes[position] == UInt8(ascii: ">") || starts("/>") {
        let selfClosing = bytes[position] == UInt8(ascii: "/")
        position += selfClosing ? 2 : 1
        tags.append(
          ScannedTag(
            qualifiedName: name, range: start..<position, attributes: attributes,
            isSelfClosing: selfClosing, line: lineNumber(at: start)))
        if !selfClosing { open.append(tags.count - 1) }
        return
      }
      guard position > spaceStart else {
        throw fail("attributes of <\(name)> run together", at: start)
      }
      let attributeName = readName()
      guard !attributeName.isEmpty else { throw fail("bad attribute in <\(name)>", at: start) }
      skipSpaces()
      guard position < bytes.count, bytes[position] == UInt8(ascii: "=") else {
        throw fail("attribute \(attributeName) of <\(name)> has no value", at: start)
      }
      position += 1
      skipSpaces()
      guard position < bytes.count,
        bytes[position] == UInt8(ascii: "\"") || bytes[position] == UInt8(ascii: "'")
      else { throw fail("attribute \(attributeName) of <\(name)> is not quoted", at: start) }
      let quote = bytes[position]
      guard let close = find(quote, from: position + 1) else {
        throw fail("unterminated attribute value in <\(name)>", at: start)
      }
      attributes.append(
        ScannedAttribute(
          qualifiedName: attributeName, range: spaceStart..<(close + 1),
          valueRange: (position + 1)..<close))
      position = close + 1
    }
  }

  private mutating func readEndTag() throws(MarkupScanError) {
    let start = position
    position += 2
    let name = readName()
    skipSpaces()
    guard position < bytes.count, bytes[position] == UInt8(ascii: ">") else {
      throw fail("malformed end tag </\(name)", at: start)
    }
    position += 1
    guard let index = open.popLast(), tags[index].qualifiedName == name else {
      throw fail("end tag </\(name)> does not match its start tag", at: start)
    }
    tags[index].endTagRange = start..<position
  }

  private mutating func readInstruction() throws(MarkupScanError) {
    let start = position
    position += 2
    let target = readName()
    let contentStart = position
    let close = try end(of: "?>", from: position)
    var contentBytes = bytes[contentStart..<(close - 2)]
    while let c = contentBytes.first, isSpace(c) { contentBytes = contentBytes.dropFirst() }
    instructions.append(
      ScannedInstruction(
        target: target, range: start..<close,
        content: String(decoding: contentBytes, as: UTF8.self), line: lineNumber(at: start)))
    position = close
  }

  /// Skips `<!DOCTYPE ...>`, internal subset included (SVGTree's scanner, which the reader
  /// uses too).
  private mutating func skipDoctype() throws(MarkupScanError) {
    let start = position
    let end = bytes.withUnsafeBufferPointer { MarkupBytes($0).doctypeEnd(from: start) }
    guard let end else { throw fail("unterminated <!DOCTYPE", at: start) }
    position = end
  }

  // MARK: Bytes

  private func starts(_ text: StaticString) -> Bool {
    let count = text.utf8CodeUnitCount
    guard position + count <= bytes.count else { return false }
    let p = text.utf8Start
    for i in 0..<count where bytes[position + i] != p[i] { return false }
    return true
  }

  private func find(_ byte: UInt8, from start: Int) -> Int? {
    var i = start
    while i < bytes.count {
      if bytes[i] == byte { return i }
      i += 1
    }
    return nil
  }

  /// The index just past the first `terminator` at or after `start`.
  private mutating func end(of terminator: StaticString, from start: Int) throws(MarkupScanError)
    -> Int
  {
    let count = terminator.utf8CodeUnitCount
    let first = terminator.utf8Start[0]
    var i = start
    while let j = find(first, from: i) {
      position = j
      if starts(terminator) { return j + count }
      i = j + 1
    }
    throw fail("unterminated markup (no \(terminator))", at: start)
  }

  private mutating func readName() -> String {
    let start = position
    while position < bytes.count {
      let c = bytes[position]
      if isSpace(c) || c == UInt8(ascii: ">") || c == UInt8(ascii: "/") || c == UInt8(ascii: "=")
        || c == UInt8(ascii: "?") || c == UInt8(ascii: "<")
      {
        break
      }
      position += 1
    }
    return String(decoding: bytes[start..<position], as: UTF8.self)
  }

  private mutating func skipSpaces() {
    while position < bytes.count, isSpace(bytes[position]) { position += 1 }
  }

  private func isSpace(_ c: UInt8) -> Bool { c == 0x20 || c == 0x09 || c == 0x0A || c == 0x0D }

  /// The line of `index`; queries come in increasing order, so the whole file is counted once.
  private mutating func lineNumber(at index: Int) -> Int {
    while lineCursor < index {
      if bytes[lineCursor] == 0x0A { line += 1 }
      lineCursor += 1
    }
    return line
  }

  private mutating func fail(_ message: String, at index: Int) -> MarkupScanError {
    MarkupScanError(message: message, line: index >= lineCursor ? lineNumber(at: index) : line)
  }
}
