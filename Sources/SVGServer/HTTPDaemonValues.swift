import CMicroHTTPD
import SVGTree

/// How the daemon bounds its connections and the bodies it holds.
struct DaemonLimits: Sendable {
  var maxBodyBytes: Int
  /// Bytes of request bodies held at once over every connection (503 past it).
  var bodyBudget: Int
  /// Whole-request deadline: receiving a request, or sending its answer.
  var requestTimeout: Duration
  var idleTimeout: Int
  var maxConnections: Int
  /// Connections from one address at once (0: no cap).
  var maxConnectionsPerClient: Int
  /// Bytes each connection may use for its headers and buffers (431/413 past it).
  var connectionMemory: Int
}

/// Why the server could not start.
public struct ServiceStartError: Error, Sendable, CustomStringConvertible {
  public var message: String
  public init(_ message: String) { self.message = message }
  public var description: String { message }
}

/// Reading a connection's request line, headers and query arguments.
extension HTTPDaemon {
  static func split(_ url: String) -> (String, String?) {
    guard let q = url.firstIndex(of: "?") else { return (url, nil) }
    return (String(url[..<q]), String(url[url.index(after: q)...]))
  }

  static func client(_ connection: OpaquePointer) -> String {
    var buffer = [CChar](repeating: 0, count: 64)
    inkpath_mhd_client(connection, &buffer, buffer.count)
    let end = buffer.firstIndex(of: 0) ?? buffer.count
    return String(decoding: buffer[..<end].map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }

  static func header(_ connection: OpaquePointer, _ name: String) -> String? {
    MHD_lookup_connection_value(connection, .HEADER_KIND, name).map { String(cString: $0) }
  }

  static func headers(_ connection: OpaquePointer) -> [String: String] {
    var out: [String: String] = [:]
    for (k, v) in collect(connection, .HEADER_KIND) { out[k.lowercased()] = v }
    return out
  }

  /// Query arguments, percent-decoded here (the daemon leaves them as sent).
  static func arguments(_ connection: OpaquePointer, fallback: String?) -> [String: String] {
    var out: [String: String] = [:]
    for (k, v) in collect(connection, .GET_ARGUMENT_KIND) {
      let key = PercentEncoding.decode(k, plusIsSpace: true)
      out[key] = PercentEncoding.decode(v, plusIsSpace: true)
    }
    return out
  }

  static func collect(_ connection: OpaquePointer, _ kind: MHD_ValueKind) -> [(
    String, String
  )] {
    let box = PairBox()
    let iterator: MHD_KeyValueIterator = { cls, _, key, value in
      guard let cls, let key else { return .YES }
      let box = Unmanaged<PairBox>.fromOpaque(cls).takeUnretainedValue()
      box.pairs.append((String(cString: key), value.map { String(cString: $0) } ?? ""))
      return .YES
    }
    withExtendedLifetime(box) {
      _ = MHD_get_connection_values(
        connection, kind, iterator, Unmanaged.passUnretained(box).toOpaque())
    }
    return box.pairs
  }
}

final class PairBox {
  var pairs: [(String, String)] = []
}
