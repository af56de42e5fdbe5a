import Glibc
import Synchronization

/// Writes outputs atomically: a temporary file beside the target, then a rename, so a
/// failed run never leaves a partial or empty file and never clobbers a good one. A device or
/// pipe (`/dev/null`, `/dev/stdout`, a FIFO) is written to directly: renamed over, the
/// device node itself would be replaced by a file. The file is not synced to disk (no
/// `fsync`), as rsvg-convert, resvg and `cp` do not: a thumbnail run writes hundreds, and a
/// sync costs milliseconds of waiting each on a busy disk.
public enum OutputFile {
  /// Writes `bytes` to `path`, or to standard output for `-`.
  public static func write(_ bytes: [UInt8], to path: String) throws {
    if path == "-" {
      guard write(bytes, to: 1) else { throw BadInput("-: cannot write: \(reason())") }
      return
    }
    if let fd = try openUnlessReplaceable(path) {
      let written = write(bytes, to: fd)
      let error = written ? 0 : errno
      guard close(fd) == 0, written else {
        throw BadInput("\(path): cannot write: \(reason(error == 0 ? errno : error))")
      }
      return
    }
    let slash = path.lastIndex(of: "/")
    let folder = slash.map { String(path[...$0]) } ?? ""
    let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
    var fd: Int32 = -1
    var temp = ""
    for attempt in 0..<100 {
      temp = "\(folder).\(name).\(getpid()).\(attempt).tmp"
      fd = open(temp, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
      if fd >= 0 || errno != EEXIST { break }
    }
    guard fd >= 0 else { throw BadInput("\(path): cannot write: \(reason())") }
    let written = write(bytes, to: fd)
    let error = written ? 0 : errno
    if close(fd) == 0, written, rename(temp, path) == 0 { return }
    let message = reason(error == 0 ? errno : error)
    unlink(temp)
    throw BadInput("\(path): cannot write: \(message)")
  }

  /// The open target when `path` names a device, pipe or socket (`/dev/null`, `/dev/stdout`,
  /// a FIFO), which is written to, not replaced by a file: nil for a regular file or none.
  private static func openUnlessReplaceable(_ path: String) throws -> Int32? {
    var info = stat()
    guard stat(path, &info) == 0 else { return nil }
    let type = info.st_mode & S_IFMT
    guard type != S_IFREG, type != S_IFDIR else { return nil }
    let fd = open(path, O_WRONLY | O_CLOEXEC)
    guard fd >= 0 else { throw BadInput("\(path): cannot write: \(reason())") }
    return fd
  }

  /// Writes every byte to a file descriptor, retrying short writes and interruptions; false
  /// on an error (errno).
  public static func write(_ bytes: [UInt8], to fd: Int32) -> Bool {
    bytes.withUnsafeBytes { buffer in
      var offset = 0
      while offset < buffer.count {
        let n = Glibc.write(fd, buffer.baseAddress! + offset, buffer.count - offset)
        if n < 0 {
          if errno == EINTR { continue }
          return false
        }
        offset += n
      }
      return true
    }
  }

  private static func reason(_ code: Int32 = errno) -> String { String(cString: strerror(code)) }
}

/// A one-line progress bar on standard error, shown only on a terminal.
public final class ProgressBar: Sendable {
  private let total: Int
  private let done = Mutex(0)
  private let enabled: Bool

  public init(total: Int) {
    self.total = total
    self.enabled = total > 1 && Console.stderrIsTerminal
  }

  public func advance() {
    done.withLock { done in
      done += 1
      guard enabled else { return }
      let width = 30
      let filled = done * width / max(total, 1)
      let bar =
        String(repeating: "#", count: filled) + String(repeating: " ", count: width - filled)
      Console.write("\r[\(bar)] \(done)/\(total)\(done == total ? "\n" : "")")
    }
  }
}

/// Reads the small text files options name (`--stylesheet`, `--commands`, `--apply`).
public enum InputFile {
  /// The file's text; a missing, unreadable or non-UTF-8 file is ``BadInput`` that starts
  /// with `option path:` (`--commands edits.txt: No such file or directory`).
  public static func text(_ path: String, option: String) throws(BadInput) -> String {
    let fd = open(path, O_RDONLY | O_CLOEXEC)
    guard fd >= 0 else { throw BadInput("\(option) \(path): \(String(cString: strerror(errno)))") }
    defer { close(fd) }
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 64 << 10)
    while true {
      let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
      if n < 0 && errno == EINTR { continue }
      guard n >= 0 else {
        throw BadInput("\(option) \(path): \(String(cString: strerror(errno)))")
      }
      if n == 0 { break }
      bytes += chunk[0..<n]
    }
    guard let text = String(validating: bytes, as: UTF8.self) else {
      throw BadInput("\(option) \(path): not UTF-8 text")
    }
    return text
  }
}
