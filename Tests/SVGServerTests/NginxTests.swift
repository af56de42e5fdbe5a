import Foundation
import Testing

/// `deploy/nginx.conf` in front of two svg-serve replicas, as deployed: the framing and
/// slow-client attacks of issue 16 replayed through it over TLS, on loopback.
@Suite(.serialized) struct NginxTests {
  /// Two replicas on one SQLite folder each (renders are stateless) behind nginx.
  final class Deployment {
    let data = NSTemporaryDirectory() + "svgserver-nginx-data-\(UUID().uuidString)"
    let replicas: [ServerProcess]
    let nginx: NginxFront

    init() throws {
      let folder = data
      replicas = try (0..<2).map { i in
        try ServerProcess(
          data: folder + "/\(i)", arguments: ["--quiet", "--max-connections-per-client", "0"])
      }
      nginx = try NginxFront(replicas: replicas.map(\.port))
    }

    /// Stops nginx and both replicas; every test calls it on the way out, failed or not,
    /// rather than leaving it to when the deployment happens to be released.
    func stop() {
      nginx.stop()
      for replica in replicas { replica.stop() }
      try? FileManager.default.removeItem(atPath: data)
    }

    deinit { stop() }
  }

  static func skipUnlessAvailable() throws -> Bool {
    if NginxFront.available { return true }
    if ProcessInfo.processInfo.environment["CI"] == "true" {
      throw HTTPClient.Failure(description: "nginx is not installed (scripts/bootstrap)")
    }
    print("NginxTests: skipped, /usr/sbin/nginx is not installed (scripts/bootstrap)")
    return false
  }

  @Test func rendersThroughTLSOnEveryReplica() throws {
    guard try Self.skipUnlessAvailable() else { return }
    let d = try Deployment()
    defer { d.stop() }
    let svg = NSTemporaryDirectory() + "svgserver-nginx-\(UUID().uuidString).svg"
    try Fixture.square.write(toFile: svg, atomically: true, encoding: .utf8)
    defer { try? FileManager.default.removeItem(atPath: svg) }
    let codes = try d.nginx.curl(
      ["-w", "%{http_code} %{content_type}\n", "--data-binary", "@" + svg]
        + (0..<6).flatMap { _ in ["-o", "/dev/null", d.nginx.url("/render?width=20")] })
    #expect(codes.split(separator: "\n") == Array(repeating: "200 image/png", count: 6))
    // least_conn spread them: each replica rendered some.
    for replica in d.replicas {
      let metrics = try replica.client.get("/metrics").text
      #expect(metrics.contains("inkpath_renders_total{format=\"png\"}"))
    }
  }

  /// Each is answered once with a 4xx and never reaches a replica as two requests.
  @Test(arguments: [
    "POST /render HTTP/1.1\r\nHost: localhost\r\nContent-Length: 5\r\n"
      + "Transfer-Encoding: chunked\r\n\r\n0\r\n\r\nGET /healthz HTTP/1.1\r\nHost: localhost\r\n\r\n",
    "POST /render HTTP/1.1\r\nHost: localhost\r\nContent-Length: 12abc\r\n\r\n",
    "POST /render HTTP/1.1\r\nHost: localhost\r\nContent-Length: 99999999999999999999\r\n\r\n",
    "POST /render HTTP/1.1\r\nHost: localhost\r\nTransfer-Encoding: chunked\r\n\r\n"
      + "fffffffffffffff\r\nabc",
    "GET /heal\0thz HTTP/1.1\r\nHost: localhost\r\n\r\n",
    "GET /healthz HTTP/1.1\r\nHost: localhost\r\nX-Big: " + String(repeating: "a", count: 20_000)
      + "\r\n\r\n",
  ])
  func framingAttacksAreRefusedOnce(request: String) throws {
    guard try Self.skipUnlessAvailable() else { return }
    let d = try Deployment()
    defer { d.stop() }
    let answer = try d.nginx.exchange(Array(request.utf8), seconds: 15)
    let statuses = answer.components(separatedBy: "HTTP/1.1 ").dropFirst().map { $0.prefix(3) }
    #expect(statuses.count == 1)
    #expect(statuses.allSatisfy { $0.hasPrefix("4") })
  }

  /// Connections trickling their headers a byte at a time are cut off at
  /// client_header_timeout (10 s) while everyone else is served at once.
  @Test func slowClientsAreCutOffAndOthersServed() throws {
    guard try Self.skipUnlessAvailable() else { return }
    let d = try Deployment()
    defer { d.stop() }
    let header = Array(
      "GET /healthz HTTP/1.1\r\nHost: localhost\r\nX-Slow: \(String(repeating: "a", count: 80))"
        .utf8)
    let ended = LogLines()
    let nginx = d.nginx
    let slow = (0..<20).map { _ in
      Thread {
        let start = Date()
        _ = try? nginx.exchange(header, perByte: 0.3, seconds: 40)
        ended.append(String(Date().timeIntervalSince(start)))
      }
    }
    slow.forEach { $0.start() }
    Thread.sleep(forTimeInterval: 1)
    for _ in 0..<5 {
      #expect(
        try nginx.curl(["-o", "/dev/null", "-w", "%{http_code}", nginx.url("/healthz")]) == "200")
    }
    while ended.all.count < slow.count { Thread.sleep(forTimeInterval: 0.1) }
    // 100 bytes at 0.3 s would take 30 s: each was cut off well before.
    #expect(ended.all.allSatisfy { (Double($0) ?? 99) < 20 })
  }

  /// A burst over 50 requests a second (burst 100) from one client gets 429s.
  @Test func requestRatePerClientIsLimited() throws {
    guard try Self.skipUnlessAvailable() else { return }
    let d = try Deployment()
    defer { d.stop() }
    let codes = try d.nginx.curl(
      ["-w", "%{http_code}\n"]
        + (0..<250).flatMap { _ in ["-o", "/dev/null", d.nginx.url("/healthz")] }
    ).split(separator: "\n")
    #expect(codes.count == 250)
    #expect(codes.filter { $0 == "200" }.count >= 100)
    #expect(codes.contains("429"))
    #expect(codes.allSatisfy { $0 == "200" || $0 == "429" })
  }
}
