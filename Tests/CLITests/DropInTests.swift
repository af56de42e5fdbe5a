import Foundation
import SVGRender
import Testing

/// svg-render's own rules beyond the peers' command lines (PeerCompatibilityTests): where
/// the output goes, several inputs, edits, and refusing what does not apply; svg-query's
/// and svg-inline's refusals.
@Suite struct DropInTests {
  let render = Executable(name: "svg-render")
  let query = Executable(name: "svg-query")
  let inline = Executable(name: "svg-inline")
  let input = PeerCompatibilityTests.fixtures.appendingPathComponent("input.svg").path

  /// Width and height from a PNG's IHDR.
  func size(_ png: Data) -> (Int, Int)? {
    guard png.count > 24, png.prefix(4) == Data([0x89, 0x50, 0x4E, 0x47]) else { return nil }
    func be(_ at: Int) -> Int { png[at..<at + 4].reduce(0) { $0 << 8 | Int($1) } }
    return (be(16), be(20))
  }

  @Test func withoutOutputThePNGGoesToStandardOutput() throws {
    let r = try render.run([input])
    #expect(r.status == 0, "\(r.stderr)")
    #expect(size(r.stdout)! == (100, 200))
  }

  @Test func aSecondPNGArgumentIsTheOutputUnlessItExists() throws {
    let dir = try temporaryDirectory()
    let r = try render.run([input, "out.png", "-w", "50"], in: dir)
    #expect(r.status == 0 && r.stdout.isEmpty, "\(r.stderr)")
    #expect(size(try Data(contentsOf: URL(fileURLWithPath: "\(dir)/out.png")))! == (50, 100))
    // An existing file is an input: two PNG inputs are refused, nothing is overwritten.
    let again = try render.run([input, "out.png"], in: dir)
    #expect(again.status == 2)
    #expect(again.stderr.contains("several inputs"))
  }

  @Test func severalInputsMakeOnePDFOrAreRefusedForPNG() throws {
    let dir = try temporaryDirectory()
    let two = PeerCompatibilityTests.fixtures.appendingPathComponent("two-by-three.svg").path
    let pdf = try render.run([input, two, input, "-o", "\(dir)/book.pdf"])
    #expect(pdf.status == 0, "\(pdf.stderr)")
    let sizes = PeerCase.pageSizes(try Data(contentsOf: URL(fileURLWithPath: "\(dir)/book.pdf")))
    #expect(sizes.map { [$0.0, $0.1] } == [[75, 150], [144, 216], [75, 150]])
    let png = try render.run([input, two, "-o", "\(dir)/x.png"])
    #expect(png.status == 2)
    #expect(!FileManager.default.fileExists(atPath: "\(dir)/x.png"))
  }

  @Test func zoomWithAWidthIsCappedByIt() throws {
    // rsvg-convert: zoom, no larger than -w/-h; resvg would take the width (300 x 600).
    #expect(size(try render.run(["-z", "4", "-w", "300", input]).stdout)! == (300, 800))
    #expect(size(try render.run(["-z", "4", "-a", "-w", "300", input]).stdout)! == (300, 600))
    #expect(size(try render.run(["-x", "2", "-y", "0.5", input]).stdout)! == (200, 100))
    #expect(size(try render.run(["-w", "50", "-h", "50", input]).stdout)! == (50, 50))
    #expect(size(try render.run(["-a", "-w", "50", "-h", "50", input]).stdout)! == (25, 50))
    #expect(size(try render.run(["-w", "1in", "-d", "300", input]).stdout)! == (300, 600))
  }

