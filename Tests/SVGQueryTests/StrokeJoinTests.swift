import Foundation
import SVGGeometry
import SVGRender
import SVGTree
import TestSupport
import Testing

@testable import SVGQuery

/// The answers ``StrokeJoins`` gives near corners are cairo's, and they settle points that
/// the segments alone leave to cairo's probe.
@Suite struct StrokeJoinTests {
  /// The seeds of the random cases (seeds 1 to 40 passed when this was written; with the
  /// miter of a dashed stroke decided on device directions alone, 15 and 28 failed).
  static let seeds: [UInt64] = [1, 2, 15]

  /// Random paths of lines and curves, open and closed, with every join and cap, dashed or
  /// not, many angles on both sides of the miter limit, under rotations, reflections, stretches, skews and
  /// non-scaling strokes; points around every vertex, out to the miter's reach.
  @Test(arguments: seeds) func joinAnswersAgreeWithCairo(seed: UInt64) throws {
    var random = SplitMix(seed: seed &* 7919)
    let joins = [
      "stroke-linejoin:miter", "stroke-linejoin:miter;stroke-miterlimit:1.5",
      "stroke-linejoin:miter;stroke-miterlimit:10", "stroke-linejoin:round",
      "stroke-linejoin:bevel", "stroke-linejoin:miter-clip",
    ]
    let probe = StrokeProbe()
    var decided = 0
    var decidedBySegments = 0
    for round in 0..<24 {
      var d = String(format: "M%.2f %.2f", 20 + random.next() * 40, 20 + random.next() * 40)
      var corners: [Point] = []
      for _ in 0..<(2 + Int(random.next() * 3)) {
        let end = Point(10 + random.next() * 60, 10 + random.next() * 60)
        corners.append(end)
        if random.next() < 0.35 {
          d += String(
            format: " C%.2f %.2f %.2f %.2f %.2f %.2f", 10 + random.next() * 60,
            10 + random.next() * 60, 10 + random.next() * 60, 10 + random.next() * 60, end.x,
            end.y)
        } else {
          d += String(format: " L%.2f %.2f", end.x, end.y)
        }
      }
      if round % 2 == 0 { d += " Z" }
      let width = 1 + random.next() * 9
      let join = joins[round % joins.count]
      let caps = [";stroke-linecap:butt", ";stroke-linecap:round", ";stroke-linecap:square"]
      let dashes = round % 4 == 3 ? String(format: ";stroke-dasharray:%.1f 3", 4 + width) : ""
      let scaling =
        (round % 5 == 4 ? ";vector-effect:non-scaling-stroke" : "") + caps[round % 3] + dashes
      guard
        let shape = try strokedPath(d, style: "stroke-width:\(width);\(join)\(scaling)")
      else {
        Issue.record("no stroked path for \(d)")
        continue
      }
      let stroke = shape.stroke
      if case .move(let first)? = shape.path.elements.first { corners.append(first) }
      for t in strokeTestTransforms {
        for corner in corners {
          for _ in 0..<12 {
            let angle = random.next() * 2 * Double.pi
            let radius = random.next() * 4 * width
            let p = corner + Point(cos(angle), sin(angle)) * radius
            let canvas = t.apply(p)
            let answer = StrokeBand.classify(canvas, shape.path, stroke, t, widen: 0)
            let segmentsOnly = StrokeBand.classify(
              canvas, shape.path, stroke, t, widen: 0, joins: false)
            #expect(
              segmentsOnly == .unknown || segmentsOnly == answer,
              "\(d) \(join)\(scaling) \(t) at \(p): \(answer), segments alone \(segmentsOnly)")
            guard answer != .unknown else { continue }
            decided += 1
            if segmentsOnly != .unknown { decidedBySegments += 1 }
            let exact = probe.strokeContains(
              canvas, path: shape.path, stroke: stroke, toCanvas: t, widen: 0)
            #expect(
              (answer == .inside) == exact,
              "\(d) \(join)\(scaling) w\(width) \(t) at \(p): \(answer), cairo \(exact)")
          }
        }
      }
    }
    // The joins settle points the segments leave open, or they buy nothing.
    #expect(
      decided > decidedBySegments + decidedBySegments / 20, "\(decided) vs \(decidedBySegments)")
  }

  /// A point in a miter's tip and one in a bevel's triangle, beside neither segment, are
  /// inside, as cairo says; a point beyond a bevel's edge is outside (there the vertex's own
  /// reach, one half width, already says so).
  @Test func cornersOfARightAngle() throws {
    let probe = StrokeProbe()
    for (join, tip, expected) in [
      ("bevel", Point(62.5, 7.5), false), ("miter", Point(62.5, 7.5), true),
      ("bevel", Point(61, 9), true), ("miter", Point(61, 9), true),
    ] {
      guard
        let shape = try strokedPath(
          "M10 10 L60 10 L60 60", style: "stroke-width:6;stroke-linejoin:\(join)")
      else {
        Issue.record("no stroked path")
        continue
      }
      let stroke = shape.stroke
      let exact = probe.strokeContains(
        tip, path: shape.path, stroke: stroke, toCanvas: .identity, widen: 0)
      #expect(exact == expected, "cairo at \(tip), \(join)")
      if expected {
        #expect(
          StrokeBand.classify(tip, shape.path, stroke, .identity, widen: 0, joins: false)
            == .unknown)
      }
      #expect(
        StrokeBand.classify(tip, shape.path, stroke, .identity, widen: 0)
          == (expected ? .inside : .outside), "\(join) at \(tip)")
    }
  }
}
