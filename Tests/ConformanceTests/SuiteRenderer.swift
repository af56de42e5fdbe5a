import Foundation
import SVGGeometry
import SVGRender
import SVGTree

/// Renders one suite file the way the suite's harness does: at the reference width, with
/// the suite root as the resource base directory.
enum SuiteRenderer {
  static func render(_ svg: String, width: Int, resources: String) throws -> Bitmap {
    let tree = try self.tree(svg, resources: resources)
    return try tree.rasterize(covering: size(of: tree, width: width), cancellation: workBudget())
  }

  /// The hang guard of one build or drawing, in units of work (checks: one per element
  /// built or drawn, one per reference resolved) rather than the default 60 s of wall
  /// time, which a file with a slow filter (`feMorphology/huge-radius`) passed on a busy
  /// machine. (A single filter does not check: its own loops bound it.)
  static func workBudget() -> RenderCancellation { RenderCancellation(checks: 10_000_000) }

  /// The render tree of one suite file, with the harness's resources and fonts.
  static func tree(_ svg: String, resources: String) throws -> RenderTree {
    let document = try Document(contentsOfFile: svg)
    var options = RenderOptions()
    options.resources = .files(baseDirectory: resources)
    // The suite root is the base for images and style sheets (../shared/design.md); other
    // SVG documents come from the test's own folder, as svg-render and rsvg-convert allow by
    // default.
    options.documentResources = .files(
      baseDirectory: URL(fileURLWithPath: svg).deletingLastPathComponent().path)
    // The suite's README: its fonts through its own fontconfig file.
    options.fontConfigFile = SuiteCase.suiteDirectory + "/fonts.conf"
    options.cancellation = workBudget()
    return try RenderTree(document: document, options: options)
  }

  /// Scaled to the reference width, the height by the same ratio (not stretched to whole
  /// pixels), as svg-render -w does.
  static func size(of tree: RenderTree, width: Int) -> Size {
    Size(width: Double(width), height: tree.size.height * Double(width) / tree.size.width)
  }
}
