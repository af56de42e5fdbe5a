import Foundation
import SVGGeometry
import SVGTree
import TestSupport
import Testing

@testable import SVGRender

private func dataURL(_ bytes: [UInt8], type: String = "image/png") -> String {
  "data:\(type);base64," + Data(bytes).base64EncodedString()
}

private func svg(_ body: String, size: Int = 100) -> String {
  """
  <svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" \
  width="\(size)" height="\(size)">\(body)</svg>
  """
}

private func build(_ text: String, path: String? = nil, resources: ResourcePolicy = .dataOnly)
  throws -> RenderTree
{
  var options = RenderOptions()
  options.resources = resources
  return try RenderTree(document: Document(string: text, path: path), options: options)
}

private func images(in node: RenderNode) -> [ImageNode] {
  switch node {
  case .image(let i): [i]
  case .path: []
  case .group(let g): g.children.flatMap(images(in:))
  }
}

private func images(_ tree: RenderTree) -> [ImageNode] { images(in: .group(tree.root)) }

private func pixel(_ bitmap: Bitmap, _ x: Int, _ y: Int) -> [Int] {
  let p = bitmap.rgba(x: x, y: y)
  return [Int(p.r), Int(p.g), Int(p.b), Int(p.a)]
}

/// A 2x1 opaque PNG: red, then blue.
private func redBluePNG() throws -> [UInt8] {
  var bitmap = Bitmap(width: 2, height: 1)
  bitmap.pixels.withUnsafeMutableBytes { p in
    p.storeBytes(of: 0xFFFF_0000 as UInt32, toByteOffset: 0, as: UInt32.self)
    p.storeBytes(of: 0xFF00_00FF as UInt32, toByteOffset: 4, as: UInt32.self)
  }
  return try bitmap.pngData()
}

@Suite struct ImageLayoutTests {
  @Test func stretchedWithNoneAndNearestNeighbour() throws {
    let href = dataURL(try redBluePNG())
    let tree = try build(
      svg(
        """
        <image width="100" height="50" preserveAspectRatio="none" image-rendering="pixelated" \
        href="\(href)"/>
        """))
    let bitmap = try tree.rasterize(width: 100, height: 100)
    #expect(pixel(bitmap, 49, 25) == [255, 0, 0, 255])
    #expect(pixel(bitmap, 50, 25) == [0, 0, 255, 255])
    #expect(pixel(bitmap, 50, 60)[3] == 0)
    #expect(images(tree).first?.smooth == false)
  }

  @Test func smoothScalingBlendsNeighbours() throws {
    let href = dataURL(try redBluePNG())
    let tree = try build(svg("<image width='100' height='50' href='\(href)'/>"))
    let middle = pixel(try tree.rasterize(width: 100, height: 100), 50, 25)
    #expect(middle[0] > 60 && middle[2] > 60, "a blend of red and blue, got \(middle)")
  }

  @Test func meetCentresAndSliceClipsToTheViewport() throws {
    let href = dataURL(try redBluePNG())
    let meet = try build(svg("<image width='100' height='100' xlink:href='\(href)'/>"))
    let m = try meet.rasterize(width: 100, height: 100)
    #expect(pixel(m, 10, 10)[3] == 0)
    #expect(pixel(m, 10, 50) == [255, 0, 0, 255])
    #expect(pixel(m, 90, 50) == [0, 0, 255, 255])
    // xMinYMin slice scales by 100 (200x100): the right, blue half is cut off at x = 50.
    let slice = try build(
      svg(
        """
        <image width="50" height="100" preserveAspectRatio="xMinYMin slice" href="\(href)"/>
        """))
    let s = try slice.rasterize(width: 100, height: 100)
    #expect(pixel(s, 25, 50) == [255, 0, 0, 255])
    #expect(pixel(s, 75, 50)[3] == 0)
    #expect(images(slice).first?.clip == Rect(x: 0, y: 0, width: 50, height: 100))
  }

