import Foundation
import Synchronization

/// A stored colouring session: the SVG as uploaded and its log, one entry per acknowledged
/// command (its canonical text, or `undo()`), oldest first. Replaying the log on the SVG
/// rebuilds the state at ``revision``, which is the log's length.
struct StoredDocument: Sendable {
  var id: String
  var svg: [UInt8]
  var revision: Int
  var log: [String]
  /// The token hash that created it; nil for a document stored without tokens.
  var owner: String? = nil
}

/// The SQLite store under `--data DIR`, in WAL mode with `synchronous=FULL`: once a write
/// returns, it is on disk and survives the process being killed at any moment. Each append
/// inserts its log rows and bumps the revision in one transaction, so a crash leaves either
/// all of it or none.
final class DocumentStore: DocumentStorage {
  private let connection: Mutex<SQLiteConnection>
  let path: String

  convenience init(directory: String) throws(StoreError) {
    do {
      try FileManager.default.createDirectory(
        atPath: directory, withIntermediateDirectories: true)
    } catch {
      throw StoreError("cannot create the data folder \(directory): \(error.localizedDescription)")
    }
    try self.init(
      path: URL(fileURLWithPath: directory).appendingPathComponent("documents.sqlite").path)
  }

  /// Opens (creating when missing) the database file at `path`.
  init(path: String) throws(StoreError) {
    self.path = path
    let db = try SQLiteConnection(path: path)
    let mode = try db.query("PRAGMA journal_mode=WAL").first?.first?.text
    guard mode == "wal" else { throw StoreError("\(path): cannot switch to WAL mode") }
    try db.execute(
      """
      PRAGMA synchronous=FULL;
      PRAGMA foreign_keys=ON;
      CREATE TABLE IF NOT EXISTS documents(
        id TEXT PRIMARY KEY, svg BLOB NOT NULL, revision INTEGER NOT NULL DEFAULT 0,
        created INTEGER NOT NULL);
      CREATE TABLE IF NOT EXISTS log(
        document TEXT NOT NULL REFERENCES documents(id) ON DELETE CASCADE,
        revision INTEGER NOT NULL, entry TEXT NOT NULL,
        PRIMARY KEY(document, revision)) WITHOUT ROWID;
      CREATE TABLE IF NOT EXISTS snapshots(
        document TEXT NOT NULL REFERENCES documents(id) ON DELETE CASCADE,
        revision INTEGER NOT NULL, data BLOB NOT NULL, digest TEXT NOT NULL,
        PRIMARY KEY(document, revision)) WITHOUT ROWID;
      """)
    let columns = try db.query("PRAGMA table_info(documents)").compactMap { $0[1].text }
    if !columns.contains("owner") { try db.execute("ALTER TABLE documents ADD COLUMN owner TEXT") }
    connection = Mutex(db)
  }

  var name: String { "sqlite:" + path }

  func create(svg: [UInt8], owner: String?, limits: CreationLimits) throws(StoreError)
    -> Creation
  {
    let id = Self.newID()
    return try connection.withLock { db throws(StoreError) -> Creation in
      try db.transaction { () throws(StoreError) -> Creation in
        let count = try db.query("SELECT count(*) FROM documents").first?.first?.integer ?? 0
        guard count < limits.maxDocuments else { return .storeFull }
        if let owner, limits.perOwnerDocuments != nil || limits.perOwnerBytes != nil {
          let row = try db.query(
            "SELECT count(*), coalesce(sum(length(svg)), 0) FROM documents WHERE owner = ?",
            [.text(owner)]
          ).first
          let held = (Int(row?[0].integer ?? 0), Int(row?[1].integer ?? 0))
          if let why = Self.quota(held, adding: svg.count, limits) { return .overQuota(why) }
        }
        try db.query(
          "INSERT INTO documents(id, svg, revision, created, owner) VALUES(?, ?, 0, ?, ?)",
          [
            .text(id), .blob(svg), .integer(Int64(Date().timeIntervalSince1970)),
            owner.map { .text($0) } ?? .null,
          ])
        return .created(id)
      }
    }
  }

  /// Why a new document of `bytes` would put an owner holding `held` (documents, bytes)
  /// over its quota; nil when it fits.
  static func quota(_ held: (Int, Int), adding bytes: Int, _ limits: CreationLimits) -> String? {
    if let n = limits.perOwnerDocuments, held.0 + 1 > n {
      return "this token holds \(held.0) documents, its quota is \(n)"
    }
    if let n = limits.perOwnerBytes, held.1 + bytes > n {
      return "this token holds \(held.1) bytes of documents, its quota is \(n)"
    }
    return nil
  }

