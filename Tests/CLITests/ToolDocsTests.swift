import Foundation
import Testing

/// Every tool's `--help`, its man page (`--man`, what scripts/install installs) and the README
/// say the same thing, and every tool follows the same conventions.
@Suite struct ToolDocsTests {
  @Test func theToolsAreListedInPackageSwift() {
    #expect(Tools.names.count >= 3)
    for name in ["svg-render", "svg-inline", "svg-query"] { #expect(Tools.names.contains(name)) }
  }

  @Test(arguments: Tools.names) func helpIsInTheReadmeVerbatim(tool: String) throws {
    let r = try Executable(name: tool).run(["--help"])
    #expect(r.status == 0)
    #expect(r.text.hasPrefix("\(tool) - "))
    let shown = Tools.readme.contains("```text\n$ \(tool) --help\n" + r.text + "```")
    #expect(
      shown,
      "README.md must show `\(tool) --help` exactly as the tool prints it:\n\(r.text)")
  }

  @Test(arguments: Tools.names) func manPageSaysWhatHelpSays(tool: String) throws {
    let help = try Executable(name: tool).run(["--help"]).text
    let man = try Executable(name: tool).run(["--man"])
    #expect(man.status == 0)
    #expect(
      man.text.hasPrefix(".TH \(tool.uppercased().replacingOccurrences(of: "-", with: "\\-")) 1 "))
    let page = Tools.plainText(roff: man.text)
    let items = Tools.items(help: help)
    #expect(items.count > 10)
    for item in items
    where item != "Usage:" && item != "Examples:" && !item.hasPrefix("Exit status:") {
      let found = page.contains(item)
      #expect(found, "the man page of \(tool) lacks: \(item)")
    }
    for section in [
      "NAME", "SYNOPSIS", "DESCRIPTION", "OPTIONS", "EXAMPLES", "EXIT STATUS",
      "ENVIRONMENT NO_COLOR",
    ] {
      #expect(page.contains(section), "\(tool): \(section)")
    }
    #expect(help.hasSuffix("Exit status: 0 success, 1 bad input, 2 bad usage.\n"))
    #expect(page.contains("EXIT STATUS 0 Success. 1 Bad input"))
    #expect(page.contains(" 2 Bad usage"))
  }

  @Test(arguments: Tools.names) func manPageIsCleanRoff(tool: String) throws {
    let groff = "/usr/bin/groff"
    try #require(
      FileManager.default.isExecutableFile(atPath: groff),
      "no \(groff): scripts/bootstrap installs groff-base")
    let man = try Executable(name: tool).run(["--man"]).stdout
    let check = try Executable.runProgram(groff, ["-man", "-ww", "-z"], stdin: man)
    #expect(check.status == 0)
    #expect(check.stderr.isEmpty, "groff warnings for \(tool): \(check.stderr)")
  }

  @Test(arguments: Tools.names) func exitCodesAreTheSameEverywhere(tool: String) throws {
    let t = Executable(name: tool)
    let version = try t.run(["--version"])
    #expect(version.status == 0)
    #expect(version.text.hasPrefix("\(tool) "))
    let usage = try t.run(["--no-such-option"])
    #expect(usage.status == 2)
    #expect(usage.stderr.hasPrefix("\(tool): unknown option --no-such-option"))
    #expect(usage.stdout.isEmpty)
  }

  @Test(arguments: ["svg-render", "svg-inline", "svg-query"])
  func aMissingFileIsBadInput(tool: String) throws {
    let extra =
      tool == "svg-render"
      ? ["-o", "/tmp/inkpath-never.png"] : tool == "svg-query" ? ["--list"] : []
    let r = try Executable(name: tool).run(["/no/such/file.svg"] + extra)
    #expect(r.status == 1)
    #expect(r.stderr.hasPrefix("\(tool): "))
    #expect(r.stderr.contains("/no/such/file.svg"))
    #expect(r.stdout.isEmpty)
  }
}