  @Test func aMalformedEditIsBadUsageAndABadScriptIsBadInput() throws {
    let dir = try temporaryDirectory()
    let usage = try render.run([input, "-e", "fillAt(1,", "-o", "\(dir)/x.png"])
    #expect(usage.status == 2)
    #expect(usage.stderr.hasPrefix("svg-render: -e 'fillAt(1,': "), "\(usage.stderr)")
    try "setActiveColor(1, 2, 3)\nfillAt(oops)\n".write(
      toFile: "\(dir)/bad.commands", atomically: true, encoding: .utf8)
    let script = try render.run([input, "--commands", "\(dir)/bad.commands", "-o", "\(dir)/x.png"])
    #expect(script.status == 1)
    #expect(script.stderr.contains("bad.commands:2:"), "\(script.stderr)")
    let missing = try render.run([input, "--commands", "\(dir)/none.commands"])
    #expect(missing.status == 1)
    #expect(
      missing.stderr.contains("none.commands")
        && missing.stderr.contains("No such file or directory"), "\(missing.stderr)")
    #expect(!FileManager.default.fileExists(atPath: "\(dir)/x.png"))
  }

  @Test(arguments: [
    ["--export-area-page"], ["--export-area-drawing", "-i", "sun"], ["--verbose", "--quiet"],
    ["-c", "-o", "x.png"], ["--small-png", "-f", "pdf"], ["--scale", "2", "-f", "svg"],
    ["--dpi", "90", "-d", "72"], ["-z", "2", "-x", "3"], ["--query-all", "-w", "10"],
    ["-w", "0"], ["-w", "2em"], ["--shape-rendering", "blurry"], ["-f", "gif"],
    ["--languages", ","],
  ])
  func optionsThatDoNotApplyAreRefused(_ options: [String]) throws {
    let r = try render.run([input] + options, in: try temporaryDirectory())
    #expect(r.status == 2, "\(options): \(r.stderr)")
    #expect(r.stdout.isEmpty)
  }

  @Test(arguments: [
    ["--list", "--tolerance", "2"], ["--bbox", "sun", "--all"],
    ["--at", "1,1", "--view-size", "9,9"],
    ["--list", "--viewport", "0,0"], ["--at", "1,1", "--kind", "stroke"],
    ["--list", "--user-space"],
    ["--bbox", "sun", "--point-at", "3"], ["--list", "-o", "x.svg"],
  ])
  func svgQueryRefusesOptionsThatDoNotApply(_ options: [String]) throws {
    let r = try query.run([input] + options)
    #expect(r.status == 2, "\(options): \(r.stderr)")
    #expect(r.stderr.contains("needs") || r.stderr.contains("cannot be combined"), "\(r.stderr)")
  }

  @Test func svgQueryKeepsTheCauseOfAnUnreadableScript() throws {
    let r = try query.run([input, "--apply", "/no/such.commands"])
    #expect(r.status == 1)
    #expect(
      r.stderr.contains("/no/such.commands") && r.stderr.contains("No such file or directory"),
      "\(r.stderr)")
  }

  @Test func theDepfileNamesEveryPrerequisiteAsATargetRelativeToTheWorkingFolder() throws {
    let dir = try temporaryDirectory()
    try FileManager.default.createDirectory(atPath: "\(dir)/src", withIntermediateDirectories: true)
    try "<svg xmlns='http://www.w3.org/2000/svg'><script href='a b.js'/><script href='c.js'/></svg>"
      .write(toFile: "\(dir)/src/page.svg", atomically: true, encoding: .utf8)
    for name in ["a b.js", "c.js"] {
      try "// \(name)".write(toFile: "\(dir)/src/\(name)", atomically: true, encoding: .utf8)
    }
    let r = try inline.run(
      ["src/page.svg", "-o", "dist/page.svg", "--depfile", "\(dir)/dist/page.d"], in: dir)
    #expect(r.status == 0, "\(r.stderr)")
    let depfile = try String(contentsOfFile: "\(dir)/dist/page.d", encoding: .utf8)
    #expect(
      depfile == """
        dist/page.svg: \\
          src/page.svg \\
          src/a\\ b.js \\
          src/c.js

        src/page.svg:

        src/a\\ b.js:

        src/c.js:

        """)
  }

  @Test func standardInputReadsReferencesFromTheBaseFolder() throws {
    let dir = try temporaryDirectory()
    try "// base".write(toFile: "\(dir)/app.js", atomically: true, encoding: .utf8)
    let svg = Data("<svg xmlns='http://www.w3.org/2000/svg'><script src='app.js'/></svg>".utf8)
    let r = try inline.run(["-", "--base", dir], stdin: svg)
    #expect(r.status == 0, "\(r.stderr)")
    #expect(r.text.contains("<![CDATA[// base]]>"))
    let withoutBase = try inline.run(["-"], stdin: svg, in: try temporaryDirectory())
    #expect(withoutBase.status == 1)
    let notStdin = try inline.run([input, "--base", dir])
    #expect(notStdin.status == 2)
  }

  @Test func svgInlineRefusesADepfileWithCheck() throws {
    let dir = try temporaryDirectory()
    let r = try inline.run([input, "--check", "-o", "\(dir)/o.svg", "--depfile", "\(dir)/o.d"])
    #expect(r.status == 2)
    #expect(r.stderr.contains("--check cannot be combined with --depfile"), "\(r.stderr)")
    #expect(!FileManager.default.fileExists(atPath: "\(dir)/o.d"))
  }
}

