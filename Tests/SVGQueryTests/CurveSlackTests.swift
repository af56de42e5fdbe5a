import Foundation
import SVGGeometry
import SVGRender
import TestSupport
import Testing

@testable import SVGQuery

/// ``StrokeShape/curveSlack``, the largest slack of a path's curves, by which
/// ``StrokeBand`` passes over a curve's box before planning its cut.
@Suite struct CurveSlackTests {
  /// Random paths of cubics, quadratics and lines at several widths, under rotations,
  /// stretches and skews: the shape's curve slack is the largest of its curves' own
  /// (`CurveCut` for half the width), and the answers at points near and far from the
  /// stroke are those given without it (an infinite slack passes no box over early).
  @Test func passingBoxesOverEarlyChangesNoAnswer() throws {
    var random = SplitMix(seed: 13)
    func coordinate() -> Double { 10 + random.next() * 60 }
    var (curved, compared) = (0, 0)
    for round in 0..<30 {
      var d = String(format: "M%.2f %.2f", coordinate(), coordinate())
      let width = 0.5 + random.next() * 8
      var elements: [(String, [Point])] = []
      for k in 0..<(2 + round % 3) {
        let points = (0..<3).map { _ in Point(coordinate(), coordinate()) }
        elements.append(((round + k) % 3 == 0 ? "L" : (round + k) % 3 == 1 ? "Q" : "C", points))
      }
      for (command, p) in elements {
        switch command {
        case "L":
          d += String(format: " L%.2f %.2f", p[0].x, p[0].y)
        case "Q":
          d += String(format: " Q%.2f %.2f %.2f %.2f", p[0].x, p[0].y, p[1].x, p[1].y)
        default:
          d += String(
            format: " C%.2f %.2f %.2f %.2f %.2f %.2f", p[0].x, p[0].y, p[1].x, p[1].y, p[2].x,
            p[2].y)
        }
      }
      if round % 2 == 0 { d += " Z" }
      let shape = try #require(try strokedPath(d, style: "stroke-width:\(width)"))
      // The curves' own slack, from the parsed path's points.
      var expected = 0.0
      var point = Point(0, 0)
      for el in shape.path.elements {
        switch el {
        case .move(let a), .line(let a): point = a
        case .quad(let c, let b):
          let (c1, c2) = (point + (c - point) * (2.0 / 3), b + (c - b) * (2.0 / 3))
          expected = max(expected, CurveCut(point, c1, c2, b, half: width / 2).slack)
          point = b
        case .cubic(let c1, let c2, let b):
          expected = max(expected, CurveCut(point, c1, c2, b, half: width / 2).slack)
          point = b
        case .close: break
        }
      }
      for t in strokeTestTransforms {
        let factors = StrokeVertices.factors(shape.path, shape.stroke, t)
        let band = StrokeShape(
          shape.stroke, toCanvas: t, path: shape.path, factors: factors)
        #expect(band.curveSlack == expected, "\(d) width \(width) \(t)")
        if expected > 0 { curved += 1 }
        var unplanned = band
        unplanned.curveSlack = .infinity
        for _ in 0..<60 {
          let p = t.apply(Point(random.next() * 80, random.next() * 80))
          let (answer, without) = shape.path.elements.withUnsafeBufferPointer { elements in
            factors.withUnsafeBufferPointer { f in
              (
                StrokeBand.classify(p, elements, band, widen: 0, vertexFactors: f),
                StrokeBand.classify(p, elements, unplanned, widen: 0, vertexFactors: f)
              )
            }
          }
          #expect(answer == without, "\(d) width \(width) \(t) at \(p)")
          compared += 1
        }
      }
    }
    #expect(curved > 100 && compared > 10_000)
  }
}
