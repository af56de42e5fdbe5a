import Foundation
import SVGCommands
import SVGGeometry
import SVGRender
import SVGTree
import Testing

/// Colouring sessions on real drawings: taps at points, then a render whose pixels at
/// those points carry the colours chosen.
@Suite struct ColouringSessionTests {
  /// An Inkscape drawing from openclipart (public domain): twenty petals, each a path
  /// filled white by its `style` attribute, outlined in black, around a black heart.
  @Test func openclipartFlower() throws {
    let d = try fixture("flower2_juliane_krug.svg")
    let taps: [(x: Int, y: Int, color: Color)] = [
      (178, 90, Color(r: 229, g: 50, b: 45)), (290, 205, Color(r: 255, g: 215, b: 0)),
      (120, 270, Color(r: 30, g: 144, b: 255)), (70, 165, Color(r: 50, g: 205, b: 50)),
    ]
    var s = EditableDocument(d)
    for t in taps {
      try s.apply(script: "setActiveColor(\(t.color))\nfillAt(\(t.x), \(t.y))")
    }
    #expect(s.log.count == 8)
    let size = 400
    let before = try RenderTree(document: d).rasterize(width: size, height: size)
    let after = try RenderTree(document: s.current).rasterize(width: size, height: size)
    for t in taps {
      let p = after.rgba(x: t.x, y: t.y)
      #expect([p.r, p.g, p.b, p.a] == [t.color.r, t.color.g, t.color.b, 255])
      #expect(before.rgba(x: t.x, y: t.y) == (255, 255, 255, 255))
    }
    // Untouched petals stay white, the outlines black.
    for (x, y) in [(250, 110), (300, 240), (150, 300)] {
      #expect(after.rgba(x: x, y: y) == (255, 255, 255, 255))
    }
    #expect(after.rgba(x: 200, y: 190) == (0, 0, 0, 255))
    // The edited SVG shows the same colours once read back, and the log replays.
    let written = try RenderTree(document: reread(s.current)).rasterize(width: size, height: size)
    let replayed = try EditableDocument(original: d, log: s.logText)
    #expect(replayed.current.serialized() == s.current.serialized())
    for t in taps {
      #expect(written.rgba(x: t.x, y: t.y) == after.rgba(x: t.x, y: t.y))
    }
  }

  /// The example session of Resources/examples on the colouring page.
  @Test func exampleCommandsOnTheColouringPage() throws {
    let examples = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .appendingPathComponent("../../Resources/examples").standardizedFileURL.path
    let d = try Document(contentsOfFile: examples + "/colouring-page.svg")
    let script = try String(contentsOfFile: examples + "/colouring.commands", encoding: .utf8)
    var s = EditableDocument(d)
    try s.apply(script: script)
    let bitmap = try RenderTree(document: s.current).rasterize(width: 400, height: 300)
    func rgb(_ x: Int, _ y: Int) -> [UInt8] {
      let p = bitmap.rgba(x: x, y: y)
      return [p.r, p.g, p.b]
    }
    #expect(rgb(30, 30) == [135, 206, 235])
    #expect(rgb(350, 60) == [255, 215, 0])
    #expect(rgb(200, 260) == [76, 175, 80])
    #expect(rgb(135, 100) == [178, 34, 34])
    #expect(rgb(90, 200) == [245, 222, 179])
    #expect(rgb(135, 210) == [139, 69, 19])
    #expect(rgb(90, 165) == [173, 216, 230])
    #expect(rgb(300, 230) == [76, 175, 80])
    #expect(rgb(300, 200) == [255, 215, 0])
    #expect(rgb(315, 185) == [255, 105, 180])
  }
}
