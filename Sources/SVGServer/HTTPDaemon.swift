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
/// Each connection has its own thread, so a long answer never holds up another connection.
final class HTTPDaemon: @unchecked Sendable {
  typealias Handler = @Sendable (HTTPRequest) -> (HTTPResponse, route: String?)
  /// Looks at a request when its headers are in, before any body is read: a response
  /// refuses it at once (401, 421, ...), nil lets it through.
  typealias Screen =
    @Sendable (_ method: String, _ path: String, _ headers: [String: String])
    -> HTTPResponse?

  let handler: Handler
  let screen: Screen
  let completed: @Sendable (CompletedExchange) -> Void
  let limits: DaemonLimits
  let deadlines: RequestDeadlines
  private var daemon: OpaquePointer?
  private var quiescedSocket: Int32 = -1
  private let inFlight = Mutex(0)
  private let bodiesHeld = Atomic<Int>(0)
  private(set) var port: UInt16 = 0

  var maxBodyBytes: Int { limits.maxBodyBytes }

  init(
    limits: DaemonLimits, handler: @escaping Handler,
    screen: @escaping Screen = { _, _, _ in nil },
    completed: @escaping @Sendable (CompletedExchange) -> Void
  ) {
    self.limits = limits
    self.handler = handler
    self.screen = screen
    self.completed = completed
    deadlines = RequestDeadlines(timeout: limits.requestTimeout)
  }

  /// Bytes of request bodies held now.
  var bodyBytesInFlight: Int { bodiesHeld.load(ordering: .relaxed) }

