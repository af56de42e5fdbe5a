import Foundation

/// Runs one of the package's built executables (they sit beside the test bundle).
struct Executable {
  let name: String

  static let productsDirectory: URL = {
    var url = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    while !FileManager.default.fileExists(atPath: url.appendingPathComponent("svg-render").path),
      url.path != "/"
    {
      url = url.deletingLastPathComponent()
    }
    return url
  }()

  var path: String { Self.productsDirectory.appendingPathComponent(name).path }

  struct Result {
    var status: Int32
    var stdout: Data
    var stderr: String
    var text: String { String(decoding: stdout, as: UTF8.self) }
  }

  func run(
    _ args: [String], stdin: Data? = nil, in directory: String? = nil,
    environment: [String: String]? = nil
  ) throws -> Result {
    try Self.runProgram(path, args, stdin: stdin, in: directory, environment: environment)
  }

  /// Runs any program and collects its output.
  static func runProgram(
    _ path: String, _ args: [String], stdin: Data? = nil, in directory: String? = nil,
    environment: [String: String]? = nil
  ) throws -> Result {
    let p = Process()
    p.executableURL = URL(fileURLWithPath: path)
    p.arguments = args
    if let environment { p.environment = environment }
    if let directory { p.currentDirectoryURL = URL(fileURLWithPath: directory) }
    let out = Pipe()
    let err = Pipe()
    p.standardOutput = out
    p.standardError = err
    let input = Pipe()
    p.standardInput = input
    try p.run()
    if let stdin { input.fileHandleForWriting.write(stdin) }
    try input.fileHandleForWriting.close()
    let o = out.fileHandleForReading.readDataToEndOfFile()
    let e = err.fileHandleForReading.readDataToEndOfFile()
    p.waitUntilExit()
    return Result(
      status: p.terminationStatus, stdout: o, stderr: String(decoding: e, as: UTF8.self))
  }

  /// The package root (for README and example files).
  static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()
}

func temporaryDirectory() throws -> String {
  let dir = FileManager.default.temporaryDirectory.appendingPathComponent(
    "inkpath-\(UUID().uuidString)")
  try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
  return dir.path
}
