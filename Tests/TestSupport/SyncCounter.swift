import Foundation

/// Builds `synccount.c` (beside this file) into an `LD_PRELOAD` library and reads what it
/// reported: every fsync/fdatasync of the process it was loaded into (the file synced) and
/// the `synchronous` level of every SQLite COMMIT. A durability test loads it into the
/// server and compares these lines with the commands its own client saw acknowledged.
package final class SyncCounter: Sendable {
  /// The compiled library, built once per test process.
  package static let library: Result<String, Error> = Result {
    let folder = try temporaryDirectory("inkpath-synccount")
    let source = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .appendingPathComponent("synccount.c").path
    let library = folder + "/libsynccount.so"
    let build = try Executable.runProgram(
      "/usr/bin/cc", ["-shared", "-fPIC", "-O2", "-o", library, source, "-ldl"], timeout: 60)
    guard build.status == 0 else {
      throw SupportFailure("cc synccount.c failed: \(build.stderr)")
    }
    return library
  }

  package let report: String
  private let folder: TemporaryDirectory

  package init() throws {
    folder = try TemporaryDirectory("inkpath-syncs")
    report = folder.file("report")
  }

  /// The environment that loads the counter into a child process.
  package func environment() throws -> [String: String] {
    ["LD_PRELOAD": try Self.library.get(), "SYNC_REPORT": report]
  }

  /// The lines reported so far.
  package var lines: [String] {
    let text = String(
      decoding: FileManager.default.contents(atPath: report) ?? Data(), as: UTF8.self)
    return text.split(separator: "\n").map(String.init)
  }

  /// How many syncs of files whose path ends with `suffix` were reported so far.
  package func syncs(endingWith suffix: String) -> Int {
    lines.filter { $0.hasPrefix("sync ") && $0.hasSuffix(suffix) }.count
  }

  /// The `synchronous` level of every reported commit, in order.
  package var commitLevels: [Int] {
    lines.compactMap { $0.hasPrefix("commit ") ? Int($0.dropFirst(7)) : nil }
  }
}
