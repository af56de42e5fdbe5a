import SVGGeometry

/// The `preserveAspectRatio` attribute: how a viewBox is fitted into a viewport.
public struct PreserveAspectRatio: Hashable, Sendable, CustomStringConvertible {
  /// Where the scaled viewBox sits in the viewport, per axis.
  public enum Alignment: String, Hashable, Sendable, CaseIterable {
    /// Scale each axis independently to fill the viewport exactly.
    case none
    case xMinYMin, xMidYMin, xMaxYMin
    case xMinYMid, xMidYMid, xMaxYMid
    case xMinYMax, xMidYMax, xMaxYMax

    /// 0 for Min, 0.5 for Mid, 1 for Max on the horizontal axis.
    var xFraction: Double { fraction(of: rawValue.dropFirst(1).prefix(3)) }
    /// 0 for Min, 0.5 for Mid, 1 for Max on the vertical axis.
    var yFraction: Double { fraction(of: rawValue.dropFirst(5).prefix(3)) }

    private func fraction(of part: Substring) -> Double {
      switch part {
      case "Min": return 0
      case "Max": return 1
      default: return 0.5
      }
    }
  }

  public var alignment: Alignment
  /// `true` for `slice` (cover the viewport, cropping), `false` for `meet` (fit inside).
  public var slice: Bool
  /// `defer`: on `<image>` referencing an SVG, use that document's own value instead.
  public var isDeferred: Bool

  /// The initial value, `xMidYMid meet`.
  public init(alignment: Alignment = .xMidYMid, slice: Bool = false, isDeferred: Bool = false) {
    self.alignment = alignment
    self.slice = slice
    self.isDeferred = isDeferred
  }

  /// Parses `[defer] <align> [meet | slice]`; keywords are case-sensitive as in SVG.
  public init(parsing text: String) throws(ValueError) {
    var s = ValueScanner(text)
    s.skipSpaces()
    var word = s.identifier() ?? ""
    var deferred = false
    if word == "defer" {
      deferred = true
      s.skipSpaces()
      word = s.identifier() ?? ""
    }
    guard let alignment = Alignment(rawValue: word) else {
      throw ValueError("unknown alignment '\(word)'", text: text, position: s.position)
    }
    s.skipSpaces()
    var slice = false
    if let mode = s.identifier() {
      switch mode {
      case "meet": slice = false
      case "slice": slice = true
      default: throw ValueError("expected 'meet' or 'slice', not '\(mode)'", text: text)
      }
    }
    try s.expectEnd()
    self.init(alignment: alignment, slice: slice, isDeferred: deferred)
  }

  /// The transform that maps `viewBox` (user space) into `viewport` (parent space).
  /// Returns nil when either rect is empty: SVG does not render the element then.
  public func transform(viewBox: Rect, viewport: Rect) -> Transform? {
    guard !viewBox.isEmpty, !viewport.isEmpty else { return nil }
    var sx = viewport.width / viewBox.width
    var sy = viewport.height / viewBox.height
    if alignment != .none {
      let k = slice ? max(sx, sy) : min(sx, sy)
      (sx, sy) = (k, k)
    }
    let tx =
      viewport.x - viewBox.x * sx
      + (viewport.width - viewBox.width * sx) * alignment.xFraction
    let ty =
      viewport.y - viewBox.y * sy
      + (viewport.height - viewBox.height * sy) * alignment.yFraction
    return Transform(a: sx, b: 0, c: 0, d: sy, e: tx, f: ty)
  }

  public var description: String {
    (isDeferred ? "defer " : "") + alignment.rawValue + (slice ? " slice" : "")
  }
}
