import SVGGeometry
import SVGTree
import Synchronization

/// Parsed path data kept between the builds of one drawing's render trees (the states of
/// an edit session, ``RenderOptions/pathData``): a `d` attribute already seen is looked up
/// instead of parsed again, and its path shares the storage of the earlier trees' path, so
/// comparing the two is immediate. Holds every distinct `d` it was asked for, and the last
/// `points` of each `polygon` and `polyline`.
public final class PathDataCache: Sendable {
  private let entries = Mutex<[String: (path: Path, error: PathDataError?)]>([:])
  /// The last `d` asked for each element (by node number), with its path: found by
  /// comparing the text, which the states of an edited document share, instead of hashing
  /// it (a drawing's path data can be megabytes).
  private let byNode = Mutex<[Int: (d: String, path: Path, error: PathDataError?)]>([:])

  /// A `points` attribute as read from a `polygon` (closed) or `polyline`, with its path.
  private struct ReadPoints {
    let text: String
    let closed: Bool
    let path: Path
    let invalid: Bool
  }
  /// The last `points` read of each `polygon` or `polyline` (by node number).
  private let pointsByNode = Mutex<[Int: ReadPoints]>([:])

  public init() {}

  /// `PathData.parse(d)`, once per distinct `d`; `node` is the element `d` is read from.
  func parse(_ d: String, of node: NodeID? = nil) -> (path: Path, error: PathDataError?) {
    if let node, let last = byNode.withLock({ $0[node.index] }), last.d == d {
      return (last.path, last.error)
    }
    let parsed: (path: Path, error: PathDataError?)
    if let found = entries.withLock({ $0[d] }) {
      parsed = found
    } else {
      parsed = PathData.parse(d)
      entries.withLock { $0[d] = parsed }
    }
    if let node { byNode.withLock { $0[node.index] = (d, parsed.path, parsed.error) } }
    return parsed
  }

  /// ``Points/parse(_:closed:)`` of a `points` attribute read from `node`, once per text.
  func points(_ text: String, of node: NodeID, closed: Bool) -> (path: Path, invalid: Bool) {
    if let last = pointsByNode.withLock({ $0[node.index] }), last.closed == closed,
      last.text == text
    {
      return (last.path, last.invalid)
    }
    let parsed = Points.parse(text, closed: closed)
    pointsByNode.withLock {
      $0[node.index] = ReadPoints(
        text: text, closed: closed, path: parsed.path, invalid: parsed.invalid)
    }
    return parsed
  }
}

/// The `points` of a `polygon` or `polyline`.
enum Points {
  /// The path through the pairs of numbers of `text` (closed for a `polygon`), up to the
  /// first error; `invalid` when there is one.
  static func parse(_ text: String, closed: Bool) -> (path: Path, invalid: Bool) {
    let (numbers, error) = NumberList.parsePrefix(text)
    var points: [Point] = []
    points.reserveCapacity(numbers.count / 2)
    var i = 0
    while i + 1 < numbers.count {
      points.append(Point(numbers[i], numbers[i + 1]))
      i += 2
    }
    return (closed ? Shape.polygon(points) : Shape.polyline(points), error != nil)
  }
}
