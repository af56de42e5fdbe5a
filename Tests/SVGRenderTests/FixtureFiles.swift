import Foundation
import SVGTree

@testable import SVGRender

/// The SVG files of `Fixtures/`, read and built as svg-render does: external files may come
/// from the input's folder.
enum FixtureFiles {
  static let folder = Bundle.module.url(forResource: "Fixtures", withExtension: nil)!.path

  static func path(_ name: String) -> String { folder + "/" + name }

  static func document(_ name: String) throws -> Document {
    try Document(contentsOfFile: path(name))
  }

  /// The options svg-render uses for `name`: its folder is the resource base.
  static func options(_ name: String) -> RenderOptions {
    var options = RenderOptions()
    options.resources = .files(
      baseDirectory: URL(fileURLWithPath: path(name)).deletingLastPathComponent().path)
    return options
  }

  static func tree(_ name: String, options: RenderOptions? = nil) throws -> RenderTree {
    try RenderTree(document: try document(name), options: options ?? self.options(name))
  }

  static func messages(_ tree: RenderTree) -> [String] { tree.diagnostics.map(\.message) }
}

extension Bitmap {
  /// The pixel at (x, y) as [r, g, b, a], premultiplied as stored.
  func colour(_ x: Int, _ y: Int) -> [Int] {
    let p = rgba(x: x, y: y)
    return [Int(p.r), Int(p.g), Int(p.b), Int(p.a)]
  }
}
