import Glibc

/// SVG's elliptical arc (endpoint parameterization) converted to cubic Béziers.
public enum Arc {
  /// The arc from `from` to `to` as path elements, following SVG 1.1 implementation notes F.6:
  /// identical endpoints give nothing (the arc is omitted), a zero radius gives a straight
  /// line, negative radii are made positive, and radii too small to span the endpoints are
  /// scaled up uniformly until they just do. Curved arcs are split into cubics spanning at most
  /// 90° each; the last element ends exactly at `to`.
  public static func cubics(
    from: Point, to: Point, rx: Double, ry: Double, xAxisRotation: Double, largeArc: Bool,
    sweep: Bool
  ) -> [PathElement] {
    if from == to { return [] }
    var rx = abs(rx)
    var ry = abs(ry)
    guard rx > 0, ry > 0, rx.isFinite, ry.isFinite else { return [.line(to)] }

    let phi =
      (xAxisRotation.isFinite ? xAxisRotation : 0).truncatingRemainder(dividingBy: 360)
      * .pi / 180
    let (sinPhi, cosPhi) = (sin(phi), cos(phi))

    // F.6.5.1: the midpoint in the ellipse's rotated frame.
    let dx = (from.x - to.x) / 2
    let dy = (from.y - to.y) / 2
    let x1 = cosPhi * dx + sinPhi * dy
    let y1 = -sinPhi * dx + cosPhi * dy

    // F.6.6.2: radius correction.
    let lambda = (x1 * x1) / (rx * rx) + (y1 * y1) / (ry * ry)
    if lambda > 1 {
      let s = lambda.squareRoot()
      rx *= s
      ry *= s
    }

    // F.6.5.2: the centre in the rotated frame.
    let rx2 = rx * rx
    let ry2 = ry * ry
    let den = rx2 * y1 * y1 + ry2 * x1 * x1
    var coef = den > 0 ? max(0, (rx2 * ry2 - den) / den).squareRoot() : 0
    if largeArc == sweep { coef = -coef }
    let cxr = coef * rx * y1 / ry
    let cyr = -coef * ry * x1 / rx

    // F.6.5.3: the centre in user space.
    let cx = cosPhi * cxr - sinPhi * cyr + (from.x + to.x) / 2
    let cy = sinPhi * cxr + cosPhi * cyr + (from.y + to.y) / 2

    // F.6.5.5-6: start angle and sweep.
    let ux = (x1 - cxr) / rx
    let uy = (y1 - cyr) / ry
    let vx = (-x1 - cxr) / rx
    let vy = (-y1 - cyr) / ry
    let theta1 = atan2(uy, ux)
    var delta = atan2(ux * vy - uy * vx, ux * vx + uy * vy)
    if !sweep && delta > 0 { delta -= 2 * .pi }
    if sweep && delta < 0 { delta += 2 * .pi }
    guard delta.isFinite, delta != 0 else { return [.line(to)] }

    let count = max(1, Int((abs(delta) / (.pi / 2) - 1e-7).rounded(.up)))
    let step = delta / Double(count)
    let k = 4.0 / 3.0 * tan(step / 4)

    func map(_ u: Double, _ v: Double) -> Point {
      Point(cx + rx * cosPhi * u - ry * sinPhi * v, cy + rx * sinPhi * u + ry * cosPhi * v)
    }

    var result: [PathElement] = []
    result.reserveCapacity(count)
    var angle = theta1
    for i in 0..<count {
      let next = angle + step
      let (s0, c0) = (sin(angle), cos(angle))
      let (s1, c1) = (sin(next), cos(next))
      let p1 = map(c0 - k * s0, s0 + k * c0)
      let p2 = map(c1 + k * s1, s1 - k * c1)
      let p3 = i == count - 1 ? to : map(c1, s1)
      result.append(.cubic(p1, p2, p3))
      angle = next
    }
    return result
  }
}