  /// Binds `host:port` (an IPv4 or IPv6 literal; port 0 picks a free one).
  func start(host: String, port: UInt16) throws(ServiceStartError) {
    let context = Unmanaged.passUnretained(self).toOpaque()
    var v4 = sockaddr_in()
    var v6 = sockaddr_in6()
    let l = limits
    func run(_ address: UnsafePointer<sockaddr>, ipv6: Int32) -> OpaquePointer? {
      inkpath_mhd_start(
        address, ipv6, accessHandler, context, completionHandler, context, connectionHandler,
        context, UInt32(l.idleTimeout), UInt32(l.maxConnections),
        UInt32(l.maxConnectionsPerClient), l.connectionMemory)
    }
    let started: OpaquePointer?
    if inet_pton(AF_INET, host, &v4.sin_addr) == 1 {
      v4.sin_family = sa_family_t(AF_INET)
      v4.sin_port = port.bigEndian
      started = withUnsafePointer(to: &v4) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { run($0, ipv6: 0) }
      }
    } else if inet_pton(AF_INET6, host, &v6.sin6_addr) == 1 {
      v6.sin6_family = sa_family_t(AF_INET6)
      v6.sin6_port = port.bigEndian
      started = withUnsafePointer(to: &v6) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { run($0, ipv6: 1) }
      }
    } else {
      throw ServiceStartError("--host: \"\(host)\" is not an IPv4 or IPv6 address")
    }
    guard let started else {
      throw ServiceStartError("cannot listen on \(host):\(port) (in use, or not allowed)")
    }
    daemon = started
    self.port = inkpath_mhd_port(started)
    deadlines.start()
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
    deadlines.stop()
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
      let headers = Self.headers(connection)
      if let refusal = refuseEarly(method: method, url: url, headers: headers, exchange) {
        return send(refusal, on: connection, exchange: exchange)
      }
      return .YES
    }
    let exchange = Unmanaged<Exchange>.fromOpaque(raw).takeUnretainedValue()
    if uploadSize.pointee > 0 {
      let n = uploadSize.pointee
      uploadSize.pointee = 0
      guard exchange.refusal == nil, let upload else { return .YES }
      if exchange.body.count + n > maxBodyBytes {
        exchange.refuse(tooLarge())
      } else if exchange.body.count + n > exchange.reserved, !reserve(n, for: exchange) {
        exchange.refuse(overBudget())
      } else {
        upload.withMemoryRebound(to: UInt8.self, capacity: n) {
          exchange.body.append(contentsOf: UnsafeBufferPointer(start: $0, count: n))
        }
      }
      return .YES
    }
    if let refusal = exchange.refusal { return send(refusal, on: connection, exchange: exchange) }
    let (path, queryString) = Self.split(url)
    let request = HTTPRequest(
      method: method, rawPath: path, query: Self.arguments(connection, fallback: queryString),
      headers: Self.headers(connection), body: exchange.body)
    exchange.body = []
    deadlines.working(connection)
    let (response, route) = handler(request)
    deadlines.restart(connection)
    exchange.route = route
    return send(response, on: connection, exchange: exchange)
  }

  /// What is refused once the headers are in: framing that proxies and this daemon could
  /// read differently (request smuggling), a body over the limit or over the budget of
  /// bodies in flight, and whatever the screen refuses.
  private func refuseEarly(
    method: String, url: String, headers: [String: String], _ exchange: Exchange
  ) -> HTTPResponse? {
    if let length = headers["content-length"] {
      if headers["transfer-encoding"] != nil {
        return .refusal(400, "Content-Length and Transfer-Encoding together are refused")
      }
      guard !length.isEmpty, length.utf8.allSatisfy({ (0x30...0x39).contains($0) }) else {
        return .refusal(400, "Content-Length \"\(length.prefix(40))\" is not a whole number")
      }
      guard length.utf8.count <= 15, let n = Int(length), n <= maxBodyBytes else {
        return tooLarge()
      }
      if n > 0, !reserve(n, for: exchange) { return overBudget() }
      exchange.body.reserveCapacity(n)  // exactly what is announced, not doubling growth
    } else if let coding = headers["transfer-encoding"], coding.lowercased() != "chunked" {
      return .refusal(501, "Transfer-Encoding \"\(coding.prefix(40))\" is not supported")
    }
    return screen(method, Self.split(url).0, headers)
  }

  /// Takes `n` more bytes from the budget of bodies in flight; false when it is spent.
  private func reserve(_ n: Int, for exchange: Exchange) -> Bool {
    var held = bodiesHeld.load(ordering: .relaxed)
    while true {
      guard held + n <= limits.bodyBudget else { return false }
      let (done, now) = bodiesHeld.compareExchange(
        expected: held, desired: held + n, ordering: .relaxed)
      if done {
        exchange.reserved += n
        return true
      }
      held = now
    }
  }

  fileprivate func opened(_ connection: OpaquePointer) { deadlines.opened(connection) }
  fileprivate func closed(_ connection: OpaquePointer) { deadlines.closed(connection) }

  fileprivate func finish(
    _ connection: OpaquePointer?, _ state: UnsafeMutablePointer<UnsafeMutableRawPointer?>
  ) {
    if let connection { deadlines.restart(connection) }
    guard let raw = state.pointee else { return }
    state.pointee = nil
    let exchange = Unmanaged<Exchange>.fromOpaque(raw).takeRetainedValue()
    bodiesHeld.subtract(exchange.reserved, ordering: .relaxed)
    inFlight.withLock { $0 -= 1 }
    completed(
      CompletedExchange(
        client: exchange.client, method: exchange.method, path: exchange.path,
        status: exchange.status, responseBytes: exchange.responseBytes,
        duration: ContinuousClock.now - exchange.start, route: exchange.route))
  }

  private func overBudget() -> HTTPResponse {
    var e = ServiceError(
      503, "the server holds its budget of \(limits.bodyBudget) bytes of request bodies")
    e.headers = [("Retry-After", "1"), ("Connection", "close")]
    return e.response
  }

  private func tooLarge() -> HTTPResponse {
    var e = ServiceError(413, "the request body is over the limit of \(maxBodyBytes) bytes")
    e.headers = [("Connection", "close")]
    return e.response
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
}

/// One request's state between the daemon's calls.
private final class Exchange {
  let method: String
  let path: String
  let client: String
  let start = ContinuousClock.now
  var body: [UInt8] = []
  /// Bytes of the budget of bodies in flight this request holds.
  var reserved = 0
  /// The answer once the request is refused (its body is then read and dropped).
  var refusal: HTTPResponse?
  var status = 0
  var responseBytes = 0
  var route: String?

  init(method: String, path: String, client: String) {
    self.method = method
    self.path = path
    self.client = client
  }

  func refuse(_ response: HTTPResponse) {
    refusal = response
    body = []
  }
}

extension HTTPResponse {
  /// A refusal before the body is read: the connection closes after it.
  static func refusal(_ status: Int, _ message: String) -> HTTPResponse {
    var e = ServiceError(status, message)
    e.headers = [("Connection", "close")]
    return e.response
  }
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

private let completionHandler: MHD_RequestCompletedCallback = { context, connection, state, _ in
  guard let context, let state else { return }
  Unmanaged<HTTPDaemon>.fromOpaque(context).takeUnretainedValue().finish(connection, state)
}

private let connectionHandler: MHD_NotifyConnectionCallback = { context, connection, _, code in
  guard let context, let connection else { return }
  let daemon = Unmanaged<HTTPDaemon>.fromOpaque(context).takeUnretainedValue()
  if code == MHD_CONNECTION_NOTIFY_STARTED_CODE {
    daemon.opened(connection)
  } else {
    daemon.closed(connection)
  }
}
