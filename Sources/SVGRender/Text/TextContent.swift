import SVGGeometry
import SVGTree

/// The characters of a `<text>` element after white-space processing, each attributed to
/// the element that holds it (`text`, `tspan`, `tref`, `textPath`, `a`).
struct TextContent {
  /// An element of the text subtree and what it holds, in document order.
  indirect enum Item {
    case element(NodeID, [Item])
    case text(Int)
  }

  /// One text node's characters.
  struct Piece {
    var text: String
    /// The element the characters belong to.
    var parent: NodeID
    /// Nesting below the `<text>` element (0 = its own text).
    var depth: Int
    var preserve: Bool
  }

  var pieces: [Piece] = []
  var root: Item = .text(-1)

  /// `include` says whether a child element takes part (its conditional attributes, such as
  /// `systemLanguage`, pass); one that does not holds no characters.
  init(
    _ textElement: NodeID, document: Document, include: (NodeID) -> Bool = { _ in true }
  ) {
    var preserve = false
    for id in [textElement] + document.ancestors(of: textElement) {
      if let v = document[id].attribute("space", namespace: XMLNamespace.xml) {
        preserve = v == "preserve"
        break
      }
    }
    root = .element(
      textElement,
      collect(textElement, document: document, preserve: preserve, depth: 0, include: include))
    trimAcrossPieces(preserve: preserve)
  }

  private mutating func collect(
    _ parent: NodeID, document: Document, preserve: Bool, depth: Int, include: (NodeID) -> Bool
  ) -> [Item] {
    var items: [Item] = []
    for child in document[parent].children {
      let node = document[child]
      switch node.kind {
      case .text, .cdata:
        pieces.append(
          Piece(
            text: Self.collapse(node.text, preserve: preserve), parent: parent, depth: depth,
            preserve: preserve))
        items.append(.text(pieces.count - 1))
      case .element:
        guard document.isSVGElement(child) else { continue }
        let name = node.name
        guard ["tspan", "a", "tref", "textPath"].contains(name), include(child) else { continue }
        if name == "textPath" && !document.isSVGElement(parent, named: "text") { continue }
        var space = preserve
        if let v = node.attribute("space", namespace: XMLNamespace.xml) { space = v == "preserve" }
        if name == "tref" {
          var sub: [Item] = []
          if let href = node.href, let target = Self.element(href, document: document),
            document.isSVGElement(target), Self.svgElements.contains(document[target].name)
          {
            let text = document.textContent(of: target)
            if !text.isEmpty {
              pieces.append(
                Piece(
                  text: Self.collapse(text, preserve: space), parent: child, depth: depth + 1,
                  preserve: space))
              sub.append(.text(pieces.count - 1))
            }
          }
          items.append(.element(child, sub))
        } else {
          items.append(
            .element(
              child,
              collect(
                child, document: document, preserve: space, depth: depth + 1, include: include)))
        }
      default:
        continue
      }
    }
    return items
  }

  /// Element names SVG defines; `tref` only takes text from these.
  static let svgElements: Set<String> = [
    "a", "circle", "clipPath", "defs", "desc", "ellipse", "feBlend", "feFlood", "filter", "g",
    "image", "line", "linearGradient", "marker", "mask", "metadata", "path", "pattern",
    "polygon", "polyline", "radialGradient", "rect", "stop", "style", "svg", "switch", "symbol",
    "text", "textPath", "title", "tref", "tspan", "use",
  ]

  static func element(_ href: String, document: Document) -> NodeID? {
    let t = href.trimmingSpaces
    guard t.hasPrefix("#") else { return nil }
    return document.element(withID: String(t.dropFirst()))
  }

  /// New lines and tabs become spaces; without `xml:space="preserve"` runs of spaces
  /// collapse to one.
  static func collapse(_ text: String, preserve: Bool) -> String {
    var out = String.UnicodeScalarView()
    var previous: Unicode.Scalar = "0"
    for var c in text.unicodeScalars {
      if c == "\r" || c == "\n" || c == "\t" { c = " " }
      if !preserve && c == " " && previous == " " { continue }
      previous = c
      out.append(c)
    }
    return String(out)
  }

  /// Leading and trailing spaces of the whole text, and doubled spaces where two text nodes
  /// meet, are removed (SVG 1.1 §10.15, as Chrome does it).
  private mutating func trimAcrossPieces(preserve: Bool) {
    if pieces.count == 1 {
      guard !pieces[0].preserve else { return }
      var t = pieces[0].text
      if t == " " {
        t = ""
      } else if t.count >= 2 {
        if t.hasPrefix(" ") { t.removeFirst() }
        if t.hasSuffix(" ") { t.removeLast() }
      }
      pieces[0].text = t
      return
    }
    guard pieces.count > 1 else { return }
    let last = pieces.count - 1
    var lastNonEmpty: Int?
    for i in 0..<last {
      var n1 = i
      let n2 = i + 1
      if pieces[n1].text.isEmpty, let k = lastNonEmpty { n1 = k }
      let space1 = pieces[n1].preserve
      let space2 = pieces[n2].preserve
      let c1 = pieces[n1].text.first, c2 = pieces[n1].text.last
      let c3 = pieces[n2].text.first, c4 = pieces[n2].text.last
      if pieces[i].depth < pieces[n2].depth {
        if c3 == " " && !space2 { pieces[n2].text.removeFirst() }
      } else if c2 == " " && c2 == c3 {
        if !space1 && !space2 {
          pieces[n1].text.removeLast()
        } else if space1 && !space2 {
          pieces[n2].text.removeFirst()
        }
      }
      let isFirst = i == 0
      let isLast = i == last - 1
      if isFirst && c1 == " " && !space1 && !pieces[n1].text.isEmpty
        && pieces[n1].text.first == " "
      {
        pieces[n1].text.removeFirst()
      } else if isLast && c4 == " " && !pieces[n2].text.isEmpty && !space2
        && pieces[n2].text.last == " "
      {
        pieces[n2].text.removeLast()
      }
      if isLast && c2 == " " && !pieces[n1].text.isEmpty && pieces[n2].text.isEmpty
        && pieces[n1].text.hasSuffix(" ")
      {
        pieces[n1].text.removeLast()
      }
      if !pieces[n1].text.trimmingSpaces.isEmpty { lastNonEmpty = n1 }
    }
  }

  /// Characters (Unicode scalars) held by `item` and its descendants.
  func count(_ item: Item) -> Int {
    switch item {
    case .text(let i): i >= 0 ? pieces[i].text.unicodeScalars.count : 0
    case .element(_, let kids): kids.reduce(0) { $0 + count($1) }
    }
  }

  var characterCount: Int { count(root) }
}
