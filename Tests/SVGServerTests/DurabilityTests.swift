import Foundation
import Testing

/// The executable under SIGKILL and SIGTERM.
@Suite(.serialized) struct DurabilityTests {
  /// Writers post commands (and undos) as fast as they can; the server is killed at a random
  /// moment and restarted on the same data folder, three times. Every acknowledged command
  /// must be in the log at the revision it was acknowledged with, and nothing unacknowledged
  /// but the posts in flight at the kill may be there.
  @Test func sigkillAndRestartKeepsEveryAcknowledgedCommand() throws {
    let data = NSTemporaryDirectory() + "svgserver-kill-\(UUID().uuidString)"
    defer { try? FileManager.default.removeItem(atPath: data) }
    var server = try ServerProcess(data: data, arguments: ["--quiet"])
    let created = try server.client.post("/documents", Fixture.garden)
    let id = try #require(created.json["id"] as? String)
    var acknowledged: [Int: String] = [:]
    let writers = 3

    for round in 0..<3 {
      let acks = LogLines()
      let stop = LogLines()
      let client = server.client
      let threads = (0..<writers).map { w in
        Thread {
          var i = 0
          while stop.all.isEmpty {
            let entry =
              i % 7 == 6
              ? "undo()" : "setOpacity(sky, 0.\(round + 1)\(w + 1)\(String(format: "%04d", i))1)"
            let r =
              entry == "undo()"
              ? try? client.post("/documents/\(id)/undo", "")
              : try? client.post("/documents/\(id)/commands", entry)
            guard let r else { break }  // the server is gone
            if r.status == 200, let rev = r.json["revision"] as? Int {
              acks.append("\(rev) \(entry)")
            }
            i += 1
          }
          acks.append("done")
        }
      }
      threads.forEach { $0.start() }
      Thread.sleep(forTimeInterval: Double.random(in: 0.3...0.9))
      server.kill(SIGKILL)
      _ = server.wait()
      stop.append("stop")
      while acks.all.filter({ $0 == "done" }).count < writers {
        Thread.sleep(forTimeInterval: 0.01)
      }
      for line in acks.all where line != "done" {
        let parts = line.split(separator: " ", maxSplits: 1)
        acknowledged[Int(parts[0])!] = String(parts[1])
      }

      server = try ServerProcess(data: data, arguments: ["--quiet"])
      let info = try server.client.get("/documents/\(id)")
      #expect(info.status == 200)
      let log = try #require(info.json["log"] as? [String])
      let highest = acknowledged.keys.max() ?? 0
      #expect(highest > 0, "round \(round): no command was acknowledged")
      #expect(log.count >= highest)
      #expect(log.count <= highest + writers)
      for (revision, entry) in acknowledged {
        #expect(revision <= log.count && log[revision - 1] == entry, "revision \(revision)")
      }
      // The state replays: the document renders and takes new commands.
      #expect(try server.client.get("/documents/\(id).png?width=20").status == 200)
      let next = try server.client.post("/documents/\(id)/commands", "setFill(grass, green)")
      #expect(next.json["revision"] as? Int == log.count + 1)
      acknowledged[log.count + 1] = "setFill(grass, #008000)"
      let stored = try #require(try server.client.get("/documents/\(id)").json["log"] as? [String])
      acknowledged[log.count + 1] = stored.last
    }
    server.kill(SIGTERM)
    #expect(server.wait().0 == 0)
  }

  /// SIGTERM: the server stops accepting, answers the request in flight, then exits 0.
  @Test func sigtermFinishesRequestsInFlight() throws {
    let data = NSTemporaryDirectory() + "svgserver-term-\(UUID().uuidString)"
    defer { try? FileManager.default.removeItem(atPath: data) }
    let server = try ServerProcess(data: data)
    let client = server.client
    let result = LogLines()
    let slow = Thread {
      let r = try? client.post("/render?width=400", Fixture.heavy(1500))
      result.append(
        "\(r?.status ?? -1) \(r.flatMap { PNG.size($0.body) }.map { "\($0.0)" } ?? "-")")
    }
    slow.start()
    let deadline = ContinuousClock.now + .seconds(20)  // until the render holds a slot
    while ContinuousClock.now < deadline,
      try !client.get("/metrics").text.contains("inkpath_renders_in_flight 1")
    {
      Thread.sleep(forTimeInterval: 0.01)
    }
    server.kill(SIGTERM)
    let (status, log) = server.wait()
    while result.all.isEmpty { Thread.sleep(forTimeInterval: 0.01) }
    #expect(result.all == ["200 400"])
    #expect(status == 0)
    #expect(log.contains("shutting down"))
    #expect(log.contains("\"POST /render?width=400\" 200") || log.contains("\"POST /render\" 200"))
    #expect((try? client.get("/healthz")) == nil)
  }
}
