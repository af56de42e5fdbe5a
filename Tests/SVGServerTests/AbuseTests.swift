import Foundation
import Testing

/// The attacks of issue 16 on loopback, each bounded in count and time: the server refuses
/// them and keeps answering everyone else.
@Suite struct AbuseTests {
  /// A script over its time budget applies nothing and answers 503 with Retry-After, while
  /// /healthz answers during it (the script holds only its own connection's thread).
  @Test func scriptOverItsBudgetAppliesNothing() throws {
    let t = try TestServer {
      $0.limits.scriptTimeout = .milliseconds(300)
      $0.threads = 1
    }
    let id = try t.create(Fixture.garden)
    let script = (0..<90_000).map { "fillAt(\(10 + $0 % 180), \(10 + $0 % 100))" }
      .joined(separator: "\n")
    let client = t.client
    let answers = LogLines()
    let poster = Thread {
      let r = try? client.post("/documents/\(id)/commands", script)
      answers.append("script \(r?.status ?? -1) \(r?.header("Retry-After") ?? "-")")
    }
    poster.start()
    // While the script runs, /healthz answers: its answer comes before the script's.
    var healthy = 0
    while answers.all.isEmpty, healthy < 50 {
      if try client.get("/healthz").status == 200 { healthy += 1 }
    }
    while answers.all.isEmpty { Thread.sleep(forTimeInterval: 0.02) }
    #expect(healthy > 0)
    #expect(answers.all == ["script 503 1"])
    let info = try t.client.get("/documents/\(id)")
    #expect(info.json["revision"] as? Int == 0)
    #expect((info.json["log"] as? [String]) == [])
    // A script within the budget still applies.
    #expect(try t.client.post("/documents/\(id)/commands", "fillAt(150, 40)").status == 200)
  }

  /// Many concurrent renders: none waits past --render-wait, the queue is bounded, every
  /// request gets an answer (200 or 503 with Retry-After), and /healthz answers meanwhile.
  @Test func rendersBeyondTheQueueAre503AndEveryRequestIsAnswered() throws {
    let t = try TestServer {
      $0.limits.maxConcurrentRenders = 1
      $0.limits.maxQueuedRenders = 2
      $0.limits.renderWait = .milliseconds(200)
      $0.limits.renderTimeout = .seconds(1)
    }
    let client = t.client
    let answers = LogLines()
    let heavy = Fixture.heavy(1500)
    let threads = (0..<12).map { _ in
      Thread {
        let r = try? client.post("/render?width=1000", heavy)
        answers.append("\(r?.status ?? -1) \(r?.header("Retry-After") ?? "-")")
      }
    }
    threads.forEach { $0.start() }
    #expect(try client.get("/healthz").status == 200)
    while answers.all.count < threads.count { Thread.sleep(forTimeInterval: 0.02) }
    let all = answers.all
    #expect(all.allSatisfy { $0 == "200 -" || $0 == "503 1" })
    #expect(all.contains("503 1"))
  }

  /// Bodies held at once are capped over all connections: past the budget a request is
  /// refused at its headers, before its body is read.
  @Test func bodiesInFlightAreCapped() throws {
    let t = try TestServer {
      $0.limits.maxBodiesInFlight = 1 << 20
      $0.limits.maxBodyBytes = 800 << 10
    }
    let first = try RawConnection(port: t.server.port)
    first.send("POST /documents HTTP/1.1\r\nHost: x\r\nContent-Length: \(700 << 10)\r\n\r\n<svg")
    Thread.sleep(forTimeInterval: 0.2)  // let the server read the first request's headers
    let second = try t.client.request(
      "POST", "/documents", body: [UInt8](repeating: 0x20, count: 600 << 10))
    #expect(second.status == 503)
    #expect(second.header("Retry-After") == "1")
    let small = try t.client.post("/documents", Fixture.square)
    #expect(small.status == 201)
    _ = first
  }

  /// One address may hold only so many connections; another address is still served.
  @Test func connectionsPerClientAreCapped() throws {
    let t = try TestServer { $0.limits.maxConnectionsPerClient = 4 }
    let held = try (0..<4).map { _ in try RawConnection(port: t.server.port, source: "127.0.0.3") }
    held.forEach { $0.send("GET /healthz HTTP/1.1\r\nHo") }
    Thread.sleep(forTimeInterval: 0.2)
    let fifth = try RawConnection(port: t.server.port, source: "127.0.0.3")
    fifth.send("GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n")
    let refused = String(decoding: fifth.receive(seconds: 5), as: UTF8.self)
    #expect(!refused.hasPrefix("HTTP/1.1 200"))
    #expect(try t.client.get("/healthz").status == 200)
  }

