import Foundation

/// Writes outputs atomically: a temporary file beside the target, then a rename, so a
/// failed run never leaves a partial or empty file and never clobbers a good one.
public enum OutputFile {
  /// Writes `bytes` to `path`, or to standard output for `-`.
  public static func write(_ bytes: [UInt8], to path: String) throws {
    if path == "-" {
      FileHandle.standardOutput.write(Data(bytes))
      return
    }
    let url = URL(fileURLWithPath: path)
    let dir = url.deletingLastPathComponent()
    let temp = dir.appendingPathComponent(
      ".\(url.lastPathComponent).\(getpid()).\(UUID().uuidString.prefix(8)).tmp")
    do {
      try Data(bytes).write(to: temp)
      guard rename(temp.path, url.path) == 0 else {
        throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: path])
      }
    } catch {
      try? FileManager.default.removeItem(at: temp)
      throw BadInput("\(path): cannot write: \(error.localizedDescription)")
    }
  }
}

/// A one-line progress bar on standard error, shown only on a terminal.
public final class ProgressBar: @unchecked Sendable {
  private let total: Int
  private var done = 0
  private let lock = NSLock()
  private let enabled: Bool

  public init(total: Int) {
    self.total = total
    self.enabled = total > 1 && Console.stderrIsTerminal
  }

  public func advance() {
    lock.lock()
    defer { lock.unlock() }
    done += 1
    guard enabled else { return }
    let width = 30
    let filled = done * width / max(total, 1)
    let bar = String(repeating: "#", count: filled) + String(repeating: " ", count: width - filled)
    FileHandle.standardError.write(
      Data("\r[\(bar)] \(done)/\(total)\(done == total ? "\n" : "")".utf8))
  }
}
