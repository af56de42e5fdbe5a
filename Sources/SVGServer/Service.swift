import Foundation
import SVGCommands
import Synchronization

/// The service's state and request dispatch, without the HTTP daemon: routes get the
/// request as a value and return the response, so every failure becomes a JSON error.
final class Service: Sendable {
  let configuration: ServerConfiguration
  let store: any DocumentStorage
  let access: AccessControl
  let engine: RenderEngine
  /// Answers of `POST /render` by ETag (``ServerLimits/renderCacheBytes``).
  let renderCache: RenderCache
  let metrics = Metrics()
  let router: Router
  let sessions: Sessions
  /// Command scripts running at once: ``ServerConfiguration/threads``.
  let scriptSlots: WorkSlots
  let startedAt = ContinuousClock.now
  /// False once shutdown began: `/healthz` then answers 503.
  let accepting = Atomic<Bool>(true)

  init(configuration: ServerConfiguration) throws(StoreError) {
    self.configuration = configuration
    store = try Self.openStore(configuration)
    access = AccessControl(policy: configuration.access)
    engine = RenderEngine(configuration: configuration, metrics: metrics)
    renderCache = RenderCache(budget: configuration.limits.renderCacheBytes)
    sessions = Sessions(store: store, snapshotInterval: configuration.limits.snapshotInterval)
    scriptSlots = WorkSlots(
      count: configuration.threads, maxWaiting: configuration.limits.maxQueuedRenders,
      wait: configuration.limits.renderWait, kind: "script")
    router = Router(routes: Service.routes)
  }

  /// The store a configuration names: `sqlite:PATH`, `postgresql://...`, or SQLite in the
  /// data folder.
  static func openStore(_ c: ServerConfiguration) throws(StoreError) -> any DocumentStorage {
    guard let url = c.storeURL else { return try DocumentStore(directory: c.dataDirectory) }
    if url.hasPrefix("postgresql://") || url.hasPrefix("postgres://") {
      return try PostgresDocumentStore(url: url)
    }
    guard url.hasPrefix("sqlite:"), url.count > 7 else {
      throw StoreError("--store: \"\(url)\" is neither sqlite:PATH nor postgresql://...")
    }
    let path = String(url.dropFirst(7))
    let folder = (path as NSString).deletingLastPathComponent
    if !folder.isEmpty {
      try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }
    return try DocumentStore(path: path)
  }

  /// The response to `request` and the pattern of the route that made it.
  func handle(_ request: HTTPRequest) -> (HTTPResponse, route: String?) {
    var pattern: String?
    var response: HTTPResponse
    do {
      if request.method == "OPTIONS" {
        response = HTTPResponse(status: 204, headers: [("Allow", "GET, HEAD, POST, DELETE")])
      } else {
        let (route, captures) = try router.route(request)
        pattern = route.pattern
        response = try route.handler(self, request, captures)
      }
    } catch {
      response = error.response
    }
    if request.method == "HEAD" { response.body = [] }
    access.cors(request, &response)
    if response.header("Content-Type")?.hasPrefix("image/svg+xml") == true {
      Self.confine(&response, inline: request.query["inline"] != nil)
    }
    return (response, pattern)
  }

  /// Served SVG never runs a script: a CSP that allows inline styles and `data:` images
  /// only, no sniffing, and a download unless the client asks `?inline`.
  static func confine(_ response: inout HTTPResponse, inline: Bool) {
    response.setHeader(
      "Content-Security-Policy", "default-src 'none'; style-src 'unsafe-inline'; img-src data:")
    response.setHeader("X-Content-Type-Options", "nosniff")
    if !inline { response.setHeader("Content-Disposition", "attachment") }
  }

  /// Every route, in matching order; `/openapi.json` describes exactly these.
  static let routes: [Route] =
    renderRoutes + queryRoutes + documentRoutes + appRoutes + operationRoutes
}
