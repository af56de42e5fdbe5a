import Foundation
import SVGInline
import SVGTree
import Testing

/// A scratch folder for one test: `root/site/` holds the SVGs and what they refer to,
/// `root/outside/` what they must not reach.
final class Sandbox {
  private let folder: TemporaryDirectory
  var root: String { folder.path }
  var site: String { root + "/site" }

  init() throws {
    folder = try TemporaryDirectory("inkpath-inline")
    try FileManager.default.createDirectory(
      atPath: root + "/site", withIntermediateDirectories: true)
    try write("outside/secret.js", "alert('secret');")
  }

  /// Writes `text` (or raw bytes) at `relative` under the sandbox, making folders as needed.
  func write(_ relative: String, _ text: String) throws { try folder.write(relative, text) }

  func write(_ relative: String, _ bytes: [UInt8]) throws { try folder.write(relative, bytes) }

  func read(_ relative: String) -> [UInt8]? { folder.read(relative) }

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
  let r = try Executable(name: "svg-inline").run(arguments, stdin: Data(stdin), in: directory)
  return (r.status, r.text, r.stderr)
}

/// The path of a fixture file.
func fixture(_ name: String) throws -> String {
  try #require(Bundle.module.path(forResource: name, ofType: nil, inDirectory: "Fixtures"))
}
