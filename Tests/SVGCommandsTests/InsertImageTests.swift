import Foundation
import SVGCommands
import SVGGeometry
import SVGQuery
import SVGRender
import SVGTree
import TestSupport
import Testing

/// Small images as base64 (the decoders' own test images: an 8x8 red JPEG, a 2x2 WebP, a
/// 2x2 GIF), and a 1x1 opaque green PNG.
private enum Photos {
  static let jpeg = ImageFixtures.jpegRed
  static let webp = ImageFixtures.webp
  static let gif = ImageFixtures.gif
  static let png =
    "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGNg+M8AAAICAQB7CYF4AAAAAElFTkSuQmCC"

  static func url(_ type: String, _ base64: String) -> String {
    "data:image/\(type);base64," + base64.filter { !$0.isWhitespace }
  }
}

/// Render options that read `data:` URLs (the library's default reads no resource).
private let dataURLs = { () -> RenderOptions in
  var o = RenderOptions()
  o.resources = .dataOnly
  return o
}()

/// A 100x100 white page with a green square.
private func page() throws -> EditableDocument {
  EditableDocument(
    try document(
      #"<rect id="paper" width="100" height="100" fill="white"/><g id="layer"><rect id="sq" width="10" height="10" fill="green"/></g>"#
    ), renderOptions: dataURLs)
}

