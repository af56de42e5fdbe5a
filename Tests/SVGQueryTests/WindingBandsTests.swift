import SVGGeometry
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
  func bandsGiveTheWholeWalksWindingNumber(moveFirst: Bool) throws {
    var rng = SplitMix(seed: moveFirst ? 41 : 43)
    for length in [70, 300, 2000] {
      let elements = Self.path(&rng, segments: length, moveFirst: moveFirst)
      let bands = try #require(WindingBands(elements))
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

  @Test func shortOrFlatPathsHaveNoBands() {
    #expect(WindingBands([.move(Point(0, 0)), .line(Point(1, 1)), .close]) == nil)
    let flat = [PathElement.move(Point(0, 5))] + (0..<100).map { .line(Point(Double($0), 5)) }
    #expect(WindingBands(flat) == nil)
  }
}