  func load(_ id: String) throws(StoreError) -> StoredDocument? {
    try connection.withLock { db throws(StoreError) -> StoredDocument? in
      guard
        let row = try db.query(
          "SELECT svg, revision, owner FROM documents WHERE id = ?", [.text(id)]
        ).first
      else { return nil }
      let log = try db.query(
        "SELECT entry FROM log WHERE document = ? ORDER BY revision", [.text(id)]
      ).compactMap { $0.first?.text }
      return StoredDocument(
        id: id, svg: row[0].bytes ?? [], revision: Int(row[1].integer ?? 0), log: log,
        owner: row[2].text)
    }
  }

  func revision(_ id: String) throws(StoreError) -> Int? {
    try connection.withLock { db throws(StoreError) -> Int? in
      try db.query("SELECT revision FROM documents WHERE id = ?", [.text(id)]).first?.first?
        .integer.map { Int($0) }
    }
  }

  func entries(_ id: String, after revision: Int) throws(StoreError) -> [String] {
    try connection.withLock { db throws(StoreError) -> [String] in
      try db.query(
        "SELECT entry FROM log WHERE document = ? AND revision > ? ORDER BY revision",
        [.text(id), .integer(Int64(revision))]
      ).compactMap { $0.first?.text }
    }
  }

  /// Appends `entries` to the log of a document at `revision` and returns the new revision.
  /// Throws when the document is gone or its revision moved (the caller's state is stale).
  func append(_ id: String, entries: [String], at revision: Int) throws(StoreError) -> Int {
    try connection.withLock { db throws(StoreError) -> Int in
      try db.transaction { () throws(StoreError) -> Int in
        guard
          let current = try db.query("SELECT revision FROM documents WHERE id = ?", [.text(id)])
            .first?.first?.integer
        else { throw StoreError("document \(id) was deleted") }
        guard current == revision else {
          throw StoreError(
            "document \(id) is at revision \(current), not \(revision)", conflict: true)
        }
        for (i, entry) in entries.enumerated() {
          try db.query(
            "INSERT INTO log(document, revision, entry) VALUES(?, ?, ?)",
            [.text(id), .integer(Int64(revision + i + 1)), .text(entry)])
        }
        let next = revision + entries.count
        try db.query(
          "UPDATE documents SET revision = ? WHERE id = ?", [.integer(Int64(next)), .text(id)])
        return next
      }
    }
  }

  func snapshot(_ id: String, atOrBefore revision: Int) throws(StoreError) -> StoredSnapshot? {
    try connection.withLock { db throws(StoreError) -> StoredSnapshot? in
      guard
        let row = try db.query(
          """
          SELECT revision, data, digest FROM snapshots WHERE document = ? AND revision <= ?
          ORDER BY revision DESC LIMIT 1
          """, [.text(id), .integer(Int64(revision))]
        ).first
      else { return nil }
      return StoredSnapshot(
        revision: Int(row[0].integer ?? 0), data: row[1].bytes ?? [], digest: row[2].text ?? "")
    }
  }

  func saveSnapshot(_ id: String, revision: Int, data: [UInt8], digest: String)
    throws(StoreError)
  {
    try connection.withLock { db throws(StoreError) in
      try db.transaction { () throws(StoreError) in
        try db.query(
          """
          INSERT OR IGNORE INTO snapshots(document, revision, data, digest)
          SELECT id, ?, ?, ? FROM documents WHERE id = ? AND revision >= ?
          """,
          [
            .integer(Int64(revision)), .blob(data), .text(digest), .text(id),
            .integer(Int64(revision)),
          ])
      }
    }
  }

  func delete(_ id: String) throws(StoreError) -> Bool {
    try connection.withLock { db throws(StoreError) -> Bool in
      try db.transaction { () throws(StoreError) -> Bool in
        let found = try !db.query("SELECT 1 FROM documents WHERE id = ?", [.text(id)]).isEmpty
        try db.query("DELETE FROM log WHERE document = ?", [.text(id)])
        try db.query("DELETE FROM snapshots WHERE document = ?", [.text(id)])
        try db.query("DELETE FROM documents WHERE id = ?", [.text(id)])
        return found
      }
    }
  }

  func count() throws(StoreError) -> Int {
    try connection.withLock { db throws(StoreError) -> Int in
      Int(try db.query("SELECT count(*) FROM documents").first?.first?.integer ?? 0)
    }
  }

  /// A new random id: 96 bits as 24 hex digits.
  static func newID() -> String {
    var g = SystemRandomNumberGenerator()
    return (0..<12).map { _ in
      let b = UInt8.random(in: 0...255, using: &g)
      return (b < 16 ? "0" : "") + String(b, radix: 16)
    }.joined()
  }

  /// Whether `id` has the shape ``newID()`` makes (anything else is not looked up).
  static func isValidID(_ id: String) -> Bool {
    id.utf8.count == 24
      && id.utf8.allSatisfy { (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }
  }
}
