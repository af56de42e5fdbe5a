import Foundation
import SVGGeometry
import SVGRender
import SVGTree
import TestSupport
import Testing

@testable import SVGQuery

/// A long path's winding bands give the winding number of the whole walk at every point:
/// inside, outside, on vertices and on the heights where bands meet.
@Suite struct WindingBandsTests {
  /// Random long paths: lines, quadratics and cubics, several subpaths open and closed, one
  /// starting without a `moveto`, self-crossing.
  static func path(_ rng: inout SplitMix, segments: Int, moveFirst: Bool) -> [PathElement] {
    func point() -> Point { Point(rng.next() * 200 - 20, rng.next() * 150 + 10) }
    var elements: [PathElement] = moveFirst ? [.move(point())] : []
    for k in 0..<segments {
      switch k % 7 {
      case 0, 3: elements.append(.line(point()))
      case 1: elements.append(.quad(point(), point()))
      case 2, 5: elements.append(.cubic(point(), point(), point()))
      case 4: elements.append(k % 3 == 0 ? .close : .move(point()))
      default: elements.append(.line(Point(rng.next() * 200, 80)))
      }
    }
    return elements
  }

  @Test(arguments: [true, false])
  func bandsGiveTheWholeWalksWindingNumber(moveFirst: Bool) {
    var rng = SplitMix(seed: moveFirst ? 41 : 43)
    for length in [70, 300, 2000] {
      let elements = Self.path(&rng, segments: length, moveFirst: moveFirst)
      let bands = elements.withUnsafeBufferPointer { WindingBands($0) }
      let path = Path(elements)
      var nonZero = 0
      for k in 0..<3000 {
        var p = Point(rng.next() * 240 - 40, rng.next() * 190 - 10)
        if k % 5 == 0, case .line(let v) = elements[k % elements.count] {
          p = k % 10 == 0 ? v : Point(p.x, v.y)
        }
        let whole = path.windingNumber(at: p)
        #expect(bands.windingNumber(at: p) == whole, "\(length) segments at \(p)")
        if whole != 0 { nonZero += 1 }
      }
      #expect(nonZero > 300)
    }
  }

  @Test func aPathWithoutHeightHasOneBand() {
    let flat = [PathElement.move(Point(0, 5))] + (0..<100).map { .line(Point(Double($0), 5)) }
    let bands = flat.withUnsafeBufferPointer { WindingBands($0) }
    for p in [Point(-1, 5), Point(50, 5), Point(50, 4), Point(120, 6)] {
      #expect(bands.windingNumber(at: p) == Path(flat).windingNumber(at: p))
    }
  }

  /// A scene made again after an edit keeps the bands of the paths the edit left as they
  /// were, and makes new ones for a path it changed.
  @Test func aSceneAfterAnEditKeepsTheBandsOfUnchangedPaths() throws {
    let ring = (0..<80).map { k -> String in
      let a = Double(k) * .pi / 40
      return "\(k == 0 ? "M" : "L")\(100 + 60 * cos(a)) \(100 + 60 * sin(a))"
    }.joined()
    func document(_ fill: String, _ d: String) throws -> Document {
      try Document(
        string: "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"200\" height=\"200\">"
          + "<path id=\"ring\" d=\"\(d)Z\" fill=\"\(fill)\"/></svg>")
    }
    let first = try Scene(document: try document("red", ring))
    #expect(first.element(at: Point(100, 100))?.element.id == "ring")
    let recoloured = try document("blue", ring)
    let second = Scene(
      document: recoloured, tree: try RenderTree(document: recoloured), reusing: first)
    #expect(second.storage.hitShapes.bands[0] === first.storage.hitShapes.bands[0])
    let moved = try document("blue", ring + "L0 0")
    let third = Scene(document: moved, tree: try RenderTree(document: moved), reusing: second)
    #expect(third.storage.hitShapes.bands[0] !== second.storage.hitShapes.bands[0])
    #expect(third.element(at: Point(100, 100))?.element.id == "ring")
  }
}
