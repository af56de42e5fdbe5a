import Foundation
import RenderCommand

/// What a run said, line by line, kept for a test to read.
final class MessageLog: @unchecked Sendable {
  private let lock = NSLock()
  private var lines: [(kind: String, text: String)] = []

  private func add(_ kind: String, _ text: String) {
    lock.lock()
    lines.append((kind, text))
    lock.unlock()
  }

  /// The lines of one kind: `data`, `note`, `warning`, `failure`, or `progress` (the total
  /// once, then `done` after each file).
  func lines(_ kind: String) -> [String] {
    lock.lock()
    defer { lock.unlock() }
    return lines.filter { $0.kind == kind }.map(\.text)
  }

  var messages: RenderMessages {
    RenderMessages(
      data: { self.add("data", $0) }, note: { self.add("note", $0) },
      warning: { self.add("warning", "\($0) \($1)") }, failure: { self.add("failure", $0) },
      progress: { total in
        self.add("progress", "\(total)")
        return { self.add("progress", "done") }
      })
  }
}
