import Foundation

/// One TCP connection held open by a test, to send bytes slowly or not at all (the
/// attacks a one-shot client cannot make), optionally from another loopback address.
final class RawConnection {
  let fd: Int32

  /// Connects to 127.0.0.1:`port`, from `source` (another 127.x address) when given.
  init(port: UInt16, source: String? = nil) throws {
    fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard fd >= 0 else { throw HTTPClient.Failure(description: "socket failed") }
    if let source {
      guard Self.with(source, 0, { bind(fd, $0, $1) }) == 0 else {
        close(fd)
        throw HTTPClient.Failure(description: "cannot bind \(source)")
      }
    }
    guard Self.with("127.0.0.1", port, { connect(fd, $0, $1) }) == 0 else {
      close(fd)
      throw HTTPClient.Failure(description: "connection refused on \(port)")
    }
  }

  /// Calls `body` with the IPv4 address `ip:port`.
  private static func with(
    _ ip: String, _ port: UInt16, _ body: (UnsafePointer<sockaddr>, socklen_t) -> Int32
  ) -> Int32 {
    var addr = sockaddr_in()
    addr.sin_family = sa_family_t(AF_INET)
    addr.sin_port = port.bigEndian
    addr.sin_addr.s_addr = inet_addr(ip)
    return withUnsafePointer(to: &addr) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        body($0, socklen_t(MemoryLayout<sockaddr_in>.size))
      }
    }
  }

  deinit { close(fd) }

  /// Sends `text`; false once the server closed the connection.
  @discardableResult
  func send(_ text: String) -> Bool { send(Array(text.utf8)) }

  @discardableResult
  func send(_ bytes: [UInt8]) -> Bool {
    var sent = 0
    while sent < bytes.count {
      let n = bytes[sent...].withUnsafeBytes {
        Foundation.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL))
      }
      if n <= 0 { return false }
      sent += n
    }
    return true
  }

  /// Everything the server sends until it closes or `seconds` pass without a byte.
  func receive(seconds: Int = 10) -> [UInt8] {
    var timeout = timeval(tv_sec: seconds, tv_usec: 0)
    setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    var out: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 64 << 10)
    while true {
      let n = recv(fd, &buffer, buffer.count, 0)
      if n <= 0 { break }
      out += buffer[0..<n]
    }
    return out
  }

  /// Whether the server closed the connection (a read returns end of file, or reset) within
  /// `seconds`; bytes it sends first are skipped.
  func closedByServer(within seconds: Int) -> Bool {
    var timeout = timeval(tv_sec: seconds, tv_usec: 0)
    setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    var buffer = [UInt8](repeating: 0, count: 4096)
    while true {
      let n = recv(fd, &buffer, buffer.count, 0)
      if n == 0 { return true }
      if n < 0 { return errno == ECONNRESET }
    }
  }
}
