import Dispatch
import Foundation
import Synchronization

/// The store in PostgreSQL, shared by every replica: each method is one transaction, and
/// ``append(_:entries:at:)`` locks the document's row, checks its revision and inserts the
/// log rows under a primary key of (document, revision), so two replicas can never both
/// append revision N. Commits are answered once durable (`synchronous_commit = on`).
final class PostgresDocumentStore: DocumentStorage {
  private let idle = Mutex<[PGConnection]>([])
  private let url: String
  /// Connections held at most (each caller holds one for one transaction; more wait).
  let poolSize = 8
  private let turns = DispatchSemaphore(value: 8)  // poolSize

  init(url: String) throws(StoreError) {
    self.url = url
    let db = try PGConnection(url: url)
    try db.transaction { () throws(StoreError) in
      // Replicas starting together create the tables one at a time.
      try db.exec("SELECT pg_advisory_xact_lock(7316031)")
      try db.exec(
        """
        CREATE TABLE IF NOT EXISTS documents(
          id TEXT PRIMARY KEY, svg BYTEA NOT NULL, revision INTEGER NOT NULL DEFAULT 0,
          created BIGINT NOT NULL, owner TEXT)
        """)
      try db.exec(
        """
        CREATE TABLE IF NOT EXISTS log(
          document TEXT NOT NULL REFERENCES documents(id) ON DELETE CASCADE,
          revision INTEGER NOT NULL, entry TEXT NOT NULL, PRIMARY KEY(document, revision))
        """)
      try db.exec(
        """
        CREATE TABLE IF NOT EXISTS snapshots(
          document TEXT NOT NULL REFERENCES documents(id) ON DELETE CASCADE,
          revision INTEGER NOT NULL, data BYTEA NOT NULL, digest TEXT NOT NULL,
          PRIMARY KEY(document, revision))
        """)
    }
    idle.withLock { $0.append(db) }
  }

  var name: String {
    // The URL without its password.
    guard let at = url.firstIndex(of: "@"), let scheme = url.range(of: "://") else { return url }
    let user = url[scheme.upperBound..<at].split(separator: ":").first ?? ""
    return String(url[..<scheme.upperBound]) + user + String(url[at...])
  }

  /// Runs `body` with a connection of the pool (a new one when none is idle), at most
  /// ``poolSize`` at once.
  private func with<T>(_ body: (PGConnection) throws(StoreError) -> T) throws(StoreError) -> T {
    turns.wait()
    defer { turns.signal() }
    let db: PGConnection
    if let reused = idle.withLock({ $0.popLast() }) {
      db = reused
      db.ensureOpen()
    } else {
      db = try PGConnection(url: url)
    }
    defer { idle.withLock { if $0.count < poolSize { $0.append(db) } } }
    return try body(db)
  }

  func create(svg: [UInt8], owner: String?, limits: CreationLimits) throws(StoreError)
    -> Creation
  {
    let id = DocumentStore.newID()
    return try with { db throws(StoreError) -> Creation in
      try db.transaction { () throws(StoreError) -> Creation in
        // One creation at a time, so the count and quota checks hold.
        try db.exec("SELECT pg_advisory_xact_lock(7316032)")
        let count = Int(try db.exec("SELECT count(*) FROM documents").first?[0] ?? "0") ?? 0
        guard count < limits.maxDocuments else { return .storeFull }
        if let owner, limits.perOwnerDocuments != nil || limits.perOwnerBytes != nil {
          let row = try db.exec(
            "SELECT count(*), coalesce(sum(length(svg)), 0) FROM documents WHERE owner = $1",
            [.text(owner)]
          ).first
          let held = (Int(row?[0] ?? "0") ?? 0, Int(row?[1] ?? "0") ?? 0)
          if let why = DocumentStore.quota(held, adding: svg.count, limits) {
            return .overQuota(why)
          }
        }
        try db.exec(
          "INSERT INTO documents(id, svg, revision, created, owner) VALUES($1, $2, 0, $3, $4)",
          [
            .text(id), .bytes(svg), .text(String(Int(Date().timeIntervalSince1970))),
            owner.map { .text($0) } ?? .null,
          ])
        return .created(id)
      }
    }
  }

