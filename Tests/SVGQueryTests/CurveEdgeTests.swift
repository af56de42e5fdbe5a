import Foundation
import SVGGeometry
import SVGRender
import SVGTree
import TestSupport
import Testing

@testable import SVGQuery

/// Beside a curve that bends less tightly than its stroke is wide, the cheap answers keep
/// 1/32 of a pixel from the exact edge on the side where cairo's edge is exact
/// (``CurveEdges``), and every definite answer there is cairo's.
@Suite struct CurveEdgeTests {
  /// Points across both edges of gently bending curves (within 0.15 device pixels of the
  /// exact edge, on the convex and the concave side), under rotations and scales: every
  /// definite answer agrees with cairo's probe, and the points outside the convex edge and
  /// inside the concave one by 0.06 pixels or more are settled.
  @Test func answersBesideACurvesEdgesAgreeWithCairo() throws {
    let curves = [
      "M10 80 C30 20 90 20 110 80", "M20 20 C35 5 50 20 50 35", "M5 50 C60 0 120 100 180 40",
      "M10 60 Q60 0 110 60",
    ]
    let transforms = [
      Transform.identity, Transform(a: 0.8, b: 0.6, c: -0.6, d: 0.8, e: 5, f: 3),
      Transform.scale(3, 3), Transform(a: -0.5, b: 0, c: 0, d: 0.5, e: 90, f: 0),
    ]
    let probe = StrokeProbe()
    var random = SplitMix(seed: 11)
    var (exactSide, settled) = (0, 0)
    for d in curves {
      let curve = try #require(Self.cubic(d))
      for width in [1.0, 2.0, 4.0] {
        let shape = try #require(try strokedPath(d, style: "stroke-width:\(width)"))
        for t in transforms {
          let scale = t.smallestScale
          for _ in 0..<100 {
            let s = 0.08 + random.next() * 0.84
            let (on, normal, convex) = curve.point(at: s)
            let onConvexSide = random.next() < 0.5
            let v = (random.next() * 2 - 1) * 0.15
            let p = on + normal * ((onConvexSide == convex ? 1 : -1) * (width / 2 + v / scale))
            let canvas = t.apply(p)
            let answer = StrokeBand.classify(canvas, shape.path, shape.stroke, t, widen: 0)
            // Outside the convex edge, or inside the concave one, by 0.06 pixels or more.
            let cheap = onConvexSide ? v >= 0.06 : v <= -0.06
            if cheap { exactSide += 1 }
            guard answer != .unknown else { continue }
            if cheap { settled += 1 }
            let exact = probe.strokeContains(
              canvas, path: shape.path, stroke: shape.stroke, toCanvas: t, widen: 0)
            #expect(
              (answer == .inside) == exact,
              "\(d) width \(width) \(t) at \(p) (\(onConvexSide ? "convex" : "concave") side, \(v) px): \(answer), cairo \(exact)"
            )
          }
        }
      }
    }
    #expect(settled * 10 >= exactSide * 9, "\(settled) of \(exactSide) settled on the exact sides")
  }

  /// The one cubic of `d` ("M… C…", or "M… Q…" raised to a cubic).
  private static func cubic(_ d: String) -> Cubic? {
    let numbers = d.split(whereSeparator: { " MCQ".contains($0) }).compactMap { Double($0) }
    let p = stride(from: 0, to: numbers.count, by: 2).map { Point(numbers[$0], numbers[$0 + 1]) }
    if p.count == 4 { return Cubic(a: p[0], b: p[1], c: p[2], d: p[3]) }
    guard p.count == 3 else { return nil }
    return Cubic(
      a: p[0], b: p[0] + (p[1] - p[0]) * (2.0 / 3), c: p[2] + (p[1] - p[2]) * (2.0 / 3), d: p[2])
  }

  private struct Cubic {
    var a, b, c, d: Point

    /// The point at parameter `s`, the unit normal there, and whether the normal points to
    /// the curve's convex side (away from its centre of curvature).
    func point(at s: Double) -> (Point, Point, Bool) {
      let u = 1 - s
      let on = a * (u * u * u) + b * (3 * u * u * s) + c * (3 * u * s * s) + d * (s * s * s)
      let d1 = (b - a) * (u * u) + (c - b) * (2 * u * s) + (d - c) * (s * s)
      let d2 = (c - b * 2 + a) * u + (d - c * 2 + b) * s
      let normal = Point(-d1.y, d1.x) * (1 / d1.length)
      return (on, normal, d1.cross(d2) < 0)
    }
  }
}
