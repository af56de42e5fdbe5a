import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// A folder per test: `base/` is the input's folder (and resource root, and the children's
/// working directory); `outside/` holds what no policy allows: `secret.txt` and `tripwire`,
/// a FIFO that a child can only open by reading outside its policy. `base/escape` is a
/// symbolic link to `outside/`, `base/inside.png` a valid image the policy does allow.
struct Workspace {
  let root: String
  var base: String { root + "/base" }
  var outside: String { root + "/outside" }
  var tripwire: String { outside + "/tripwire" }

  init() throws {
    root = try temporaryDirectory("inkpath-hostile")
    let fm = FileManager.default
    try fm.createDirectory(atPath: root + "/base", withIntermediateDirectories: true)
    try fm.createDirectory(atPath: root + "/outside", withIntermediateDirectories: true)
    try Data("root:x:0:0:secret\n".utf8).write(to: URL(fileURLWithPath: outside + "/secret.txt"))
    guard mkfifo(tripwire, 0o600) == 0 else { throw POSIXError(.EIO) }
    try fm.createSymbolicLink(atPath: base + "/escape", withDestinationPath: "../outside")
    try Data(Self.onePixelPNG).write(to: URL(fileURLWithPath: base + "/inside.png"))
  }

  func remove() { try? FileManager.default.removeItem(atPath: root) }

  func write(_ name: String, _ bytes: [UInt8]) throws {
    try Data(bytes).write(to: URL(fileURLWithPath: base + "/" + name))
  }

  /// A sparse file of `bytes` zero bytes in the base folder: big on paper, nothing on disk.
  func writeSparse(_ name: String, bytes: UInt64) throws {
    let path = base + "/" + name
    FileManager.default.createFile(atPath: path, contents: nil)
    let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
    try handle.truncate(atOffset: bytes)
    try handle.close()
  }

  func exists(_ name: String) -> Bool { FileManager.default.fileExists(atPath: base + "/" + name) }

  /// A 1x1 opaque red PNG.
  static let onePixelPNG: [UInt8] = [UInt8](
    Data(
      base64Encoded:
        "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg=="
    )!)
}

extension Products {
  /// The folder of committed hostile files.
  static let corpus = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("Corpus").path
}

/// A server socket on 127.0.0.1 that counts the connections made to it: a child that
/// fetched an `http://127.0.0.1` reference would show up here.
final class LoopbackListener {
  let fd: Int32
  let port: UInt16

  init() throws {
    let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_NONBLOCK.rawValue), 0)
    self.fd = fd
    var addr = sockaddr_in()
    addr.sin_family = sa_family_t(AF_INET)
    addr.sin_addr.s_addr = inet_addr("127.0.0.1")
    addr.sin_port = 0
    var len = socklen_t(MemoryLayout<sockaddr_in>.size)
    let bound = withUnsafeMutablePointer(to: &addr) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { p in
        bind(fd, p, len) == 0 && listen(fd, 8) == 0 && getsockname(fd, p, &len) == 0
      }
    }
    guard bound else { throw POSIXError(.EADDRNOTAVAIL) }
    port = UInt16(bigEndian: addr.sin_port)
  }

  /// Connections waiting to be accepted (each is accepted and closed).
  func connections() -> Int {
    var n = 0
    while case let c = accept(fd, nil, nil), c >= 0 {
      close(c)
      n += 1
    }
    return n
  }

  deinit { close(fd) }
}
