import Foundation
import SVGGeometry
import SVGTree
import Testing

@testable import SVGRender

@Suite struct TextDebugTests {
  @Test func variations() throws {
    let db = FontDatabase.shared(directories: ["/work/shared/svg-suite/fonts"])
    for (i, f) in db.faces.enumerated() where f.path.contains("Roboto") { print("DBG", i, f.families, f.weight, f.style, f.stretch, f.index) }
    let id = db.match(FontRequest(families: ["Roboto Flex"]))!
    print("DBG", db.faces[id].path)
  }
}
