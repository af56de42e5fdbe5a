import Foundation
import Testing

/// The README's example package (Examples/RenderAndHitTest) depends on this one by path and
/// is built and run here, so the example a new user copies is known to work. Its build lives in
/// .build/examples, so after the first run only what changed is rebuilt.
@Suite struct ExamplePackageTests {
  let example = Executable.packageRoot.appendingPathComponent("Examples/RenderAndHitTest")

  func source(_ path: String) throws -> String {
    try String(contentsOf: example.appendingPathComponent(path), encoding: .utf8)
  }

  @Test func theReadmeShowsTheExampleAsItIs() throws {
    for path in ["Package.swift", "Sources/RenderAndHitTest/main.swift"] {
      let shown = Tools.readme.contains(try source(path))
      #expect(shown, "README.md must show Examples/RenderAndHitTest/\(path)")
    }
  }

  @Test func theExampleBuildsAgainstThePackageAndRuns() throws {
    let scratch = Executable.packageRoot.appendingPathComponent(".build/examples/RenderAndHitTest")
    var environment = ProcessInfo.processInfo.environment
    environment = environment.filter {
      !$0.key.hasPrefix("SWIFTPM_") && $0.key != "SWIFT_TESTING_ENABLED"
    }
    // Incremental builds of a path dependency miss some changes (a file added to a module,
    // an interface change under the example's own objects); a failed incremental build is
    // retried once from an empty scratch folder, which is what a new user gets.
    func buildExample() throws -> Executable.Result {
      try Executable.runProgram(
        "/usr/bin/env",
        [
          "swift", "build", "-j", "2", "--package-path", example.path, "--scratch-path",
          scratch.path,
        ],
        environment: environment, timeout: 1200)  // a whole package build on a busy machine
    }
    try FileManager.default.setAttributes(
      [.modificationDate: Date()],
      ofItemAtPath: example.appendingPathComponent("Sources/RenderAndHitTest/main.swift").path)
    var build = try buildExample()
    if build.status != 0 {
      try? FileManager.default.removeItem(at: scratch)
      build = try buildExample()
    }
    #expect(build.status == 0, "\(build.text)\n\(build.stderr)")
    guard build.status == 0 else { return }

    let dir = try temporaryDirectory()
    let run = try Executable.runProgram(
      scratch.appendingPathComponent("debug/RenderAndHitTest").path, [], in: dir)
    #expect(run.status == 0, "\(run.stderr)")
    #expect(run.text == "150,40: sun\n20,20: sky\n250,50: nothing\n")
    let shown = Tools.readme.contains(
      "$ cd Examples/RenderAndHitTest\n$ swift run --quiet\n" + run.text + "```")
    #expect(shown, "README.md must show the example's output:\n\(run.text)")
    let png = try Data(contentsOf: URL(fileURLWithPath: "\(dir)/scene.png"))
    #expect(png.prefix(4) == Data([0x89, 0x50, 0x4E, 0x47]))
    #expect(png[16..<24] == Data([0, 0, 1, 144, 0, 0, 0, 200]))  // 400 x 200
  }
}
