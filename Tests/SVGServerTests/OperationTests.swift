import Foundation
import SVGRender
import SVGTree
import Testing

@testable import SVGServer

@Suite struct OperationTests {
  @Test func healthzAndHead() throws {
    let t = try TestServer()
    let r = try t.client.get("/healthz")
    #expect(r.status == 200)
    #expect(r.json["status"] as? String == "ok")
    #expect(r.json["documents"] as? Int == 0)
    let head = try t.client.request("HEAD", "/healthz")
    #expect(head.status == 200)
    #expect(head.body.isEmpty)
  }

  @Test func metricsCountRequestsLatenciesRendersAndErrors() throws {
    let t = try TestServer()
    _ = try t.client.post("/render?width=10", Fixture.square)
    _ = try t.client.post("/render?format=pdf", Fixture.square)
    _ = try t.client.get("/nowhere")
    _ = try t.client.post("/render", "<svg")
    let text = try t.client.get("/metrics")
    #expect(text.header("Content-Type")?.hasPrefix("text/plain") == true)
    let m = text.text
    #expect(
      m.contains("inkpath_http_requests_total{method=\"POST\",route=\"/render\",status=\"200\"} 2"))
    #expect(
      m.contains("inkpath_http_requests_total{method=\"POST\",route=\"/render\",status=\"400\"} 1"))
    #expect(
      m.contains("inkpath_http_requests_total{method=\"GET\",route=\"unmatched\",status=\"404\"} 1")
    )
    #expect(m.contains("inkpath_http_request_duration_seconds_count 4"))
    #expect(m.contains("inkpath_http_request_duration_seconds_bucket{le=\"+Inf\"} 4"))
    #expect(m.contains("inkpath_renders_total{format=\"png\"} 1"))
    #expect(m.contains("inkpath_renders_total{format=\"pdf\"} 1"))
    #expect(m.contains("inkpath_http_errors_total{status=\"400\"} 1"))
    #expect(m.contains("inkpath_http_errors_total{status=\"404\"} 1"))
    #expect(m.contains("# TYPE inkpath_renders_in_flight gauge"))
    // Every sample line is `name{labels} value` or `name value`.
    for line in m.split(separator: "\n") where !line.hasPrefix("#") {
      #expect(Double(line.split(separator: " ").last ?? "") != nil, "\(line)")
    }
  }

  @Test func openAPIDescribesExactlyTheRoutes() throws {
    let t = try TestServer()
    let r = try t.client.get("/openapi.json")
    #expect(r.status == 200)
    let doc = r.json
    #expect(doc["openapi"] as? String == "3.0.3")
    let paths = try #require(doc["paths"] as? [String: [String: Any]])
    var described = 0
    for route in Service.routes {
      let op = paths[route.openAPIPath]?[route.method.lowercased()] as? [String: Any]
      #expect(op != nil, "\(route.method) \(route.pattern) is not in openapi.json")
      described += 1
    }
    #expect(paths.values.map(\.count).reduce(0, +) == described)

    // Every operation it lists is answered by a route (never 404 "no route" or 405).
    let id = try t.create(Fixture.garden)
    for (path, operations) in paths {
      for method in operations.keys {
        let concrete = path.replacingOccurrences(of: "{id}", with: id)
          .replacingOccurrences(of: "{command}", with: "setFill/sky/red")
        let answer = try t.client.request(
          method.uppercased(), concrete + "?at=1,1&id=sky", body: Array(Fixture.garden.utf8))
        #expect(answer.status != 405, "\(method) \(path)")
        #expect(!answer.text.contains("no route"), "\(method) \(path)")
        #expect(answer.status < 500, "\(method) \(path): \(answer.status) \(answer.text)")
      }
    }
  }

  @Test func routingErrorsAreJSON() throws {
    let t = try TestServer()
    let missing = try t.client.get("/nope")
    #expect(missing.status == 404)
    #expect(missing.json["error"] as? String == "no route for GET /nope")
    let wrong = try t.client.request("PUT", "/documents")
    #expect(wrong.status == 405)
    #expect(wrong.header("Allow") == "POST")
    let brew = try t.client.request("BREW", "/render")
    #expect(brew.status == 405)
  }

  @Test func malformedHTTPIsRefusedAndTheServerCarriesOn() throws {
    let t = try TestServer { $0.limits.connectionTimeout = 1 }
    // libmicrohttpd closes the connection on a request line it cannot read.
    let garbage = try t.client.exchange(Array("GARBAGE\r\n\r\n".utf8))
    let answer = String(decoding: garbage, as: UTF8.self)
    #expect(answer.isEmpty || answer.hasPrefix("HTTP/1.1 400"))
    let badLength = try t.client.exchange(
      Array("POST /render HTTP/1.1\r\nHost: x\r\nContent-Length: abc\r\n\r\n".utf8))
    #expect(String(decoding: badLength, as: UTF8.self).hasPrefix("HTTP/1.1 400"))
    // A body shorter than announced: the idle connection is closed, nothing is rendered.
    let start = ContinuousClock.now
    let truncated = try t.client.exchange(
      Array("POST /render HTTP/1.1\r\nHost: x\r\nContent-Length: 100\r\n\r\n<svg".utf8))
    #expect(!String(decoding: truncated, as: UTF8.self).hasPrefix("HTTP/1.1 200"))
    #expect(ContinuousClock.now - start < .seconds(10))
    #expect(try t.client.get("/healthz").status == 200)
  }

  @Test func accessLogGoesThroughTheClosure() throws {
    let t = try TestServer()
    _ = try t.client.get("/healthz")
    _ = try t.client.get("/nope")
    // The line is written once the answer is sent: wait for it, with a deadline.
    #expect(waitUntil(timeout: .seconds(10)) { t.accessLog.count == 2 })
    let lines = t.accessLog.all
    #expect(
      lines.contains { $0.hasPrefix("127.0.0.1 \"GET /healthz\" 200 ") && $0.hasSuffix("ms") })
    #expect(lines.contains { $0.contains("\"GET /nope\" 404") })
  }

  @Test func shutdownLetsTheRequestInFlightFinish() throws {
    let t = try TestServer()
    let client = t.client
    let result = LogLines()
    Thread {
      let r = try? client.post("/render?width=300", Fixture.heavy(1500))
      result.append("\(r?.status ?? -1)")
    }.start()
    let rendering = try waitUntil(timeout: .seconds(20)) {
      try t.client.get("/metrics").text.contains("inkpath_renders_in_flight 1")
    }
    try #require(rendering, "the render never held a slot")
    t.server.shutdown()
    // shutdown() returned: the render was answered before the daemon stopped; the client
    // thread reads it.
    #expect(waitUntil(timeout: .seconds(10)) { result.count == 1 })
    #expect(result.all == ["200"])
    #expect((try? client.get("/healthz")) == nil)
  }
}

