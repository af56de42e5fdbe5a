#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// Reads whole files (or standard input) with a size cap: the one reader behind documents,
/// the resources they refer to and `svg-inline`'s inputs. Opening never blocks (a FIFO
/// swapped in for a file is refused when only regular files are wanted), and a file over
/// the cap is never read beyond it.
package enum BoundedFile {
  /// Why a file was not read.
  package struct Failure: Error, Sendable, Hashable {
    package enum Kind: Sendable, Hashable {
      case missing, directory, notRegular, unopenable, unreadable, overLimit
    }
    package var kind: Kind
    package var maxBytes: Int

    /// The reason in a few words (`no such file`, `over the limit of 10 bytes`).
    package var reason: String {
      switch kind {
      case .missing: "no such file"
      case .directory: "is a directory"
      case .notRegular: "not a regular file"
      case .unopenable: "cannot open the file for reading"
      case .unreadable: "cannot read the file"
      case .overLimit: "over the limit of \(maxBytes) bytes"
      }
    }
  }

  /// The bytes of `path` (`-` for standard input), at most `maxBytes` of them. With
  /// `regularOnly`, anything but a regular file is refused; `followSymlinks: false` refuses
  /// a symbolic link as the last component too.
  package static func read(
    _ path: String, maxBytes: Int, regularOnly: Bool = false, followSymlinks: Bool = true
  ) throws(Failure) -> [UInt8] {
    if path == "-" { return try read(descriptor: 0, maxBytes: maxBytes) }
    var flags = O_RDONLY | O_NONBLOCK | O_CLOEXEC
    if !followSymlinks { flags |= O_NOFOLLOW }
    let fd = open(path, flags)
    guard fd >= 0 else {
      throw Failure(kind: errno == ENOENT ? .missing : .unopenable, maxBytes: maxBytes)
    }
    defer { close(fd) }
    var info = stat()
    guard fstat(fd, &info) == 0 else { throw Failure(kind: .unreadable, maxBytes: maxBytes) }
    let type = info.st_mode & S_IFMT
    if type == S_IFDIR { throw Failure(kind: .directory, maxBytes: maxBytes) }
    if regularOnly && type != S_IFREG { throw Failure(kind: .notRegular, maxBytes: maxBytes) }
    if type == S_IFREG && Int(info.st_size) > maxBytes {
      throw Failure(kind: .overLimit, maxBytes: maxBytes)
    }
    if type != S_IFREG {
      // A FIFO or device read to its end: wait for data rather than fail on EAGAIN.
      _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK)
    }
    if type == S_IFREG {
      return try readRegular(descriptor: fd, size: Int(info.st_size), maxBytes: maxBytes)
    }
    return try read(descriptor: fd, maxBytes: maxBytes)
  }

  /// Reads a regular file of `size` bytes straight into the array it is returned in (no
  /// chunk copies, no regrowth); a file that grew meanwhile goes on in chunks. The array
  /// has room for a byte more: the XML reader ends its input with a zero (``ParserInput``).
  private static func readRegular(descriptor fd: Int32, size: Int, maxBytes: Int)
    throws(Failure) -> [UInt8]
  {
    var failed = false
    let out = [UInt8](unsafeUninitializedCapacity: size + 1) { buffer, count in
      // `read` would otherwise fault the fresh buffer in a page at a time (``PageMapping``).
      if size > 0 { PageMapping.prefault(buffer.baseAddress!, count: size) }
      while count < size {
        let n = Glibc.read(fd, buffer.baseAddress! + count, size - count)
        if n < 0 && errno == EINTR { continue }
        if n <= 0 {
          failed = n < 0
          return
        }
        count += n
      }
    }
    if failed { throw Failure(kind: .unreadable, maxBytes: maxBytes) }
    guard out.count == size else { return out }
    var next: UInt8 = 0
    let n = Glibc.read(fd, &next, 1)
    if n == 0 { return out }
    return try read(descriptor: fd, maxBytes: maxBytes, after: n > 0 ? out + [next] : out)
  }

  /// Reads an open descriptor to its end, at most `maxBytes` in all with `start`, the bytes
  /// read before (one byte more tells an over-large input without reading it all).
  private static func read(descriptor fd: Int32, maxBytes: Int, after start: [UInt8] = [])
    throws(Failure) -> [UInt8]
  {
    var out = start
    var chunk = [UInt8](repeating: 0, count: 64 << 10)
    while true {
      let want = min(chunk.count, maxBytes + 1 - out.count)
      let n = chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, want) }
      if n < 0 {
        if errno == EINTR { continue }
        throw Failure(kind: .unreadable, maxBytes: maxBytes)
      }
      if n == 0 { break }
      out.append(contentsOf: chunk[0..<n])
      guard out.count <= maxBytes else { throw Failure(kind: .overLimit, maxBytes: maxBytes) }
    }
    return out
  }
}
