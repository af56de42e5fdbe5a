import Foundation
import SVGRender
import SVGTree

/// Renders one suite file the way the suite's harness does: at the reference width, with
/// the suite root as the resource base directory.
enum SuiteRenderer {
  /// The suite's README: its fonts through its own fontconfig file. Set once, before
  /// anything in the process asks fontconfig.
  static let fontsConfigured: Bool = {
    setenv("FONTCONFIG_FILE", SuiteCase.suiteDirectory + "/fonts.conf", 1)
    return true
  }()

  static func render(_ svg: String, width: Int, resources: String) throws -> Bitmap {
    _ = fontsConfigured
    let document = try Document(contentsOfFile: svg)
    var options = RenderOptions()
    options.resources = .files(baseDirectory: resources)
    let tree = try RenderTree(document: document, options: options)
    let height = Int((Double(width) * tree.size.height / tree.size.width).rounded())
    return try tree.rasterize(width: width, height: height)
  }
}
