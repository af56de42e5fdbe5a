/// SVG path data text for a ``Path``.
extension Path {
  /// The path as SVG path data (`M`, `L`, `Q`, `C`, `Z`, absolute), every coordinate
  /// rounded to `decimals` places and written without a trailing `.0`, so equal paths give
  /// equal text whatever the last bits of their floating-point values.
  public func svgPathData(decimals: Int = 2) -> String {
    let scale = (0..<max(0, decimals)).reduce(1.0) { r, _ in r * 10 }
    func number(_ v: Double) -> String {
      var r = (v * scale).rounded() / scale
      if r == 0 { r = 0 }  // no "-0"
      var t = "\(r)"
      if t.hasSuffix(".0") { t.removeLast(2) }
      return t
    }
    func pair(_ p: Point) -> String { number(p.x) + " " + number(p.y) }
    var parts: [String] = []
    for element in elements {
      switch element {
      case .move(let p): parts.append("M" + pair(p))
      case .line(let p): parts.append("L" + pair(p))
      case .quad(let c, let p): parts.append("Q" + pair(c) + " " + pair(p))
      case .cubic(let c1, let c2, let p):
        parts.append("C" + pair(c1) + " " + pair(c2) + " " + pair(p))
      case .close: parts.append("Z")
      }
    }
    return parts.joined()
  }
}
