import Foundation
import Testing

/// The executable under SIGKILL and SIGTERM, with an `LD_PRELOAD` counter (``SyncCounter``)
/// reporting every sync it makes and the `synchronous` level of every SQLite commit. A killed
/// process keeps its writes in the page cache, so a kill alone cannot tell a synced commit
/// from an unsynced one: the counter can.
@Suite(.serialized) struct DurabilityTests {
  /// The write-ahead log of the store under `--data`.
  static let wal = "/documents.sqlite-wal"

  /// The log as it is on disk, read with the `sqlite3` tool (not through the server).
  static func diskLog(_ data: String, _ id: String) throws -> [String] {
    let run = try Executable.runProgram(
      "/usr/bin/sqlite3",
      [
        data + "/documents.sqlite",
        "SELECT entry FROM log WHERE document = '\(id)' ORDER BY revision",
      ])
    guard run.status == 0 else { throw SupportFailure("sqlite3: \(run.stderr)") }
    return run.text.split(separator: "\n").map(String.init)
  }

  /// Each acknowledged command was synced to the write-ahead log before its answer: one
  /// client posts one command at a time and counts the syncs between sending and the 200.
  @Test func everyAcknowledgedCommandIsSyncedBeforeItsAnswer() throws {
    let data = try TemporaryDirectory("svgserver-sync")
    let syncs = try SyncCounter()
    let server = try ServerProcess(
      data: data.path, arguments: ["--quiet"], environment: try syncs.environment())
    let id = try #require(
      try server.client.post("/documents", Fixture.garden).json["id"] as? String)
    var sent: [String] = []
    for i in 0..<20 {
      let entry = "setOpacity(sky, 0.1\(String(format: "%02d", i))1)"
      let before = syncs.syncs(endingWith: Self.wal)
      let answer = try server.client.post("/documents/\(id)/commands", entry)
      try #require(answer.status == 200, "\(entry): \(answer.status) \(answer.text)")
      sent.append(entry)
      #expect(syncs.syncs(endingWith: Self.wal) > before, "\(entry) was answered before a sync")
    }
    let levels = syncs.commitLevels
    #expect(levels.count >= sent.count)
    #expect(levels.allSatisfy { $0 >= 2 }, "commits below synchronous=FULL: \(levels)")
    server.kill(SIGKILL)
    _ = server.wait()
    let onDisk = try Self.diskLog(data.path, id)
    #expect(onDisk == sent, "on disk: \(onDisk)")
  }

  /// Writers post commands (and undos) as fast as they can; the server is killed at a random
  /// moment and restarted on the same data folder, three times. Every command the clients saw
  /// acknowledged must be on disk at the revision it was acknowledged with, each client's in
  /// the order it sent them, nothing but the posts in flight at the kill may be there beside
  /// them, and there was a full-synchronous commit and a sync of the log for each of them.
  @Test func sigkillAndRestartKeepsEveryAcknowledgedCommand() throws {
    let data = try TemporaryDirectory("svgserver-kill")
    let syncs = try SyncCounter()
    let environment = try syncs.environment()
    var server = try ServerProcess(
      data: data.path, arguments: ["--quiet"], environment: environment)
    let created = try server.client.post("/documents", Fixture.garden)
    let id = try #require(created.json["id"] as? String)
    var acknowledged: [Int: String] = [:]
    let writers = 3

    for round in 0..<3 {
      let acks = LogLines()
      let finished = LogLines()
      let client = server.client
      let syncsBefore = syncs.syncs(endingWith: Self.wal)
      let commitsBefore = syncs.commitLevels.count
      for w in 0..<writers {
        Thread {
          var i = 0
          while true {
            let entry =
              i % 7 == 6
              ? "undo()" : "setOpacity(sky, 0.\(round + 1)\(w + 1)\(String(format: "%04d", i))1)"
            let r =
              entry == "undo()"
              ? try? client.post("/documents/\(id)/undo", "")
              : try? client.post("/documents/\(id)/commands", entry)
            guard let r else { break }  // the server is gone
            if r.status == 200, let rev = r.json["revision"] as? Int {
              acks.append("\(w) \(rev) \(entry)")
            }
            i += 1
          }
          finished.append("\(w)")
        }.start()
      }
      // Kill once every writer has had some answers, at a random moment after that.
      try #require(
        waitUntil(timeout: .seconds(30)) { acks.count >= 3 * writers },
        "round \(round): the writers got no answers")
      Thread.sleep(forTimeInterval: Double.random(in: 0...0.5))  // a random kill moment
      server.kill(SIGKILL)
      _ = server.wait()
      try #require(
        waitUntil(timeout: .seconds(70)) { finished.count == writers },
        "round \(round): a writer did not notice the server was gone")

      var mine: [Int: [Int]] = [:]  // each writer's acknowledged revisions, in sending order
      let roundAcks = acks.all
      for line in roundAcks {
        let parts = line.split(separator: " ", maxSplits: 2)
        acknowledged[Int(parts[1])!] = String(parts[2])
        mine[Int(parts[0])!, default: []].append(Int(parts[1])!)
      }
      let log = try Self.diskLog(data.path, id)
      let highest = acknowledged.keys.max() ?? 0
      #expect(log.count >= highest)
      #expect(log.count <= highest + writers)
      for (revision, entry) in acknowledged {
        #expect(revision <= log.count && log[revision - 1] == entry, "revision \(revision)")
      }
      for (_, revisions) in mine { #expect(revisions == revisions.sorted()) }
      // Durable, not only written: a sync of the log and a full-synchronous commit for
      // every acknowledged command (a killed process keeps unsynced writes in the page cache).
      #expect(syncs.syncs(endingWith: Self.wal) - syncsBefore >= roundAcks.count)
      let levels = syncs.commitLevels.dropFirst(commitsBefore)
      #expect(levels.count >= roundAcks.count)
      #expect(levels.allSatisfy { $0 >= 2 }, "commits below synchronous=FULL")

      server = try ServerProcess(
        data: data.path, arguments: ["--quiet"], environment: environment)
      // The state replays: the document renders and takes new commands.
      #expect(try server.client.get("/documents/\(id).png?width=20").status == 200)
      let entry = "setOpacity(sky, 0.9\(round)0001)"
      let next = try server.client.post("/documents/\(id)/commands", entry)
      let revision = try #require(next.json["revision"] as? Int)
      #expect(revision == log.count + 1)
      acknowledged[revision] = entry
    }
    server.kill(SIGTERM)
    #expect(server.wait().0 == 0)
    let log = try Self.diskLog(data.path, id)
    for (revision, entry) in acknowledged {
      #expect(revision <= log.count && log[revision - 1] == entry, "revision \(revision)")
    }
  }

  /// SIGTERM: the server stops accepting, answers the request in flight, then exits 0.
  @Test func sigtermFinishesRequestsInFlight() throws {
    let data = try TemporaryDirectory("svgserver-term")
    let server = try ServerProcess(data: data.path)
    let client = server.client
    let result = LogLines()
    Thread {
      let r = try? client.post("/render?width=400", Fixture.heavy(1500))
      result.append(
        "\(r?.status ?? -1) \(r.flatMap { PNG.size($0.body) }.map { "\($0.0)" } ?? "-")")
    }.start()
    let rendering = try waitUntil(timeout: .seconds(20)) {
      try client.get("/metrics").text.contains("inkpath_renders_in_flight 1")
    }
    try #require(rendering, "the render never held a slot")
    server.kill(SIGTERM)
    let (status, log) = server.wait()
    #expect(waitUntil(timeout: .seconds(60)) { result.count == 1 })
    #expect(result.all == ["200 400"])
    #expect(status == 0)
    #expect(log.contains("shutting down"))
    #expect(log.contains("\"POST /render?width=400\" 200") || log.contains("\"POST /render\" 200"))
    #expect((try? client.get("/healthz")) == nil)
  }
}
