import SVGGeometry
import SVGTree
import Synchronization

/// Parsed path data kept between the builds of one drawing's render trees (the states of
/// an edit session, ``RenderOptions/pathData``): a `d` attribute already seen is looked up
/// instead of parsed again, and its path shares the storage of the earlier trees' path, so
/// comparing the two is immediate. Holds every distinct `d` it was asked for.
public final class PathDataCache: Sendable {
  private let entries = Mutex<[String: (path: Path, error: PathDataError?)]>([:])

  public init() {}

  /// `PathData.parse(d)`, once per distinct `d`.
  func parse(_ d: String) -> (path: Path, error: PathDataError?) {
    if let found = entries.withLock({ $0[d] }) { return found }
    let parsed = PathData.parse(d)
    entries.withLock { $0[d] = parsed }
    return parsed
  }
}
