import Foundation
import Testing

/// `GET /documents/{id}.svg` writes the edited document into the uploaded bytes.
@Suite struct ExactSVGTests {
  static let upload =
    "<?xml version='1.0'?>\r\n<!-- kept -->\r\n<svg xmlns='http://www.w3.org/2000/svg'"
    + " width='20' height='10'>\r\n\t<rect id='left' width='10' height='10' fill='red'/>\r\n</svg>"

  @Test func theUploadComesBackByteForByteUntilEditedAndAfterResetAll() throws {
    let t = try TestServer()
    let id = try t.create(Self.upload)
    #expect(try t.client.get("/documents/\(id).svg").body == Array(Self.upload.utf8))
    #expect(try t.client.post("/documents/\(id)/commands", "setOpacity(left, 0.5)\n").status == 200)
    let edited = try t.client.get("/documents/\(id).svg").text
    #expect(
      edited
        == Self.upload.replacingOccurrences(
          of: "fill='red'/>", with: "fill='red' opacity='0.5' style='opacity:0.5 !important'/>"))
    #expect(try t.client.post("/documents/\(id)/commands", "resetAll()\n").status == 200)
    #expect(try t.client.get("/documents/\(id).svg").body == Array(Self.upload.utf8))
  }
}
