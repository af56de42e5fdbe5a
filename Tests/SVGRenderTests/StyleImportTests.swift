import Foundation
import SVGGeometry
import SVGTree
import Testing

@testable import SVGRender

@Suite struct StyleImportTests {
  private func fills(_ node: RenderNode) -> [Color] {
    switch node {
    case .path(let p):
      if case .color(let c)? = p.fill?.paint { return [c] }
      return []
    case .group(let g): return g.children.flatMap(fills)
    case .image: return []
    }
  }

  @Test func importedSheetsStyleTheDrawingThroughTheResourcePolicy() throws {
    let base = FileManager.default.temporaryDirectory
      .appendingPathComponent("inkpath-import-render-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(
      atPath: base + "/css", withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: base) }
    try "@import 'colours.css';".write(
      toFile: base + "/css/main.css", atomically: true, encoding: .utf8)
    try "rect { fill: lime }".write(
      toFile: base + "/css/colours.css", atomically: true, encoding: .utf8)
    let svg =
      "<svg xmlns='http://www.w3.org/2000/svg' width='10' height='10'>"
      + "<style>@import url(css/main.css);</style><rect width='10' height='10'/></svg>"
    let doc = try Document(string: svg, path: base + "/drawing.svg")
    var options = RenderOptions()
    options.resources = .files(baseDirectory: base)
    let styled = try RenderTree(document: doc, options: options)
    #expect(fills(.group(styled.root)).first.map { $0.g == 255 && $0.r == 0 } == true)
    // No policy, no import: the rect stays black and the skip is reported.
    let plain = try RenderTree(document: doc, options: RenderOptions())
    #expect(fills(.group(plain.root)).first.map { $0.g == 0 && $0.r == 0 } == true)
    #expect(plain.diagnostics.contains { $0.message.contains("@import") })
  }
}
