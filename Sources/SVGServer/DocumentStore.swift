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
}

/// The SQLite store under `--data DIR`, in WAL mode with `synchronous=FULL`: once a write
/// returns, it is on disk and survives the process being killed at any moment. Each append
/// inserts its log rows and bumps the revision in one transaction, so a crash leaves either
/// all of it or none.
final class DocumentStore: Sendable {
  private let connection: Mutex<SQLiteConnection>
  let path: String

  init(directory: String) throws(StoreError) {
    do {
      try FileManager.default.createDirectory(
        atPath: directory, withIntermediateDirectories: true)
    } catch {
      throw StoreError("cannot create the data folder \(directory): \(error.localizedDescription)")
    }
    path = URL(fileURLWithPath: directory).appendingPathComponent("documents.sqlite").path
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
      """)
    connection = Mutex(db)
  }

  /// Stores a new document and returns its id; nil when the store already holds
  /// `maxDocuments`.
  func create(svg: [UInt8], maxDocuments: Int) throws(StoreError) -> String? {
    let id = Self.newID()
    return try connection.withLock { db throws(StoreError) -> String? in
      try db.transaction { () throws(StoreError) -> String? in
        let count = try db.query("SELECT count(*) FROM documents").first?.first?.integer ?? 0
        guard count < maxDocuments else { return nil }
        try db.query(
          "INSERT INTO documents(id, svg, revision, created) VALUES(?, ?, 0, ?)",
          [.text(id), .blob(svg), .integer(Int64(Date().timeIntervalSince1970))])
        return id
      }
    }
  }

  /// The document and its whole log; nil when there is no such document.
  func load(_ id: String) throws(StoreError) -> StoredDocument? {
    try connection.withLock { db throws(StoreError) -> StoredDocument? in
      guard
        let row = try db.query("SELECT svg, revision FROM documents WHERE id = ?", [.text(id)])
          .first
      else { return nil }
      let log = try db.query(
        "SELECT entry FROM log WHERE document = ? ORDER BY revision", [.text(id)]
      ).compactMap { $0.first?.text }
      return StoredDocument(
        id: id, svg: row[0].bytes ?? [], revision: Int(row[1].integer ?? 0), log: log)
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
          throw StoreError("document \(id) is at revision \(current), not \(revision)")
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

  /// Deletes a document and its log; false when there was none.
  func delete(_ id: String) throws(StoreError) -> Bool {
    try connection.withLock { db throws(StoreError) -> Bool in
      try db.transaction { () throws(StoreError) -> Bool in
        let found = try !db.query("SELECT 1 FROM documents WHERE id = ?", [.text(id)]).isEmpty
        try db.query("DELETE FROM log WHERE document = ?", [.text(id)])
        try db.query("DELETE FROM documents WHERE id = ?", [.text(id)])
        return found
      }
    }
  }

  /// How many documents are stored.
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
