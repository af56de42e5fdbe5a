import SVGGeometry
import SVGRender
import SVGTree
import Testing

@Suite struct RenderRequestTests {
  private func tree(_ attributes: String) throws -> RenderTree {
    try RenderTree(
      document: try Document(
        string: #"<svg xmlns="http://www.w3.org/2000/svg" \#(attributes)/>"#))
  }

  @Test func physicalSidesScaleWithTheResolution() throws {
    let tree = try tree(#"width="1in" height="48px""#)
    #expect(tree.physicalSides == [.width])
    var request = RenderRequest()
    request.dpi = 192
    // 1 inch is 96 px at 96 dpi and 192 at 192; the height in px stays.
    #expect(request.outputSize(of: tree) == Size(width: 192, height: 48))
    request.dpi = 96
    #expect(request.outputSize(of: tree) == Size(width: 96, height: 48))
  }

  @Test func pixelSizesIgnoreTheResolution() throws {
    let tree = try tree(#"width="30" height="20""#)
    #expect(tree.physicalSides.isEmpty)
    var request = RenderRequest()
    request.dpi = 300
    #expect(request.outputSize(of: tree) == Size(width: 30, height: 20))
  }

  @Test func anOutputOverThePixelLimitIsALimitError() throws {
    let tree = try tree(#"width="300" height="200""#)
    var limits = Limits()
    limits.maxPixels = 1000
    do {
      _ = try RenderRequest().render(tree, limits: limits)
      Issue.record("rendered 60,000 pixels under a limit of 1,000")
    } catch {
      #expect(error.kind == .limit)
    }
    #expect(throws: Never.self) { _ = try RenderRequest().render(tree) }
  }
}
