import Foundation
import SVGInline
import SVGTree
import Testing

/// References that must not be read: each is an error naming the SVG, the line and the
/// reference, and nothing is inlined.
@Suite struct ReferencePolicyTests {
  /// The single problem of inlining a one-script SVG whose script refers to `reference`.
  func problem(_ reference: String, in box: Sandbox, options: InlineOptions = InlineOptions())
    throws -> InlineError.Problem
  {
    let error = try #require(
      try box.failure(svg("  <rect/>\n  <script href=\"\(reference)\"/>"), options: options))
    #expect(error.file == box.site + "/in.svg")
    #expect(error.problems.count == 1)
    let problem = try #require(error.problems.first)
    #expect(problem.location.line == 4)
    #expect(problem.reference == reference)
    #expect(error.description.contains("in.svg:4:3: <script> \"\(reference)\": "))
    return problem
  }

  @Test func missingFile() throws {
    let box = try Sandbox()
    #expect(try problem("nope.js", in: box).message == "no such file")
  }

  @Test(arguments: [
    "../outside/secret.js", "%2e%2e/outside/secret.js", "sub/../../outside/secret.js",
    "%2E%2E%2Foutside%2Fsecret.js",
  ])
  func parentTraversalIsRefused(reference: String) throws {
    let box = try Sandbox()
    try box.write("site/sub/x.js", "x")
    #expect(try problem(reference, in: box).message.contains("outside the resource directory"))
  }

  @Test func absolutePathOutsideTheRootIsRefused() throws {
    let box = try Sandbox()
    let message = try problem(box.root + "/outside/secret.js", in: box).message
    #expect(message.contains("outside the resource directory"))
    #expect(try problem("/etc/passwd", in: box).message.contains("outside the resource directory"))
  }

  @Test func fileURLsAreCanonicalizedToo() throws {
    let box = try Sandbox()
    #expect(try problem("file:///etc/passwd", in: box).message.contains("outside"))
    #expect(try problem("file://evil.example/etc/passwd", in: box).message.contains("another host"))
    try box.write("site/ok.js", "ok();")
    let result = try box.inline(svg("<script href=\"file://\(box.site)/ok.js\"/>"))
    #expect(try result.scriptTexts() == ["ok();"])
  }

  @Test func symlinkOutOfTheRootIsRefused() throws {
    let box = try Sandbox()
    try FileManager.default.createSymbolicLink(
      atPath: box.site + "/link.js", withDestinationPath: "../outside/secret.js")
    #expect(try problem("link.js", in: box).message.contains("outside the resource directory"))
    try FileManager.default.createSymbolicLink(
      atPath: box.site + "/dir", withDestinationPath: box.root + "/outside")
    #expect(try problem("dir/secret.js", in: box).message.contains("outside"))
  }

  @Test func symlinkInsideTheRootIsFollowed() throws {
    let box = try Sandbox()
    try box.write("site/real.js", "real();")
    try FileManager.default.createSymbolicLink(
      atPath: box.site + "/alias.js", withDestinationPath: "real.js")
    let result = try box.inline(svg(#"<script href="alias.js"/>"#))
    #expect(try result.scriptTexts() == ["real();"])
    #expect(result.filesRead.last == box.canonical("site/real.js"))
  }

  @Test func widerRootAllowsTheOutsideFolder() throws {
    let box = try Sandbox()
    let options = InlineOptions(rootDirectory: box.root)
    let result = try box.inline(svg(#"<script href="../outside/secret.js"/>"#), options: options)
    #expect(try result.scriptTexts() == ["alert('secret');"])
    _ = try problem("/etc/passwd", in: box, options: options)
  }

  @Test func directoryAndFIFOAreNotRegularFiles() throws {
    let box = try Sandbox()
    try FileManager.default.createDirectory(
      atPath: box.site + "/dir.js", withIntermediateDirectories: true)
    #expect(try problem("dir.js", in: box).message == "not a regular file")
    #expect(mkfifo(box.site + "/fifo.js", 0o600) == 0)
    #expect(try problem("fifo.js", in: box).message == "not a regular file")
  }

  @Test func deviceFileIsRefused() throws {
    let box = try Sandbox()
    let options = InlineOptions(rootDirectory: "/dev")
    try box.write("site/in.svg", svg(#"<script href="/dev/null"/>"#))
    #expect(throws: InlineError.self) {
      try SVGInliner(options: options).inline(contentsOfFile: box.site + "/in.svg")
    }
  }

  /// A file its user may not read. Root reads every file, so as root (as CI runs) the check
  /// runs svg-inline as `nobody` (util-linux `setpriv`), for whom the file is as unreadable.
  @Test func unreadableFileIsAnError() throws {
    let box = try Sandbox()
    try box.write("site/locked.js", "x")
    chmod(box.site + "/locked.js", 0)
    if geteuid() != 0 {
      #expect(try problem("locked.js", in: box).message == "cannot open the file")
    } else {
      try box.write("site/in.svg", svg("  <rect/>\n  <script href=\"locked.js\"/>"))
      let asNobody = try Executable.runProgram(
        "/usr/bin/setpriv",
        [
          "--reuid=65534", "--regid=65534", "--clear-groups",
          Products.path("svg-inline"), box.site + "/in.svg",
        ])
      #expect(asNobody.status == 1, "\(asNobody.stderr)")
      #expect(
        asNobody.stderr.contains("in.svg:4:3: <script> \"locked.js\": cannot open the file"),
        "\(asNobody.stderr)")
    }
  }

  @Test func emptyReferenceIsAnError() throws {
    let box = try Sandbox()
    #expect(try problem("  ", in: box).message == "the reference is empty")
  }

  @Test(arguments: ["https://cdn.example/app.js", "http://x/y.js", "//cdn.example/app.js"])
  func remoteURLsAreLeftWithAWarning(reference: String) throws {
    let box = try Sandbox()
    let text = svg("<script href=\"\(reference)\"/>")
    let result = try box.inline(text)
    #expect(result.text == text)
    #expect(result.warnings.count == 1)
    #expect(result.warnings.first?.message.contains("remote URL") == true)
    #expect(result.warnings.first?.location.line == 3)
  }

  @Test func everyProblemIsReportedAndNothingIsReturned() throws {
    let box = try Sandbox()
    try box.write("site/ok.js", "ok();")
    let error = try #require(
      try box.failure(svg(#"<script href="a.js"/><script href="ok.js"/>\#n<script href="b.js"/>"#)))
    #expect(error.problems.map(\.reference) == ["a.js", "b.js"])
    #expect(error.problems.map(\.location.line) == [3, 4])
  }

  @Test func missingInputIsAnError() throws {
    #expect(throws: InlineError.self) {
      try SVGInliner().inline(contentsOfFile: "/nonexistent/in.svg")
    }
  }
}
