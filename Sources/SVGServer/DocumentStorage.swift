/// A stored snapshot: the bytes of a ``SessionSnapshot`` and their SHA-256 as written, so
/// a damaged one is recognised and passed over.
struct StoredSnapshot: Sendable {
  var revision: Int
  var data: [UInt8]
  var digest: String
}

/// What a new document may not exceed: the store's count, and the creating token's quota.
struct CreationLimits: Sendable {
  var maxDocuments: Int
  /// Documents and bytes of SVG one owner may hold; nil for no quota.
  var perOwnerDocuments: Int? = nil
  var perOwnerBytes: Int? = nil
}

/// What became of a new document.
enum Creation: Sendable, Equatable {
  case created(String)
  case storeFull
  case overQuota(String)
}

/// Where documents and their logs live: SQLite on one machine, PostgreSQL for several
/// replicas. Every method is one transaction; ``append(_:entries:at:)`` appends only when
/// the document is still at `revision`, so two writers can never both append the same one.
protocol DocumentStorage: Sendable {
  func create(svg: [UInt8], owner: String?, limits: CreationLimits) throws(StoreError)
    -> Creation
  /// The document and its whole log; nil when there is no such document.
  func load(_ id: String) throws(StoreError) -> StoredDocument?
  /// The document's revision now; nil when it is gone.
  func revision(_ id: String) throws(StoreError) -> Int?
  /// The log entries after `revision`, oldest first.
  func entries(_ id: String, after revision: Int) throws(StoreError) -> [String]
  /// Appends `entries` to a document at `revision` and returns the new revision; a
  /// ``StoreError`` with ``StoreError/conflict`` set when the revision moved.
  func append(_ id: String, entries: [String], at revision: Int) throws(StoreError) -> Int
  /// The newest snapshot of the document at or before `revision`; nil when none is.
  func snapshot(_ id: String, atOrBefore revision: Int) throws(StoreError) -> StoredSnapshot?
  /// Keeps a snapshot of the state at `revision`, in a transaction of its own and only while
  /// the log holds that revision, so a snapshot never runs ahead of the log; a snapshot of
  /// that revision already stored (by another replica) is kept.
  func saveSnapshot(_ id: String, revision: Int, data: [UInt8], digest: String)
    throws(StoreError)
  func delete(_ id: String) throws(StoreError) -> Bool
  func count() throws(StoreError) -> Int
  /// What the store is, for the start-up line (`sqlite:/var/lib/inkpath/documents.sqlite`).
  var name: String { get }
}

extension DocumentStorage {
  /// A new document when the store holds fewer than `maxDocuments`, else nil.
  func create(svg: [UInt8], maxDocuments: Int) throws(StoreError) -> String? {
    if case .created(let id) = try create(
      svg: svg, owner: nil, limits: CreationLimits(maxDocuments: maxDocuments))
    {
      return id
    }
    return nil
  }
}
