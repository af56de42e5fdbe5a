import Foundation

/// Who may use the API and from where: bearer tokens, the `Host` names the server answers
/// to, and the browser origins allowed to call it (CORS).
public struct AccessPolicy: Sendable {
  /// SHA-256 of each accepted token; nil leaves the API open (for local use).
  public var tokenHashes: [[UInt8]]?
  /// Host names (without port) the server answers to; empty accepts any.
  public var allowedHosts: [String] = []
  /// Origins (`https://app.example`) whose pages may call the API.
  public var corsOrigins: [String] = []

  public init() {}

  /// Reads a token file: one token a line, or `sha256:HEX` for a token kept only as its
  /// hash; blank lines and `#` comments are skipped. The tokens themselves are not kept.
  public static func tokenHashes(file path: String) throws(ServiceStartError) -> [[UInt8]] {
    guard let text = try? String(contentsOfFile: path, encoding: .utf8) else {
      throw ServiceStartError("--token-file: cannot read \(path)")
    }
    var hashes: [[UInt8]] = []
    for (n, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
      let line = raw.trimmingCharacters(in: .whitespaces)
      guard !line.isEmpty, !line.hasPrefix("#") else { continue }
      if line.hasPrefix("sha256:") {
        guard let h = hexBytes(line.dropFirst(7)), h.count == 32 else {
          throw ServiceStartError("\(path):\(n + 1): sha256: needs 64 hex digits")
        }
        hashes.append(h)
      } else {
        guard line.utf8.count >= 16, !line.contains(" ") else {
          throw ServiceStartError(
            "\(path):\(n + 1): a token needs at least 16 characters and no spaces")
        }
        hashes.append(SHA256.digest(Array(line.utf8)))
      }
    }
    guard !hashes.isEmpty else { throw ServiceStartError("--token-file: \(path) has no token") }
    return hashes
  }

  private static func hexBytes(_ s: Substring) -> [UInt8]? {
    let digits = Array(s.utf8)
    guard digits.count % 2 == 0 else { return nil }
    var out: [UInt8] = []
    for i in stride(from: 0, to: digits.count, by: 2) {
      guard let b = UInt8(String(decoding: digits[i..<i + 2], as: UTF8.self), radix: 16) else {
        return nil
      }
      out.append(b)
    }
    return out
  }
}

/// The policy applied to requests.
struct AccessControl: Sendable {
  let policy: AccessPolicy

  /// Paths anyone may read: liveness and the colouring app's static files.
  static func isPublic(_ path: String) -> Bool {
    path == "/healthz" || path == "/app" || path.hasPrefix("/app/")
  }

  /// The owner a request acts for: the hex hash of its token (tokens on), "" when the API
  /// is open, nil when a token is needed and missing or unknown.
  func owner(_ headers: [String: String]) -> String? {
    guard let hashes = policy.tokenHashes else { return "" }
    guard let value = headers["authorization"], value.count > 7,
      value.prefix(7).lowercased() == "bearer "
    else { return nil }
    let presented = SHA256.digest(
      Array(value.dropFirst(7).trimmingCharacters(in: .whitespaces).utf8))
    var found: [UInt8]?
    for h in hashes where Self.equal(h, presented) { found = h }
    return found.map { $0.map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined() }
  }

  /// Compares two digests in time that does not depend on where they differ.
  static func equal(_ a: [UInt8], _ b: [UInt8]) -> Bool {
    guard a.count == b.count else { return false }
    var d: UInt8 = 0
    for i in a.indices { d |= a[i] ^ b[i] }
    return d == 0
  }

  /// The answer to a request whose headers are in, before its body is read: 421 for a
  /// `Host` not served, 403 for a state change from a page of a foreign origin, 401 without
  /// a valid token; nil lets it through.
  func screen(method: String, path: String, headers: [String: String]) -> HTTPResponse? {
    if !policy.allowedHosts.isEmpty {
      let host = Self.hostName(headers["host"] ?? "")
      guard policy.allowedHosts.contains(host) else {
        return .refusal(421, "this server does not answer for host \"\(host.prefix(80))\"")
      }
    }
    if method == "OPTIONS" { return nil }
    if method == "POST" || method == "DELETE" || method == "PUT" || method == "PATCH",
      let origin = headers["origin"], !isAllowed(origin: origin, host: headers["host"])
    {
      return .refusal(403, "requests from pages of \(origin.prefix(80)) are not allowed")
    }
    if !Self.isPublic(path), owner(headers) == nil {
      var r = HTTPResponse.refusal(401, "this API needs Authorization: Bearer TOKEN")
      r.headers.append(("WWW-Authenticate", "Bearer"))
      return r
    }
    return nil
  }

  /// Same-origin pages (the origin's host is the request's `Host`) and the configured ones.
  func isAllowed(origin: String, host: String?) -> Bool {
    if policy.corsOrigins.contains(origin) { return true }
    guard let host, let scheme = origin.range(of: "://") else { return false }
    return origin[scheme.upperBound...] == host[...]
  }

  /// CORS headers for a configured origin; a preflight (`OPTIONS`) is answered here.
  func cors(_ request: HTTPRequest, _ response: inout HTTPResponse) {
    guard let origin = request.headers["origin"], policy.corsOrigins.contains(origin) else {
      return
    }
    response.headers += [
      ("Access-Control-Allow-Origin", origin), ("Vary", "Origin"),
      ("Access-Control-Expose-Headers", "ETag, X-Inkpath-Revision, X-Inkpath-Warnings"),
    ]
    if request.method == "OPTIONS" {
      response.headers += [
        ("Access-Control-Allow-Methods", "GET, POST, DELETE"),
        ("Access-Control-Allow-Headers", "Authorization, Content-Type, If-None-Match"),
        ("Access-Control-Max-Age", "600"),
      ]
    }
  }

  /// `example.com` from `example.com:8080` or `[::1]:8080`, lowercased.
  static func hostName(_ host: String) -> String {
    var h = host.lowercased()
    if h.hasPrefix("[") {
      if let close = h.firstIndex(of: "]") { h = String(h[...close]) }
    } else if let colon = h.lastIndex(of: ":") {
      h = String(h[..<colon])
    }
    return h
  }
}

extension SHA256 {
  /// The digest of `bytes`.
  static func digest(_ bytes: [UInt8]) -> [UInt8] {
    var h = SHA256()
    h.update(bytes)
    return h.finalize()
  }
}
