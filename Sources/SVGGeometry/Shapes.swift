/// The equivalent paths of SVG's basic shapes (SVG 2, shapes.html).
///
/// Each path starts where SVG 2 says and runs clockwise on screen, because dash patterns and
/// markers are laid out from that start. Invalid or zero sizes give an empty path, which
/// disables rendering as the specification requires.
public enum Shape {
  /// Control-point distance for a quarter circle of radius 1 drawn as one cubic.
  static let kappa = 0.5522847498307936

  /// A rectangle, optionally with rounded corners.
  ///
  /// `rx`/`ry` nil means `auto`: an auto radius takes the other's value, both auto means
  /// square corners; a negative radius counts as auto. Radii are then clamped to half the
  /// width and height. The path starts at (x + rx, y).
  public static func rect(
    x: Double, y: Double, width w: Double, height h: Double, rx: Double? = nil,
    ry: Double? = nil
  ) -> Path {
    guard w > 0, h > 0, w.isFinite, h.isFinite, x.isFinite, y.isFinite else { return Path() }
    let rxIn = rx.flatMap { $0 >= 0 && $0.isFinite ? $0 : nil }
    let ryIn = ry.flatMap { $0 >= 0 && $0.isFinite ? $0 : nil }
    let rx = min(rxIn ?? ryIn ?? 0, w / 2)
    let ry = min(ryIn ?? rxIn ?? 0, h / 2)
    var path = Path()
    if rx == 0 || ry == 0 {
      path.move(to: Point(x, y))
      path.line(to: Point(x + w, y))
      path.line(to: Point(x + w, y + h))
      path.line(to: Point(x, y + h))
      path.close()
      return path
    }
    let (kx, ky) = (rx * kappa, ry * kappa)
    let (r, b) = (x + w, y + h)
    path.elements.reserveCapacity(10)
    path.move(to: Point(x + rx, y))
    if r - rx > x + rx { path.line(to: Point(r - rx, y)) }
    path.cubic(
      to: Point(r, y + ry), control1: Point(r - rx + kx, y), control2: Point(r, y + ry - ky))
    if b - ry > y + ry { path.line(to: Point(r, b - ry)) }
    path.cubic(
      to: Point(r - rx, b), control1: Point(r, b - ry + ky), control2: Point(r - rx + kx, b))
    if x + rx < r - rx { path.line(to: Point(x + rx, b)) }
    path.cubic(
      to: Point(x, b - ry), control1: Point(x + rx - kx, b), control2: Point(x, b - ry + ky))
    if y + ry < b - ry { path.line(to: Point(x, y + ry)) }
    path.cubic(
      to: Point(x + rx, y), control1: Point(x, y + ry - ky), control2: Point(x + rx - kx, y))
    path.close()
    return path
  }

  /// A circle starting at (cx + r, cy); empty when `r` is not positive.
  public static func circle(cx: Double, cy: Double, r: Double) -> Path {
    ellipse(cx: cx, cy: cy, rx: r, ry: r)
  }

  /// An ellipse starting at (cx + rx, cy). A nil (auto) radius takes the other's value; the
  /// path is empty when either radius ends up not positive.
  public static func ellipse(cx: Double, cy: Double, rx: Double?, ry: Double?) -> Path {
    guard let rx = rx ?? ry else { return Path() }
    let ry = ry ?? rx
    guard rx > 0, ry > 0, rx.isFinite, ry.isFinite, cx.isFinite, cy.isFinite else { return Path() }
    let (kx, ky) = (rx * kappa, ry * kappa)
    var path = Path()
    path.elements.reserveCapacity(6)
    path.move(to: Point(cx + rx, cy))
    path.cubic(
      to: Point(cx, cy + ry), control1: Point(cx + rx, cy + ky), control2: Point(cx + kx, cy + ry))
    path.cubic(
      to: Point(cx - rx, cy), control1: Point(cx - kx, cy + ry), control2: Point(cx - rx, cy + ky))
    path.cubic(
      to: Point(cx, cy - ry), control1: Point(cx - rx, cy - ky), control2: Point(cx - kx, cy - ry))
    path.cubic(
      to: Point(cx + rx, cy), control1: Point(cx + kx, cy - ry), control2: Point(cx + rx, cy - ky))
    path.close()
    return path
  }

  /// A line from (x1, y1) to (x2, y2).
  public static func line(x1: Double, y1: Double, x2: Double, y2: Double) -> Path {
    Path([.move(Point(x1, y1)), .line(Point(x2, y2))])
  }

  /// An open polyline through `points`; empty when there are none.
  public static func polyline(_ points: [Point]) -> Path { path(through: points, closed: false) }

  /// A closed polygon through `points`; empty when there are none.
  public static func polygon(_ points: [Point]) -> Path { path(through: points, closed: true) }

  /// The elements of a polyline or polygon, in one array made its final size at once (a
  /// drawing exported as polygons has thousands).
  private static func path(through points: [Point], closed: Bool) -> Path {
    guard let first = points.first else { return Path() }
    var elements: [PathElement] = []
    elements.reserveCapacity(points.count + (closed ? 1 : 0))
    elements.append(.move(first))
    for p in points.dropFirst() { elements.append(.line(p)) }
    if closed { elements.append(.close) }
    return Path(elements)
  }
}
