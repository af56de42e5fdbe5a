import Foundation
import SVGRender
import Testing

/// `svg-render -c CMD` and `--commands FILE`: edits before rendering.
@Suite struct CommandsCLITests {
  let tool = Executable(name: "svg-render")
  let examples = Executable.packageRoot.appendingPathComponent("Resources/examples").path

  private func rgb(_ png: String, _ x: Int, _ y: Int) throws -> [UInt8] {
    let p = try Bitmap(pngFile: png).rgba(x: x, y: y)
    return [p.r, p.g, p.b]
  }

  @Test func commandsOnTheCommandLine() throws {
    let out = try temporaryDirectory() + "/out.png"
    let r = try tool.run([
      "\(examples)/colouring-page.svg", "-e", "setActiveColor(255,0,0)", "-e", "fillAt(135, 100)",
      "-e", "svg://setFill/sun/%2300ff00", "-o", out,
    ])
    #expect(r.status == 0, "\(r.stderr)")
    #expect(try rgb(out, 135, 100) == [255, 0, 0])
    #expect(try rgb(out, 350, 60) == [0, 255, 0])
    #expect(try rgb(out, 30, 30) == [255, 255, 255])
  }

  @Test func aCommandsFileThenCommands() throws {
    let out = try temporaryDirectory() + "/out.png"
    let r = try tool.run([
      "\(examples)/colouring-page.svg", "--commands", "\(examples)/colouring.commands",
      "-e", "reset(sky)", "-o", out,
    ])
    #expect(r.status == 0, "\(r.stderr)")
    #expect(try rgb(out, 350, 60) == [255, 215, 0])
    #expect(try rgb(out, 30, 30) == [255, 255, 255])
  }

  @Test func badCommandsExitOneNamingLineAndColumn() throws {
    let dir = try temporaryDirectory()
    try "fill(sky)\n\nsetFill(sky, #12)\n".write(
      toFile: "\(dir)/bad.commands", atomically: true, encoding: .utf8)
    let page = "\(examples)/colouring-page.svg"
    let file = try tool.run([page, "--commands", "\(dir)/bad.commands", "-o", "\(dir)/o.png"])
    #expect(file.status == 1)
    #expect(file.stderr.contains("bad.commands:3:14: invalid colour"), "\(file.stderr)")
    let missing = try tool.run([page, "-e", "fill(nope)", "-o", "\(dir)/o.png"])
    #expect(missing.status == 1)
    #expect(missing.stderr.contains("-e 'fill(nope)': 1:6: no element with id 'nope'"))
    // A command on the command line that does not parse is bad usage.
    let unknown = try tool.run([page, "-e", "paint(sky)", "-o", "\(dir)/o.png"])
    #expect(unknown.status == 2)
    #expect(unknown.stderr.contains("unknown command 'paint'"))
    #expect(!FileManager.default.fileExists(atPath: "\(dir)/o.png"))
  }
}

/// `svg-query --apply FILE [-o EDITED]`: the edited SVG written out.
@Suite struct QueryApplyCLITests {
  let tool = Executable(name: "svg-query")
  let examples = Executable.packageRoot.appendingPathComponent("Resources/examples").path

  @Test func writesTheEditedSVG() throws {
    let dir = try temporaryDirectory()
    let r = try tool.run([
      "\(examples)/colouring-page.svg", "--apply", "\(examples)/colouring.commands",
      "-o", "\(dir)/edited.svg",
    ])
    #expect(r.status == 0, "\(r.stderr)")
    let svg = try String(contentsOfFile: "\(dir)/edited.svg", encoding: .utf8)
    #expect(svg.contains(##"fill="#b22222" fill-opacity="1" style="fill:#b22222 !important"##))
    let stdout = try tool.run([
      "\(examples)/colouring-page.svg", "--apply", "\(examples)/colouring.commands",
    ])
    #expect(stdout.text == svg)
    let png = "\(dir)/edited.png"
    let render = try Executable(name: "svg-render").run(["\(dir)/edited.svg", "-o", png])
    #expect(render.status == 0, "\(render.stderr)")
    let p = try Bitmap(pngFile: png).rgba(x: 135, y: 100)
    #expect([p.r, p.g, p.b] == [178, 34, 34])
  }

  @Test func queriesSeeTheEditedDrawing() throws {
    let dir = try temporaryDirectory()
    try "moveToIndex(sky, 7)\n".write(
      toFile: "\(dir)/e.commands", atomically: true, encoding: .utf8)
    let r = try tool.run([
      "\(examples)/colouring-page.svg", "--apply", "\(dir)/e.commands", "--at", "135,100",
    ])
    #expect(r.status == 0, "\(r.stderr)")
    #expect(r.text.hasPrefix("sky rect"))
  }

  @Test func errors() throws {
    let dir = try temporaryDirectory()
    try "fill(nope)\n".write(toFile: "\(dir)/bad.commands", atomically: true, encoding: .utf8)
    let page = "\(examples)/colouring-page.svg"
    let bad = try tool.run([page, "--apply", "\(dir)/bad.commands", "-o", "\(dir)/o.svg"])
    #expect(bad.status == 1)
    #expect(bad.stderr.contains("bad.commands:1:6: no element with id 'nope'"))
    #expect(!FileManager.default.fileExists(atPath: "\(dir)/o.svg"))
    #expect(try tool.run([page, "-o", "\(dir)/o.svg"]).status == 2)
  }
}
