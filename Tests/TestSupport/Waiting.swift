import Foundation
import Synchronization

/// Waits until `condition` holds, checking it every `interval`, but never past `deadline`.
/// Returns whether it held: a caller asserts on that, so a missing event fails the test
/// instead of hanging it.
package func waitUntil(
  deadline: ContinuousClock.Instant, interval: Duration = .milliseconds(5),
  _ condition: () throws -> Bool
) rethrows -> Bool {
  while true {
    if try condition() { return true }
    if ContinuousClock.now >= deadline { return false }
    let left = deadline - ContinuousClock.now
    let pause = min(interval, max(left, .zero))
    let (seconds, attoseconds) = pause.components
    Thread.sleep(forTimeInterval: Double(seconds) + Double(attoseconds) / 1e18)
  }
}

/// `waitUntil(deadline:)` with the deadline `timeout` from now.
package func waitUntil(
  timeout: Duration, interval: Duration = .milliseconds(5), _ condition: () throws -> Bool
) rethrows -> Bool {
  try waitUntil(deadline: .now + timeout, interval: interval, condition)
}

/// A failure of the test's own machinery (a helper that would not build, a server that
/// would not start), with what went wrong.
package struct SupportFailure: Error, CustomStringConvertible {
  package var description: String

  package init(_ description: String) { self.description = description }
}

/// Lines appended from any thread (what worker threads report to the test).
package final class LogLines: Sendable {
  private let lines = Mutex<[String]>([])

  package init() {}

  package func append(_ line: String) { lines.withLock { $0.append(line) } }

  package var all: [String] { lines.withLock { $0 } }

  package var count: Int { lines.withLock { $0.count } }
}

/// A value shared between threads behind a lock.
package final class Locked<Value: Sendable>: Sendable {
  private let mutex: Mutex<Value>

  package init(_ value: Value) { mutex = Mutex(value) }

  package var value: Value { mutex.withLock { $0 } }

  package func withLock<T: Sendable>(_ body: (inout sending Value) -> T) -> T {
    mutex.withLock { body(&$0) }
  }
}
