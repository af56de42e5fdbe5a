import Foundation
import PackagePlugin

/// Runs `svg-inline` over every `.svg` file of a target at build time: the processed copies,
/// with their scripts embedded, become the target's resources (`Bundle.module`).
///
/// SwiftPM gives build commands no depfile, so each command lists every non-Swift file of the
/// target as an input: editing a script reruns the step. Files may only be read from inside
/// the target's folder (`--root`: the deepest folder holding all of the target's files).
@main
struct InlineSVGPlugin: BuildToolPlugin {
  func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
    guard let module = target as? SourceModuleTarget else { return [] }
    let tool = try context.tool(named: "svg-inline")
    let files = module.sourceFiles.filter { $0.url.pathExtension != "swift" }.map(\.url)
    let root = commonFolder(of: module.sourceFiles.map(\.url))
    return module.sourceFiles(withSuffix: "svg").map { file in
      let output = context.pluginWorkDirectoryURL.appendingPathComponent(file.url.lastPathComponent)
      return .buildCommand(
        displayName: "Inlining scripts into \(file.url.lastPathComponent)",
        executable: tool.url,
        arguments: [file.url.path, "-o", output.path, "--root", root.path],
        inputFiles: files,
        outputFiles: [output])
    }
  }
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