  @Test func missingSizeFollowsTheIntrinsicSize() throws {
    let href = dataURL(try redBluePNG())
    let both = try #require(images(try build(svg("<image x='3' y='4' href='\(href)'/>"))).first)
    #expect(both.viewport == Rect(x: 3, y: 4, width: 2, height: 1))
    let width = try #require(images(try build(svg("<image width='40' href='\(href)'/>"))).first)
    #expect(width.viewport == Rect(x: 0, y: 0, width: 40, height: 20))
    let height = try #require(
      images(try build(svg("<image width='auto' height='10' href='\(href)'/>"))).first)
    #expect(height.viewport == Rect(x: 0, y: 0, width: 20, height: 10))
  }

  @Test func transformAndOpacityWrapTheImage() throws {
    let href = dataURL(try redBluePNG())
    let tree = try build(
      svg(
        """
        <image width="2" height="1" transform="scale(50)" opacity="0.5" \
        image-rendering="optimizeSpeed" href="\(href)"/>
        """))
    let bitmap = try tree.rasterize(width: 100, height: 100)
    let p = pixel(bitmap, 25, 25)
    #expect(p[0] == 255 && abs(p[3] - 128) <= 1, "half-transparent red, got \(p)")
    #expect(pixel(bitmap, 75, 25)[2] == 255)
  }

  @Test func vectorOutputsEmbedTheImage() throws {
    let href = dataURL(try redBluePNG())
    let tree = try build(svg("<image width='100' height='50' href='\(href)'/>"))
    let pdf = try tree.vectorData(format: .pdf, width: 100, height: 100)
    #expect(String(decoding: pdf, as: UTF8.self).contains("/Subtype /Image"))
    let svgOut = try tree.vectorData(format: .svg, width: 100, height: 100)
    #expect(String(decoding: svgOut, as: UTF8.self).contains("data:image/png;base64"))
  }

  @Test func vectorOutputsKeepTheJPEGFileUnlessAskedNotTo() throws {
    let href = dataURL(ImageFixtures.bytes(ImageFixtures.jpegRed), type: "image/jpeg")
    let document = try Document(string: svg("<image width='100' height='50' href='\(href)'/>"))
    var options = RenderOptions()
    options.resources = .dataOnly
    func pdf(keeping: Bool) throws -> String {
      var options = options
      options.keepImageData = keeping
      let tree = try RenderTree(document: document, options: options)
      return String(
        decoding: try tree.vectorData(format: .pdf, width: 100, height: 100), as: UTF8.self)
    }
    // The JPEG's own bytes in the PDF, as a DCT stream; decoded pixels otherwise.
    #expect(try pdf(keeping: true).contains("/DCTDecode"))
    #expect(try !pdf(keeping: false).contains("/DCTDecode"))
    let tree = try RenderTree(document: document, options: options)
    let raster = try tree.rasterize(width: 100, height: 100)
    #expect(raster.rgba(x: 50, y: 25).r > 240)
  }

  @Test func emptyHiddenAndMissingImagesAreNotRendered() throws {
    let href = dataURL(try redBluePNG())
    for body in [
      "<image width='0' height='10' href='\(href)'/>",
      "<image width='10' height='-1' href='\(href)'/>",
      "<image width='10' height='10' visibility='hidden' href='\(href)'/>",
      "<image width='10' height='10'/>",
    ] {
      let tree = try build(svg(body))
      #expect(images(tree).isEmpty, "\(body)")
    }
    let empty = try build(svg("<image width='0' height='10' href='\(href)'/>"))
    #expect(empty.diagnostics.contains { $0.message.contains("empty size") })
    let noHref = try build(svg("<image width='10' height='10'/>"))
    #expect(noHref.diagnostics.contains { $0.message.contains("without href") })
  }
}

@Suite struct ImageLoadingTests {
  private func diagnostics(for href: String, resources: ResourcePolicy = .dataOnly) throws
    -> [String]
  {
    let tree = try build(
      svg("<image width='10' height='10' href='\(href)'/>"), resources: resources)
    #expect(images(tree).isEmpty, "\(href)")
    return tree.diagnostics.map(\.message)
  }

  @Test func refusedAndBrokenImagesAreDiagnosed() throws {
    let png = try redBluePNG()
    let base = ResourcePolicy.files(baseDirectory: NSTemporaryDirectory())
    let cases: [(String, ResourcePolicy, String)] = [
      ("data:,hello", .dataOnly, "is not PNG, JPEG"),
      (dataURL(Array(png.prefix(40))), .dataOnly, "corrupt PNG"),
      ("a.png", .dataOnly, "only data: URLs"),
      (dataURL(png), .none, "disabled"),
      ("http://127.0.0.1/a.png", base, "not allowed"),
      ("/etc/passwd", base, "outside"),
    ]
    for (href, policy, reason) in cases {
      let messages = try diagnostics(for: href, resources: policy)
      #expect(messages.contains { $0.contains(reason) }, "\(href): \(messages)")
    }
  }

