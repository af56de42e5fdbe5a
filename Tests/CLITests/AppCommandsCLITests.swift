import Foundation
import SVGRender
import Testing

/// The app commands (`moveAt`, `bringToFront`, `sendToBack`, `insertImage`, `fillAt` with a
/// tolerance) and `--url-scheme` on the tools that take commands.
@Suite struct AppCommandsCLITests {
  let render = Executable(name: "svg-render")
  let query = Executable(name: "svg-query")
  let page = Executable.packageRoot.appendingPathComponent("Resources/examples/colouring-page.svg")
    .path
  /// A 1x1 opaque green PNG.
  static let png =
    "data:image/png;base64,"
    + "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGNg+M8AAAICAQB7CYF4AAAAAElFTkSuQmCC"

  private func rgb(_ png: String, _ x: Int, _ y: Int) throws -> [UInt8] {
    let p = try Bitmap(pngFile: png).rgba(x: x, y: y)
    return [p.r, p.g, p.b]
  }

  @Test func dragPhotoAndStackingInSVGRender() throws {
    let dir = try temporaryDirectory()
    try """
    setActiveColor(255, 215, 0)
    fill(sun)
    moveAt(350, 60, 350, 260)
    svg:bringToFront:sun
    insertImage(0, 0, 50, 50, \(Self.png))
    """.write(toFile: "\(dir)/app.commands", atomically: true, encoding: .utf8)
    let out = "\(dir)/out.png"
    let r = try render.run([page, "--commands", "\(dir)/app.commands", "-o", out])
    #expect(r.status == 0, "\(r.stderr)")
    #expect(try rgb(out, 350, 260) == [255, 215, 0])  // the sun, moved down by 200
    #expect(try rgb(out, 350, 60) != [255, 215, 0])
    #expect(try rgb(out, 25, 25) == [0, 255, 0])  // the photo
  }

  @Test func theURLSchemeOption() throws {
    let out = try temporaryDirectory() + "/out.png"
    let r = try render.run([
      page, "--url-scheme", "myapp", "-e", "myapp:setActiveColor:255:0:0", "-e",
      "myapp://fillAt/135/100", "-o", out,
    ])
    #expect(r.status == 0, "\(r.stderr)")
    #expect(try rgb(out, 135, 100) == [255, 0, 0])
    let other = try render.run([page, "--url-scheme", "myapp", "-e", "svg://fillAt/1/1", "-o", out])
    #expect(other.status == 2)
    #expect(other.stderr.contains("'svg:' is not the commands' URL scheme"), "\(other.stderr)")
    let bad = try render.run([page, "--url-scheme", "my app", "-e", "fill(sun)", "-o", out])
    #expect(bad.status == 2)
    #expect(bad.stderr.contains("--url-scheme needs a letter"), "\(bad.stderr)")
  }

  @Test func svgQueryAppliesInTheSchemeAndNamesLineAndColumn() throws {
    let dir = try temporaryDirectory()
    try "objc://sendToBack/sun\nobjc:moveAt:135:100:135:110\n".write(
      toFile: "\(dir)/a.commands", atomically: true, encoding: .utf8)
    let r = try query.run([
      page, "--apply", "\(dir)/a.commands", "--url-scheme", "objc", "-o", "\(dir)/e.svg",
    ])
    #expect(r.status == 0, "\(r.stderr)")
    let svg = try String(contentsOfFile: "\(dir)/e.svg", encoding: .utf8)
    #expect(svg.contains(#"transform="translate(0 10)""#), "\(svg)")
    try "fillAt(1000, 10, 4)\n".write(
      toFile: "\(dir)/b.commands", atomically: true, encoding: .utf8)
    let outside = try query.run([page, "--apply", "\(dir)/b.commands"])
    #expect(outside.status == 1)
    #expect(outside.stderr.contains("b.commands:1:8: (1000, 10) is outside the drawing"))
  }
}
