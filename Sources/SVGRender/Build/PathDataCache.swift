import SVGGeometry
import SVGTree
import Synchronization

/// Parsed path data kept between the builds of one drawing's render trees (the states of
/// an edit session, ``RenderOptions/pathData``): a `d` attribute already seen is looked up
/// instead of parsed again, and its path shares the storage of the earlier trees' path, so
/// comparing the two is immediate. Holds every distinct `d` it was asked for.
public final class PathDataCache: Sendable {
  private let entries = Mutex<[String: (path: Path, error: PathDataError?)]>([:])
  /// The last `d` asked for each element (by node number), with its path: found by
  /// comparing the text, which the states of an edited document share, instead of hashing
  /// it (a drawing's path data can be megabytes).
  private let byNode = Mutex<[Int: (d: String, path: Path, error: PathDataError?)]>([:])

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
}