  @Test func thePixelLimitAppliesToImages() throws {
    var options = RenderOptions()
    options.resources = .dataOnly
    options.limits.maxPixels = 1
    let href = dataURL(try redBluePNG())
    let tree = try RenderTree(
      document: Document(string: svg("<image width='10' height='10' href='\(href)'/>")),
      options: options)
    #expect(images(tree).isEmpty)
    #expect(tree.diagnostics.contains { $0.message.contains("over the limit") })
  }

  @Test func eachImageCountsAgainstTheReferenceBudget() throws {
    var options = RenderOptions()
    options.resources = .dataOnly
    options.limits.maxReferences = 1
    let href = dataURL(try redBluePNG())
    let image = "<image width='10' height='10' href='\(href)'/>"
    let one = try Document(string: svg(image))
    #expect(images(try RenderTree(document: one, options: options)).count == 1)
    let two = try Document(string: svg(image + image))
    #expect(throws: RenderError.self) { try RenderTree(document: two, options: options) }
  }

  @Test func filesAreReadRelativeToTheDocument() throws {
    let folder = try TemporaryDirectory("inkpath-images")
    let dir = folder.path
    try folder.write("sub/pic.dat", try redBluePNG())
    let tree = try build(
      svg("<image width='20' height='10' href='pic.dat'/>"), path: dir + "/sub/doc.svg",
      resources: .files(baseDirectory: dir))
    let image = try #require(images(tree).first)
    guard case .raster(let bitmap) = image.content else {
      Issue.record("expected a raster image")
      return
    }
    #expect(bitmap.width == 2 && bitmap.height == 1)
  }
}

@Suite struct SVGImageTests {
  private let lime = """
    <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 4 4"><rect width="4" height="4" \
    fill="lime"/></svg>
    """

  @Test func anSVGImageIsANestedDrawing() throws {
    let encoded = lime.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!
    let href = "data:image/svg+xml;utf8," + encoded
    let tree = try build(svg("<image x='10' y='10' width='50' height='80' href='\(href)'/>"))
    let image = try #require(images(tree).first)
    guard case .svg(let nested) = image.content else {
      Issue.record("expected an SVG image")
      return
    }
    #expect(nested.size == Size(width: 4, height: 4))
    // meet: 50x50 centred vertically in 10...90; the clip is the placed square.
    #expect(image.clip == Rect(x: 10, y: 25, width: 50, height: 50))
    let bitmap = try tree.rasterize(width: 100, height: 100)
    #expect(pixel(bitmap, 30, 50) == [0, 255, 0, 255])
    #expect(pixel(bitmap, 30, 20)[3] == 0)
  }

  @Test func svgzImagesAreInflated() throws {
    let href = dataURL(ImageFixtures.bytes(ImageFixtures.svgz), type: "image/svg+xml")
    let tree = try build(svg("<image href='\(href)'/>"))
    let image = try #require(images(tree).first)
    #expect(image.viewport == Rect(x: 0, y: 0, width: 4, height: 4))
  }

  @Test func anSVGImageReadsNoFiles() throws {
    let folder = try TemporaryDirectory("inkpath-svgimage")
    let dir = folder.path
    try folder.write("pic.png", try redBluePNG())
    let inner = svg("<image width='10' height='10' href='pic.png'/><rect width='5' height='5'/>")
    try Data(inner.utf8).write(to: URL(fileURLWithPath: dir + "/inner.svg"))
    // The document itself: links to its own file, which links to a PNG beside it.
    let tree = try build(
      svg("<image width='100' height='100' href='inner.svg'/>"), path: dir + "/outer.svg",
      resources: .files(baseDirectory: dir))
    let image = try #require(images(tree).first)
    guard case .svg(let nested) = image.content else {
      Issue.record("expected an SVG image")
      return
    }
    #expect(images(nested).isEmpty)
    #expect(
      tree.diagnostics.contains {
        $0.message.contains("in the SVG image") && $0.message.contains("only data: URLs")
      })
  }

  @Test func brokenSVGImagesAreDiagnosed() throws {
    let tree = try build(svg("<image width='10' height='10' href='data:image/svg+xml,%3Csvg'/>"))
    #expect(images(tree).isEmpty)
    #expect(tree.diagnostics.contains { $0.message.contains("cannot be read") })
  }
}
