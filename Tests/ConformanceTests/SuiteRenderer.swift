import Foundation
import SVGRender
import SVGTree

/// Renders one suite file the way the suite's harness does: at the reference width, with
/// the suite root as the resource base directory.
enum SuiteRenderer {
  static func render(_ svg: String, width: Int, resources: String) throws -> Bitmap {
    let document = try Document(contentsOfFile: svg)
    var options = RenderOptions()
    options.resources = .files(baseDirectory: resources)
    // The suite's README: its fonts through its own fontconfig file.
    options.fontConfigFile = SuiteCase.suiteDirectory + "/fonts.conf"
    let tree = try RenderTree(document: document, options: options)
    let height = Int((Double(width) * tree.size.height / tree.size.width - 1e-6).rounded(.up))
    return try tree.rasterize(width: width, height: height)
  }
}
