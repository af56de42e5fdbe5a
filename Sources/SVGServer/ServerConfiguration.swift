import Foundation
import SVGCommands

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
  /// Log entries between two snapshots of a document's state (the document node for node,
  /// the active colour, the undo history), so a restart replays at most this many entries
  /// of a log however long. Default 100: replaying a command costs up to a scene build
  /// (milliseconds on a typical drawing, 100-200 ms for a region fill), so a session comes
  /// back within about a second in the usual case; a snapshot costs one copy of the arena,
  /// about the size of the SVG, which 100 commands spread to 1% of it each.
  public var snapshotInterval = 100
  /// Idle seconds before a connection is closed. Default 30.
  public var connectionTimeout = 30
  /// Open connections at once. Default 1,000.
  public var maxConnections = 1_000
  /// Open connections from one client address at once (0: no cap). Default 32. Behind a
  /// proxy every connection comes from the proxy: raise it there, and let the proxy cap
  /// each client.
  public var maxConnectionsPerClient = 32
  /// Memory each connection may use for its request line, headers and buffers (a request
  /// whose headers do not fit is refused). Default 64 KiB.
  public var connectionMemory = 64 << 10
  /// Time to receive a whole request (headers and body), and again to send its answer;
  /// past it the connection is closed whatever it trickles. Default 30 s.
  public var requestTimeout: Duration = .seconds(30)
  /// Bytes of request bodies held at once over every connection; past it a request is
  /// answered 503 with `Retry-After`. Default 256 MiB.
  public var maxBodiesInFlight = 256 << 20
  /// Time one command script may take; past it nothing of it is applied and the answer is
  /// 503 with `Retry-After`. Default 10 s.
  public var scriptTimeout: Duration = .seconds(10)
  /// Requests waiting for a render slot at once; past it the answer is 503 at once.
  /// Default 64.
  public var maxQueuedRenders = 64
  /// Bytes of `POST /render` answers kept to answer a repeated render (the same body and
  /// parameters, so the same ETag) without drawing it again; 0 keeps none. Default 32 MiB:
  /// about 10,000 answers of a 64 px icon, an eighth of the bodies held in flight; an answer
  /// over a sixteenth of it (2 MiB) is never kept, so a few big renders cannot flush it.
  public var renderCacheBytes = 32 << 20
  /// Documents one token may hold (403 past it); nil for no quota. Default 1,000.
  public var documentsPerToken: Int? = 1_000
  /// Bytes of SVG one token's documents may hold (403 past it); nil for no quota.
  /// Default 1 GiB.
  public var bytesPerToken: Int? = 1 << 30

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
  /// The store: `sqlite:PATH`, or `postgresql://...` (libpq's connection URI) for several
  /// replicas sharing one database; nil for `sqlite:` in ``dataDirectory``.
  public var storeURL: String?
  /// Tokens, allowed hosts and CORS origins; the default is open, for local use.
  public var access = AccessPolicy()
  /// Command scripts and queries running at once (each connection has its own thread; this
  /// caps the work they do together). Default: one per core.
  public var threads = ProcessInfo.processInfo.activeProcessorCount
  public var limits = ServerLimits()
  /// External files (images) may be read from this folder; nil allows `data:` URLs only.
  public var resourceDirectory: String?
  /// Extra font folders for text.
  public var fontDirectories: [String] = []
  /// The scheme of the commands' URL forms in command scripts and the one-command route:
  /// `svg://fillAt/10/20` and `svg:fillAt:10:20` by default.
  public var urlScheme = CommandURLScheme.svg
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