@Suite struct InsertImageTests {
  @Test(arguments: [("jpeg", Photos.jpeg), ("webp", Photos.webp), ("png", Photos.png)])
  func aPhotoGoesOnTopInBothForms(_ type: String, _ base64: String) throws {
    let url = Photos.url(type, base64)
    var text = try page()
    try text.apply(script: "insertImage(20, 30, 40, 40, \(url))")
    var viaURL = try page()
    let encoded = Command.insertImage(
      Rect(x: 20, y: 30, width: 40, height: 40), dataURL: url
    ).url
    #expect(encoded.hasPrefix("svg://insertImage/20/30/40/40/data%3Aimage%2F\(type)%3Bbase64,"))
    try viaURL.apply(script: encoded)
    #expect(text.current.serialized() == viaURL.current.serialized())
    #expect(text.logText == viaURL.logText)

    // The last child of the root, named so that later commands can move it.
    let d = text.current
    let root = try #require(d.root)
    let image = try #require(d.elementChildren(of: root).last)
    #expect(d[image].name == "image")
    #expect(d[image].attribute("id") == "inkpath-image-1")
    #expect(d[image].attribute("href") == url)
    #expect(
      ["x", "y", "width", "height"].map { d[image].attribute($0) } == ["20", "30", "40", "40"])
    // It is hit on top, and drawn.
    let scene = try text.scene()
    #expect(scene.element(at: Point(40, 50))?.element.name == "inkpath-image-1")
    let drawn = try RenderTree(document: reread(text.current), options: dataURLs)
      .rasterize(width: 100, height: 100).rgba(x: 40, y: 50)
    let pixel = [drawn.r, drawn.g, drawn.b, drawn.a]
    #expect(pixel != [255, 255, 255, 255], "\(type) not drawn: \(pixel)")
    // It moves and reorders like any element, and undo removes it.
    try text.apply(script: "moveBy(inkpath-image-1, 10, 0)\nsendToBack(inkpath-image-1)")
    var again = text
    try again.undo(3)
    #expect(again.current.serialized() == (try page()).current.serialized())
    // The log replays.
    let replayed = try EditableDocument(
      original: text.original, log: text.logText, renderOptions: dataURLs)
    #expect(replayed.current.serialized() == text.current.serialized())
  }

  @Test func theCommasOfTheDataURLNeedNoQuotes() throws {
    let url = Photos.url("png", Photos.png)
    let plain = try CommandScript.parse("insertImage(0, 0, 5, 5, \(url))")
    let quoted = try CommandScript.parse("insertImage(0, 0, 5, 5, \"\(url)\")")
    #expect(
      plain.map(\.command) == [.insertImage(Rect(x: 0, y: 0, width: 5, height: 5), dataURL: url)])
    #expect(quoted.map(\.command) == plain.map(\.command))
    #expect(plain[0].argumentLocations[4].column == 25)
    // The canonical form reads back, parentheses in the data included.
    let odd = Command.insertImage(Rect(x: 1, y: 2, width: 3, height: 4), dataURL: "data:,(a) 'b'")
    #expect(odd.description == "insertImage(1, 2, 3, 4, data:,%28a%29%20%27b%27)")
    #expect(try CommandScript.parse(odd.description).map(\.command).count == 1)
  }

  @Test func anythingButAPhotoIsRefusedAtItsArgument() throws {
    let d = try document(#"<rect width="10" height="10"/>"#)
    func refused(_ url: String) throws -> CommandError {
      let e = try failure(d, "\n  insertImage(0, 0, 10, 10, \(url))")
      #expect(e.location == SourceLocation(line: 2, column: 29), "\(url)")
      return e
    }
    #expect(
      try refused("data:image/png;base64,aGVsbG8=").message.contains(
        "not a PNG, JPEG, GIF or WebP image"))
    #expect(
      try refused("data:text/plain,hello").message.contains("not a PNG, JPEG, GIF or WebP image"))
    let svg =
      "data:image/svg+xml;base64,"
      + Data("<svg xmlns='http://www.w3.org/2000/svg'/>".utf8).base64EncodedString()
    #expect(try refused(svg).message.contains("not a PNG, JPEG, GIF or WebP image"))
    #expect(
      try refused(Photos.url("gif", Photos.gif)).message
        == "insertImage: a GIF image; a photo is PNG, JPEG or WebP")
    #expect(try refused("data:image/png;base64,%%%").message.contains("insertImage:"))
    let truncated = Photos.url("jpeg", String(Photos.jpeg.prefix(200)))
    #expect(try refused(truncated).message.hasPrefix("insertImage: "))
    // Not a data: URL at all: an error when the line is read.
    let e = try #require(throws: CommandError.self) {
      try CommandScript.parse("insertImage(0, 0, 10, 10, photo.png)")
    }
    #expect(e.message.contains("expected a data: URL"))
    #expect(e.location.column == 27)
    #expect(
      try #require(throws: CommandError.self) {
        try CommandScript.parse("insertImage(0, 0, 0, 10, data:,x)")
      }.message.contains("more than 0"))
    #expect(
      try #require(throws: CommandError.self) {
        try CommandScript.parse("svg://insertImage/0/0/10")
      }.message.contains("takes 5 arguments, not 3"))
  }

  @Test func overSixteenMegapixelsIsRefusedFromTheHeader() throws {
    var bytes = try #require(Data(base64Encoded: Photos.jpeg.filter { !$0.isWhitespace }))
    let sof = try #require(bytes.indices.first { bytes[$0] == 0xFF && bytes[$0 + 1] == 0xC0 })
    // 4,000 rows of 5,000 pixels: 20 million.
    bytes.replaceSubrange((sof + 5)..<(sof + 9), with: [0x0F, 0xA0, 0x13, 0x88])
    let url = "data:image/jpeg;base64," + bytes.base64EncodedString()
    let e = try failure(try document(""), "insertImage(0, 0, 10, 10, \(url))")
    #expect(e.message.contains("5000x4000"))
    #expect(e.message.contains("over the limit of \(ImageInsertion.maxPixels)"))
    #expect(ImageInsertion.maxPixels == 16_777_216)
  }

  @Test func theDocumentSizeLimitHolds() throws {
    var options = dataURLs
    options.limits.maxInputBytes = 1_000
    var s = EditableDocument(try document(""), renderOptions: options)
    try s.apply(script: "insertImage(0, 0, 10, 10, \(Photos.url("png", Photos.png)))")
    let before = s.current.serialized()
    let e = try #require(throws: CommandError.self) {
      try s.apply(script: "insertImage(0, 0, 10, 10, \(Photos.url("jpeg", Photos.jpeg)))")
    }
    #expect(e.message.contains("over the document size limit of 1000 bytes"))
    #expect(e.message.contains("8x8 photo"))
    #expect(s.current.serialized() == before)
  }
}
