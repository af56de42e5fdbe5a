import Foundation
import SVGServer
import Testing

/// Tokens, ownership, quotas, Host and CORS.
@Suite struct AccessTests {
  static let alice = "alice-token-0123456789abcdef"
  static let bob = "bob-token-0123456789abcdef"

  /// A server with Alice's and Bob's tokens in a token file (Bob's kept as its hash).
  static func server(_ configure: (inout ServerConfiguration) -> Void = { _ in }) throws
    -> TestServer
  {
    let file = NSTemporaryDirectory() + "svgserver-tokens-\(UUID().uuidString)"
    let bobHash = Process.sha256(bob)
    try "# tokens\n\(alice)\nsha256:\(bobHash)\n".write(
      toFile: file, atomically: true, encoding: .utf8)
    defer { try? FileManager.default.removeItem(atPath: file) }
    let hashes = try AccessPolicy.tokenHashes(file: file)
    return try TestServer {
      $0.access.tokenHashes = hashes
      configure(&$0)
    }
  }

  static func auth(_ token: String) -> [(String, String)] { [("Authorization", "Bearer \(token)")] }

  @Test func everyAPIRouteNeedsAToken() throws {
    let t = try Self.server()
    let none = try t.client.post("/render", Fixture.square)
    #expect(none.status == 401)
    #expect(none.header("WWW-Authenticate") == "Bearer")
    #expect(
      try t.client.post("/render", Fixture.square, headers: Self.auth("wrong-token-x")).status
        == 401)
    #expect(try t.client.get("/metrics").status == 401)
    #expect(try t.client.get("/healthz").status == 200)
    #expect(
      try t.client.post("/render", Fixture.square, headers: Self.auth(Self.alice)).status == 200)
    #expect(
      try t.client.post("/render", Fixture.square, headers: Self.auth(Self.bob)).status == 200)
  }

  @Test func aDocumentBelongsToTheTokenThatCreatedIt() throws {
    let t = try Self.server()
    let made = try t.client.post("/documents", Fixture.square, headers: Self.auth(Self.alice))
    let id = try #require(made.json["id"] as? String)
    let posted = try t.client.post(
      "/documents/\(id)/commands", "setFill(left, blue)", headers: Self.auth(Self.alice))
    #expect(posted.status == 200)
    for path in ["/documents/\(id)", "/documents/\(id).svg", "/documents/\(id).png"] {
      #expect(try t.client.get(path, headers: Self.auth(Self.bob)).status == 404)
      #expect(try t.client.get(path, headers: Self.auth(Self.alice)).status == 200)
    }
    let bobPost = try t.client.post(
      "/documents/\(id)/commands", "setFill(left, red)", headers: Self.auth(Self.bob))
    #expect(bobPost.status == 404)
    #expect(
      try t.client.request("DELETE", "/documents/\(id)", headers: Self.auth(Self.bob)).status
        == 404)
    let log = try t.client.get("/documents/\(id)", headers: Self.auth(Self.alice))
    #expect(log.json["log"] as? [String] == ["setFill(left, #0000ff)"])
  }

  @Test func documentsFromBeforeTokensAreReadableByEveryToken() throws {
    let open = try TestServer()
    let id = try open.create(Fixture.square)
    let directory = open.directory
    open.server.shutdown()
    let t = try TestServer {
      $0.dataDirectory = directory
      $0.access.tokenHashes = [Process.sha256Bytes(Self.alice)]
    }
    #expect(try t.client.get("/documents/\(id)", headers: Self.auth(Self.alice)).status == 200)
    #expect(try t.client.get("/documents/\(id)").status == 401)
    let change = try t.client.post(
      "/documents/\(id)/commands", "setFill(left, blue)", headers: Self.auth(Self.alice))
    #expect(change.status == 403)
  }

  @Test func quotasPerToken() throws {
    let t = try Self.server {
      $0.limits.documentsPerToken = 2
      $0.limits.bytesPerToken = 100_000
    }
    for _ in 0..<2 {
      #expect(
        try t.client.post("/documents", Fixture.square, headers: Self.auth(Self.alice)).status
          == 201)
    }
    let third = try t.client.post("/documents", Fixture.square, headers: Self.auth(Self.alice))
    #expect(third.status == 403)
    #expect((third.json["error"] as? String)?.contains("quota") == true)
    // Bob's quota is his own.
    #expect(
      try t.client.post("/documents", Fixture.square, headers: Self.auth(Self.bob)).status == 201)
    let big = Fixture.square + String(repeating: " ", count: 120_000)
    #expect(try t.client.post("/documents", big, headers: Self.auth(Self.bob)).status == 403)
  }

  @Test func hostAndOriginChecks() throws {
    let t = try TestServer {
      $0.access.allowedHosts = ["127.0.0.1"]
      $0.access.corsOrigins = ["https://app.example"]
    }
    #expect(try t.client.get("/healthz").status == 200)  // Host: 127.0.0.1
    let rebound = try t.client.get("/healthz", headers: [("Host", "evil.example")])
    #expect(rebound.status == 421)
    let preflight = try t.client.request(
      "OPTIONS", "/render",
      headers: [("Origin", "https://app.example"), ("Access-Control-Request-Method", "POST")])
    #expect(preflight.status == 204)
    #expect(preflight.header("Access-Control-Allow-Origin") == "https://app.example")
    let allowed = try t.client.post(
      "/render", Fixture.square, headers: [("Origin", "https://app.example")])
    #expect(allowed.status == 200)
    #expect(allowed.header("Access-Control-Allow-Origin") == "https://app.example")
    // A simple cross-origin POST (text/plain, no preflight) from any other page is refused
    // before it does anything.
    let id = try t.create(Fixture.square)
    let foreign = try t.client.post(
      "/documents/\(id)/commands", "setFill(left, blue)",
      headers: [("Origin", "https://evil.example"), ("Content-Type", "text/plain")])
    #expect(foreign.status == 403)
    #expect(foreign.header("Access-Control-Allow-Origin") == nil)
    #expect(try t.client.get("/documents/\(id)").json["revision"] as? Int == 0)
  }
}

extension Process {
  /// SHA-256 of `text` in hex, by coreutils' sha256sum (independent of the server's own).
  static func sha256(_ text: String) -> String {
    let p = Process()
    p.executableURL = URL(fileURLWithPath: "/usr/bin/sha256sum")
    let input = Pipe()
    let output = Pipe()
    p.standardInput = input
    p.standardOutput = output
    try? p.run()
    input.fileHandleForWriting.write(Data(text.utf8))
    try? input.fileHandleForWriting.close()
    let out = output.fileHandleForReading.readDataToEndOfFile()
    p.waitUntilExit()
    return String(String(decoding: out, as: UTF8.self).prefix(64))
  }

  static func sha256Bytes(_ text: String) -> [UInt8] {
    let hex = Array(sha256(text).utf8)
    return stride(from: 0, to: hex.count, by: 2).map {
      UInt8(String(decoding: hex[$0..<$0 + 2], as: UTF8.self), radix: 16)!
    }
  }
}
