import CMicroHTTPD
import Foundation
import SVGTree
import Synchronization

/// What the daemon reports when an exchange ends, for the access log and the metrics.
public struct CompletedExchange: Sendable {
  public var client: String
  public var method: String
  public var path: String
  public var status: Int
  public var responseBytes: Int
  public var duration: Duration
  /// The route pattern that answered (`/documents/{id}.png`), nil when none matched.
  public var route: String?
}

/// libmicrohttpd behind a Swift closure: it reads each request's whole body (up to a limit)
/// and sends the ``HTTPResponse`` the handler returns. The C callbacks only move bytes and
/// call the handler, which cannot throw; nothing Swift-specific crosses the C boundary.
final class HTTPDaemon: @unchecked Sendable {
  typealias Handler = @Sendable (HTTPRequest) -> (HTTPResponse, route: String?)

  let handler: Handler
  let completed: @Sendable (CompletedExchange) -> Void
  let maxBodyBytes: Int
  private var daemon: OpaquePointer?
  private var quiescedSocket: Int32 = -1
  private let inFlight = Mutex(0)
  private(set) var port: UInt16 = 0

  init(
    maxBodyBytes: Int, handler: @escaping Handler,
    completed: @escaping @Sendable (CompletedExchange) -> Void
  ) {
    self.maxBodyBytes = maxBodyBytes
    self.handler = handler
    self.completed = completed
  }

