/// One drawing command of a ``Path``, in absolute coordinates.
///
/// SVG's relative, shorthand, quadratic and arc commands are all normalised to these when
/// parsed, so consumers (renderer, bbox, length, hit testing) handle four cases only.
/// Quadratics are kept (not raised to cubics) so that lengths and boxes stay exact.
public enum PathElement: Hashable, Sendable {
  case move(Point)
  case line(Point)
  case quad(Point, Point)
  case cubic(Point, Point, Point)
  case close
}

/// A sequence of subpaths in absolute coordinates.
public struct Path: Hashable, Sendable {
  public var elements: [PathElement]

  public init(_ elements: [PathElement] = []) { self.elements = elements }

  public var isEmpty: Bool { elements.isEmpty }

  public mutating func move(to p: Point) { elements.append(.move(p)) }
  public mutating func line(to p: Point) { elements.append(.line(p)) }
  public mutating func quad(to p: Point, control c: Point) { elements.append(.quad(c, p)) }
  public mutating func cubic(to p: Point, control1 c1: Point, control2 c2: Point) {
    elements.append(.cubic(c1, c2, p))
  }
  public mutating func close() { elements.append(.close) }

  /// The path with every point mapped through `t`.
  public func applying(_ t: Transform) -> Path { Path(elements.map { $0.applying(t) }) }

  /// Appends the elements of `other` with every point mapped through `t`, without making
  /// the mapped path first (text appends one glyph outline after another).
  public mutating func append(_ other: Path, applying t: Transform) {
    for element in other.elements { elements.append(element.applying(t)) }
  }
}

extension PathElement {
  /// The element with every point mapped through `t`.
  public func applying(_ t: Transform) -> PathElement {
    switch self {
    case .move(let p): .move(t.apply(p))
    case .line(let p): .line(t.apply(p))
    case .quad(let c, let p): .quad(t.apply(c), t.apply(p))
    case .cubic(let c1, let c2, let p): .cubic(t.apply(c1), t.apply(c2), t.apply(p))
    case .close: .close
    }
  }
}