@Suite struct ServerUnitTests {
  @Test func sha256KnownVectors() {
    func hex(_ s: String) -> String {
      var h = SHA256()
      h.update(s)
      return h.finalize().map { String(format: "%02x", $0) }.joined()
    }
    #expect(hex("") == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
    #expect(hex("abc") == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
    #expect(
      hex("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq")
        == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
    #expect(
      hex(String(repeating: "a", count: 1000))
        == "41edece42d63e8d9bf515a9ba6932e1c20cbc9f5a5d134645adb5db1b9737ea3")
    // Lengths are hashed too: the parts ["ab", "c"] and ["a", "bc"] differ.
    #expect(
      SHA256.hex([Array("ab".utf8), Array("c".utf8)])
        != SHA256.hex([Array("a".utf8), Array("bc".utf8)]))
  }

  @Test func jsonEscapesAndKeepsOrder() {
    let j: JSON = .object([("b", "x\"y\\z\n\u{1}"), ("a", [1, true, .null]), ("n", .number(0.5))])
    #expect(j.text == #"{"b":"x\"y\\z\n\u0001","a":[1,true,null],"n":0.5}"#)
    #expect(JSON.number(.infinity).text == "null")
  }

  @Test func routePatterns() {
    let route = Route(method: "GET", pattern: "/documents/{id}.png", summary: "") { _, _, _ in
      HTTPResponse(status: 200)
    }
    #expect(route.match(raw: ["documents", "abc.png"]) == ["id": "abc"])
    #expect(route.match(raw: ["documents", ".png"]) == nil)
    #expect(route.match(raw: ["documents", "abc.svg"]) == nil)
    #expect(route.match(raw: ["documents", "abc.png", "x"]) == nil)
    let rest = Route(method: "GET", pattern: "/d/{id}/command/{command+}", summary: "") { _, _, _ in
      HTTPResponse(status: 200)
    }
    #expect(
      rest.match(raw: ["d", "x", "command", "fill", "%2F0"]) == ["id": "x", "command": "fill/%2F0"])
    #expect(rest.match(raw: ["d", "x", "command"]) == nil)
    #expect(rest.openAPIPath == "/d/{id}/command/{command}")
  }

  @Test func storeKeepsLogsAcrossReopeningAndRefusesStaleRevisions() throws {
    let folder = try TemporaryDirectory("svgserver-store")
    let dir = folder.path
    let id: String
    do {
      let store = try DocumentStore(directory: dir)
      id = try #require(try store.create(svg: Array("<svg/>".utf8), maxDocuments: 5))
      #expect(try store.append(id, entries: ["a()", "b()"], at: 0) == 2)
      #expect(throws: StoreError.self) { try store.append(id, entries: ["c()"], at: 1) }
      #expect(throws: StoreError.self) { try store.append("nope", entries: ["c()"], at: 0) }
    }
    let reopened = try DocumentStore(directory: dir)
    let doc = try #require(try reopened.load(id))
    #expect(doc.log == ["a()", "b()"])
    #expect(doc.revision == 2)
    #expect(doc.svg == Array("<svg/>".utf8))
    #expect(try reopened.delete(id))
    #expect(try reopened.load(id) == nil)
    #expect(try !reopened.delete(id))
    #expect(FileManager.default.fileExists(atPath: dir + "/documents.sqlite-wal"))
  }
}

@Suite struct RenderCancellationTests {
  @Test func cancelledBuildsAndDrawsThrowTheCancellationError() throws {
    let doc = try Document(string: Fixture.square)
    var options = RenderOptions()
    options.cancellation = RenderCancellation()
    options.cancellation?.cancel()
    #expect { try RenderTree(document: doc, options: options) } throws: {
      ($0 as? RenderError)?.isCancellation == true
    }
    let tree = try RenderTree(document: doc)
    let expired = RenderCancellation(deadline: .now - .seconds(1))
    #expect(expired.isCancelled)
    #expect { try tree.rasterize(width: 20, height: 10, cancellation: expired) } throws: {
      ($0 as? RenderError)?.isCancellation == true
    }
    #expect(throws: RenderError.self) {
      try tree.vectorData(format: .pdf, width: 20, height: 10, cancellation: expired)
    }
    let open = RenderCancellation(timeout: .seconds(60))
    #expect(!open.isCancelled)
    #expect(try tree.rasterize(width: 20, height: 10, cancellation: open).width == 20)
    #expect(!RenderError("other").isCancellation)
  }
}
