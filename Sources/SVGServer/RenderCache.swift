import Synchronization

/// Answers of `POST /render` kept by their ETag, so a repeated render (the same body and
/// parameters) is answered without parsing and drawing again. The ETag is a SHA-256 of
/// exactly what the answer depends on in this process (body and parameters; the resource
/// folder and fonts are fixed at start), and the answer is already sent as `immutable`, so a
/// kept answer is the one a new render would give.
///
/// Bounded in bytes (``ServerLimits/renderCacheBytes``): an answer larger than a sixteenth of
/// the budget is not kept, so one big render never empties the cache, and when the budget is
/// spent the least recently used answers go first (the CLOCK approximation: an answer used
/// since it was last looked at gets a second turn). Only 200 answers are kept.
final class RenderCache: Sendable {
  /// Bytes of answers held at most (bodies, headers and a fixed cost per entry).
  let budget: Int
  /// Bytes one kept entry costs beyond its body and headers (key, bookkeeping).
  static let entryOverhead = 256

  private struct Entry {
    var response: HTTPResponse
    var bytes: Int
    var used: Bool
  }

  private struct State {
    var entries: [String: Entry] = [:]
    /// Keys in the order they were kept; `hand` is the CLOCK's next candidate.
    var ring: [String] = []
    var hand = 0
    var bytes = 0
    var hits = 0
    var misses = 0
  }

  private let state = Mutex(State())

  init(budget: Int) { self.budget = max(0, budget) }

  /// The answer kept for `key`, if any.
  func answer(for key: String) -> HTTPResponse? {
    guard budget > 0 else { return nil }
    return state.withLock { s in
      guard let e = s.entries[key] else {
        s.misses += 1
        return nil
      }
      s.hits += 1
      if !e.used { s.entries[key]!.used = true }
      return e.response
    }
  }

  /// Keeps `response` for `key` when it is a 200 small enough for the budget.
  func keep(_ response: HTTPResponse, for key: String) {
    guard response.status == 200 else { return }
    let bytes =
      response.body.count + key.utf8.count + Self.entryOverhead
      + response.headers.reduce(0) { $0 + $1.0.utf8.count + $1.1.utf8.count }
    guard bytes <= budget / 16 else { return }
    state.withLock { s in
      guard s.entries[key] == nil else { return }
      while s.bytes + bytes > budget, !s.ring.isEmpty { Self.evictOne(&s) }
      s.entries[key] = Entry(response: response, bytes: bytes, used: false)
      s.ring.append(key)
      s.bytes += bytes
    }
  }

  /// Entries and bytes held, hits and misses so far (for `/metrics`).
  var counts: (entries: Int, bytes: Int, hits: Int, misses: Int) {
    state.withLock { ($0.entries.count, $0.bytes, $0.hits, $0.misses) }
  }

  private static func evictOne(_ s: inout State) {
    while true {
      if s.hand >= s.ring.count { s.hand = 0 }
      let key = s.ring[s.hand]
      if s.entries[key]!.used {
        s.entries[key]!.used = false
        s.hand += 1
        continue
      }
      s.bytes -= s.entries.removeValue(forKey: key)!.bytes
      // The newest key takes the evicted one's place, behind the hand: the ring stays dense
      // and O(1) to cut, and the newest gets a whole turn of the hand before it is looked at.
      s.ring[s.hand] = s.ring[s.ring.count - 1]
      s.ring.removeLast()
      s.hand += 1
      return
    }
  }
}
