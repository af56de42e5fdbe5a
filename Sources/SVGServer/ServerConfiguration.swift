import Foundation

/// The service's limits. Each is a `svg-serve` flag; the defaults are safe for a server
/// open to untrusted clients on a small machine.
public struct ServerLimits: Sendable, Hashable {
  /// Largest request body in bytes (413 past it). Default 10 MiB.
  public var maxBodyBytes = 10 << 20
  /// Largest output image, and any intermediate layer, in pixels (422 past it).
  /// Default 16,777,216 (4096 x 4096).
  public var maxPixels = 4096 * 4096
  /// Time one render may take before it is cancelled and answered 503. Default 10 s.
  public var renderTimeout: Duration = .seconds(10)
  /// Renders running at once. Default: one per core.
  public var maxConcurrentRenders = ProcessInfo.processInfo.activeProcessorCount
  /// How long a render waits for a free slot before it is answered 503. Default 2 s.
  public var renderWait: Duration = .seconds(2)
  /// Documents the store holds (503 past it). Default 10,000.
  public var maxDocuments = 10_000
  /// Largest stored document's SVG, in bytes (413 past it). Default 10 MiB.
  public var maxDocumentBytes = 10 << 20
  /// Commands one document's log may hold (413 past it). Default 100,000.
  public var maxCommandsPerDocument = 100_000
  /// Idle seconds before a connection is closed. Default 30.
  public var connectionTimeout = 30
  /// Open connections at once. Default 1,000.
  public var maxConnections = 1_000

  public init() {}
}

/// Everything the server is started with.
public struct ServerConfiguration: Sendable {
  /// The address to listen on: an IPv4 or IPv6 literal. Default loopback only.
  public var host = "127.0.0.1"
  /// Default 8080; 0 picks a free port (read it back from ``SVGServer/port``).
  public var port: UInt16 = 8080
  /// Where the SQLite store lives (created when missing).
  public var dataDirectory = "./inkpath-data"
  /// Worker threads of the HTTP daemon. Default: one per core.
  public var threads = ProcessInfo.processInfo.activeProcessorCount
  public var limits = ServerLimits()
  /// External files (images) may be read from this folder; nil allows `data:` URLs only.
  public var resourceDirectory: String?
  /// Extra font folders for text.
  public var fontDirectories: [String] = []
  /// Called once per answered request with a line in the access log's format; the library
  /// never prints, so the executable decides where it goes.
  public var accessLog: (@Sendable (String) -> Void)?
  /// Answers to wait for at shutdown before connections are closed. Default 30 s.
  public var shutdownGrace: Duration = .seconds(30)

  public init() {}
}

extension CompletedExchange {
  /// `127.0.0.1 "POST /render" 200 1234 5.2ms`.
  public var logLine: String {
    let ms =
      Double(duration.components.attoseconds) / 1e15
      + Double(duration.components.seconds) * 1000
    let time = (ms * 10).rounded() / 10
    return "\(client) \"\(method) \(path)\" \(status) \(responseBytes) \(time)ms"
  }
}