  /// Binds `host:port` (an IPv4 or IPv6 literal; port 0 picks a free one) and starts
  /// `threads` worker threads.
  func start(
    host: String, port: UInt16, threads: Int, connectionTimeout: Int, maxConnections: Int
  ) throws(ServiceStartError) {
    let context = Unmanaged.passUnretained(self).toOpaque()
    var v4 = sockaddr_in()
    var v6 = sockaddr_in6()
    let started: OpaquePointer?
    if inet_pton(AF_INET, host, &v4.sin_addr) == 1 {
      v4.sin_family = sa_family_t(AF_INET)
      v4.sin_port = port.bigEndian
      started = withUnsafePointer(to: &v4) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
          inkpath_mhd_start(
            $0, 0, UInt32(threads), accessHandler, context, completionHandler, context,
            UInt32(connectionTimeout), UInt32(maxConnections))
        }
      }
    } else if inet_pton(AF_INET6, host, &v6.sin6_addr) == 1 {
      v6.sin6_family = sa_family_t(AF_INET6)
      v6.sin6_port = port.bigEndian
      started = withUnsafePointer(to: &v6) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
          inkpath_mhd_start(
            $0, 1, UInt32(threads), accessHandler, context, completionHandler, context,
            UInt32(connectionTimeout), UInt32(maxConnections))
        }
      }
    } else {
      throw ServiceStartError("--host: \"\(host)\" is not an IPv4 or IPv6 address")
    }
    guard let started else {
      throw ServiceStartError("cannot listen on \(host):\(port) (in use, or not allowed)")
    }
    daemon = started
    self.port = inkpath_mhd_port(started)
  }

  /// Stops accepting connections, waits up to `grace` for the requests in flight to be
  /// answered, then stops the worker threads.
  func stop(grace: Duration) {
    guard let daemon else { return }
    quiescedSocket = MHD_quiesce_daemon(daemon)
    let deadline = ContinuousClock.now + grace
    while inFlight.withLock({ $0 }) > 0, ContinuousClock.now < deadline {
      usleep(5_000)
    }
    MHD_stop_daemon(daemon)
    if quiescedSocket >= 0 { close(quiescedSocket) }
    self.daemon = nil
  }

  var requestsInFlight: Int { inFlight.withLock { $0 } }

  // MARK: Called from the C callbacks

  fileprivate func handle(
    _ connection: OpaquePointer, url: String, method: String,
    upload: UnsafePointer<CChar>?, uploadSize: UnsafeMutablePointer<Int>,
    state: UnsafeMutablePointer<UnsafeMutableRawPointer?>
  ) -> MHD_Result {
    guard let raw = state.pointee else {
      // First call: headers are in, no body yet.
      let exchange = Exchange(method: method, path: url, client: Self.client(connection))
      state.pointee = Unmanaged.passRetained(exchange).toOpaque()
      inFlight.withLock { $0 += 1 }
      if let length = Self.header(connection, "Content-Length").flatMap(Int.init),
        length > maxBodyBytes
      {
        exchange.tooLarge = true
        return send(tooLarge(), on: connection, exchange: exchange)
      }
      return .YES
    }
    let exchange = Unmanaged<Exchange>.fromOpaque(raw).takeUnretainedValue()
    if uploadSize.pointee > 0 {
      if !exchange.tooLarge, let upload {
        if exchange.body.count + uploadSize.pointee > maxBodyBytes {
          exchange.tooLarge = true
          exchange.body = []
        } else {
          upload.withMemoryRebound(to: UInt8.self, capacity: uploadSize.pointee) {
            exchange.body.append(
              contentsOf: UnsafeBufferPointer(start: $0, count: uploadSize.pointee))
          }
        }
      }
      uploadSize.pointee = 0
      return .YES
    }
    if exchange.tooLarge { return send(tooLarge(), on: connection, exchange: exchange) }
    let (path, queryString) = Self.split(url)
    let request = HTTPRequest(
      method: method, rawPath: path, query: Self.arguments(connection, fallback: queryString),
      headers: Self.headers(connection), body: exchange.body)
    exchange.body = []
    let (response, route) = handler(request)
    exchange.route = route
    return send(response, on: connection, exchange: exchange)
  }

  fileprivate func finish(_ state: UnsafeMutablePointer<UnsafeMutableRawPointer?>) {
    guard let raw = state.pointee else { return }
    state.pointee = nil
    let exchange = Unmanaged<Exchange>.fromOpaque(raw).takeRetainedValue()
    inFlight.withLock { $0 -= 1 }
    completed(
      CompletedExchange(
        client: exchange.client, method: exchange.method, path: exchange.path,
        status: exchange.status, responseBytes: exchange.responseBytes,
        duration: ContinuousClock.now - exchange.start, route: exchange.route))
  }

  private func tooLarge() -> HTTPResponse {
    ServiceError(413, "the request body is over the limit of \(maxBodyBytes) bytes").response
  }

  private func send(_ r: HTTPResponse, on connection: OpaquePointer, exchange: Exchange)
    -> MHD_Result
  {
    exchange.status = r.status
    exchange.responseBytes = r.body.count
    var body = r.body
    let response = body.withUnsafeMutableBytes {
      MHD_create_response_from_buffer($0.count, $0.baseAddress, .RESPMEM_MUST_COPY)
    }
    guard let response else { return .NO }
    defer { MHD_destroy_response(response) }
    for (name, value) in r.headers { _ = MHD_add_response_header(response, name, value) }
    return MHD_queue_response(connection, UInt32(r.status), response)
  }

  private static func split(_ url: String) -> (String, String?) {
    guard let q = url.firstIndex(of: "?") else { return (url, nil) }
    return (String(url[..<q]), String(url[url.index(after: q)...]))
  }

  private static func client(_ connection: OpaquePointer) -> String {
    var buffer = [CChar](repeating: 0, count: 64)
    inkpath_mhd_client(connection, &buffer, buffer.count)
    return String(cString: buffer)
  }

  private static func header(_ connection: OpaquePointer, _ name: String) -> String? {
    MHD_lookup_connection_value(connection, .HEADER_KIND, name).map { String(cString: $0) }
  }

  private static func headers(_ connection: OpaquePointer) -> [String: String] {
    var out: [String: String] = [:]
    for (k, v) in collect(connection, .HEADER_KIND) { out[k.lowercased()] = v }
    return out
  }

  /// Query arguments, percent-decoded here (the daemon leaves them as sent).
  private static func arguments(_ connection: OpaquePointer, fallback: String?) -> [String: String]
  {
    var out: [String: String] = [:]
    for (k, v) in collect(connection, .GET_ARGUMENT_KIND) {
      out[PercentEncoding.decode(k, plusIsSpace: true)] = PercentEncoding.decode(
        v, plusIsSpace: true)
    }
    return out
  }

  private static func collect(_ connection: OpaquePointer, _ kind: MHD_ValueKind) -> [(
    String, String
  )] {
    let box = PairBox()
    let iterator: MHD_KeyValueIterator = { cls, _, key, value in
      guard let cls, let key else { return .YES }
      let box = Unmanaged<PairBox>.fromOpaque(cls).takeUnretainedValue()
      box.pairs.append((String(cString: key), value.map { String(cString: $0) } ?? ""))
      return .YES
    }
    withExtendedLifetime(box) {
      _ = MHD_get_connection_values(
        connection, kind, iterator, Unmanaged.passUnretained(box).toOpaque())
    }
    return box.pairs
  }
}

/// Why the server could not start.
public struct ServiceStartError: Error, Sendable, CustomStringConvertible {
  public var message: String
  public init(_ message: String) { self.message = message }
  public var description: String { message }
}

/// One request's state between the daemon's calls.
private final class Exchange {
  let method: String
  let path: String
  let client: String
  let start = ContinuousClock.now
  var body: [UInt8] = []
  var tooLarge = false
  var status = 0
  var responseBytes = 0
  var route: String?

  init(method: String, path: String, client: String) {
    self.method = method
    self.path = path
    self.client = client
  }
}

private final class PairBox {
  var pairs: [(String, String)] = []
}

private let accessHandler: MHD_AccessHandlerCallback = {
  context, connection, url, method, _, upload, uploadSize, state in
  guard let context, let connection, let url, let method, let uploadSize, let state else {
    return .NO
  }
  let daemon = Unmanaged<HTTPDaemon>.fromOpaque(context).takeUnretainedValue()
  return daemon.handle(
    connection, url: String(cString: url), method: String(cString: method), upload: upload,
    uploadSize: uploadSize, state: state)
}

private let completionHandler: MHD_RequestCompletedCallback = { context, _, state, _ in
  guard let context, let state else { return }
  Unmanaged<HTTPDaemon>.fromOpaque(context).takeUnretainedValue().finish(state)
}
