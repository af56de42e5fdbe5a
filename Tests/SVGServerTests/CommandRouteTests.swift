import Foundation
import SVGCommands
import Testing

/// The edit language's app commands through both command routes, in the configured URL
/// scheme, and in the OpenAPI description.
@Suite struct CommandRouteTests {
  /// A 1x1 opaque green PNG.
  static let png =
    "data:image/png;base64,"
    + "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGNg+M8AAAICAQB7CYF4AAAAAElFTkSuQmCC"

  @Test func appCommandsInTheBodyAndInThePath() throws {
    let t = try TestServer()
    let id = try t.create(Fixture.garden)
    // Drag the sun down by 100 (the URL form in the path), then put it under the grass.
    let moved = try t.client.request("POST", "/documents/\(id)/command/moveAt/150/40/150/140")
    #expect(moved.status == 200, "\(moved.text)")
    let back = try t.client.post("/documents/\(id)/commands", "sendToBack(sun)\nbringToFront(sky)")
    #expect(back.json["revision"] as? Int == 3, "\(back.text)")
    var png = try t.client.get("/documents/\(id).png")
    #expect(try PNG.pixel(png.body, 150, 140) == [0, 128, 0, 255])  // the grass hides it
    // A photo on top, as a POST body carries it.
    let photo = try t.client.post(
      "/documents/\(id)/commands", "insertImage(0, 0, 50, 50, \(Self.png))")
    #expect(photo.status == 200, "\(photo.text)")
    png = try t.client.get("/documents/\(id).png")
    #expect(try PNG.pixel(png.body, 25, 25) == [0, 255, 0, 255])
    // A tap on the sun's outline misses nothing with a tolerance.
    let info = try t.client.get("/documents/\(id)")
    #expect(
      info.json["log"] as? [String] == [
        "moveAt(150, 40, 150, 140)", "sendToBack(sun)", "bringToFront(sky)",
        "insertImage(0, 0, 50, 50, \(Self.png))",
      ])
    let notImage = try t.client.post(
      "/documents/\(id)/commands", "insertImage(0, 0, 5, 5, data:text/plain,hello)")
    #expect(notImage.status == 422)
    #expect(notImage.json["column"] as? Int == 25)
    let outside = try t.client.request("POST", "/documents/\(id)/command/fillAt/300/10/4")
    #expect(outside.status == 422)
    #expect((outside.json["error"] as? String)?.contains("outside the drawing") == true)
  }

  @Test func theConfiguredURLScheme() throws {
    let t = try TestServer { $0.urlScheme = CommandURLScheme("myapp")! }
    let id = try t.create(Fixture.garden)
    let body = try t.client.post(
      "/documents/\(id)/commands", "myapp:setActiveColor:0:0:255\nmyapp://fillAt/10/10")
    #expect(body.status == 200, "\(body.text)")
    let path = try t.client.request("POST", "/documents/\(id)/command/fillAt/10/150")
    #expect(path.json["revision"] as? Int == 3, "\(path.text)")
    let png = try t.client.get("/documents/\(id).png")
    #expect(try PNG.pixel(png.body, 10, 10) == [0, 0, 255, 255])
    #expect(try PNG.pixel(png.body, 10, 150) == [0, 0, 255, 255])
    let other = try t.client.post("/documents/\(id)/commands", "svg://fillAt/10/10")
    #expect(other.status == 400)
    #expect(
      (other.json["error"] as? String)?.contains("'svg:' is not the commands' URL scheme") == true)
  }

  @Test func theOpenAPIDescriptionListsTheCommands() throws {
    let t = try TestServer()
    let text = try t.client.get("/openapi.json").text
    for usage in CommandScript.usages {
      #expect(text.contains(usage), "\(usage)")
    }
    for name in [
      "moveAt", "bringToFront", "sendToBack", "insertImage", "fillAt(X, Y[, TOLERANCE])",
    ] {
      #expect(text.contains(name))
    }
  }
}
