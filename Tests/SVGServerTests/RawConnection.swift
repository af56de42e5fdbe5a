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
      guard HTTPClient.withAddress(source, 0, { bind(fd, $0, $1) }) == 0 else {
        close(fd)
        throw HTTPClient.Failure(description: "cannot bind \(source)")
      }
    }
    guard HTTPClient.withAddress("127.0.0.1", port, { connect(fd, $0, $1) }) == 0 else {
      close(fd)
      throw HTTPClient.Failure(description: "connection refused on \(port)")
    }
  }

  deinit { close(fd) }

  /// Sends `text`; false once the server closed the connection.
  @discardableResult
  func send(_ text: String) -> Bool { send(Array(text.utf8)) }

  @discardableResult
  func send(_ bytes: [UInt8]) -> Bool { HTTPClient.send(bytes, on: fd) }

  /// Everything the server sends until it closes or `seconds` pass without a byte.
  func receive(seconds: Int = 10) -> [UInt8] {
    var timeout = timeval(tv_sec: seconds, tv_usec: 0)
    setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    return HTTPClient.receive(on: fd)
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
