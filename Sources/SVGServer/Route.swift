import SVGTree

/// One route: method, path pattern, what it does, and the handler. The route table is data,
/// so the router and the OpenAPI document are made from the same list and cannot drift.
struct Route: Sendable {
  typealias Handler =
    @Sendable (Service, HTTPRequest, [String: String]) throws(ServiceError)
    -> HTTPResponse

  /// A query parameter, for the OpenAPI document.
  struct Parameter: Sendable {
    var name: String
    var type: String
    var required = false
    var description: String
  }

  var method: String
  /// Segments separated by `/`: a literal, `{name}`, `{name}` with a literal suffix
  /// (`{id}.png`), or last, `{name+}` for the rest of the path (left percent-encoded).
  var pattern: String
  var summary: String
  var parameters: [Parameter] = []
  /// Content types the request body may have; empty for no body.
  var body: [String] = []
  /// Status codes and the content type of each answer.
  var responses: [(Int, String)] = [(200, "application/json")]
  var handler: Handler

  /// The path parameters when `segments` match the pattern; nil otherwise.
  func match(raw: [Substring]) -> [String: String]? {
    let parts = pattern.split(separator: "/")
    var captures: [String: String] = [:]
    for (i, part) in parts.enumerated() {
      if part.hasPrefix("{"), part.hasSuffix("+}") {
        guard i < raw.count else { return nil }
        captures[String(part.dropFirst().dropLast(2))] = raw[i...].joined(separator: "/")
        return captures
      }
      guard i < raw.count else { return nil }
      let segment = PercentEncoding.decode(String(raw[i]))
      if part.hasPrefix("{"), let close = part.firstIndex(of: "}") {
        let suffix = part[part.index(after: close)...]
        guard segment.hasSuffix(suffix), segment.count > suffix.count else { return nil }
        captures[String(part[part.index(after: part.startIndex)..<close])] = String(
          segment.dropLast(suffix.count))
      } else if segment != part {
        return nil
      }
    }
    return raw.count == parts.count ? captures : nil
  }

  /// The path in OpenAPI's template form (`{name+}` is written `{name}`).
  var openAPIPath: String { pattern.replacingOccurrences(of: "+}", with: "}") }
}

/// Finds the route for a request: 404 when no pattern matches the path, 405 (with `Allow`)
/// when one matches but not for this method.
struct Router: Sendable {
  let routes: [Route]

  func route(_ request: HTTPRequest) throws(ServiceError) -> (Route, [String: String]) {
    let raw = request.rawPath.split(separator: "/", omittingEmptySubsequences: true)
    var allowed: [String] = []
    for r in routes {
      guard let captures = r.match(raw: raw) else { continue }
      if r.method == request.method || (r.method == "GET" && request.method == "HEAD") {
        return (r, captures)
      }
      allowed.append(r.method)
    }
    guard allowed.isEmpty else {
      var e = ServiceError(405, "\(request.method) is not allowed on \(request.rawPath)")
      e.headers = [("Allow", allowed.joined(separator: ", "))]
      throw e
    }
    throw ServiceError(404, "no route for \(request.method) \(request.rawPath)")
  }
}

extension String {
  fileprivate func replacingOccurrences(of a: String, with b: String) -> String {
    split(separator: a, omittingEmptySubsequences: false).joined(separator: b)
  }
}

/// Answers with `make()` unless the client's `If-None-Match` already names `etag` (then 304
/// without doing the work); adds the `ETag` and `Cache-Control` headers either way.
func conditional(
  _ request: HTTPRequest, etag: String, immutable: Bool,
  _ make: () throws(ServiceError) -> HTTPResponse
) throws(ServiceError) -> HTTPResponse {
  let tag = "\"\(etag)\""
  let cache = immutable ? "public, max-age=31536000, immutable" : "no-cache"
  if let header = request.headers["if-none-match"] {
    let tags = header.split(separator: ",").map {
      var t = $0.drop { $0 == " " }
      if t.hasPrefix("W/") { t = t.dropFirst(2) }
      return String(t.reversed().drop { $0 == " " }.reversed())
    }
    if tags.contains(tag) || tags.contains("*") {
      return HTTPResponse(status: 304, headers: [("ETag", tag), ("Cache-Control", cache)])
    }
  }
  var r = try make()
  r.setHeader("ETag", tag)
  r.setHeader("Cache-Control", cache)
  return r
}
