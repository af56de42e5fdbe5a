import CSQLite

/// A store failure, with the database's own message.
public struct StoreError: Error, Sendable, CustomStringConvertible {
  public var message: String
  /// The document moved on since the writer read it (another writer appended first).
  public var conflict: Bool
  public init(_ message: String, conflict: Bool = false) {
    self.message = message
    self.conflict = conflict
  }
  public var description: String { message }
}

/// One SQLite connection. Not shared between threads by itself: ``DocumentStore`` holds it
/// behind a lock.
final class SQLiteConnection {
  private var db: OpaquePointer?

  /// Opens (creating when missing) the database file at `path`.
  init(path: String) throws(StoreError) {
    let flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX
    let status = sqlite3_open_v2(path, &db, flags, nil)
    guard status == SQLITE_OK else {
      let message = db.map { String(cString: sqlite3_errmsg($0)) } ?? "out of memory"
      sqlite3_close(db)
      db = nil
      throw StoreError("cannot open \(path): \(message)")
    }
    sqlite3_busy_timeout(db, 5_000)
  }

  deinit { sqlite3_close(db) }

  /// Runs one or more statements that take no parameters and return no rows.
  func execute(_ sql: String) throws(StoreError) {
    var message: UnsafeMutablePointer<CChar>?
    guard sqlite3_exec(db, sql, nil, nil, &message) == SQLITE_OK else {
      let text = message.map { String(cString: $0) } ?? "unknown error"
      sqlite3_free(message)
      throw StoreError("\(text) (in \(sql.prefix(60)))")
    }
  }

  /// Prepares `sql`, binds `parameters` in order and returns every row.
  @discardableResult
  func query(_ sql: String, _ parameters: [SQLiteValue] = []) throws(StoreError) -> [[SQLiteValue]]
  {
    var statement: OpaquePointer?
    guard sqlite3_prepare_v2(db, sql, -1, &statement, nil) == SQLITE_OK, let statement else {
      throw error("prepare")
    }
    defer { sqlite3_finalize(statement) }
    for (i, p) in parameters.enumerated() {
      let index = Int32(i + 1)
      let status: Int32
      switch p {
      case .null: status = sqlite3_bind_null(statement, index)
      case .integer(let v): status = sqlite3_bind_int64(statement, index, v)
      case .text(let s):
        let utf8 = Array(s.utf8)
        status = utf8.withUnsafeBufferPointer { b in
          b.baseAddress!.withMemoryRebound(to: CChar.self, capacity: max(b.count, 1)) {
            inkpath_sqlite_bind_text(statement, index, $0, Int32(b.count))
          }
        }
      case .blob(let bytes):
        status = bytes.withUnsafeBytes {
          inkpath_sqlite_bind_blob(statement, index, $0.baseAddress, Int32($0.count))
        }
      }
      guard status == SQLITE_OK else { throw error("bind") }
    }
    var rows: [[SQLiteValue]] = []
    while true {
      let step = sqlite3_step(statement)
      if step == SQLITE_DONE { break }
      guard step == SQLITE_ROW else { throw error("step") }
      rows.append((0..<sqlite3_column_count(statement)).map { column(statement, $0) })
    }
    return rows
  }

  /// Runs `body` in a write transaction taken at once (`BEGIN IMMEDIATE`): committed when it
  /// returns, rolled back when it throws.
  func transaction<T>(_ body: () throws(StoreError) -> T) throws(StoreError) -> T {
    try execute("BEGIN IMMEDIATE")
    do {
      let result = try body()
      try execute("COMMIT")
      return result
    } catch {
      try? execute("ROLLBACK")
      throw error
    }
  }

  private func column(_ s: OpaquePointer, _ i: Int32) -> SQLiteValue {
    switch sqlite3_column_type(s, i) {
    case SQLITE_INTEGER: return .integer(sqlite3_column_int64(s, i))
    case SQLITE_NULL: return .null
    case SQLITE_BLOB:
      let n = Int(sqlite3_column_bytes(s, i))
      guard n > 0, let p = sqlite3_column_blob(s, i) else { return .blob([]) }
      return .blob(Array(UnsafeRawBufferPointer(start: p, count: n)))
    default:
      guard let p = sqlite3_column_text(s, i) else { return .text("") }
      let n = Int(sqlite3_column_bytes(s, i))
      return .text(String(decoding: UnsafeBufferPointer(start: p, count: n), as: UTF8.self))
    }
  }

  private func error(_ step: String) -> StoreError {
    StoreError("sqlite \(step): \(db.map { String(cString: sqlite3_errmsg($0)) } ?? "closed")")
  }
}

/// A value bound to or read from a statement.
enum SQLiteValue: Sendable, Hashable {
  case null
  case integer(Int64)
  case text(String)
  case blob([UInt8])

  var integer: Int64? { if case .integer(let v) = self { v } else { nil } }
  var text: String? { if case .text(let v) = self { v } else { nil } }
  var bytes: [UInt8]? {
    switch self {
    case .blob(let b): b
    case .text(let t): Array(t.utf8)
    default: nil
    }
  }
}
