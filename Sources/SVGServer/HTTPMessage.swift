import SVGTree

/// A request as the router sees it: the whole body read, the path split into its
/// percent-decoded segments, query arguments decoded.
public struct HTTPRequest: Sendable {
  public var method: String
  /// The path as sent, still percent-encoded (`/documents/abc/command/fill/%2F0%2F1`).
  public var rawPath: String
  public var query: [String: String]
  /// Header names in lowercase.
  public var headers: [String: String]
  public var body: [UInt8]

  public init(
    method: String, rawPath: String, query: [String: String] = [:],
    headers: [String: String] = [:], body: [UInt8] = []
  ) {
    self.method = method
    self.rawPath = rawPath
    self.query = query
    self.headers = headers
    self.body = body
  }

  /// The path's segments, each percent-decoded on its own (an encoded `/` stays inside).
  public var segments: [String] {
    rawPath.split(separator: "/", omittingEmptySubsequences: true).map {
      PercentEncoding.decode($0)
    }
  }
}

/// A complete response: the daemon sends it as it is.
public struct HTTPResponse: Sendable {
  public var status: Int
  /// In the order added; a name may repeat.
  public var headers: [(String, String)]
  public var body: [UInt8]

  public init(status: Int, headers: [(String, String)] = [], body: [UInt8] = []) {
    self.status = status
    self.headers = headers
    self.body = body
  }

  /// A JSON body.
  public static func json(_ value: JSON, status: Int = 200) -> HTTPResponse {
    HTTPResponse(
      status: status, headers: [("Content-Type", "application/json")],
      body: Array((value.text + "\n").utf8))
  }

  /// A plain text body.
  public static func text(_ value: String, status: Int = 200, type: String = "text/plain")
    -> HTTPResponse
  {
    HTTPResponse(
      status: status, headers: [("Content-Type", "\(type); charset=utf-8")],
      body: Array(value.utf8))
  }

  public func header(_ name: String) -> String? {
    headers.first { $0.0.lowercased() == name.lowercased() }?.1
  }

  public mutating func setHeader(_ name: String, _ value: String) {
    headers.removeAll { $0.0.lowercased() == name.lowercased() }
    headers.append((name, value))
  }
}

/// Every failure a route answers with: a status and a JSON body
/// `{"error": ..., "line": ..., "column": ...}` (position where the input has one).
public struct ServiceError: Error, Sendable, CustomStringConvertible {
  public var status: Int
  public var message: String
  public var line: Int?
  public var column: Int?
  /// Extra headers, such as `Allow` on a 405 or `Retry-After` on a 503.
  public var headers: [(String, String)] = []

  public init(_ status: Int, _ message: String, line: Int? = nil, column: Int? = nil) {
    self.status = status
    self.message = message
    if let line, line > 0 {
      self.line = line
      self.column = column
    }
  }

  public var description: String { "\(status) \(message)" }

  public var response: HTTPResponse {
    var members: [(String, JSON)] = [("error", .string(message))]
    if let line { members.append(("line", .number(Double(line)))) }
    if let column { members.append(("column", .number(Double(column)))) }
    var r = HTTPResponse.json(.object(members), status: status)
    r.headers += headers
    return r
  }
}
