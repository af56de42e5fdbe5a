import Foundation
import Glibc

/// Writes outputs atomically: a temporary file beside the target, then a rename, so a
/// failed run never leaves a partial or empty file and never clobbers a good one.
///
/// The file is written with `open`, `write` and `close`, without `fsync` (as rsvg-convert
/// and resvg write theirs): Foundation's `Data.write(to:)` syncs every file to the disk,
/// which made a batch of thumbnails wait on the disk for each one.
public enum OutputFile {
  /// Writes `bytes` to `path`, or to standard output for `-`.
  public static func write(_ bytes: [UInt8], to path: String) throws {
    if path == "-" {
      FileHandle.standardOutput.write(Data(bytes))
      return
    }
    let url = URL(fileURLWithPath: path)
    let temp = url.deletingLastPathComponent().appendingPathComponent(
      ".\(url.lastPathComponent).\(getpid()).\(UUID().uuidString.prefix(8)).tmp"
    ).path
    if let reason = writeFile(bytes, to: temp) ?? (rename(temp, path) == 0 ? nil : errnoText()) {
      unlink(temp)
      throw BadInput("\(path): cannot write: \(reason)")
    }
  }

  /// Creates `path` (it must not exist) holding `bytes`; the reason it failed, or nil.
  private static func writeFile(_ bytes: [UInt8], to path: String) -> String? {
    let fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
    guard fd >= 0 else { return errnoText() }
    var failure: String?
    bytes.withUnsafeBytes { buffer in
      var offset = 0
      while offset < buffer.count {
        let n = Glibc.write(fd, buffer.baseAddress! + offset, buffer.count - offset)
        if n < 0 && errno == EINTR { continue }
        guard n > 0 else {
          failure = errnoText()
          return
        }
        offset += n
      }
    }
    if close(fd) != 0 && failure == nil { failure = errnoText() }
    return failure
  }

  private static func errnoText() -> String { String(cString: strerror(errno)) }
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
