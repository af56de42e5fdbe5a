import Foundation
import SVGInline
import SVGTree
import Testing

/// A scratch folder for one test: `root/site/` holds the SVGs and what they refer to,
/// `root/outside/` what they must not reach.
final class Sandbox {
  let root: String
  var site: String { root + "/site" }

  init() throws {
    root = NSTemporaryDirectory() + "inkpath-inline-" + UUID().uuidString
    for dir in ["site", "outside"] {
      try FileManager.default.createDirectory(
        atPath: root + "/" + dir, withIntermediateDirectories: true)
    }
    try write("outside/secret.js", "alert('secret');")
  }

  deinit { try? FileManager.default.removeItem(atPath: root) }

  /// Writes `text` (or raw bytes) at `relative` under the sandbox, making folders as needed.
  func write(_ relative: String, _ text: String) throws { try write(relative, Array(text.utf8)) }

  func write(_ relative: String, _ bytes: [UInt8]) throws {
    let url = URL(fileURLWithPath: root + "/" + relative)
    try FileManager.default.createDirectory(
      at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    try Data(bytes).write(to: url)
  }

  func read(_ relative: String) -> [UInt8]? {
    FileManager.default.contents(atPath: root + "/" + relative).map { [UInt8]($0) }
  }

  /// The canonical path of a file (the temporary folder may sit behind a symlink).
  func canonical(_ relative: String) -> String {
    URL(fileURLWithPath: root + "/" + relative).resolvingSymlinksInPath().path
  }

  /// Writes `svg` as site/<name> and inlines it.
  func inline(_ svg: String, name: String = "in.svg", options: InlineOptions = InlineOptions())
    throws -> InlineResult
  {
    try write("site/" + name, svg)
    return try SVGInliner(options: options).inline(contentsOfFile: site + "/" + name)
  }

  /// Why inlining `svg` fails (every problem, as printed); nil when it succeeds.
  func failure(_ svg: String, options: InlineOptions = InlineOptions()) throws -> InlineError? {
    do {
      _ = try inline(svg, options: options)
      return nil
    } catch let error as InlineError {
      return error
    }
  }
}

/// An SVG document with `body` inside its root.
func svg(_ body: String) -> String {
  """
  <?xml version="1.0" encoding="UTF-8"?>
  <svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" \
  width="20" height="20">
  \(body)
  </svg>

  """
}

extension InlineResult {
  var text: String { String(decoding: bytes, as: UTF8.self) }

  /// The text content of each script element of the output, as libxml2 reads it.
  func scriptTexts() throws -> [String] {
    let document = try Document(bytes: bytes)
    return document.selectElements(named: "script").map { document.textContent(of: $0) }
  }
}

/// Runs the built `svg-inline` with `arguments` in `directory`.
func runCLI(_ arguments: [String], in directory: String, stdin: [UInt8] = []) throws
  -> (status: Int32, stdout: String, stderr: String)
{
  let products = Bundle.module.bundleURL.deletingLastPathComponent()
  let process = Process()
  process.executableURL = products.appendingPathComponent("svg-inline")
  process.arguments = arguments
  process.currentDirectoryURL = URL(fileURLWithPath: directory)
  let out = Pipe()
  let err = Pipe()
  let input = Pipe()
  process.standardOutput = out
  process.standardError = err
  process.standardInput = input
  try process.run()
  input.fileHandleForWriting.write(Data(stdin))
  try input.fileHandleForWriting.close()
  let stdout = out.fileHandleForReading.readDataToEndOfFile()
  let stderr = err.fileHandleForReading.readDataToEndOfFile()
  process.waitUntilExit()
  return (
    process.terminationStatus, String(decoding: stdout, as: UTF8.self),
    String(decoding: stderr, as: UTF8.self)
  )
}

/// The path of a fixture file.
func fixture(_ name: String) throws -> String {
  try #require(Bundle.module.path(forResource: name, ofType: nil, inDirectory: "Fixtures"))
}
