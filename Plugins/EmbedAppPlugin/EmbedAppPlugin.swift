import Foundation
import PackagePlugin

/// Embeds the colouring app (`Resources/app/`: HTML, CSS and JavaScript) in the target as
/// Swift string literals, so an installed `svg-serve` serves `/app/` without any other file.
/// SwiftPM's `resources:` would put the files in a bundle folder beside the binary instead.
///
/// The tiny `embed-app` tool writes one Swift file, `AppFiles+Embedded.swift`, holding every
/// file of the folder; each file is an input of the step, so editing one rebuilds it.
@main
struct EmbedAppPlugin: BuildToolPlugin {
  func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
    let folder = context.package.directoryURL.appendingPathComponent("Resources/app")
    let names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
      .filter { !$0.hasPrefix(".") }.sorted()
    let files = names.map { folder.appendingPathComponent($0) }
    let output = context.pluginWorkDirectoryURL.appendingPathComponent("AppFiles+Embedded.swift")
    return [
      .buildCommand(
        displayName: "Embedding Resources/app (\(files.count) files)",
        executable: try context.tool(named: "embed-app").url,
        arguments: [output.path] + files.map(\.path),
        inputFiles: files + [folder],
        outputFiles: [output])
    ]
  }
}
