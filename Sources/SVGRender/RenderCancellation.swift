import SVGTree
import Synchronization

/// Stops a render cooperatively: the builder checks it before each element and the cairo
/// backend before each node, so a render over its time budget ends with a
/// ``RenderError`` (``RenderError/isCancellation``) at the next check and the thread that
/// ran it is free again. A single cairo call (one huge path) still runs to its end.
public final class RenderCancellation: Sendable {
  /// When the render stops by itself; nil for a token that only ``cancel()`` stops.
  public let deadline: ContinuousClock.Instant?
  private let cancelled = Atomic<Bool>(false)

  public init(deadline: ContinuousClock.Instant? = nil) {
    self.deadline = deadline
  }

  /// A token whose deadline is `timeout` from now.
  public convenience init(timeout: Duration) {
    self.init(deadline: .now + timeout)
  }

  /// Stops the render at its next check.
  public func cancel() { cancelled.store(true, ordering: .relaxed) }

  /// Whether the render should stop: cancelled, or past the deadline.
  public var isCancelled: Bool {
    if cancelled.load(ordering: .relaxed) { return true }
    guard let deadline, ContinuousClock.now >= deadline else { return false }
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
