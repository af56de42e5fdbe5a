import Foundation
import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

/// The built `svg-serve` executable, run as a child process on a free loopback port. Its
/// standard error is read all along (so it never blocks on a full pipe) and kept.
package final class ServerProcess: @unchecked Sendable {
  package static let path = Products.path("svg-serve")

  /// The child process (for its identifier, state and exit status).
  package let process: Process
  private let stderrText: Locked<String>
  private let drained: LogLines
  package let port: UInt16

  /// Starts the server on a free port with `--data data` and `arguments`, with
  /// `environment` added to this process's, and waits (at most `startup`) until it says
  /// where it listens.
  package init(
    data: String, arguments: [String] = [], environment: [String: String] = [:],
    startup: Duration = .seconds(20)
  ) throws {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: Self.path)
    process.arguments = ["--port", "0", "--data", data] + arguments
    process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
    let pipe = Pipe()
    process.standardError = pipe
    process.standardOutput = FileHandle.nullDevice
    try process.run()
    self.process = process
    let reader = pipe.fileHandleForReading
    let text = Locked("")
    stderrText = text
    let drained = LogLines()
    self.drained = drained
    Thread {
      while true {
        let chunk = reader.availableData
        if chunk.isEmpty { break }
        text.withLock { $0 += String(decoding: chunk, as: UTF8.self) }
      }
      drained.append("eof")
    }.start()
    var found: UInt16 = 0
    _ = waitUntil(deadline: .now + startup) {
      let output = text.value
      if let range = output.range(of: "listening on http://127.0.0.1:") {
        found = UInt16(output[range.upperBound...].prefix { $0.isNumber }) ?? 0
      }
      return found != 0 || !process.isRunning
    }
    port = found
    guard found != 0 else {
      if process.isRunning { Glibc.kill(process.processIdentifier, SIGKILL) }
      process.waitUntilExit()
      throw SupportFailure("svg-serve did not start: \(text.value)")
    }
  }

  /// Everything the server wrote to standard error so far.
  package var output: String { stderrText.value }

  package var client: HTTPClient { HTTPClient(port: port) }

  package var isRunning: Bool { process.isRunning }

  package var processIdentifier: Int32 { process.processIdentifier }

  package func kill(_ signal: Int32) { Glibc.kill(process.processIdentifier, signal) }

  /// Processor time (user and system, all threads) the server has used so far, in seconds,
  /// from `/proc/PID/stat`: the work it did, which a busy machine does not inflate as it
  /// does the wall time. 0 once the process is gone.
  package var cpuSeconds: Double {
    let path = "/proc/\(process.processIdentifier)/stat"
    guard let text = try? String(contentsOfFile: path, encoding: .utf8),
      let close = text.lastIndex(of: ")")
    else { return 0 }
    // The fields after the command name (which may hold spaces): state is field 3,
    // utime and stime are fields 14 and 15.
    let fields = text[text.index(after: close)...].split(separator: " ")
    guard fields.count > 12, let user = Double(fields[11]), let system = Double(fields[12])
    else { return 0 }
    return (user + system) / Double(sysconf(Int32(_SC_CLK_TCK)))
  }

  /// Waits (at most `timeout`) for the process to end; returns its exit status and its
  /// standard error. A server still running then is killed and the status is nil.
  package func wait(timeout: Duration = .seconds(60)) -> (Int32?, String) {
    let ended = waitUntil(deadline: .now + timeout) { !process.isRunning }
    if !ended {
      kill(SIGKILL)
      process.waitUntilExit()
    }
    // The reader thread sees end of file once the process is gone.
    _ = waitUntil(deadline: .now + .seconds(5)) { drained.count > 0 }
    return (ended ? process.terminationStatus : nil, output)
  }

  /// Asks the server to stop (SIGTERM) and waits for it.
  package func stop() {
    guard process.isRunning else { return }
    kill(SIGTERM)
    _ = wait()
  }

  /// The server's peak resident memory so far (VmHWM), MiB.
  package var peakMiB: Double {
    let status =
      (try? String(contentsOfFile: "/proc/\(process.processIdentifier)/status", encoding: .utf8))
      ?? ""
    let line = status.split(separator: "\n").first { $0.hasPrefix("VmHWM:") } ?? ""
    return Double(line.split(separator: " ").dropFirst().first ?? "0").map { $0 / 1024 } ?? 0
  }

  deinit {
    if process.isRunning {
      Glibc.kill(process.processIdentifier, SIGKILL)
      process.waitUntilExit()
    }
  }
}
