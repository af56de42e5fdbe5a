import SVGGeometry
import SVGTree

/// A parsed `transform-origin` (CSS Transforms): one to three values, keywords (`left`,
/// `center`, `right`, `top`, `bottom`), lengths or percentages; a third (z) value is
/// accepted and ignored. Percentages and keywords resolve against the nearest viewport, as
/// usvg does (the `view-box` reference box).
struct TransformOrigin: Hashable {
  var x: Length
  var y: Length

  private enum Item {
    case horizontal(Length)
    case vertical(Length)
    case center
    case length(Length)
  }

  init?(parsing text: String) {
    let words = text.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" })
    guard (1...3).contains(words.count) else { return nil }
    var items: [Item] = []
    for word in words {
      switch word.lowercased() {
      case "left": items.append(.horizontal(Length(0, .percent)))
      case "right": items.append(.horizontal(Length(100, .percent)))
      case "top": items.append(.vertical(Length(0, .percent)))
      case "bottom": items.append(.vertical(Length(100, .percent)))
      case "center": items.append(.center)
      default:
        guard let l = try? Length(parsing: String(word)) else { return nil }
        items.append(.length(l))
      }
    }
    if items.count == 3 {
      guard case .length(let z) = items[2], z.unit != .percent else { return nil }
      items.removeLast()
    }
    let half = Length(50, .percent)
    if items.count == 1 {
      switch items[0] {
      case .horizontal(let l), .length(let l): (x, y) = (l, half)
      case .vertical(let l): (x, y) = (half, l)
      case .center: (x, y) = (half, half)
      }
      return
    }
    switch (items[0], items[1]) {
    case (.vertical(let v), .horizontal(let h)), (.horizontal(let h), .vertical(let v)):
      (x, y) = (h, v)
    case (.vertical(let v), .center), (.center, .vertical(let v)): (x, y) = (half, v)
    case (.horizontal(let h), .center), (.center, .horizontal(let h)): (x, y) = (h, half)
    case (.center, .center): (x, y) = (half, half)
    case (.horizontal(let h), .length(let l)): (x, y) = (h, l)
    case (.center, .length(let l)): (x, y) = (half, l)
    case (.length(let l), .vertical(let v)): (x, y) = (l, v)
    case (.length(let l), .center): (x, y) = (l, half)
    case (.length(let a), .length(let b)): (x, y) = (a, b)
    default: return nil
    }
  }
}

extension StyleValues {
  /// The element's `transform` about its `transform-origin`; percentages of `viewport`.
  func transform(viewport: Size) -> Transform {
    applyingOrigin(to: transform, viewport: viewport)
  }

  /// `t` conjugated by the element's `transform-origin`, for `transform` and also for
  /// `gradientTransform`, `patternTransform` and a `clipPath`'s transform (SVG 2).
  func applyingOrigin(to t: Transform, viewport: Size) -> Transform {
    guard !t.isIdentity, let origin = transformOrigin(viewport: viewport) else { return t }
    return .translate(origin.x, origin.y) * t * .translate(-origin.x, -origin.y)
  }

  /// The `transform-origin` point in user units; nil when unset, zero or invalid (with a
  /// diagnostic).
  func transformOrigin(viewport: Size) -> Point? {
    guard let text = self[.transformOrigin] else { return nil }
    guard let origin = TransformOrigin(parsing: text) else {
      context.warn("invalid transform-origin \"\(text)\"; ignored", at: id)
      return nil
    }
    let lengths = lengthContext(viewport)
    let p = Point(
      origin.x.resolve(in: lengths, axis: .x), origin.y.resolve(in: lengths, axis: .y))
    return p.x == 0 && p.y == 0 ? nil : p
  }
}
