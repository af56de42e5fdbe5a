import Foundation
import SVGTree
import Testing

/// The tools that write an edited document keep every byte the edits left alone.
@Suite struct EditedSVGOutputTests {
  let page = Executable.packageRoot.appendingPathComponent(
    "Resources/examples/colouring-page.svg"
  ).path

  private func bytes(_ path: String) throws -> [UInt8] {
    Array(try Data(contentsOf: URL(fileURLWithPath: path)))
  }

  @Test func svgQueryWritesTheInputBackAfterResetAllAndOnlyTheEditOtherwise() throws {
    let dir = try temporaryDirectory()
    let input = try bytes(page)
    try "setFill(sun, red)\nresetAll()\n".write(
      toFile: "\(dir)/reset.commands", atomically: true, encoding: .utf8)
    let query = Executable(name: "svg-query")
    var r = try query.run([page, "--apply", "\(dir)/reset.commands", "-o", "\(dir)/same.svg"])
    #expect(r.status == 0, "\(r.stderr)")
    #expect(try bytes("\(dir)/same.svg") == input)
    try "setStroke(sun, #00f)\n".write(
      toFile: "\(dir)/sun.commands", atomically: true, encoding: .utf8)
    r = try query.run([page, "--apply", "\(dir)/sun.commands", "-o", "\(dir)/sun.svgz"])
    #expect(r.status == 0, "\(r.stderr)")
    let compressed = try bytes("\(dir)/sun.svgz")
    #expect(compressed.starts(with: [0x1F, 0x8B]))
    let d = difference(input, try Document(bytes: compressed).written())
    #expect(d.old == "")
    #expect(
      d.new
        == ##" stroke="#0000ff" stroke-opacity="1""##
        + ##" style="stroke:#0000ff !important;stroke-opacity:1 !important""##)
  }

  @Test func svgRenderWithEditsAndSVGOutputWritesTheEditedDocument() throws {
    let dir = try temporaryDirectory()
    let render = Executable(name: "svg-render")
    var r = try render.run([
      page, "-e", "moveBy(sun, 1, 2)", "-e", "resetAll()", "-o", "\(dir)/a.svg",
    ])
    #expect(r.status == 0, "\(r.stderr)")
    #expect(try bytes("\(dir)/a.svg") == bytes(page))
    r = try render.run([page, "-e", "moveBy(sun, 1, 2)", "-f", "svg", "-o", "-"])
    #expect(r.status == 0, "\(r.stderr)")
    let d = difference(try bytes(page), Array(r.stdout))
    #expect(d.new == #" transform="translate(1 2)""#)
  }
}
