import Foundation
import SVGGeometry
import SVGTree
import Testing

@testable import SVGRender

/// rsvg-convert's sizing rules, page placement, documents of several pages, export areas,
/// and the render options resvg's font and hint flags map to.
@Suite struct OutputLayoutTests {
  let intrinsic = Size(width: 100, height: 50)

  @Test(arguments: [
    (OutputSizing(), 100.0, 50.0),
    (OutputSizing(width: 200), 200, 100),
    (OutputSizing(height: 10), 20, 10),
    (OutputSizing(width: 300, height: 20), 300, 20),
    (OutputSizing(width: 300, height: 20, keepAspectRatio: true), 40, 20),
    (OutputSizing(zoomX: 2, zoomY: 2), 200, 100),
    (OutputSizing(width: 300, zoomX: 4, zoomY: 4), 300, 200),
    (OutputSizing(width: 300, height: 100, zoomX: 4, zoomY: 4, keepAspectRatio: true), 200, 100),
    (OutputSizing(width: 300, zoomX: 0.5, zoomY: 0.5), 50, 25),
    (OutputSizing(zoomX: 2, zoomY: 3), 200, 150),
  ])
  func sizesFollowRsvgConvert(_ sizing: OutputSizing, _ width: Double, _ height: Double) {
    let s = sizing.size(for: intrinsic)
    #expect(s.width == width && s.height == height, "\(sizing) gave \(s)")
  }

  func tree(_ body: String, width: Int = 100, height: Int = 50, options: RenderOptions = .init())
    throws -> (Document, RenderTree)
  {
    let doc = try Document(
      string:
        "<svg xmlns='http://www.w3.org/2000/svg' width='\(width)' height='\(height)'>\(body)</svg>"
    )
    return (doc, try RenderTree(document: doc, options: options))
  }

  @Test func aPlacedDrawingSitsAtItsOffsetOnThePage() throws {
    let (_, t) = try tree("<rect width='100' height='50' fill='red'/>")
    let placed = t.placed(
      at: Size(width: 50, height: 25), on: PageLayout(width: 80, height: 60, left: 10, top: 20))
    #expect(placed.size == Size(width: 80, height: 60))
    let bitmap = try placed.rasterize(width: 80, height: 60)
    #expect(bitmap.rgba(x: 5, y: 5).a == 0)
    #expect(bitmap.rgba(x: 12, y: 22) == (255, 0, 0, 255))
    #expect(bitmap.rgba(x: 58, y: 44) == (255, 0, 0, 255))
    #expect(bitmap.rgba(x: 62, y: 47).a == 0)
  }

  @Test func severalPagesMakeOnePDFAndOnlyPagedFormatsTakeThem() throws {
    let (_, a) = try tree("<rect width='10' height='10'/>")
    let (_, b) = try tree("<rect width='10' height='10'/>", width: 40, height: 80)
    let pages = [
      VectorPage(tree: a, width: 100, height: 50), VectorPage(tree: b, width: 40, height: 80),
    ]
    let pdf = String(decoding: try RenderTree.vectorDocument(pages, format: .pdf), as: UTF8.self)
    #expect(pdf.contains("/MediaBox [ 0 0 75 37.5 ]") && pdf.contains("/MediaBox [ 0 0 30 60 ]"))
    #expect(pdf.components(separatedBy: "/Type /Page\n").count - 1 == 2 || pdf.contains("/Count 2"))
    #expect(throws: RenderError.self) { try RenderTree.vectorDocument(pages, format: .svg) }
    let eps = String(
      decoding: try a.vectorData(format: .eps, width: 100, height: 50), as: UTF8.self)
    #expect(eps.hasPrefix("%!PS-Adobe-3.0 EPSF-3.0") && eps.contains("%%BoundingBox: "))
  }

  @Test func exportAreasCropToTheInkOrKeepThePage() throws {
    let (doc, t) = try tree(
      "<g id='g'><circle id='c' cx='50' cy='25' r='7.25' fill='blue'/></g><rect x='1' y='2' width='3' height='4'/>"
    )
    // The group holds one shape, so the build folds it into the circle: found through it.
    let g = try #require(t.subtree(for: doc.element(withID: "g")!, in: doc))
    #expect(abs(g.size.width - 14.5) < 0.02 && abs(g.size.height - 14.5) < 0.02)
    let page = try #require(t.isolating(doc.element(withID: "c")!, in: doc))
    #expect(page.size == t.size)
    #expect(try page.rasterize(width: 100, height: 50).rgba(x: 2, y: 3).a == 0)
    // The ink spans 1...57.25 by 2...32.25: resvg's area starts on whole pixels and rounds
    // the size up.
    let ink = try #require(t.croppedToInk())
    #expect(ink.size == Size(width: 57, height: 31))
  }

  @Test func inheritedDefaultsApplyWhereTheDocumentSaysNothing() throws {
    var options = RenderOptions()
    options.inheritedDefaults = ["shape-rendering": "crispEdges", "font-size": "12px"]
    let (_, t) = try tree(
      "<rect width='10' height='10'/><rect shape-rendering='geometricPrecision' width='5' height='5'/>",
      options: options)
    let antialias = t.root.children.compactMap { node -> Bool? in
      if case .path(let p) = node { return p.antialias }
      return nil
    }
    #expect(antialias == [false, true])
  }

  @Test func systemFontsCanBeSkippedAndGenericsRedirected() throws {
    let dir = try #require(
      ProcessInfo.processInfo.environment["SVG_SUITE_DIR"].map { $0 + "/fonts" }
        ?? Optional(
          URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../../shared/svg-suite/fonts").standardized.path))
    try #require(FileManager.default.fileExists(atPath: dir + "/NotoSans-Regular.ttf"))
    var options = RenderOptions()
    options.systemFonts = false
    options.fontFiles = [dir + "/NotoSans-Regular.ttf", dir + "/NotoMono-Regular.ttf"]
    options.genericFamilies = ["serif": "Noto Mono"]
    let faces = try options.fontFaces()
    #expect(Set(faces.map(\.path)) == Set(options.fontFiles))
    let generics = Dictionary(
      uniqueKeysWithValues: try options.genericFamilyNames().map { ($0.generic, $0.family) })
    #expect(generics["serif"] == "Noto Mono")
    #expect(generics["sans-serif"] != nil)
  }
}
