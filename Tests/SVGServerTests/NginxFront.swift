import Foundation
import TestSupport

/// Debian's nginx with the project's `deploy/nginx.conf`, on a free loopback port, in front
/// of the given replica ports, with a test certificate made here by openssl. Its own prefix
/// folder and config (never the system service); stopped when released.
final class NginxFront: @unchecked Sendable {
  static let binary = "/usr/sbin/nginx"
  static var available: Bool { FileManager.default.isExecutableFile(atPath: binary) }

  let prefix: String
  let port: UInt16
  private let process = Process()

  /// The deploy config with only the addresses changed: the listening port, the replicas,
  /// one worker process, and no daemonizing (so this process owns it).
  static func config(port: UInt16, replicas: [UInt16]) throws -> String {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent()
    var text = try String(
      contentsOf: root.appendingPathComponent("deploy/nginx.conf"), encoding: .utf8)
    var lines: [String] = []
    var replaced = false
    for line in text.components(separatedBy: "\n") {
      if line.contains("# replica") {
        if !replaced {
          lines += replicas.map { "    server 127.0.0.1:\($0) max_fails=1 fail_timeout=5s;" }
          replaced = true
        }
      } else if line.contains("# public") {
        lines.append("    listen 127.0.0.1:\(port) ssl;")
      } else if line.hasPrefix("worker_processes") {
        lines.append("worker_processes 1;\ndaemon off;")
      } else {
        lines.append(line)
      }
    }
    text = lines.joined(separator: "\n")
    return text
  }

  init(replicas: [UInt16]) throws {
    prefix = NSTemporaryDirectory() + "svgserver-nginx-\(UUID().uuidString)"
    for folder in ["logs", "tmp", "tls"] {
      try FileManager.default.createDirectory(
        atPath: prefix + "/" + folder, withIntermediateDirectories: true)
    }
    try Self.run(
      "/usr/bin/openssl",
      [
        "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes",
        "-keyout", prefix + "/tls/key.pem", "-out", prefix + "/tls/cert.pem", "-days", "1",
        "-subj", "/CN=localhost",
      ])
    port = try freePort()
    try Self.config(port: port, replicas: replicas).write(
      toFile: prefix + "/nginx.conf", atomically: true, encoding: .utf8)
    process.executableURL = URL(fileURLWithPath: Self.binary)
    process.arguments = ["-p", prefix + "/", "-c", prefix + "/nginx.conf", "-e", "logs/error.log"]
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
    // Ready once it answers TLS.
    let deadline = Date().addingTimeInterval(10)
    while Date() < deadline {
      if (try? curl(["-o", "/dev/null", "-w", "%{http_code}", url("/healthz")]))?.isEmpty == false {
        return
      }
      Thread.sleep(forTimeInterval: 0.1)
    }
    stop()
    throw HTTPClient.Failure(description: "nginx did not start: \(errorLog)")
  }

  deinit { stop() }

  /// A write to a pipe whose reader has exited must fail with EPIPE, not kill the tests.
  private static let ignoreBrokenPipes: Void = { _ = signal(SIGPIPE, SIG_IGN) }()

  func stop() {
    if process.isRunning {
      process.terminate()
      process.waitUntilExit()
    }
    try? FileManager.default.removeItem(atPath: prefix)
  }

  var errorLog: String {
    (try? String(contentsOfFile: prefix + "/logs/error.log", encoding: .utf8)) ?? ""
  }

  func url(_ path: String) -> String { "https://localhost:\(port)\(path)" }

  /// Runs curl against this nginx (trusting its test certificate) and returns its output.
  func curl(_ arguments: [String]) throws -> String {
    try Self.run(
      "/usr/bin/curl",
      [
        "-s", "--max-time", "30", "--cacert", prefix + "/tls/cert.pem", "--resolve",
        "localhost:\(port):127.0.0.1",
      ] + arguments)
  }

  /// Sends raw bytes over TLS (openssl s_client), `perByte` seconds apart when given, and
  /// returns what nginx answers until it closes (at most `seconds`).
  func exchange(_ bytes: [UInt8], perByte: Double? = nil, seconds: Double = 20) throws -> String {
    let p = Process()
    p.executableURL = URL(fileURLWithPath: "/usr/bin/openssl")
    p.arguments = [
      "s_client", "-quiet", "-connect", "127.0.0.1:\(port)", "-servername", "localhost",
    ]
    let input = Pipe()
    let output = Pipe()
    p.standardInput = input
    p.standardOutput = output
    p.standardError = FileHandle.nullDevice
    try p.run()
    let start = Date()
    Thread.sleep(forTimeInterval: 0.3)  // the handshake
    // nginx may close the connection between two bytes, and openssl then exits: a write
    // after that fails with EPIPE, which ends the sending here (SIGPIPE is ignored).
    Self.ignoreBrokenPipes
    let writer = input.fileHandleForWriting
    for chunk in perByte == nil ? [bytes[...]] : bytes.indices.map({ bytes[$0...$0] }) {
      guard Date().timeIntervalSince(start) < seconds,
        (try? writer.write(contentsOf: chunk)) != nil
      else { break }
      if let perByte { Thread.sleep(forTimeInterval: perByte) }
    }
    while p.isRunning, Date().timeIntervalSince(start) < seconds {
      Thread.sleep(forTimeInterval: 0.05)
    }
    if p.isRunning { p.terminate() }
    try? writer.close()
    let out = output.fileHandleForReading.readDataToEndOfFile()
    p.waitUntilExit()
    return String(decoding: out, as: UTF8.self)
  }

  /// Runs `tool` and returns its standard output. A tool that leaves a daemon behind
  /// (`pg_ctl start`) must not `capture`: the daemon would inherit the pipe and its end
  /// would never come.
  @discardableResult
  static func run(_ tool: String, _ arguments: [String], capture: Bool = true) throws -> String {
    let p = Process()
    p.executableURL = URL(fileURLWithPath: tool)
    p.arguments = arguments
    let output = Pipe()
    p.standardOutput = capture ? output : FileHandle.nullDevice
    p.standardError = FileHandle.nullDevice
    try p.run()
    let out = capture ? output.fileHandleForReading.readDataToEndOfFile() : Data()
    p.waitUntilExit()
    guard p.terminationStatus == 0 else {
      throw HTTPClient.Failure(description: "\(tool) \(arguments.prefix(3)) failed")
    }
    return String(decoding: out, as: UTF8.self)
  }
}
