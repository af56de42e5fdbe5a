import SVGCommands
import Synchronization

/// The service's state and request dispatch, without the HTTP daemon: routes get the
/// request as a value and return the response, so every failure becomes a JSON error.
final class Service: Sendable {
  let configuration: ServerConfiguration
  let store: DocumentStore
  let engine: RenderEngine
  let metrics = Metrics()
  let router: Router
  let sessions: Sessions
  let startedAt = ContinuousClock.now
  /// False once shutdown began: `/healthz` then answers 503.
  let accepting = Atomic<Bool>(true)

  init(configuration: ServerConfiguration) throws(StoreError) {
    self.configuration = configuration
    store = try DocumentStore(directory: configuration.dataDirectory)
    engine = RenderEngine(configuration: configuration, metrics: metrics)
    sessions = Sessions(store: store)
    router = Router(routes: Service.routes)
  }

  /// The response to `request` and the pattern of the route that made it.
  func handle(_ request: HTTPRequest) -> (HTTPResponse, route: String?) {
    var pattern: String?
    do {
      let (route, captures) = try router.route(request)
      pattern = route.pattern
      var response = try route.handler(self, request, captures)
      if request.method == "HEAD" { response.body = [] }
      return (response, pattern)
    } catch {
      return (error.response, pattern)
    }
  }

  /// Every route, in matching order; `/openapi.json` describes exactly these.
  static let routes: [Route] = renderRoutes + queryRoutes + documentRoutes + operationRoutes
}
