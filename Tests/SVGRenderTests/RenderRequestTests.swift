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