  func load(_ id: String) throws(StoreError) -> StoredDocument? {
    try with { db throws(StoreError) -> StoredDocument? in
      try db.transaction { () throws(StoreError) -> StoredDocument? in
        try db.exec("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ")
        guard
          let row = try db.exec(
            "SELECT svg, revision, owner FROM documents WHERE id = $1", [.text(id)]
          ).first
        else { return nil }
        let log = try db.exec(
          "SELECT entry FROM log WHERE document = $1 ORDER BY revision", [.text(id)]
        ).compactMap { $0[0] }
        return StoredDocument(
          id: id, svg: PGConnection.bytes(row[0]), revision: Int(row[1] ?? "0") ?? 0, log: log,
          owner: row[2])
      }
    }
  }

  func revision(_ id: String) throws(StoreError) -> Int? {
    try with { db throws(StoreError) -> Int? in
      try db.exec("SELECT revision FROM documents WHERE id = $1", [.text(id)]).first?[0]
        .flatMap { Int($0) }
    }
  }

  func entries(_ id: String, after revision: Int) throws(StoreError) -> [String] {
    try with { db throws(StoreError) -> [String] in
      try db.exec(
        "SELECT entry FROM log WHERE document = $1 AND revision > $2 ORDER BY revision",
        [.text(id), .text(String(revision))]
      ).compactMap { $0[0] }
    }
  }

  func append(_ id: String, entries: [String], at revision: Int) throws(StoreError) -> Int {
    try with { db throws(StoreError) -> Int in
      try db.transaction { () throws(StoreError) -> Int in
        guard
          let current = try db.exec(
            "SELECT revision FROM documents WHERE id = $1 FOR UPDATE", [.text(id)]
          ).first?[0].flatMap({ Int($0) })
        else { throw StoreError("document \(id) was deleted") }
        guard current == revision else {
          throw StoreError(
            "document \(id) is at revision \(current), not \(revision)", conflict: true)
        }
        // Every entry in one statement, numbered after `revision`.
        try db.exec(
          """
          INSERT INTO log(document, revision, entry)
          SELECT $1, $2::integer + n::integer, e FROM unnest($3::text[]) WITH ORDINALITY AS t(e, n)
          """, [.text(id), .text(String(revision)), .text(Self.arrayLiteral(entries))])
        let next = revision + entries.count
        try db.exec(
          "UPDATE documents SET revision = $1 WHERE id = $2", [.text(String(next)), .text(id)])
        return next
      }
    }
  }

  /// A `text[]` literal: each element quoted, `\` and `"` escaped.
  static func arrayLiteral(_ items: [String]) -> String {
    var out = "{"
    for (i, item) in items.enumerated() {
      if i > 0 { out += "," }
      out += "\""
      for c in item.unicodeScalars {
        if c == "\\" || c == "\"" { out += "\\" }
        out.unicodeScalars.append(c)
      }
      out += "\""
    }
    return out + "}"
  }

  func snapshot(_ id: String, atOrBefore revision: Int) throws(StoreError) -> StoredSnapshot? {
    try with { db throws(StoreError) -> StoredSnapshot? in
      guard
        let row = try db.exec(
          """
          SELECT revision, data, digest FROM snapshots WHERE document = $1 AND revision <= $2
          ORDER BY revision DESC LIMIT 1
          """, [.text(id), .text(String(revision))]
        ).first
      else { return nil }
      return StoredSnapshot(
        revision: Int(row[0] ?? "0") ?? 0, data: PGConnection.bytes(row[1]), digest: row[2] ?? "")
    }
  }

  func saveSnapshot(_ id: String, revision: Int, data: [UInt8], digest: String)
    throws(StoreError)
  {
    _ = try with { db throws(StoreError) in
      // One statement is one transaction: the row goes in only while the log holds
      // `revision`, and a replica that stored it first wins.
      try db.exec(
        """
        INSERT INTO snapshots(document, revision, data, digest)
        SELECT id, $2::integer, $3, $4 FROM documents WHERE id = $1 AND revision >= $2::integer
        ON CONFLICT DO NOTHING
        """, [.text(id), .text(String(revision)), .bytes(data), .text(digest)])
    }
  }

  func delete(_ id: String) throws(StoreError) -> Bool {
    try with { db throws(StoreError) -> Bool in
      try !db.exec("DELETE FROM documents WHERE id = $1 RETURNING id", [.text(id)]).isEmpty
    }
  }

  func count() throws(StoreError) -> Int {
    try with { db throws(StoreError) -> Int in
      Int(try db.exec("SELECT count(*) FROM documents").first?[0] ?? "0") ?? 0
    }
  }
}
