import CMicroHTTPD
import Foundation
import Synchronization

/// The whole-request deadline. libmicrohttpd's own timeout is an idle timer that every byte
/// resets, so a client trickling one header byte a second would hold its connection forever.
/// This watchdog knows every open connection and when its current phase began (waiting for
/// or reading a request, or sending the answer); a connection past the deadline in any phase
/// but the handler's own work (which has its own budgets) has its socket shut, and the daemon
/// closes it at its next read.
final class RequestDeadlines: Sendable {
  private struct Open {
    var fd: Int32
    /// Since when the connection has been reading or sending; nil while a handler works.
    var since: ContinuousClock.Instant?
  }

  let timeout: Duration
  private let open = Mutex<[UInt: Open]>([:])
  private let running = Atomic<Bool>(true)
  private let closedByDeadline = Atomic<Int>(0)

  init(timeout: Duration) { self.timeout = timeout }

  /// Connections shut so far for being too slow.
  var expired: Int { closedByDeadline.load(ordering: .relaxed) }

  /// Starts the watchdog thread; it checks a few times a second until ``stop()``.
  func start() {
    let thread = Thread { [self] in
      while running.load(ordering: .relaxed) {
        usleep(200_000)
        sweep()
      }
    }
    thread.name = "svg-serve request deadlines"
    thread.start()
  }

  func stop() { running.store(false, ordering: .relaxed) }

  func opened(_ connection: OpaquePointer) {
    let fd = inkpath_mhd_fd(connection)
    open.withLock { $0[key(connection)] = Open(fd: fd, since: .now) }
  }

  /// Called before the daemon closes the socket, so the watchdog never shuts a reused number.
  func closed(_ connection: OpaquePointer) {
    _ = open.withLock { $0.removeValue(forKey: key(connection)) }
  }

  /// The request is in: the handler's work is bounded by its own budgets.
  func working(_ connection: OpaquePointer) { set(connection, nil) }

  /// The answer is queued (or the exchange ended): a new phase with a fresh deadline.
  func restart(_ connection: OpaquePointer) { set(connection, .now) }

  private func set(_ connection: OpaquePointer, _ since: ContinuousClock.Instant?) {
    open.withLock { o in
      if o[key(connection)] != nil { o[key(connection)]!.since = since }
    }
  }

  private func key(_ c: OpaquePointer) -> UInt { UInt(bitPattern: Int(bitPattern: c)) }

  private func sweep() {
    let now = ContinuousClock.now
    open.withLock { o in
      for (k, c) in o {
        guard let since = c.since, now - since > timeout, c.fd >= 0 else { continue }
        inkpath_shutdown_socket(c.fd)
        o[k]!.since = nil
        closedByDeadline.add(1, ordering: .relaxed)
      }
    }
  }
}
