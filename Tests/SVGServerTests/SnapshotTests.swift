import Foundation
import SVGCommands
import SVGTree
import Testing

@testable import SVGServer

/// Snapshots bound replay after a restart, in both stores: the state after a restart, and
/// after every undo and redo across snapshots, is what the library gives for the commands
/// sent, replayed without interruption in this process (never a value the server sent).
@Suite(.serialized) struct SnapshotTests {
  static let interval = 10

  /// 47 entries: colours, fills, moves, undos and redos, in rounds of 10 whose undos and
  /// redos stay within the round (so the replay counts below are exact).
  static let commands: [String] = (0..<47).map { i in
    switch i % 10 {
    case 0: "setActiveColor(\(i * 5), 0, \(255 - i * 5))"
    case 1: "fillAt(\(20 + i * 3), 60)"
    case 2: "moveBy(sun, 1, \(i % 3))"
    case 3: "setOpacity(grass, 0.\(i % 9 + 1))"
    case 4: "undo()"
    case 5: "fillAt(150, 40)"
    case 6: "undo()"
    case 7: "redo()"
    case 8: "moveBy(sun, -2, 1)"
    default: "setFill(sky, #\(String(i * 5, radix: 16))80c0)"
    }
  }

  @Test func sqliteRestartReplaysAtMostTheIntervalAndUndoCrossesSnapshots() throws {
    let data = try temporaryDirectory("svgserver-snapshots")
    defer { try? FileManager.default.removeItem(atPath: data) }
    try check(store: nil, data: data) {
      let db = try SQLiteConnection(path: data + "/documents.sqlite")
      try db.execute("UPDATE snapshots SET data = randomblob(length(data)) WHERE revision = 40")
    }
  }

  @Test func postgresqlRestartReplaysAtMostTheIntervalAndUndoCrossesSnapshots() throws {
    guard try PostgresCluster.available("SnapshotTests") else { return }
    let cluster = try PostgresCluster()
    let data = try temporaryDirectory("svgserver-snapshots")
    defer { try? FileManager.default.removeItem(atPath: data) }
    try check(store: cluster.url, data: data) {
      let db = try PGConnection(url: cluster.url)
      // One byte of the middle flipped: the digest catches what decoding might not.
      _ = try db.exec(
        """
        UPDATE snapshots SET data = set_byte(data, length(data) / 2,
          get_byte(data, length(data) / 2) # 1) WHERE revision = 40
        """)
    }
  }

  /// Posts the commands one by one, restarts, checks what was replayed, damages the newest
  /// snapshot with `damage`, restarts again, then undoes across snapshots.
  func check(store: String?, data: String, damage: () throws -> Void) throws {
    var c = ServerConfiguration()
    c.port = 0
    c.dataDirectory = data
    c.storeURL = store
    c.threads = 2
    c.shutdownGrace = .seconds(5)
    c.limits.snapshotInterval = Self.interval
    let original = try Document(string: Fixture.garden)
    var whole = EditableDocument(original)

    var server = try SVGServer(configuration: c)
    try server.start()
    var client = HTTPClient(port: server.port)
    let id = try #require(try client.post("/documents", Fixture.garden).json["id"] as? String)
    for command in Self.commands {
      let r = try client.post("/documents/\(id)/commands", command)
      try #require(r.status == 200, "\(command): \(r.status) \(r.text)")
      try whole.apply(script: command)
    }
    server.shutdown()

    // A restart replays only the entries after the newest snapshot (revision 40).
    func restart() throws {
      server = try SVGServer(configuration: c)
      try server.start()
      client = HTTPClient(port: server.port)
      #expect(
        try client.get("/documents/\(id).svg").text
          == String(decoding: whole.current.written(), as: UTF8.self))
    }
    try restart()
    #expect(try replayed(client) == 7)
    #expect(try replayed(client) <= Self.interval)
    server.shutdown()

    // A damaged snapshot is passed over for the one before (revision 30).
    try damage()
    try restart()
    #expect(try replayed(client) == 17)

    // Undo and redo across the snapshots, each step as the uninterrupted session.
    for step in Array(repeating: "undo", count: 9) + ["redo", "redo", "undo"] {
      let r = try client.post("/documents/\(id)/\(step)", "")
      try whole.apply(script: step + "()")
      #expect(r.status == 200)
      #expect(
        try client.get("/documents/\(id).svg").text
          == String(decoding: whole.current.written(), as: UTF8.self), "\(step)")
    }
    // The log the server saved replays in the CLIs, undo() and redo() included.
    let saved = try #require(try client.get("/documents/\(id)").json["log"] as? [String])
    let source = data + "/garden.svg"
    let commands = data + "/saved.commands"
    try Fixture.garden.write(toFile: source, atomically: true, encoding: .utf8)
    try saved.joined(separator: "\n").write(toFile: commands, atomically: true, encoding: .utf8)
    let queried = try Executable(name: "svg-query").run(
      [source, "--apply", commands, "-o", data + "/edited.svg"])
    #expect(queried.status == 0, "\(queried.stderr)")
    #expect(
      try String(contentsOfFile: data + "/edited.svg", encoding: .utf8)
        == String(decoding: whole.current.written(), as: UTF8.self))
    let rendered = try Executable(name: "svg-render").run(
      [source, "--commands", commands, "-o", data + "/edited.png"])
    #expect(rendered.status == 0, "\(rendered.stderr)")

    // Past the first command that changed the document: an error, nothing stored.
    var undone = 0
    while try client.post("/documents/\(id)/undo", "").status == 200 {
      try whole.apply(script: "undo()")
      undone += 1
      try #require(undone < 100)
    }
    #expect(throws: CommandError.self) { try whole.apply(script: "undo()") }
    #expect(
      try client.get("/documents/\(id).svg").text
        == String(decoding: original.written(), as: UTF8.self))
    let log = try client.get("/documents/\(id)").json["log"] as? [String]
    #expect(log.map { $0.map { $0 + "\n" }.joined() } == whole.logText)
    server.shutdown()
  }

  /// The server's count of log entries replayed since it started.
  func replayed(_ client: HTTPClient) throws -> Int {
    let metrics = try client.get("/metrics").text
    let line = metrics.split(separator: "\n").first { $0.hasPrefix("inkpath_replayed_entries ") }
    return Int(try #require(line).split(separator: " ")[1]) ?? -1
  }
}
