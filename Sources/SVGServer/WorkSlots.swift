import Dispatch
import Synchronization

/// A bounded work queue: at most `count` bodies run at once, at most `maxWaiting` wait for
/// a turn, and none waits longer than `wait`. A request that cannot get a turn is answered
/// 503 with `Retry-After` instead of queueing without limit.
final class WorkSlots: Sendable {
  let count: Int
  let maxWaiting: Int
  let wait: Duration
  /// What runs in a slot, for the 503's message ("render", "script").
  let kind: String
  let onBusy: @Sendable () -> Void
  private let semaphore: DispatchSemaphore
  private let waiting = Atomic<Int>(0)
  private let running = Atomic<Int>(0)

  init(
    count: Int, maxWaiting: Int, wait: Duration, kind: String,
    onBusy: @escaping @Sendable () -> Void = {}
  ) {
    self.onBusy = onBusy
    self.count = max(1, count)
    self.maxWaiting = maxWaiting
    self.wait = wait
    self.kind = kind
    semaphore = DispatchSemaphore(value: max(1, count))
  }

  /// Bodies running now.
  var inFlight: Int { running.load(ordering: .relaxed) }

  /// Runs `body` in a slot; 503 (`Retry-After: 1`) when none frees up in time.
  func run<T>(_ body: () throws(ServiceError) -> T) throws(ServiceError) -> T {
    let w = wait.components
    let deadline =
      DispatchTime.now()
      + .nanoseconds(Int(w.seconds) * 1_000_000_000 + Int(w.attoseconds / 1_000_000_000))
    let queued = waiting.add(1, ordering: .relaxed).newValue
    let got = queued <= maxWaiting && semaphore.wait(timeout: deadline) == .success
    waiting.subtract(1, ordering: .relaxed)
    guard got else {
      onBusy()
      var e = ServiceError(
        503,
        queued > maxWaiting
          ? "\(maxWaiting) \(kind)s are already waiting for a slot"
          : "all \(count) \(kind) slots stayed busy for \(wait)")
      e.headers = [("Retry-After", "1")]
      throw e
    }
    running.add(1, ordering: .relaxed)
    defer {
      running.subtract(1, ordering: .relaxed)
      semaphore.signal()
    }
    return try body()
  }
}
