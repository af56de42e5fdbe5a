import Foundation
import PackagePlugin

/// Runs `svg-inline` over every `.svg` file of a target at build time: the processed copies,
/// with their scripts embedded, become the target's resources (`Bundle.module`).
///
/// SwiftPM gives build commands no depfile, so each command lists every non-Swift file of the
/// target as an input: editing a script reruns the step. Files may only be read from inside
/// the target's folder (`--root`: the deepest folder holding all of the target's files).
///
/// A file named `svg-inline.options` in the target holds more flags for every file, separated
/// by spaces or lines: `--styles` and `--images` (style sheets and images inlined too).
///
/// Resources land side by side in one bundle folder, so two SVG files with the same name in
/// different folders are kept apart by name: each becomes its path inside the target with
/// the folders joined by `-` (`icons/dark/logo.svg` is the resource `icons-dark-logo.svg`).
/// A name no other file shares stays as it is.
@main
struct InlineSVGPlugin: BuildToolPlugin {
  static let optionsFile = "svg-inline.options"
  static let allowedFlags: Set<String> = ["--styles", "--images"]

  func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
    guard let module = target as? SourceModuleTarget else { return [] }
    let tool = try context.tool(named: "svg-inline")
    let files = module.sourceFiles.filter { $0.url.pathExtension != "swift" }.map(\.url)
    let root = commonFolder(of: module.sourceFiles.map(\.url))
    let flags = try options(in: files)
    let svgs = module.sourceFiles(withSuffix: "svg").map(\.url)
    let names = resourceNames(svgs, under: root)
    return svgs.map { file in
      let output = context.pluginWorkDirectoryURL.appendingPathComponent(names[file]!)
      return .buildCommand(
        displayName: "Inlining scripts into \(names[file]!)",
        executable: tool.url,
        arguments: [file.path, "-o", output.path, "--root", root.path] + flags,
        inputFiles: files,
        outputFiles: [output])
    }
  }

  /// The flags of the target's `svg-inline.options`, if it has one.
  private func options(in files: [URL]) throws -> [String] {
    guard let file = files.first(where: { $0.lastPathComponent == Self.optionsFile }) else {
      return []
    }
    let flags = try String(contentsOf: file, encoding: .utf8)
      .split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "\t" || $0 == "\r" })
      .map(String.init)
    for flag in flags where !Self.allowedFlags.contains(flag) {
      throw PluginError(
        "\(file.path): \(flag) is not one of \(Self.allowedFlags.sorted().joined(separator: ", "))"
      )
    }
    return flags
  }
}

struct PluginError: Error, CustomStringConvertible {
  var description: String
  init(_ description: String) { self.description = description }
}

/// Each file's resource name: its own name, or, when another file shares it, its path under
/// `folder` with the folders joined by `-`.
func resourceNames(_ files: [URL], under folder: URL) -> [URL: String] {
  var count: [String: Int] = [:]
  for f in files { count[f.lastPathComponent, default: 0] += 1 }
  let base = folder.standardizedFileURL.pathComponents
  var names: [URL: String] = [:]
  for f in files {
    let name = f.lastPathComponent
    guard count[name]! > 1 else {
      names[f] = name
      continue
    }
    let parts = f.standardizedFileURL.pathComponents
    let inside = parts.starts(with: base) ? parts.dropFirst(base.count) : parts.dropFirst()
    names[f] = inside.joined(separator: "-")
  }
  return names
}

/// The deepest folder that holds every one of `files`.
private func commonFolder(of files: [URL]) -> URL {
  var common = files.first?.deletingLastPathComponent().standardizedFileURL.pathComponents ?? ["/"]
  for file in files.dropFirst() {
    let parts = file.deletingLastPathComponent().standardizedFileURL.pathComponents
    var n = 0
    while n < min(common.count, parts.count) && common[n] == parts[n] { n += 1 }
    common = Array(common.prefix(n))
  }
  return URL(fileURLWithPath: common.isEmpty ? "/" : NSString.path(withComponents: common))
}
