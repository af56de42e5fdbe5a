import Foundation

/// The built `svg-serve` executable, run as a child process on a free port.
final class ServerProcess {
  static let path: String = {
    var url = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    while !FileManager.default.fileExists(atPath: url.appendingPathComponent("svg-serve").path),
      url.path != "/"
    {
      url = url.deletingLastPathComponent()
    }
    return url.appendingPathComponent("svg-serve").path
  }()

  let process = Process()
  private let stderr = Pipe()
  private(set) var port: UInt16 = 0
  private(set) var output = ""

  /// Starts the server and waits until it says where it listens.
  init(data: String, arguments: [String] = []) throws {
    process.executableURL = URL(fileURLWithPath: Self.path)
    process.arguments = ["--port", "0", "--data", data] + arguments
    process.standardError = stderr
    process.standardOutput = FileHandle.nullDevice
    try process.run()
    let handle = stderr.fileHandleForReading
    let deadline = Date().addingTimeInterval(20)
    while port == 0, Date() < deadline {
      let chunk = handle.availableData
      guard !chunk.isEmpty else { break }
      output += String(decoding: chunk, as: UTF8.self)
      if let range = output.range(of: "listening on http://127.0.0.1:") {
        let digits = output[range.upperBound...].prefix { $0.isNumber }
        port = UInt16(digits) ?? 0
      }
    }
    guard port != 0 else {
      process.terminate()
      throw HTTPClient.Failure(description: "svg-serve did not start: \(output)")
    }
  }

  var client: HTTPClient { HTTPClient(port: port) }

  func kill(_ signal: Int32) { Foundation.kill(process.processIdentifier, signal) }

  /// Waits for the process to end; returns its exit status and the rest of its stderr.
  func wait() -> (Int32, String) {
    process.waitUntilExit()
    output += String(decoding: stderr.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    return (process.terminationStatus, output)
  }

  deinit {
    if process.isRunning {
      kill(SIGKILL)
      process.waitUntilExit()
    }
  }
}
