/// `/healthz`, `/metrics` and `/openapi.json`.
extension Service {
  static let operationRoutes: [Route] = [
    Route(
      method: "GET", pattern: "/healthz", summary: "Liveness: 200 while serving, 503 in shutdown",
      responses: [(200, "application/json"), (503, "application/json")]
    ) { service, _, _ throws(ServiceError) in
      guard service.accepting.load(ordering: .relaxed) else {
        throw ServiceError(503, "shutting down")
      }
      let documents: Int
      do { documents = try service.store.count() } catch let error as StoreError {
        throw ServiceError(503, "the store cannot be read: \(error.message)")
      } catch {
        throw ServiceError(503, "the store cannot be read")
      }
      return .json(.object([("status", "ok"), ("documents", .number(Double(documents)))]))
    },
    Route(
      method: "GET", pattern: "/metrics",
      summary: "Prometheus metrics: requests, latencies, renders, errors",
      responses: [(200, "text/plain")]
    ) { service, _, _ throws(ServiceError) in
      let cache = service.renderCache.counts
      let gauges: [(name: String, help: String, value: Int)] = [
        ("inkpath_renders_in_flight", "Renders running now.", service.engine.rendersInFlight),
        ("inkpath_documents", "Documents in the store.", (try? service.store.count()) ?? -1),
        ("inkpath_sessions_cached", "Sessions held in memory.", service.sessions.cachedCount),
        ("inkpath_render_cache_entries", "Render answers kept.", cache.entries),
        ("inkpath_render_cache_bytes", "Bytes of render answers kept.", cache.bytes),
        ("inkpath_render_cache_hits", "Renders answered from the cache since start.", cache.hits),
        (
          "inkpath_replayed_entries", "Log entries replayed to bring sessions up to date.",
          service.sessions.replayedEntries.load(ordering: .relaxed)
        ),
      ]
      return .text(service.metrics.text(gauges: gauges), type: "text/plain; version=0.0.4")
    },
    Route(
      method: "GET", pattern: "/openapi.json", summary: "This API as an OpenAPI 3.0 document",
      responses: [(200, "application/json")]
    ) { _, _, _ throws(ServiceError) in
      .json(OpenAPI.document(routes: Service.routes))
    },
  ]
}
