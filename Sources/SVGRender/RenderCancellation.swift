import SVGTree
import Synchronization

/// Stops a render cooperatively: when ``cancel()`` is called (a service whose client went
/// away) or once its deadline passes (``Limits/maxRenderTime``). The render-tree builder
/// checks it before each element and each reference it resolves, the backend before each
/// node it draws; a stopped render throws a ``RenderError`` and produces no output.
///
/// One token can be shared by the build and the drawing of a render, and across threads.
public final class RenderCancellation: Sendable {
  private let cancelled = Atomic<Bool>(false)
  /// When the render stops by itself; nil for never.
  public let deadline: ContinuousClock.Instant?

  /// A token that expires `timeLimit` from now (never, when nil).
  public init(timeLimit: Duration? = nil) {
    deadline = timeLimit.map { ContinuousClock.now.advanced(by: $0) }
  }

  /// Asks the render to stop at its next check.
  public func cancel() { cancelled.store(true, ordering: .relaxed) }

  /// Whether the render must stop: cancelled, or past the deadline.
  public var isCancelled: Bool {
    if cancelled.load(ordering: .relaxed) { return true }
    guard let deadline else { return false }
    return ContinuousClock.now >= deadline
  }

  /// Throws when the render must stop, saying why.
  public func check() throws(RenderError) {
    guard isCancelled else { return }
    if cancelled.load(ordering: .relaxed) { throw RenderError("the render was cancelled") }
    throw RenderError("the render took longer than its time limit")
  }

  /// The caller's token, or one made from `limits` (nil when they set no time limit).
  static func token(_ given: RenderCancellation?, limits: Limits) -> RenderCancellation? {
    given ?? limits.maxRenderTime.map { RenderCancellation(timeLimit: $0) }
  }
}
