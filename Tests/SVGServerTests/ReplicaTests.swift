import Foundation
import Testing

/// Two svg-serve replicas on one PostgreSQL behind nginx. Every check compares the store
/// with what the clients saw acknowledged.
@Suite(.serialized) struct ReplicaTests {
  /// Writers alternate command posts between replica A, replica B and nginx; replica A is
  /// killed with SIGKILL mid-load. On the survivor every acknowledged command is in the log
  /// at the revision it was acknowledged with (so in order, and no revision twice); after
  /// each acknowledged post the other replica already reads it (read-your-writes).
  @Test func everyAcknowledgedCommandSurvivesAReplicaKill() throws {
    guard try PostgresCluster.available("ReplicaTests"), NginxFront.available else { return }
    let cluster = try PostgresCluster()
    let data = NSTemporaryDirectory() + "svgserver-replicas-\(UUID().uuidString)"
    defer { try? FileManager.default.removeItem(atPath: data) }
    let replicas = try (0..<2).map { i in
      try ServerProcess(
        data: data + "/\(i)",
        arguments: ["--quiet", "--store", cluster.url, "--max-connections-per-client", "0"])
    }
    let nginx = try NginxFront(replicas: replicas.map(\.port))
    defer { nginx.stop() }
    let created = try replicas[1].client.post("/documents", Fixture.garden)
    let id = try #require(created.json["id"] as? String)

    let acks = LogLines()
    let stale = LogLines()
    let stop = LogLines()
    let clients = replicas.map(\.client)
    let through = nginx
    let writers = (0..<2).map { w in
      Thread {
        var i = 0
        while stop.all.isEmpty, i < 400 {
          let entry = "setOpacity(sky, 0.\(w + 1)\(String(format: "%04d", i))1)"
          let via = (i + w) % 3
          var revision: Int?
          if via == 2 {
            let out = try? through.curl(
              ["--data-binary", entry, through.url("/documents/\(id)/commands")])
            let json = (try? JSONSerialization.jsonObject(with: Data((out ?? "").utf8)))
            revision = (json as? [String: Any])?["revision"] as? Int
          } else if let r = try? clients[via].post("/documents/\(id)/commands", entry),
            r.status == 200
          {
            revision = r.json["revision"] as? Int
          }
          if let revision {
            acks.append("\(w) \(revision) \(entry)")
            // The other replica reads its own store: it has caught up with this one.
            if via < 2, stop.all.isEmpty,
              let seen = try? clients[1 - via].get("/documents/\(id)"), seen.status == 200,
              let at = seen.json["revision"] as? Int, at < revision
            {
              stale.append("\(at) < \(revision)")
            }
          }
          i += 1
        }
        acks.append("done")
      }
    }
    writers.forEach { $0.start() }
    // Kill A once 30 posts are acknowledged, stop once 20 more are (each wait capped).
    func wait(until count: Int) {
      let deadline = Date().addingTimeInterval(60)
      while acks.all.filter({ $0 != "done" }).count < count, Date() < deadline {
        Thread.sleep(forTimeInterval: 0.02)
      }
    }
    wait(until: 30)
    replicas[0].kill(SIGKILL)
    // Not wait(): its stderr pipe is inherited by the processes started after it.
    replicas[0].process.waitUntilExit()
    let atKill = acks.all.filter { $0 != "done" }.count
    wait(until: atKill + 20)
    stop.append("stop")
    while acks.all.filter({ $0 == "done" }).count < writers.count {
      Thread.sleep(forTimeInterval: 0.02)
    }

    var acknowledged: [(writer: Int, revision: Int, entry: String)] = []
    for line in acks.all where line != "done" {
      let parts = line.split(separator: " ", maxSplits: 2).map(String.init)
      acknowledged.append((Int(parts[0])!, Int(parts[1])!, parts[2]))
    }
    let info = try replicas[1].client.get("/documents/\(id)")
    let log = try #require(info.json["log"] as? [String])
    #expect(acknowledged.count >= atKill + 20)
    #expect(Set(acknowledged.map(\.revision)).count == acknowledged.count)
    for a in acknowledged {
      #expect(a.revision <= log.count && log[a.revision - 1] == a.entry)
    }
    for w in 0..<writers.count {
      let mine = acknowledged.filter { $0.writer == w }.map(\.revision)
      #expect(mine == mine.sorted())
    }
    #expect(stale.all.isEmpty)
    print(
      "ReplicaTests: \(acknowledged.count) posts acknowledged, \(acknowledged.count - atKill) "
        + "after replica A was killed; the survivor's log holds \(log.count)")
    // Posts after the kill went on through nginx to the survivor.
    #expect(try replicas[1].client.get("/healthz").status == 200)
  }

  /// PostgreSQL itself crashes (immediate stop: no checkpoint) and restarts: every
  /// acknowledged command is still there, because a post is answered only after its
  /// commit is durable on the server (synchronous_commit on, fsync on).
  @Test func acknowledgedCommandsSurviveADatabaseCrash() throws {
    guard try PostgresCluster.available("ReplicaTests") else { return }
    let cluster = try PostgresCluster()
    let data = NSTemporaryDirectory() + "svgserver-pgcrash-\(UUID().uuidString)"
    defer { try? FileManager.default.removeItem(atPath: data) }
    let server = try ServerProcess(data: data, arguments: ["--quiet", "--store", cluster.url])
    let id = try #require(
      try server.client.post("/documents", Fixture.garden).json["id"] as? String)
    var acknowledged: [Int: String] = [:]
    for i in 0..<60 {
      let entry = "setOpacity(sky, 0.5\(String(format: "%03d", i))1)"
      let r = try server.client.post("/documents/\(id)/commands", entry)
      if r.status == 200, let revision = r.json["revision"] as? Int {
        acknowledged[revision] = entry
      }
    }
    #expect(acknowledged.count == 60)
    cluster.stop(mode: "immediate")
    try cluster.start()
    // The first request after the crash may find its pooled connection closed (503).
    var log: [String]?
    for _ in 0..<10 where log == nil {
      let r = try server.client.get("/documents/\(id)")
      log = r.status == 200 ? r.json["log"] as? [String] : nil
    }
    let stored = try #require(log)
    for (revision, entry) in acknowledged {
      #expect(revision <= stored.count && stored[revision - 1] == entry)
    }
  }
}
