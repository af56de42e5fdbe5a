import SVGCommands
import SVGRender
import SVGTree
import Synchronization

/// A colouring session as the routes use it: the document with its commands applied, the
/// log as stored, and its revision (the log's length).
struct Session: Sendable {
  var id: String
  var editable: EditableDocument
  var log: [String]
  var revision: Int { log.count }
  /// Hash of the SVG as uploaded, for ETags.
  var sourceHash: String
  /// The token hash that owns it; nil when stored without tokens.
  var owner: String?
  /// The revision of the newest snapshot stored (0 when none).
  var snapshotRevision = 0

  /// Hash of what the state at this revision is made of.
  var stateHash: String { SHA256.hex([Array(sourceHash.utf8)] + log.map { Array($0.utf8) }) }
}

/// Sessions by id: replayed from the store on first use and kept in memory (the most
/// recently used ones). Work on one document is serialized by a lock of its own stripe, so
/// two concurrent command posts apply one after the other and neither is lost.
final class Sessions: Sendable {
  private final class Stripe: Sendable { let lock = Mutex(()) }

  let store: any DocumentStorage
  let capacity: Int
  /// A snapshot every this many log entries (see ``ServerLimits/snapshotInterval``).
  let snapshotInterval: Int
  /// Log entries applied to bring stored sessions up to date, since the start.
  let replayedEntries = Atomic<Int>(0)
  private let stripes = (0..<64).map { _ in Stripe() }
  private let cache = Mutex<[String: (session: Session, used: UInt64)]>([:])
  private let clock = Atomic<UInt64>(0)

  init(store: any DocumentStorage, capacity: Int = 64, snapshotInterval: Int = 100) {
    self.store = store
    self.capacity = capacity
    self.snapshotInterval = max(1, snapshotInterval)
  }

  var cachedCount: Int { cache.withLock { $0.count } }

  /// Runs `body` holding the lock of document `id`.
  func locked<T>(_ id: String, _ body: () throws(ServiceError) -> T) throws(ServiceError) -> T {
    var h = Hasher()
    h.combine(id)
    let stripe = stripes[Int(UInt(bitPattern: h.finalize()) % UInt(stripes.count))]
    return try stripe.lock.withLock { _ throws(ServiceError) -> T in try body() }
  }

  /// The session `id` at the store's current revision (call inside ``locked(_:_:)``): a
  /// session held in memory first catches up with entries another replica appended; 404
  /// when the store has no such document.
  func session(_ id: String, options: RenderOptions) throws(ServiceError) -> Session {
    if var hit = cache.withLock({ c -> Session? in
      guard let entry = c[id] else { return nil }
      c[id]!.used = clock.add(1, ordering: .relaxed).newValue
      return entry.session
    }) {
      let latest: Int?
      do { latest = try store.revision(id) } catch { throw ServiceError(503, error.message) }
      guard let latest else {
        forget(id)
        throw ServiceError(404, "no document \"\(id)\"")
      }
      if latest == hit.revision { return hit }
      do {
        let missing = try store.entries(id, after: hit.revision)
        try hit.editable.apply(script: missing.joined(separator: "\n"), firstLine: hit.revision + 1)
        replayedEntries.add(missing.count, ordering: .relaxed)
        hit.log += missing
      } catch {
        forget(id)
        return try session(id, options: options)
      }
      remember(hit)
      return hit
    }
    let session = try load(id, upTo: nil, options: options)
    remember(session)
    return session
  }

  /// The session at `revision` (nil for the latest): the newest sound snapshot at or
  /// before it, and the log after that replayed. Undo past the snapshot rebuilds earlier
  /// states the same way.
  func load(_ id: String, upTo revision: Int?, options: RenderOptions) throws(ServiceError)
    -> Session
  {
    guard DocumentStore.isValidID(id) else { throw ServiceError(404, "no document \"\(id)\"") }
    let stored: StoredDocument?
    do { stored = try store.load(id) } catch { throw ServiceError(503, error.message) }
    guard let stored else { throw ServiceError(404, "no document \"\(id)\"") }
    var log = stored.log
    if let revision {
      guard (0...log.count).contains(revision) else {
        throw ServiceError(
          404, "document \(id) has no revision \(revision) (it is at \(log.count))")
      }
      log = Array(log.prefix(revision))
    }
    let document: Document
    do { document = try Document(bytes: stored.svg, limits: options.limits) } catch {
      throw ServiceError(503, "stored document \(id) cannot be read: \(error.message)")
    }
    var snapshot = try newestSnapshot(id, atOrBefore: log.count, of: document)
    // Weak: the sessions this keeps hold the closure.
    let rebuild: EditableDocument.Rebuild = { [weak self] k throws(CommandError) in
      guard let self else { throw CommandError("the server is stopping", at: .unknown) }
      do throws(ServiceError) {
        return try load(id, upTo: k, options: options).editable.current
      } catch { throw CommandError(error.message, at: .unknown) }
    }
    func replay(_ from: SessionSnapshot?) throws(CommandError) -> EditableDocument {
      try EditableDocument(
        original: document, log: log.joined(separator: "\n"), snapshot: from,
        renderOptions: options, rebuild: rebuild)
    }
    let editable: EditableDocument
    do {
      editable = try replay(snapshot)
    } catch {
      // A snapshot that reads back but does not fit the log: the whole log instead.
      guard snapshot != nil, let whole = try? replay(nil) else {
        throw ServiceError(503, "document \(id) cannot be replayed: \(error)")
      }
      editable = whole
      snapshot = nil
    }
    replayedEntries.add(log.count - (snapshot?.revision ?? 0), ordering: .relaxed)
    return Session(
      id: id, editable: editable, log: log, sourceHash: SHA256.hex([stored.svg]),
      owner: stored.owner, snapshotRevision: snapshot?.revision ?? 0)
  }

  /// The newest snapshot at or before `revision` that reads back whole (its digest and its
  /// contents check out); a damaged one is passed over for the one before, and with none
  /// the whole log is replayed.
  private func newestSnapshot(_ id: String, atOrBefore revision: Int, of original: Document)
    throws(ServiceError) -> SessionSnapshot?
  {
    var limit = revision
    while limit > 0 {
      let found: StoredSnapshot?
      do { found = try store.snapshot(id, atOrBefore: limit) } catch {
        throw ServiceError(503, error.message)
      }
      guard let found else { return nil }
      if SHA256.hex([found.data]) == found.digest,
        let s = SessionSnapshot(bytes: found.data, original: original),
        s.revision == found.revision
      {
        return s
      }
      limit = found.revision - 1
    }
    return nil
  }

  /// Stores a snapshot of `session` when ``snapshotInterval`` entries have been appended
  /// since the last one (call after its entries are committed). A snapshot only saves
  /// replay: when storing it fails, the log still holds everything.
  func snapshotIfDue(_ session: inout Session) {
    guard session.revision - session.snapshotRevision >= snapshotInterval else { return }
    let data = SessionSnapshot(session.editable).bytes
    session.snapshotRevision = session.revision
    try? store.saveSnapshot(
      session.id, revision: session.revision, data: data, digest: SHA256.hex([data]))
  }

  /// Keeps `session` as the current state of its document.
  func remember(_ session: Session) {
    cache.withLock { c in
      c[session.id] = (session, clock.add(1, ordering: .relaxed).newValue)
      if c.count > capacity, let oldest = c.min(by: { $0.value.used < $1.value.used })?.key {
        c[oldest] = nil
      }
    }
  }

  func forget(_ id: String) { cache.withLock { $0[id] = nil } }
}
