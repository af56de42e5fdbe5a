import SVGTree

/// Pairs the elements of the libxml2-read ``Document`` with their tags in the source bytes.
///
/// Normally the scanner's start tags and the document's elements are the same list in the
/// same order, which is checked name by name. When they differ (an internal entity expanded
/// into elements), each element is found by its line and column instead, and its attribute
/// names must agree; an element that only exists inside an entity expansion has no tag.
struct SourceMap {
  private let bytes: [UInt8]
  private let markup: SourceMarkup
  private var tagOfElement: [NodeID: Int] = [:]
  private let inOrder: Bool

  init(document: Document, markup: SourceMarkup, bytes: [UInt8]) {
    self.bytes = bytes
    self.markup = markup
    let elements = document.descendants(of: Document.top).filter { document[$0].isElement }
    inOrder =
      elements.count == markup.tags.count
      && zip(elements, markup.tags).allSatisfy { document[$0].qualifiedName == $1.qualifiedName }
    if inOrder {
      for (element, index) in zip(elements, markup.tags.indices) { tagOfElement[element] = index }
    }
  }

  /// The source tag of `element`, or nil when it cannot be pinned down exactly.
  func tag(of element: NodeID, in document: Document) -> ScannedTag? {
    let node = document[element]
    if inOrder {
      guard let index = tagOfElement[element] else { return nil }
      let tag = markup.tags[index]
      return node.location.line == 0 || node.location.line == tag.line ? tag : nil
    }
    let wanted = Set(node.attributes.map(\.qualifiedName))
    let candidates = markup.tags.filter { tag in
      tag.line == node.location.line && tag.qualifiedName == node.qualifiedName
        && column(of: tag) == node.location.column
        && Set(tag.attributes.map(\.qualifiedName).filter { !$0.hasPrefix("xmlns") }) == wanted
    }
    return candidates.count == 1 ? candidates[0] : nil
  }

  /// The 1-based column of a tag's `<`, in characters, as the reader counts it.
  private func column(of tag: ScannedTag) -> Int {
    var i = tag.range.lowerBound
    var column = 1
    while i > 0 && bytes[i - 1] != 0x0A {
      i -= 1
      if bytes[i] & 0xC0 != 0x80 { column += 1 }
    }
    return column
  }
}

/// A replacement of a byte range of the source (an empty range inserts).
struct Edit {
  var range: Range<Int>
  var bytes: [UInt8]

  /// `source` with `edits` applied; nil if two edits overlap.
  static func apply(_ edits: [Edit], to source: [UInt8]) -> [UInt8]? {
    let sorted = edits.sorted {
      ($0.range.lowerBound, $0.range.upperBound) < ($1.range.lowerBound, $1.range.upperBound)
    }
    var out: [UInt8] = []
    out.reserveCapacity(source.count + sorted.reduce(0) { $0 + $1.bytes.count })
    var cursor = 0
    for edit in sorted {
      guard edit.range.lowerBound >= cursor else { return nil }
      out += source[cursor..<edit.range.lowerBound]
      out += edit.bytes
      cursor = edit.range.upperBound
    }
    out += source[cursor...]
    return out
  }
}

extension ScannedTag {
  /// This start tag as written, minus the attributes named in `removed`, and opened (`>`)
  /// when it was self-closing, so that content can follow.
  func startTag(in source: [UInt8], removing removed: Set<String>) -> [UInt8] {
    var out: [UInt8] = []
    var cursor = range.lowerBound
    for attribute in attributes where removed.contains(attribute.qualifiedName) {
      out += source[cursor..<attribute.range.lowerBound]
      cursor = attribute.range.upperBound
    }
    out += source[cursor..<range.upperBound]
    if isSelfClosing {
      out.removeLast(2)
      while let last = out.last, last == 0x20 || last == 0x09 || last == 0x0A || last == 0x0D {
        out.removeLast()
      }
      out.append(UInt8(ascii: ">"))
    }
    return out
  }
}