  /// A client trickling its headers a byte at a time is cut off at the request deadline,
  /// though each byte would reset an idle timer.
  @Test func slowHeadersAreCutOffAtTheRequestDeadline() throws {
    let t = try TestServer {
      $0.limits.requestTimeout = .milliseconds(600)
      $0.limits.connectionTimeout = 30
    }
    let slow = try RawConnection(port: t.server.port)
    var sentAll = true
    for byte in "GET /healthz HTTP/1.1\r\nX-Slow: aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa".utf8 {
      guard slow.send([byte]) else {
        sentAll = false
        break
      }
      Thread.sleep(forTimeInterval: 0.1)
    }
    // 60 bytes at 10 a second outlast a 0.6 s deadline: the server has closed by now.
    #expect(!sentAll || slow.closedByServer(within: 3))
    #expect(try t.client.get("/healthz").status == 200)
  }

  /// Framing that a proxy and this server could read differently is refused with one
  /// answer and the connection closed: the leftover bytes never run as a second request.
  @Test(arguments: [
    (
      "POST /render HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\n"
        + "Transfer-Encoding: chunked\r\n\r\n0\r\n\r\nGET /healthz HTTP/1.1\r\nHost: x\r\n\r\n", 400
    ),
    ("POST /render HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: gzip\r\n\r\n", 501),
  ])
  func ambiguousFramingIsRefusedOnce(request: String, status: Int) throws {
    let t = try TestServer()
    let answer = String(decoding: try t.client.exchange(Array(request.utf8)), as: UTF8.self)
    #expect(answer.hasPrefix("HTTP/1.1 \(status)"))
    #expect(answer.components(separatedBy: "HTTP/1.1 ").count == 2)
  }

  /// What libmicrohttpd answers itself (a Content-Length it cannot read or that overflows)
  /// is still a refusal; a chunk size that never arrives is cut off at the request
  /// deadline. (Its answer to these repeats the status line: nginx in front normalizes
  /// them, see NginxTests.)
  @Test(arguments: [
    ("POST /render HTTP/1.1\r\nHost: x\r\nContent-Length: 99999999999999999999\r\n\r\n", 413),
    ("POST /render HTTP/1.1\r\nHost: x\r\nContent-Length: 12abc\r\n\r\n", 400),
  ])
  func unreadableLengthsAreRefused(request: String, status: Int) throws {
    let t = try TestServer()
    let answer = String(decoding: try t.client.exchange(Array(request.utf8)), as: UTF8.self)
    #expect(answer.hasPrefix("HTTP/1.1 \(status)"))
  }

  @Test func aChunkThatNeverArrivesIsCutOff() throws {
    let t = try TestServer { $0.limits.requestTimeout = .milliseconds(500) }
    let c = try RawConnection(port: t.server.port)
    c.send(
      "POST /render HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\nfffffffffff\r\nabc")
    #expect(c.closedByServer(within: 5))
    #expect(try t.client.get("/healthz").status == 200)
  }

  /// GET never changes state: the URL form of a command is a POST.
  @Test func theURLFormOfACommandIsAPost() throws {
    let t = try TestServer()
    let id = try t.create(Fixture.square)
    let get = try t.client.get("/documents/\(id)/command/setFill/left/blue")
    #expect(get.status == 405)
    #expect(get.header("Allow") == "POST")
    let post = try t.client.request("POST", "/documents/\(id)/command/setFill/left/blue")
    #expect(post.status == 200)
    #expect(post.json["revision"] as? Int == 1)
  }

  /// Served SVG cannot run a script: CSP, nosniff, and a download unless asked inline.
  @Test func servedSVGIsConfined() throws {
    let t = try TestServer()
    let id = try t.create(
      "<svg xmlns='http://www.w3.org/2000/svg'><script>alert(1)</script></svg>")
    let svg = try t.client.get("/documents/\(id).svg")
    #expect(svg.status == 200)
    #expect(
      svg.header("Content-Security-Policy")
        == "default-src 'none'; style-src 'unsafe-inline'; img-src data:")
    #expect(svg.header("X-Content-Type-Options") == "nosniff")
    #expect(svg.header("Content-Disposition") == "attachment")
    let inline = try t.client.get("/documents/\(id).svg?inline=1")
    #expect(inline.header("Content-Disposition") == nil)
    #expect(inline.header("Content-Security-Policy") != nil)
    let rendered = try t.client.post("/render?format=svg", Fixture.square)
    #expect(rendered.header("Content-Security-Policy") != nil)
  }
}
