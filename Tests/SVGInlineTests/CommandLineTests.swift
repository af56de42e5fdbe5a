import Foundation
import SVGInline
import Testing

/// The `svg-inline` executable, run as a build would run it.
@Suite struct CommandLineTests {
  func site(_ box: Sandbox) throws {
    try box.write("site/app.js", "app();")
    try box.write("site/page.svg", svg(#"<script src="app.js"/>"#))
  }

  @Test func helpListsTheOptions() throws {
    let box = try Sandbox()
    let run = try runCLI(["--help"], in: box.site)
    #expect(run.status == 0)
    for option in [
      "--out-dir DIR", "--root DIR", "--check", "--depfile FILE", "--styles", "--images",
    ] {
      #expect(run.stdout.contains(option))
    }
    #expect(try runCLI(["--bogus"], in: box.site).status == 2)
    #expect(try runCLI([], in: box.site).status == 2)
  }

  @Test func writesTheOutputFileAndToStandardOutput() throws {
    let box = try Sandbox()
    try site(box)
    let run = try runCLI(["page.svg", "-o", "out.svg", "--verbose"], in: box.site)
    #expect(run.status == 0)
    #expect(run.stderr.contains("inlined script \"app.js\""))
    let written = String(decoding: try #require(box.read("site/out.svg")), as: UTF8.self)
    #expect(written.contains("<script><![CDATA[app();]]></script>"))
    let piped = try runCLI(["page.svg"], in: box.site)
    #expect(piped.stdout == written)
  }

  @Test func checkFailsOnlyWhileAnOutputIsStale() throws {
    let box = try Sandbox()
    try site(box)
    let missing = try runCLI(["--check", "page.svg", "-o", "out.svg"], in: box.site)
    #expect(missing.status == 1)
    #expect(missing.stdout.contains("out.svg: would be created"))
    #expect(box.read("site/out.svg") == nil)
    #expect(try runCLI(["page.svg", "-o", "out.svg"], in: box.site).status == 0)
    #expect(try runCLI(["--check", "page.svg", "-o", "out.svg"], in: box.site).status == 0)
    try box.write("site/app.js", "changed();")
    let stale = try runCLI(["--check", "page.svg", "-o", "out.svg"], in: box.site)
    #expect(stale.status == 1)
    #expect(stale.stdout.contains("out.svg: would change"))
    // Without an output, --check asks whether the input itself still has references.
    #expect(try runCLI(["--check", "page.svg"], in: box.site).status == 1)
    #expect(try runCLI(["--check", "out.svg"], in: box.site).status == 0)
  }

  @Test func depfileListsEveryFileRead() throws {
    let box = try Sandbox()
    try site(box)
    try box.write("site/b c.js", "b();")
    try box.write("site/two.svg", svg(#"<script href="b%20c.js"/><script href="app.js"/>"#))
    let run = try runCLI(
      ["page.svg", "two.svg", "--out-dir", "dist", "--depfile", "dist/svg.d"], in: box.site)
    #expect(run.status == 0, "\(run.stderr)")
    let depfile = String(decoding: try #require(box.read("site/dist/svg.d")), as: UTF8.self)
    // Paths relative to the working folder, targets and prerequisites alike; each
    // prerequisite also a target with no recipe (gcc -MP).
    #expect(
      depfile
        == "dist/page.svg: \\\n  page.svg \\\n  app.js\ndist/two.svg: \\\n  two.svg \\\n  b\\ c.js \\\n  app.js\n"
        + "\npage.svg:\n\napp.js:\n\ntwo.svg:\n\nb\\ c.js:\n"
    )
    #expect(box.read("site/dist/two.svg") != nil)
  }

  @Test func anErrorWritesNothingAndKeepsTheOldOutput() throws {
    let box = try Sandbox()
    try box.write("site/bad.svg", svg("<rect/>\n<script src=\"../outside/secret.js\"/>"))
    try box.write("site/out.svg", "previous")
    let run = try runCLI(["bad.svg", "-o", "out.svg", "--depfile", "out.d"], in: box.site)
    #expect(run.status == 1)
    #expect(
      run.stderr.contains("bad.svg:4:1: <script> \"../outside/secret.js\": the file is outside"))
    #expect(box.read("site/out.svg") == Array("previous".utf8))
    #expect(box.read("site/out.d") == nil)
    let names = try FileManager.default.contentsOfDirectory(atPath: box.site)
    #expect(!names.contains { $0.hasSuffix(".tmp") })
  }

  @Test func remoteReferenceWarnsAndSucceeds() throws {
    let box = try Sandbox()
    try box.write("site/r.svg", svg(#"<script href="https://cdn.example/x.js"/>"#))
    let run = try runCLI(["r.svg", "-o", "out.svg"], in: box.site)
    #expect(run.status == 0)
    #expect(run.stderr.contains("r.svg:3:1: warning:"))
    #expect(box.read("site/out.svg") == box.read("site/r.svg"))
  }

  @Test func usageMistakesExitTwo() throws {
    let box = try Sandbox()
    try site(box)
    #expect(try runCLI(["page.svg", "page.svg", "-o", "x.svg"], in: box.site).status == 2)
    #expect(try runCLI(["page.svg", "-o", "x.svg", "--out-dir", "d"], in: box.site).status == 2)
    #expect(try runCLI(["page.svg", "--depfile", "x.d"], in: box.site).status == 2)
    #expect(try runCLI(["page.svg", "--root", "nowhere", "-o", "x.svg"], in: box.site).status == 2)
    #expect(try runCLI(["page.svg", "a/page.svg", "--out-dir", "d"], in: box.site).status == 2)
  }
}

@Suite struct PathTests {
  @Test func folderOfShortAndNestedPaths() {
    #expect(SVGInliner.folder(of: "a") == ".")
    #expect(SVGInliner.folder(of: "-") == ".")
    #expect(SVGInliner.folder(of: "/a") == "/")
    #expect(SVGInliner.folder(of: "x/y/z.svg") == "x/y")
  }

  @Test func oneLetterInputNameWorks() throws {
    let box = try Sandbox()
    try box.write("site/a", svg(""))
    let run = try runCLI(["a", "-o", "b"], in: box.site)
    #expect(run.status == 0, "\(run.stderr)")
    #expect(box.read("site/b") == box.read("site/a"))
  }
}
