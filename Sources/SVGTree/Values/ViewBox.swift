import SVGGeometry

/// The `viewBox` attribute: the user-space rectangle mapped onto the viewport.
public struct ViewBox: Hashable, Sendable, CustomStringConvertible {
  public var rect: Rect

  public init(_ rect: Rect) { self.rect = rect }

  /// Parses `min-x min-y width height` (comma and/or space separated). A width or height
  /// that is zero or negative is an error (SVG: it disables rendering of the element for
  /// zero, and is an error for negative values; callers decide which, from the message).
  public init(parsing text: String) throws(ValueError) {
    var s = ValueScanner(text)
    s.skipSpaces()
    var v: [Double] = []
    for i in 0..<4 {
      if i > 0 { s.skipCommaSpaces() }
      v.append(try s.expectNumber())
    }
    try s.expectEnd()
    guard v[2] > 0, v[3] > 0 else {
      throw ValueError(
        "viewBox width and height must be positive, got \(v[2].svgText) × \(v[3].svgText)",
        text: text)
    }
    rect = Rect(x: v[0], y: v[1], width: v[2], height: v[3])
  }

  public var description: String {
    [rect.x, rect.y, rect.width, rect.height].map(\.svgText).joined(separator: " ")
  }
}
