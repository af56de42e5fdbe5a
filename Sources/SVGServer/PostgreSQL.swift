import CLibPQ
import Foundation

/// A value bound to a PostgreSQL statement (sent as text, or as raw bytes for `bytea`).
enum PGValue: Sendable {
  case text(String)
  case bytes([UInt8])
  case null
}

/// One libpq connection. Not shared between threads by itself: ``PostgresDocumentStore``
/// lends each to one caller at a time.
final class PGConnection: @unchecked Sendable {
  private var conn: OpaquePointer?
  let url: String

  init(url: String) throws(StoreError) {
    self.url = url
    conn = PQconnectdb(url)
    guard PQstatus(conn) == CONNECTION_OK else {
      let message = conn.map { String(cString: PQerrorMessage($0)) } ?? "out of memory"
      PQfinish(conn)
      conn = nil
      throw StoreError("cannot connect to PostgreSQL: \(message.trimmed)")
    }
    // A commit is answered only once it is durable on the server.
    try exec("SET synchronous_commit = on")
  }

  deinit { PQfinish(conn) }

  /// Reconnects when the connection was lost (the server restarted).
  func ensureOpen() {
    if PQstatus(conn) != CONNECTION_OK { PQreset(conn) }
  }

  /// Runs `sql` with `$1...` bound to `parameters` and returns every row as text (nil for
  /// NULL). A failure carries the server's message; a unique violation or serialization
  /// failure is a conflict.
  @discardableResult
  func exec(_ sql: String, _ parameters: [PGValue] = []) throws(StoreError) -> [[String?]] {
    var buffers: [UnsafeMutablePointer<CChar>?] = []
    var lengths: [Int32] = []
    var formats: [Int32] = []
    defer { for b in buffers { free(b) } }
    for p in parameters {
      switch p {
      case .null:
        buffers.append(nil)
        lengths.append(0)
        formats.append(0)
      case .text(let s):
        buffers.append(strdup(s))
        lengths.append(0)
        formats.append(0)
      case .bytes(let b):
        let m = malloc(max(1, b.count))!.assumingMemoryBound(to: CChar.self)
        b.withUnsafeBytes { if let base = $0.baseAddress { memcpy(m, base, b.count) } }
        buffers.append(m)
        lengths.append(Int32(b.count))
        formats.append(1)
      }
    }
    let result = buffers.withUnsafeBufferPointer { values in
      values.baseAddress!.withMemoryRebound(to: UnsafePointer<CChar>?.self, capacity: 1) {
        PQexecParams(
          conn, sql, Int32(parameters.count), nil, parameters.isEmpty ? nil : $0, lengths,
          formats, 0)
      }
    }
    defer { PQclear(result) }
    let status = PQresultStatus(result)
    guard status == PGRES_COMMAND_OK || status == PGRES_TUPLES_OK else {
      let state = PQresultErrorField(result, Int32(UInt8(ascii: "C"))).map { String(cString: $0) }
      let message = String(cString: PQerrorMessage(conn)).trimmed
      throw StoreError(
        "postgresql: \(message)", conflict: state == "23505" || state == "40001")
    }
    return (0..<PQntuples(result)).map { row in
      (0..<PQnfields(result)).map { column in
        PQgetisnull(result, row, column) == 1
          ? nil : String(cString: PQgetvalue(result, row, column))
      }
    }
  }

  /// Runs `body` in a transaction: committed when it returns, rolled back when it throws.
  func transaction<T>(_ body: () throws(StoreError) -> T) throws(StoreError) -> T {
    try exec("BEGIN")
    do {
      let result = try body()
      try exec("COMMIT")
      return result
    } catch {
      _ = try? exec("ROLLBACK")
      throw error
    }
  }

  /// `bytea` as PostgreSQL writes it in text (`\x` and hex digits).
  static func bytes(_ text: String?) -> [UInt8] {
    guard let text, text.hasPrefix("\\x") else { return Array((text ?? "").utf8) }
    let digits = Array(text.utf8.dropFirst(2))
    var out: [UInt8] = []
    out.reserveCapacity(digits.count / 2)
    func v(_ c: UInt8) -> UInt8 { c <= 0x39 ? c - 0x30 : (c | 0x20) - 0x57 }
    var i = 0
    while i + 1 < digits.count {
      out.append(v(digits[i]) << 4 | v(digits[i + 1]))
      i += 2
    }
    return out
  }
}

extension String {
  fileprivate var trimmed: String { trimmingCharacters(in: .whitespacesAndNewlines) }
}
