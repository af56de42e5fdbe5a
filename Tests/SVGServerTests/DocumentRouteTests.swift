import Foundation
import Testing

@Suite struct DocumentRouteTests {
  @Test func createColourRenderAndUndo() throws {
    let t = try TestServer()
    let created = try t.client.post("/documents", Fixture.garden)
    #expect(created.status == 201)
    let id = try #require(created.json["id"] as? String)
    #expect(created.header("Location") == "/documents/\(id)")
    #expect(created.json["revision"] as? Int == 0)

    let applied = try t.client.post(
      "/documents/\(id)/commands", "setActiveColor(255, 0, 0)\nfillAt(150, 40)\n")
    #expect(applied.status == 200)
    #expect(applied.json["revision"] as? Int == 2)
    let png = try t.client.get("/documents/\(id).png?width=200")
    #expect(png.status == 200)
    #expect(png.header("X-Inkpath-Revision") == "2")
    #expect(try PNG.pixel(png.body, 150, 40) == [255, 0, 0, 255])
    #expect(try PNG.pixel(png.body, 10, 10) == [135, 206, 235, 255])

    let svg = try t.client.get("/documents/\(id).svg")
    #expect(svg.header("Content-Type") == "image/svg+xml")
    #expect(svg.text.contains("fill:#ff0000 !important") || svg.text.contains("#ff0000"))

    let undone = try t.client.post("/documents/\(id)/undo", "")
    #expect(undone.json["revision"] as? Int == 3)
    let after = try t.client.get("/documents/\(id).png?width=200")
    #expect(try PNG.pixel(after.body, 150, 40) == [255, 215, 0, 255])
    let info = try t.client.get("/documents/\(id)")
    #expect(
      info.json["log"] as? [String] == ["setActiveColor(255, 0, 0)", "fillAt(150, 40)", "undo()"])
  }

  @Test func urlFormCommandsInThePathAndInTheBody() throws {
    let t = try TestServer()
    let id = try t.create(Fixture.garden)
    let r = try t.client.request("POST", "/documents/\(id)/command/setActiveColor/0/0/255")
    #expect(r.status == 200)
    #expect(r.json["revision"] as? Int == 1)
    // An index path travels percent-encoded inside one segment.
    let byPath = try t.client.request("POST", "/documents/\(id)/command/fill/%2F0%2F0")
    #expect(byPath.json["revision"] as? Int == 2)
    let body = try t.client.post("/documents/\(id)/commands", "svg://setFill/grass/%23ffff00\n")
    #expect(body.json["revision"] as? Int == 3)
    let png = try t.client.get("/documents/\(id).png")
    #expect(try PNG.pixel(png.body, 10, 10) == [0, 0, 255, 255])
    #expect(try PNG.pixel(png.body, 10, 150) == [255, 255, 0, 255])
    #expect(
      try t.client.request("POST", "/documents/\(id)/command/noSuchCommand/1").status == 400)
  }

  @Test func scriptsApplyAllOrNothing() throws {
    let t = try TestServer()
    let id = try t.create(Fixture.garden)
    let bad = try t.client.post(
      "/documents/\(id)/commands", "setFill(sky, red)\nsetFill(nope, red)")
    #expect(bad.status == 422)
    #expect(bad.json["line"] as? Int == 2)
    let malformed = try t.client.post("/documents/\(id)/commands", "setFill(sky, red)\nsetFill(sky")
    #expect(malformed.status == 400)
    #expect(malformed.json["line"] as? Int == 2)
    #expect((malformed.json["column"] as? Int ?? 0) > 0)
    #expect(try t.client.post("/documents/\(id)/commands", "").status == 400)
    #expect(try t.client.post("/documents/\(id)/commands", "# only a comment\n").status == 400)
    #expect(try t.client.post("/documents/\(id)/commands", "fillAt(1000, 1000)").status == 422)
    #expect(try t.client.post("/documents/\(id)/undo", "").status == 422)
    let info = try t.client.get("/documents/\(id)")
    #expect(info.json["revision"] as? Int == 0)
    let png = try t.client.get("/documents/\(id).png")
    #expect(try PNG.pixel(png.body, 10, 10) == [135, 206, 235, 255])
  }

  @Test func elementsUnderAPointOfTheEditedDocument() throws {
    let t = try TestServer()
    let id = try t.create(Fixture.garden)
    let before = try t.client.get("/documents/\(id)/elements?at=150,40")
    #expect((before.json["hits"] as? [[String: Any]])?.first?["id"] as? String == "sun")
    _ = try t.client.post("/documents/\(id)/commands", "moveBy(sun, 0, 100)")
    let after = try t.client.get("/documents/\(id)/elements?at=150,40")
    #expect((after.json["hits"] as? [[String: Any]])?.first?["id"] as? String == "sky")
    let moved = try t.client.get("/documents/\(id)/elements?at=150,140&all=true")
    // Grass comes later in the document: it paints over the moved sun.
    #expect(
      (moved.json["hits"] as? [[String: Any]])?.compactMap { $0["id"] as? String } == [
        "grass", "sun",
      ])
    #expect(try t.client.get("/documents/\(id)/elements").status == 400)
  }

  @Test func etagsAndRevisionsOnDocumentRenders() throws {
    let t = try TestServer()
    let id = try t.create(Fixture.garden)
    let first = try t.client.get("/documents/\(id).png?width=50")
    let etag = try #require(first.header("ETag"))
    #expect(first.header("Cache-Control") == "no-cache")
    #expect(
      try t.client.get("/documents/\(id).png?width=50", headers: [("If-None-Match", etag)]).status
        == 304)
    _ = try t.client.post("/documents/\(id)/commands", "setFill(sky, black)")
    let changed = try t.client.get(
      "/documents/\(id).png?width=50", headers: [("If-None-Match", etag)])
    #expect(changed.status == 200)
    #expect(changed.header("ETag") != etag)

    // A pinned revision is immutable and shows that state, even after later commands.
    let pinned = try t.client.get("/documents/\(id).png?width=50&revision=0")
    #expect(pinned.header("Cache-Control")?.contains("immutable") == true)
    #expect(pinned.header("ETag") == etag)
    #expect(try PNG.pixel(pinned.body, 2, 2) == [135, 206, 235, 255])
    #expect(try PNG.pixel(changed.body, 2, 2) == [0, 0, 0, 255])
    let svgAt0 = try t.client.get("/documents/\(id).svg?revision=0")
    #expect(!svgAt0.text.contains("important"))
    #expect(try t.client.get("/documents/\(id).svg?revision=9").status == 404)
    #expect(try t.client.get("/documents/\(id).svg?revision=-1").status == 400)
    // Undo makes a new revision with the old content: same content hash.
    _ = try t.client.post("/documents/\(id)/undo", "")
    let back = try t.client.get("/documents/\(id).png?width=50")
    #expect(back.header("X-Inkpath-Revision") == "2")
    #expect(try PNG.pixel(back.body, 2, 2) == [135, 206, 235, 255])
  }

  @Test func missingDocumentsAre404AndDeleteRemoves() throws {
    let t = try TestServer()
    let id = try t.create(Fixture.square)
    let other = id.dropLast() + (id.last == "0" ? "1" : "0")
    for path in [
      "/documents/\(other).png", "/documents/nothere.svg", "/documents/nothere",
      "/documents/%2E%2E%2Fx", "/documents/000000000000000000000000/elements?at=1,1",
    ] {
      #expect(try t.client.get(path).status == 404, "\(path)")
    }
    #expect(
      try t.client.post("/documents/000000000000000000000000/commands", "resetAll()").status == 404)
    #expect(try t.client.request("DELETE", "/documents/\(id)").status == 204)
    #expect(try t.client.get("/documents/\(id).png").status == 404)
    #expect(try t.client.post("/documents/\(id)/commands", "resetAll()").status == 404)
    #expect(try t.client.request("DELETE", "/documents/\(id)").status == 404)
    #expect(try t.client.post("/documents", "<svg").status == 400)
  }

  @Test func concurrentCommandPostsToOneDocumentLoseNothing() throws {
    let t = try TestServer { $0.threads = 4 }
    let id = try t.create(Fixture.garden)
    let client = t.client
    let answers = LogLines()
    let threads = (0..<4).map { worker in
      Thread {
        for i in 0..<15 {
          let r = try? client.post(
            "/documents/\(id)/commands",
            "setOpacity(sky, 0.\(worker + 1)\(String(format: "%02d", i))1)")
          answers.append("\(r?.status ?? -1) \(r?.json["revision"] as? Int ?? -1)")
        }
      }
    }
    threads.forEach { $0.start() }
    try #require(waitUntil(timeout: .seconds(120)) { answers.count == 60 })
    let revisions = answers.all.map { $0.split(separator: " ") }
    #expect(revisions.allSatisfy { $0[0] == "200" })
    #expect(Set(revisions.map { Int($0[1])! }) == Set(1...60))
    let log = try #require(t.client.get("/documents/\(id)").json["log"] as? [String])
    #expect(log.count == 60)
    for worker in 0..<4 {
      let mine = log.filter { $0.hasPrefix("setOpacity(sky, 0.\(worker + 1)") }
      #expect(mine.count == 15)
      // Each client's posts are committed in the order it sent them.
      #expect(mine == mine.sorted())
    }
  }
}
