import Foundation

/// The Inkpath HTTP service: render, query and colour SVG documents. Start it, read
/// ``port``, and call ``shutdown()`` to stop it gracefully.
public final class SVGServer: Sendable {
  public let configuration: ServerConfiguration
  let service: Service
  private let daemon: HTTPDaemon

  /// Opens the store under ``ServerConfiguration/dataDirectory``; does not listen yet.
  public init(configuration: ServerConfiguration) throws(StoreError) {
    self.configuration = configuration
    let service = try Service(configuration: configuration)
    self.service = service
    let log = configuration.accessLog
    let l = configuration.limits
    daemon = HTTPDaemon(
      limits: DaemonLimits(
        maxBodyBytes: l.maxBodyBytes, bodyBudget: l.maxBodiesInFlight,
        requestTimeout: l.requestTimeout, idleTimeout: l.connectionTimeout,
        maxConnections: l.maxConnections, maxConnectionsPerClient: l.maxConnectionsPerClient,
        connectionMemory: l.connectionMemory),
      handler: { service.handle($0) },
      screen: { service.access.screen(method: $0, path: $1, headers: $2) },
      completed: { exchange in
        service.metrics.record(exchange)
        log?(exchange.logLine)
      })
  }

  /// Starts listening on ``ServerConfiguration/host`` and ``ServerConfiguration/port``.
  public func start() throws(ServiceStartError) {
    try daemon.start(host: configuration.host, port: configuration.port)
  }

  /// The store, for the start-up line (a PostgreSQL URL without its password).
  public var storeName: String { service.store.name }

  /// The port the server listens on (the one picked when 0 was asked for).
  public var port: UInt16 { daemon.port }

  /// Stops accepting connections, lets the requests in flight finish (up to
  /// ``ServerConfiguration/shutdownGrace``), then stops.
  public func shutdown() {
    service.accepting.store(false, ordering: .relaxed)
    daemon.stop(grace: configuration.shutdownGrace)
  }
}
