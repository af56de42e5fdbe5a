import Foundation

/// Where the package's built executables and sources are.
package enum Products {
  /// The build's products folder (the executables sit beside the test bundle).
  package static let directory: URL = {
    var url = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    while !FileManager.default.fileExists(atPath: url.appendingPathComponent("svg-render").path),
      url.path != "/"
    {
      url = url.deletingLastPathComponent()
    }
    return url
  }()

  /// The path of the built executable `name`.
  package static func path(_ name: String) -> String {
    directory.appendingPathComponent(name).path
  }

  /// Debug builds run several times slower than release ones; budgets are for release.
  package static let isDebug = !directory.path.contains("/release")

  /// The package root (for README, scripts and example files).
  package static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()
}
