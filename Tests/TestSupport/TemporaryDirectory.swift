import Foundation
import Synchronization

/// A fresh, empty folder under the system's temporary folder; its path. The folder and
/// everything in it are removed when the test process exits (a run of the suite makes
/// thousands).
package func temporaryDirectory(_ prefix: String = "inkpath") throws -> String {
  let path = FileManager.default.temporaryDirectory
    .appendingPathComponent("\(prefix)-\(UUID().uuidString)").path
  try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
  RemovedAtExit.add(path)
  return path
}

/// Folders removed when the process exits.
private enum RemovedAtExit {
  private static let paths = Mutex<[String]>([])
  private static let registered: Bool = {
    atexit {
      for path in RemovedAtExit.paths.withLock({ $0 }) {
        try? FileManager.default.removeItem(atPath: path)
      }
    }
    return true
  }()

  static func add(_ path: String) {
    _ = registered
    paths.withLock { $0.append(path) }
  }
}

/// A temporary folder removed with everything in it when the value goes away.
package final class TemporaryDirectory: Sendable {
  package let path: String

  package init(_ prefix: String = "inkpath") throws { path = try temporaryDirectory(prefix) }

  deinit { try? FileManager.default.removeItem(atPath: path) }

  /// The path of `relative` inside the folder.
  package func file(_ relative: String) -> String { path + "/" + relative }

  /// Writes `bytes` at `relative`, making folders as needed; returns the path.
  @discardableResult
  package func write(_ relative: String, _ bytes: [UInt8]) throws -> String {
    let url = URL(fileURLWithPath: file(relative))
    try FileManager.default.createDirectory(
      at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    try Data(bytes).write(to: url)
    return url.path
  }

  @discardableResult
  package func write(_ relative: String, _ text: String) throws -> String {
    try write(relative, Array(text.utf8))
  }

  /// The bytes at `relative`, or nil when there is no such file.
  package func read(_ relative: String) -> [UInt8]? {
    FileManager.default.contents(atPath: file(relative)).map { [UInt8]($0) }
  }
}
