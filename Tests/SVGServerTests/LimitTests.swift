import Foundation
import Testing

@Suite struct LimitTests {
  @Test func bodyOverTheLimitIs413WithOrWithoutContentLength() throws {
    let t = try TestServer { $0.limits.maxBodyBytes = 1000 }
    let big = [UInt8](repeating: 0x20, count: 5000)
    let declared = try t.client.request("POST", "/render", body: big)
    #expect(declared.status == 413)
    #expect((declared.json["error"] as? String)?.contains("1000") == true)
    let chunked = try t.client.request("POST", "/render", body: big, chunked: true)
    #expect(chunked.status == 413)
    let small = try t.client.request(
      "POST", "/render", body: Array(Fixture.square.utf8), chunked: true)
    #expect(small.status == 200)
    #expect(try t.client.post("/documents", String(repeating: " ", count: 2000)).status == 413)
  }

  @Test func outputPixelsOverTheLimitAre422() throws {
    let t = try TestServer { $0.limits.maxPixels = 10_000 }
    #expect(try t.client.post("/render?width=100", Fixture.square).status == 200)  // 100x50
    let over = try t.client.post("/render?width=200", Fixture.square)
    #expect(over.status == 422)
    #expect((over.json["error"] as? String)?.contains("10000 pixels") == true)
    #expect(try t.client.post("/render?width=100&scale=2", Fixture.square).status == 422)
  }

  @Test func renderOverItsBudgetIs503AndTheWorkerLivesOn() throws {
    let t = try TestServer {
      $0.limits.renderTimeout = .milliseconds(200)
      $0.threads = 1
    }
    let start = ContinuousClock.now
    let slow = try t.client.post("/render?width=2000", Fixture.heavy())
    let elapsed = ContinuousClock.now - start
    #expect(slow.status == 503)
    #expect((slow.json["error"] as? String)?.contains("budget") == true)
    #expect(slow.header("Retry-After") == "1")
    #expect(elapsed < .seconds(5))
    // The only worker thread answers the next request.
    let fast = try t.client.post("/render?width=20", Fixture.square)
    #expect(fast.status == 200)
    let metrics = try t.client.get("/metrics").text
    #expect(metrics.contains("inkpath_render_failures_total{reason=\"timeout\"} 1"))
  }

  @Test func rendersBeyondTheConcurrencyLimitAre503() throws {
    let t = try TestServer {
      $0.limits.maxConcurrentRenders = 1
      $0.limits.renderWait = .milliseconds(50)
      $0.limits.renderTimeout = .seconds(2)
    }
    let client = t.client
    let slowStatus = LogLines()
    let slow = Thread {
      let s = (try? client.post("/render?width=2000", Fixture.heavy()).status) ?? -1
      slowStatus.append(String(s))
    }
    slow.start()
    // Wait until the slow render holds the only slot.
    let rendering = try waitUntil(timeout: .seconds(20)) {
      try t.client.get("/metrics").text.contains("inkpath_renders_in_flight 1")
    }
    try #require(rendering, "the slow render never held the slot")
    let busy = try t.client.post("/render?width=20", Fixture.square)
    #expect(busy.status == 503)
    #expect((busy.json["error"] as? String)?.contains("busy") == true)
    try #require(waitUntil(timeout: .seconds(60)) { slowStatus.count == 1 })
    #expect(slowStatus.all == ["503"])
    #expect(try t.client.post("/render?width=20", Fixture.square).status == 200)
    let metrics = try t.client.get("/metrics").text
    #expect(metrics.contains("inkpath_render_failures_total{reason=\"busy\"} 1"))
  }

  @Test func documentCountSizeAndCommandLimits() throws {
    let t = try TestServer {
      $0.limits.maxDocuments = 2
      $0.limits.maxDocumentBytes = 600
      $0.limits.maxCommandsPerDocument = 3
    }
    let a = try t.create(Fixture.square)
    _ = try t.create(Fixture.square)
    let third = try t.client.post("/documents", Fixture.square)
    #expect(third.status == 503)
    #expect((third.json["error"] as? String)?.contains("full") == true)
    #expect(try t.client.request("DELETE", "/documents/\(a)").status == 204)
    #expect(try t.client.post("/documents", Fixture.square).status == 201)
    let tooBig = try t.client.post(
      "/documents", Fixture.square + String(repeating: " ", count: 600))
    #expect(tooBig.status == 413)
  }

  @Test func commandLogLimit() throws {
    let t = try TestServer { $0.limits.maxCommandsPerDocument = 3 }
    let id = try t.create(Fixture.square)
    let two = try t.client.post(
      "/documents/\(id)/commands", "setFill(left, blue)\nsetFill(right, red)")
    #expect(two.json["revision"] as? Int == 2)
    let over = try t.client.post(
      "/documents/\(id)/commands", "setFill(left, red)\nsetFill(right, blue)")
    #expect(over.status == 413)
    #expect(try t.client.post("/documents/\(id)/undo", "").json["revision"] as? Int == 3)
    #expect(try t.client.post("/documents/\(id)/undo", "").status == 413)
    #expect(try t.client.get("/documents/\(id)").json["revision"] as? Int == 3)
  }

  @Test func externalFilesOnlyUnderResources() throws {
    let resources = try TemporaryDirectory("svgserver-res")
    let folder = resources.path
    try Data(try Fixture.redPixelPNG()).write(to: URL(fileURLWithPath: folder + "/red.png"))
    let svg = """
      <svg xmlns="http://www.w3.org/2000/svg" width="10" height="10">
        <image href="red.png" width="10" height="10"/>
      </svg>
      """
    let dataURL = """
      <svg xmlns="http://www.w3.org/2000/svg" width="10" height="10">
        <image href="data:image/png;base64,\(Data(try Fixture.redPixelPNG()).base64EncodedString())"
          width="10" height="10"/>
      </svg>
      """
    let closed = try TestServer()
    let refused = try closed.client.post("/render", svg)
    #expect(refused.status == 200)
    #expect(try PNG.pixel(refused.body, 5, 5)[3] == 0)
    #expect(refused.header("X-Inkpath-Warnings") != nil)
    let remote = try closed.client.post(
      "/render", svg.replacingOccurrences(of: "red.png", with: "http://127.0.0.1:1/x.png"))
    #expect(try PNG.pixel(remote.body, 5, 5)[3] == 0)
    let absolute = try closed.client.post(
      "/render", svg.replacingOccurrences(of: "red.png", with: "file://\(folder)/red.png"))
    #expect(try PNG.pixel(absolute.body, 5, 5)[3] == 0)
    #expect(try PNG.pixel(closed.client.post("/render", dataURL).body, 5, 5) == [255, 0, 0, 255])

    let open = try TestServer { $0.resourceDirectory = folder }
    #expect(try PNG.pixel(open.client.post("/render", svg).body, 5, 5) == [255, 0, 0, 255])
    let escape = try open.client.post(
      "/render", svg.replacingOccurrences(of: "red.png", with: "../../etc/passwd"))
    #expect(try PNG.pixel(escape.body, 5, 5)[3] == 0)
  }
}
