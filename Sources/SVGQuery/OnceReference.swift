import Synchronization

/// A reference set at most once, then read by any thread with one atomic load: what the
/// spatial index and the element table of a scene are, which every hit test reads.
/// (`AtomicLazyReference` does the same, but its `load()` is not specialized across the
/// module boundary: each read asked the runtime for generic metadata, ~160 instructions.)
struct OnceReference<Value: AnyObject & Sendable>: ~Copyable, @unchecked Sendable {
  /// Holds one retain of the value once set.
  private let cell = Atomic<Unmanaged<Value>?>(nil)

  init() {}

  /// The value, if it was set.
  @inline(__always)
  func load() -> Value? {
    cell.load(ordering: .acquiring)?.takeUnretainedValue()
  }

  /// The value, if it was set, unretained: the cell keeps it for as long as it lives.
  @inline(__always)
  func loadUnmanaged() -> Unmanaged<Value>? {
    cell.load(ordering: .acquiring)
  }

  /// Sets the value unless it was set; returns the one that is kept.
  func storeIfNil(_ value: Value) -> Value {
    let new = Unmanaged.passRetained(value)
    let (exchanged, original) = cell.compareExchange(
      expected: nil, desired: new, ordering: .acquiringAndReleasing)
    guard !exchanged, let original else { return value }
    new.release()
    return original.takeUnretainedValue()
  }

  deinit {
    cell.load(ordering: .acquiring)?.release()
  }
}
