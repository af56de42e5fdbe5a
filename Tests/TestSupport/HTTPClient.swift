import Foundation

/// A minimal HTTP/1.1 client over a POSIX socket, so tests see exactly what the server
/// sends and can send what no library would (malformed requests, chunked bodies).
package struct HTTPClient: Sendable {
  package struct Response: Sendable {
    package var status: Int
    package var headers: [(String, String)]
    package var body: [UInt8]

    package func header(_ name: String) -> String? {
      headers.first { $0.0.lowercased() == name.lowercased() }?.1
    }
    package func all(_ name: String) -> [String] {
      headers.filter { $0.0.lowercased() == name.lowercased() }.map(\.1)
    }
    package var text: String { String(decoding: body, as: UTF8.self) }
    /// The body as a JSON object (empty when it is not one).
    package var json: [String: Any] {
      (try? JSONSerialization.jsonObject(with: Data(body))) as? [String: Any] ?? [:]
    }
  }

  package struct Failure: Error, CustomStringConvertible {
    package var description: String
    package init(description: String) { self.description = description }
  }

  package var port: UInt16
  /// Seconds a send or a receive may wait before the exchange gives up (no test hangs on a
  /// server that does not answer).
  package var timeout: Int

  package init(port: UInt16, timeout: Int = 60) {
    self.port = port
    self.timeout = timeout
  }

  package func get(_ path: String, headers: [(String, String)] = []) throws -> Response {
    try request("GET", path, headers: headers)
  }

  package func post(_ path: String, _ body: String, headers: [(String, String)] = []) throws
    -> Response
  {
    try request("POST", path, headers: headers, body: Array(body.utf8))
  }

  package func request(
    _ method: String, _ path: String, headers: [(String, String)] = [], body: [UInt8] = [],
    chunked: Bool = false, byLength: Bool = false
  ) throws -> Response {
    var head = "\(method) \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n"
    for (k, v) in headers { head += "\(k): \(v)\r\n" }
    var bytes: [UInt8]
    if chunked {
      head += "Transfer-Encoding: chunked\r\n\r\n"
      bytes = Array(head.utf8)
      var i = 0
      while i < body.count {
        let n = min(64 << 10, body.count - i)
        bytes += Array("\(String(n, radix: 16))\r\n".utf8) + body[i..<i + n] + Array("\r\n".utf8)
        i += n
      }
      bytes += Array("0\r\n\r\n".utf8)
    } else {
      if !body.isEmpty || method == "POST" { head += "Content-Length: \(body.count)\r\n" }
      bytes = Array((head + "\r\n").utf8) + body
    }
    return try parse(try exchange(bytes, byLength: byLength))
  }

  /// Sends `bytes` as they are and returns everything the server answers until it closes,
  /// or with `byLength`, until one response with a `Content-Length` body is complete (for
  /// servers that keep the connection open, such as chromedriver).
  package func exchange(_ bytes: [UInt8], byLength: Bool = false) throws -> [UInt8] {
    let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard fd >= 0 else { throw Failure(description: "socket failed") }
    defer { close(fd) }
    var limit = timeval(tv_sec: timeout, tv_usec: 0)
    setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
    setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
    let connected = Self.withAddress("127.0.0.1", port) { connect(fd, $0, $1) }
    guard connected == 0 else { throw Failure(description: "connection refused on \(port)") }
    // The server may answer (413) and close before reading it all.
    Self.send(bytes, on: fd)
    return Self.receive(on: fd, byLength: byLength)
  }

  /// Calls `body` with the IPv4 address `ip:port` (for `connect` and `bind`).
  package static func withAddress(
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

  /// Sends all of `bytes` on socket `fd`; false when the peer closed first.
  @discardableResult
  package static func send(_ bytes: [UInt8], on fd: Int32) -> Bool {
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

  /// Everything socket `fd` receives until the peer closes, or its receive timeout passes
  /// without a byte; with `byLength`, only until a response with a `Content-Length` is in.
  package static func receive(on fd: Int32, byLength: Bool = false) -> [UInt8] {
    var out: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 64 << 10)
    while true {
      let n = recv(fd, &buffer, buffer.count, 0)
      if n <= 0 { break }
      out += buffer[0..<n]
      if byLength, let end = Self.completeLength(out), out.count >= end { break }
    }
    return out
  }

  /// The length of a response whose head is in `raw` and says its `Content-Length`.
  private static func completeLength(_ raw: [UInt8]) -> Int? {
    let separator: [UInt8] = [13, 10, 13, 10]
    guard let head = raw.firstRange(of: separator) else { return nil }
    let text = String(decoding: raw[..<head.lowerBound], as: UTF8.self).lowercased()
    guard
      let line = text.split(separator: "\r\n").first(where: { $0.hasPrefix("content-length:") }),
      let length = Int(line.dropFirst(15).trimmingCharacters(in: .whitespaces))
    else { return nil }
    return head.upperBound + length
  }

  private func parse(_ raw: [UInt8]) throws -> Response {
    let separator: [UInt8] = [13, 10, 13, 10]
    guard
      let end = (0..<max(0, raw.count - 3)).first(where: { Array(raw[$0..<$0 + 4]) == separator })
    else { throw Failure(description: "no response (\(raw.count) bytes)") }
    let lines = String(decoding: raw[..<end], as: UTF8.self).components(separatedBy: "\r\n")
    let statusParts = lines[0].split(separator: " ")
    guard statusParts.count >= 2, let status = Int(statusParts[1]) else {
      throw Failure(description: "bad status line \(lines[0])")
    }
    var headers: [(String, String)] = []
    for line in lines.dropFirst() {
      guard let colon = line.firstIndex(of: ":") else { continue }
      headers.append(
        (
          String(line[..<colon]),
          line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        ))
    }
    var body = Array(raw[(end + 4)...])
    if headers.contains(where: { $0.0.lowercased() == "transfer-encoding" && $0.1 == "chunked" }) {
      body = dechunk(body)
    }
    return Response(status: status, headers: headers, body: body)
  }

  private func dechunk(_ data: [UInt8]) -> [UInt8] {
    var out: [UInt8] = []
    var i = 0
    while i < data.count {
      guard
        let lineEnd = (i..<data.count - 1).first(where: { data[$0] == 13 && data[$0 + 1] == 10 }),
        let n = Int(String(decoding: data[i..<lineEnd], as: UTF8.self), radix: 16), n > 0
      else { break }
      out += data[(lineEnd + 2)..<(lineEnd + 2 + n)]
      i = lineEnd + 2 + n + 2
    }
    return out
  }
}
