import Glibc

/// An attribute (or namespace declaration) of a start tag as written, as byte offsets.
package struct AttributeToken: Sendable {
  /// From the first white-space byte before the name to the closing quote, inclusive:
  /// dropping this range drops the attribute and leaves the rest of the tag as written.
  package var range: Range<Int>
  /// The name as written (`xlink:href`).
  package var name: Range<Int>
  /// The value between the quotes, still escaped.
  package var value: Range<Int>

  /// Where the name starts: the white space before it is `range.lowerBound..<nameStart`.
  package var nameStart: Int { name.lowerBound }
}

/// A start tag as written: its name, its attributes and how it closes.
package struct StartTagTokens: Sendable {
  /// The element name after `<`.
  package var name: Range<Int>
  package var attributes: [AttributeToken]
  /// The white space and `>` or `/>` that end the tag.
  package var closing: Range<Int>
  package var isSelfClosing: Bool
}

/// Finding markup in bytes that libxml2 has already read as well-formed XML, keeping exact
/// byte offsets: every `<` outside markup starts markup, a start tag holds no `<` and its
/// quoted values are the only places a `>` may stand. Used by the reader to record where
/// each node stands and by the writer to copy what edits left alone.
package struct MarkupBytes {
  package let bytes: UnsafeBufferPointer<UInt8>

  package init(_ bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

  package var count: Int { bytes.count }

  package subscript(i: Int) -> UInt8 { bytes[i] }

  /// The first `byte` at or after `start`.
  package func find(_ byte: UInt8, from start: Int) -> Int? {
    guard start < bytes.count, let base = bytes.baseAddress else { return nil }
    guard let p = memchr(base + start, Int32(byte), bytes.count - start) else { return nil }
    return UnsafePointer(p.assumingMemoryBound(to: UInt8.self)) - base
  }

  package func starts(_ text: StaticString, at position: Int) -> Bool {
    let count = text.utf8CodeUnitCount
    guard position >= 0, position + count <= bytes.count else { return false }
    let p = text.utf8Start
    for i in 0..<count where bytes[position + i] != p[i] { return false }
    return true
  }

  /// The offset just past the first `terminator` at or after `start`.
  package func end(of terminator: StaticString, from start: Int) -> Int? {
    let first = terminator.utf8Start[0]
    var i = start
    while let j = find(first, from: i) {
      if starts(terminator, at: j) { return j + terminator.utf8CodeUnitCount }
      i = j + 1
    }
    return nil
  }

  package static func isSpace(_ c: UInt8) -> Bool {
    c == 0x20 || c == 0x09 || c == 0x0A || c == 0x0D
  }

  /// The end of a name (element, attribute or PI target) that starts at `start`.
  package func nameEnd(from start: Int) -> Int {
    var i = start
    while i < bytes.count {
      let c = bytes[i]
      if Self.isSpace(c) || c == UInt8(ascii: ">") || c == UInt8(ascii: "/")
        || c == UInt8(ascii: "=") || c == UInt8(ascii: "?") || c == UInt8(ascii: "<")
      {
        break
      }
      i += 1
    }
    return i
  }

  /// The offset just past the start tag whose `<` is at `lt`, and whether it closes with `/>`.
  package func startTagEnd(from lt: Int) -> (end: Int, selfClosing: Bool)? {
    var i = nameEnd(from: lt + 1)
    while i < bytes.count {
      let c = bytes[i]
      if c == UInt8(ascii: "\"") || c == UInt8(ascii: "'") {
        guard let close = find(c, from: i + 1) else { return nil }
        i = close + 1
      } else if c == UInt8(ascii: ">") {
        return (i + 1, i > lt && bytes[i - 1] == UInt8(ascii: "/"))
      } else if c == UInt8(ascii: "<") {
        return nil
      } else {
        i += 1
      }
    }
    return nil
  }

  /// The tokens of the start tag whose `<` is at `lt`.
  package func startTag(at lt: Int) -> StartTagTokens? {
    let name = (lt + 1)..<nameEnd(from: lt + 1)
    var attributes: [AttributeToken] = []
    var i = name.upperBound
    while i < bytes.count {
      let spaceStart = i
      while i < bytes.count, Self.isSpace(bytes[i]) { i += 1 }
      guard i < bytes.count else { return nil }
      if bytes[i] == UInt8(ascii: ">") || starts("/>", at: i) {
        let selfClosing = bytes[i] == UInt8(ascii: "/")
        let end = i + (selfClosing ? 2 : 1)
        return StartTagTokens(
          name: name, attributes: attributes, closing: spaceStart..<end,
          isSelfClosing: selfClosing)
      }
      let nameStart = i
      i = nameEnd(from: i)
      let attributeName = nameStart..<i
      while i < bytes.count, Self.isSpace(bytes[i]) || bytes[i] == UInt8(ascii: "=") { i += 1 }
      guard i < bytes.count, bytes[i] == UInt8(ascii: "\"") || bytes[i] == UInt8(ascii: "'"),
        let close = find(bytes[i], from: i + 1), !attributeName.isEmpty
      else { return nil }
      attributes.append(
        AttributeToken(range: spaceStart..<(close + 1), name: attributeName, value: (i + 1)..<close)
      )
      i = close + 1
    }
    return nil
  }

  /// The offset just past `<!DOCTYPE ...>` at `lt`: quoted literals and the internal subset,
  /// with its own comments, processing instructions and quoted entity values, may hold `>`.
  package func doctypeEnd(from lt: Int) -> Int? {
    var i = lt + 9
    var inSubset = false
    while i < bytes.count {
      let c = bytes[i]
      if c == UInt8(ascii: "\"") || c == UInt8(ascii: "'") {
        guard let close = find(c, from: i + 1) else { return nil }
        i = close + 1
      } else if inSubset && starts("<!--", at: i) {
        guard let e = end(of: "-->", from: i + 4) else { return nil }
        i = e
      } else if inSubset && starts("<?", at: i) {
        guard let e = end(of: "?>", from: i + 2) else { return nil }
        i = e
      } else if c == UInt8(ascii: "[") && !inSubset {
        inSubset = true
        i += 1
      } else if c == UInt8(ascii: "]") && inSubset {
        inSubset = false
        i += 1
      } else if c == UInt8(ascii: ">") && !inSubset {
        return i + 1
      } else {
        i += 1
      }
    }
    return nil
  }

  /// Where the content after the byte-order mark and the XML declaration starts.
  package func prologEnd() -> Int {
    let bom = starts("\u{FEFF}", at: 0) ? 3 : 0
    guard starts("<?xml", at: bom), bom + 5 < count, Self.isSpace(bytes[bom + 5]) else {
      return bom
    }
    return end(of: "?>", from: bom + 5) ?? bom
  }

  /// The `encoding` of the XML declaration, lowercased; nil when it declares none.
  /// Scanned as bytes: a substring search on `String` costs a one-process render about 5% of
  /// its instructions the first time (the runtime sets up the generic types it uses).
  package func declaredEncoding() -> String? {
    let prolog = prologEnd()
    guard var i = (0..<prolog).first(where: { starts("encoding", at: $0) }) else { return nil }
    i += 8
    while i < prolog, Self.isSpace(bytes[i]) || bytes[i] == UInt8(ascii: "=") {
      i += 1
    }
    guard i < prolog, bytes[i] == UInt8(ascii: "\"") || bytes[i] == UInt8(ascii: "'"),
      let close = find(bytes[i], from: i + 1), close < prolog
    else { return nil }
    return String(decoding: bytes[(i + 1)..<close], as: UTF8.self).lowercased()
  }
}
