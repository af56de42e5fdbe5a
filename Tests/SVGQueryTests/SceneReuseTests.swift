import SVGGeometry
import SVGRender
import SVGTree
import Testing

@testable import SVGQuery

/// A scene of a recoloured drawing shares what the queries derive from its tree with the
/// scene before (`Scene(document:tree:reusing:sameElements:)`), and only then: hits and
/// boxes of the new scene are the ones a scene built afresh gives.
@Suite struct SceneReuseTests {
  static func scene(_ fill: String, stroke: String = "none", x: Double = 20, previous: Scene? = nil)
    throws -> Scene
  {
    let text = """
      <svg xmlns="http://www.w3.org/2000/svg" width="200" height="200">
      <linearGradient id="g"><stop stop-color="red"/><stop offset="1" stop-color="blue"/></linearGradient>
      <g transform="translate(5 5)"><rect id="a" x="\(x)" y="20" width="60" height="60" fill="\(fill)" stroke="\(stroke)" stroke-width="4"/></g>
      <circle id="b" cx="150" cy="150" r="30" fill="teal"/></svg>
      """
    let document = try Document(string: text)
    let tree = try RenderTree(document: document)
    return Scene(document: document, tree: tree, reusing: previous, sameElements: previous != nil)
  }

  @Test(arguments: ["gold", "url(#g)", "rgb(1, 2, 3)"]) func aRecolourSharesTheStorage(
    _ fill: String
  ) throws {
    let before = try Self.scene("navy")
    let after = try Self.scene(fill, previous: before)
    #expect(after.storage === before.storage)
    #expect(after.name(at: 50, 50) == "a" && after.name(at: 150, 150) == "b")
  }

  /// A fill taken away, a stroke added, a shape moved: the areas that answer hits change,
  /// and the scene is built again.
  @Test func otherChangesBuildTheScene() throws {
    let before = try Self.scene("navy")
    let unfilled = try Self.scene("none", previous: before)
    #expect(unfilled.storage !== before.storage && unfilled.name(at: 50, 50) == nil)
    let stroked = try Self.scene("navy", stroke: "black", previous: before)
    #expect(stroked.storage !== before.storage && stroked.name(at: 24.5, 50) == "a")
    let moved = try Self.scene("navy", x: 100, previous: before)
    #expect(moved.storage !== before.storage && moved.name(at: 50, 50) == nil)
    #expect(moved.name(at: 130, 50) == "a")
  }

  /// Without the caller's word that the elements are the same, nothing is shared.
  @Test func differentElementsBuildTheScene() throws {
    let before = try Self.scene("navy")
    let document = before.document
    let after = Scene(document: document, tree: before.tree, reusing: before)
    #expect(after.storage !== before.storage)
  }
}