/// Every option the peers' own `--help` lists is one svg-render accepts, shows in its help,
/// and lists in the man page's COMPATIBILITY section and the README's table.
@Suite struct PeerOptionTests {
  static func options(of peer: Peer) throws -> Set<String> {
    let path = try #require(peer.path, "\(peer.name) is not installed: run scripts/bootstrap")
    let help = try Executable.runProgram(path, ["--help"]).text
    let pattern = try Regex(#"(?:^|[\s,\[])(--?[A-Za-z?][A-Za-z0-9-]*)"#)
    var names: Set<String> = []
    for line in help.split(separator: "\n") {
      let trimmed = line.drop { $0 == " " }
      guard trimmed.hasPrefix("-") else { continue }  // option lines only, not prose
      for match in trimmed.matches(of: pattern) {
        let name = String(match.output[1].substring!)
        if name != "-" { names.insert(name) }
      }
    }
    return names
  }

  @Test(arguments: [Peer.rsvgConvert, .resvg]) func everyPeerOptionIsAccepted(_ peer: Peer) throws {
    let names = try Self.options(of: peer)
    #expect(names.count >= (peer == .resvg ? 30 : 25), "\(names.sorted())")
    let help = try Executable(name: "svg-render").run(["--help"]).text
    let optionLines = help.split(separator: "\n").filter { $0.hasPrefix("  -") }
    let man = Tools.plainText(roff: try Executable(name: "svg-render").run(["--man"]).text)
    let compatibility = try #require(man.range(of: "COMPATIBILITY")).upperBound
    let readme = Tools.readme
    let table = try #require(readme.range(of: "| rsvg-convert 2.54 | resvg 0.44 | svg-render |"))
    let tableText = readme[table.lowerBound...].components(separatedBy: "\n\n")[0]
    for name in names {
      let listed = optionLines.contains {
        $0.split(whereSeparator: { $0 == " " || $0 == "," }).contains(Substring(name))
      }
      #expect(listed, "svg-render --help lacks \(peer.name)'s \(name)")
      #expect(man[compatibility...].contains(name), "man svg-render COMPATIBILITY lacks \(name)")
      #expect(
        tableText.contains("`\(name)") || tableText.contains(", \(name)"),
        "README table lacks \(name)")
    }
  }
}

/// The language and font options, end to end.
@Suite struct RenderEnvironmentTests {
  let render = Executable(name: "svg-render")
  let fixtures = PeerCompatibilityTests.fixtures

  /// The colour at (x, 50) of switch.svg rendered with `args` and `environment`: es draws red
  /// at 10...70, de black at 70...130, fr blue at 130...190, the fallback a green circle.
  func colour(at x: Int = 100, _ args: [String], environment: [String: String]) throws -> (
    UInt8, UInt8, UInt8
  ) {
    let dir = try temporaryDirectory()
    let r = try render.run(
      [fixtures.appendingPathComponent("switch.svg").path, "-o", "\(dir)/s.png"] + args,
      environment: environment)
    #expect(r.status == 0, "\(r.stderr)")
    let p = try Bitmap(pngFile: "\(dir)/s.png").rgba(x: x, y: 50)
    return (p.r, p.g, p.b)
  }

  @Test func theLanguageComesFromLANGUnlessGiven() throws {
    var env = ProcessInfo.processInfo.environment
    env["LC_ALL"] = nil
    env["LC_MESSAGES"] = nil
    env["LANG"] = "de_DE.UTF-8"
    #expect(try colour([], environment: env) == (0, 0, 0))
    #expect(try colour(at: 160, ["--languages", "fr-CA, it"], environment: env) == (0, 0, 255))
    env["LANG"] = "C"
    #expect(try colour([], environment: env) == (0, 128, 0))
  }

  @Test func skippingSystemFontsLeavesOnlyTheFilesGiven() throws {
    let fonts = try FileManager.default.subpathsOfDirectory(atPath: "/usr/share/fonts")
      .filter { $0.hasSuffix(".ttf") }.prefix(1).map { "/usr/share/fonts/" + $0 }
    let font = try #require(fonts.first, "no TrueType font under /usr/share/fonts")
    let r = try render.run([
      "--skip-system-fonts", "--use-font-file", font, "--serif-family", "Nowhere Serif",
      "--list-fonts",
    ])
    #expect(r.status == 0, "\(r.stderr)")
    let lines = r.text.split(separator: "\n")
    #expect(lines.contains("serif: Nowhere Serif"))
    #expect(lines.filter { $0.hasPrefix("/") }.map { $0.prefix { $0 != ":" } } == [Substring(font)])
    // With the drawing on standard output, the list goes to standard error.
    let drawing = try render.run([
      PeerCompatibilityTests.fixtures.appendingPathComponent("input.svg").path, "--list-fonts",
      "--skip-system-fonts", "--use-font-file", font,
    ])
    #expect(drawing.stdout.prefix(4) == Data([0x89, 0x50, 0x4E, 0x47]))
    #expect(drawing.stderr.contains(font))
  }
}
