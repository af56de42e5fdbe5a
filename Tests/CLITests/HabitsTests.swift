import Foundation
import Testing

/// The conventions every tool keeps: data on standard output, messages on standard error,
/// colour and progress only on a terminal, `NO_COLOR` respected, stable JSON.
@Suite struct HabitsTests {
  static let script = "/usr/bin/script"
  let garden = Executable.packageRoot.appendingPathComponent("Resources/examples/garden.svg").path
  let page = Executable.packageRoot.appendingPathComponent("Resources/examples/colouring-page.svg")
    .path

  /// Runs `tool args` on a pseudo-terminal (util-linux `script`), as a person at a terminal
  /// would; the terminal's output (standard output and error together) is returned.
  func onTerminal(_ tool: String, _ args: [String], noColor: Bool) throws -> (Int32, String) {
    try #require(
      FileManager.default.isExecutableFile(atPath: Self.script),
      "no \(Self.script): scripts/bootstrap installs bsdutils")
    let quoted = ([Executable(name: tool).path] + args).map { "'\($0)'" }.joined(separator: " ")
    var environment = ProcessInfo.processInfo.environment
    environment["NO_COLOR"] = noColor ? "1" : nil
    let r = try Executable.runProgram(
      Self.script, ["-qefc", quoted, "/dev/null"], environment: environment)
    return (r.status, r.text)
  }

  @Test func errorsAreColouredOnATerminalUnlessNoColor() throws {
    let (status, coloured) = try onTerminal(
      "svg-render", ["/no/such.svg", "-o", "/tmp/x.png"], noColor: false)
    #expect(status == 1)
    #expect(coloured.contains("\u{1B}[1;31msvg-render:\u{1B}[0m "), "\(coloured.debugDescription)")
    let (_, plain) = try onTerminal(
      "svg-render", ["/no/such.svg", "-o", "/tmp/x.png"], noColor: true)
    #expect(plain.hasPrefix("svg-render: "), "\(plain.debugDescription)")
    #expect(!plain.contains("\u{1B}"))
    let piped = try Executable(name: "svg-render").run(["/no/such.svg", "-o", "/tmp/x.png"])
    #expect(piped.stderr.hasPrefix("svg-render: ") && !piped.stderr.contains("\u{1B}"))
  }

  @Test func aBatchShowsProgressOnATerminalOnly() throws {
    let dir = try temporaryDirectory()
    let (status, terminal) = try onTerminal(
      "svg-render", [garden, page, "-w", "40", "-o", "\(dir)/a/"], noColor: true)
    #expect(status == 0)
    #expect(terminal.contains("\r[") && terminal.contains("] 2/2"), "\(terminal.debugDescription)")
    let piped = try Executable(name: "svg-render").run([
      garden, page, "-w", "40", "-o", "\(dir)/b/",
    ])
    #expect(piped.status == 0)
    #expect(piped.stderr.isEmpty && piped.stdout.isEmpty)
    #expect(FileManager.default.fileExists(atPath: "\(dir)/b/garden.png"))
  }

  @Test func warningsGoToStandardErrorAndDataToStandardOutput() throws {
    let dir = try temporaryDirectory()
    try """
    <svg xmlns="http://www.w3.org/2000/svg"><script href="https://cdn.example.com/x.js"/></svg>
    """.write(toFile: "\(dir)/remote.svg", atomically: true, encoding: .utf8)
    let r = try Executable(name: "svg-inline").run(["\(dir)/remote.svg"])
    #expect(r.status == 0)
    #expect(r.text.hasPrefix("<svg"))
    #expect(
      r.stderr.hasPrefix("svg-inline: \(dir)/remote.svg:1:") && r.stderr.contains(" warning: "))
  }

  @Test func verboseWarningsNameTheToolFileLineAndColumn() throws {
    let svg = Data(
      "<svg xmlns='http://www.w3.org/2000/svg' width='4' height='4'>\n<rect width='2' height='x'/></svg>"
        .utf8)
    let render = try Executable(name: "svg-render").run(["--verbose", "-", "-o", "-"], stdin: svg)
    #expect(render.status == 0)
    #expect(render.stdout.prefix(4) == Data([0x89, 0x50, 0x4E, 0x47]))
    #expect(
      render.stderr.hasPrefix("svg-render: <stdin>:2:1: warning: invalid length"),
      "\(render.stderr)")
    let query = try Executable(name: "svg-query").run(["--verbose", "-", "--list"], stdin: svg)
    #expect(
      query.stderr.hasPrefix("svg-query: <stdin>:2:1: warning: invalid length"), "\(query.stderr)")
    let quiet = try Executable(name: "svg-render").run(["-", "-o", "-"], stdin: svg)
    #expect(quiet.stderr.isEmpty)
  }

  @Test func svgQueryReadsStandardInput() throws {
    let svg = try Data(contentsOf: URL(fileURLWithPath: garden))
    let fromFile = try Executable(name: "svg-query").run([garden, "--list"])
    let fromStdin = try Executable(name: "svg-query").run(["-", "--list"], stdin: svg)
    #expect(fromStdin.status == 0)
    #expect(fromStdin.text == fromFile.text && !fromFile.text.isEmpty)
  }

  /// Every `--json` line is one object that starts with the element's `id` (null without
  /// one), `indexPath` and `tag`, and names the same element as the plain form.
  @Test(arguments: [
    ["--at", "150,40", "--all"], ["--at", "40,150"], ["--bbox", "sun"], ["--list"],
    ["--select", "circle,use"], ["--xpath", "//*[@stroke]"], ["--length", "sun"],
    ["--length", "sun", "--point-at", "10"],
  ])
  func jsonLinesAreStable(query: [String]) throws {
    let json = try Executable(name: "svg-query").run([garden] + query + ["--json"])
    let plain = try Executable(name: "svg-query").run([garden] + query)
    #expect(json.status == 0 && plain.status == 0)
    let lines = json.text.split(separator: "\n")
    let plainLines = plain.text.split(separator: "\n")
    #expect(!lines.isEmpty && lines.count == plainLines.count)
    for (line, plainLine) in zip(lines, plainLines) {
      #expect(line.hasPrefix("{\"id\":"), "\(line)")
      let object = try #require(
        try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
      let path = try #require(object["indexPath"] as? String)
      let tag = try #require(object["tag"] as? String)
      let name = (object["id"] as? String) ?? path
      #expect(line.contains(",\"indexPath\":\"\(path)\",\"tag\":\"\(tag)\""))
      #expect(plainLine.hasPrefix(name + " "), "\(plainLine) vs \(line)")
    }
  }
}
