import Glibc
import SVGTree
import Synchronization

/// Stops a render cooperatively: the builder checks it before each element and the cairo
/// backend before each node, so a render over its time budget ends with a
/// ``RenderError`` (``RenderError/isCancellation``) at the next check and the thread that
/// ran it is free again. A single cairo call (one huge path) still runs to its end.
///
/// A token made with ``init(checks:)`` stops the render after a number of checks instead
/// of at a time: a budget in units of work, the same on every machine whatever its speed
/// or load (tests use it where a wall-clock budget would fail on a busy machine).
public final class RenderCancellation: Sendable {
  /// When the render stops by itself; nil for a token that only ``cancel()`` stops.
  public let deadline: ContinuousClock.Instant?
  /// How many checks the render may make before it stops by itself; nil for no such budget.
  public let checkBudget: Int?
  /// ``deadline`` as nanoseconds of `CLOCK_MONOTONIC` (the time left to it when the token is
  /// made, from that clock's reading then). `Instant` is a resilient type of the standard
  /// library, reached through its value witnesses: comparing one at every check took 1.4% of
  /// the instructions of a 6,000-path drawing's render; this is a read of the clock and an
  /// integer compare.
  private let deadlineNanoseconds: Int64?
  private let cancelled = Atomic<Bool>(false)
  private let checks = Atomic<Int>(0)

  public init(deadline: ContinuousClock.Instant? = nil) {
    self.deadline = deadline
    self.checkBudget = nil
    deadlineNanoseconds = deadline.map {
      let (seconds, attoseconds) = ContinuousClock.now.duration(to: $0).components
      // Past 136 years either way, the deadline is as good as never or long gone.
      guard seconds.magnitude < 1 << 32 else { return seconds < 0 ? .min : .max }
      return Self.now + seconds * 1_000_000_000 + attoseconds / 1_000_000_000
    }
  }

  /// A token that stops the render at its check number `checks + 1`: one check comes
  /// before each element built, each reference resolved and each node drawn.
  public init(checks: Int) {
    self.deadline = nil
    self.deadlineNanoseconds = nil
    self.checkBudget = checks
  }

  /// `CLOCK_MONOTONIC`'s time in nanoseconds.
  private static var now: Int64 {
    var t = timespec()
    clock_gettime(CLOCK_MONOTONIC, &t)
    return Int64(t.tv_sec) &* 1_000_000_000 &+ Int64(t.tv_nsec)
  }

  /// The checks made so far; counted only for a token with a ``checkBudget``.
  public var checksMade: Int { checks.load(ordering: .relaxed) }

  /// A token whose deadline is `timeout` from now.
  public convenience init(timeout: Duration) {
    self.init(deadline: .now + timeout)
  }

  /// Stops the render at its next check.
  public func cancel() { cancelled.store(true, ordering: .relaxed) }

  /// Whether the render should stop: cancelled, past the deadline, or (counting this
  /// check) over the check budget.
  public var isCancelled: Bool {
    if cancelled.load(ordering: .relaxed) { return true }
    if let checkBudget, checks.wrappingAdd(1, ordering: .relaxed).newValue > checkBudget {
      cancelled.store(true, ordering: .relaxed)
      return true
    }
    guard let deadlineNanoseconds, Self.now >= deadlineNanoseconds else { return false }
    cancelled.store(true, ordering: .relaxed)
    return true
  }

  /// Throws the cancellation error when the render should stop.
  public func check() throws(RenderError) {
    if isCancelled { throw RenderError.cancelled }
  }
}

extension RenderError {
  /// The error a cancelled render ends with.
  public static let cancelled = RenderError(
    .cancelled, "the render was cancelled (over its time budget)")

  /// Whether the render stopped because it was cancelled, not because of its input.
  public var isCancellation: Bool { kind == .cancelled }
}

extension RenderCancellation {
  /// The caller's token; else one that expires ``Limits/maxRenderTime`` from now (nil when
  /// the limits set no time), so a render has a time budget even when nobody asked.
  static func token(_ given: RenderCancellation?, limits: Limits) -> RenderCancellation? {
    given ?? limits.maxRenderTime.map { RenderCancellation(timeout: $0) }
  }
}
