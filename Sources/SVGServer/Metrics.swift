import Synchronization

/// Counters and a latency histogram, written in Prometheus' text format at `/metrics`.
final class Metrics: Sendable {
  private struct State {
    var requests: [RequestKey: Int] = [:]
    var buckets = [Int](repeating: 0, count: Metrics.bounds.count)
    var latencySum = 0.0
    var latencyCount = 0
    var renders: [String: Int] = [:]
    var renderFailures: [String: Int] = [:]
    var errors: [Int: Int] = [:]
  }

  private struct RequestKey: Hashable {
    var method: String
    var route: String
    var status: Int
  }

  /// Upper bounds of the latency buckets, in seconds.
  static let bounds: [Double] = [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10]
  private let state = Mutex(State())

  func record(_ e: CompletedExchange) {
    let seconds =
      Double(e.duration.components.seconds)
      + Double(e.duration.components.attoseconds) / 1e18
    state.withLock { s in
      s.requests[
        RequestKey(method: e.method, route: e.route ?? "unmatched", status: e.status), default: 0] +=
        1
      for (i, b) in Self.bounds.enumerated() where seconds <= b { s.buckets[i] += 1 }
      s.latencySum += seconds
      s.latencyCount += 1
      if e.status >= 400 { s.errors[e.status, default: 0] += 1 }
    }
  }

  /// A finished render, by output format.
  func rendered(_ format: String) { state.withLock { $0.renders[format, default: 0] += 1 } }

  /// A render that failed: `timeout`, `busy`, `invalid` or `limit`.
  func renderFailed(_ reason: String) {
    state.withLock { $0.renderFailures[reason, default: 0] += 1 }
  }

  /// The exposition text; `gauges` are current values added by the caller.
  func text(gauges: [(name: String, help: String, value: Int)]) -> String {
    let s = state.withLock { $0 }
    var out = ""
    out += "# HELP inkpath_http_requests_total Requests answered, by method, route and status.\n"
    out += "# TYPE inkpath_http_requests_total counter\n"
    let keys = s.requests.keys.sorted {
      ($0.route, $0.method, $0.status) < ($1.route, $1.method, $1.status)
    }
    for k in keys {
      out +=
        "inkpath_http_requests_total{method=\"\(k.method)\",route=\"\(k.route)\","
        + "status=\"\(k.status)\"} \(s.requests[k]!)\n"
    }
    out += "# HELP inkpath_http_request_duration_seconds Time from request to response sent.\n"
    out += "# TYPE inkpath_http_request_duration_seconds histogram\n"
    for (i, b) in Self.bounds.enumerated() {
      out += "inkpath_http_request_duration_seconds_bucket{le=\"\(b)\"} \(s.buckets[i])\n"
    }
    out += "inkpath_http_request_duration_seconds_bucket{le=\"+Inf\"} \(s.latencyCount)\n"
    out += "inkpath_http_request_duration_seconds_sum \(s.latencySum)\n"
    out += "inkpath_http_request_duration_seconds_count \(s.latencyCount)\n"
    out += "# HELP inkpath_renders_total Renders completed, by format.\n"
    out += "# TYPE inkpath_renders_total counter\n"
    for (f, n) in s.renders.sorted(by: { $0.key < $1.key }) {
      out += "inkpath_renders_total{format=\"\(f)\"} \(n)\n"
    }
    out += "# HELP inkpath_render_failures_total Renders refused or stopped, by reason.\n"
    out += "# TYPE inkpath_render_failures_total counter\n"
    for (r, n) in s.renderFailures.sorted(by: { $0.key < $1.key }) {
      out += "inkpath_render_failures_total{reason=\"\(r)\"} \(n)\n"
    }
    out += "# HELP inkpath_http_errors_total Responses with a 4xx or 5xx status.\n"
    out += "# TYPE inkpath_http_errors_total counter\n"
    for (st, n) in s.errors.sorted(by: { $0.key < $1.key }) {
      out += "inkpath_http_errors_total{status=\"\(st)\"} \(n)\n"
    }
    for g in gauges {
      out += "# HELP \(g.name) \(g.help)\n# TYPE \(g.name) gauge\n\(g.name) \(g.value)\n"
    }
    return out
  }
}
