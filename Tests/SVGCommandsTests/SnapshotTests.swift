import SVGCommands
import SVGTree
import Testing

private let page = """
  <rect id="back" fill="white" width="100" height="100"/>
  <g id="g"><rect id="a" fill="blue" width="40" height="40"/>
  <rect id="b" fill="green" x="20" y="20" width="40" height="40"/></g>
  <circle id="ring" cx="70" cy="70" r="20" fill="none" stroke="black" stroke-width="2"/>
  """

/// A session restored from a snapshot taken at `revision`, with the log after it replayed,
/// and earlier documents rebuilt from the log as a store would.
private func restored(_ d: Document, _ log: [String], at revision: Int) throws -> EditableDocument {
  let taken = try EditableDocument(original: d, log: log.prefix(revision).joined(separator: "\n"))
  let snapshot = try #require(SessionSnapshot(bytes: SessionSnapshot(taken).bytes, original: d))
  #expect(snapshot.revision == revision)
  let rebuild: EditableDocument.Rebuild = { k throws(CommandError) in
    try EditableDocument(original: d, log: log.prefix(k).joined(separator: "\n")).current
  }
  return try EditableDocument(
    original: d, log: log.joined(separator: "\n"), snapshot: snapshot, rebuild: rebuild)
}

@Suite struct SnapshotTests {
  let log = [
    "setActiveColor(red)", "fill(a)", "fillRegionAt(70, 70)", "moveBy(b, 5, 5)",
    "setActiveColor(blue)", "undo()", "fill(b)", "moveToIndex(b, 0)", "resetAll()", "undo()",
    "setOpacity(a, 0.5)",
  ]

  @Test func undoAndRedoAcrossASnapshotGiveTheUninterruptedSession() throws {
    let d = try document(page)
    // Five commands can be undone at the end of the log.
    let moves =
      Array(repeating: "undo()", count: 5) + Array(repeating: "redo()", count: 5)
      + ["undo()", "undo()", "setActiveColor(0, 255, 0)", "fillRegionAt(70, 70)", "undo()"]
    for revision in [0, 3, 6, 9, log.count] {
      var whole = try EditableDocument(original: d, log: log.joined(separator: "\n"))
      var resumed = try restored(d, log, at: revision)
      #expect(resumed.current.serialized() == whole.current.serialized())
      #expect(resumed.undoHistory == whole.undoHistory)
      for move in moves {
        try whole.apply(script: move)
        try resumed.apply(script: move)
        #expect(resumed.current.serialized() == whole.current.serialized(), "\(revision) \(move)")
        #expect(resumed.current.written() == whole.current.written(), "\(revision) \(move)")
        #expect(resumed.activeColor == whole.activeColor)
      }
      #expect(resumed.logText == whole.logText)
      #expect(throws: CommandError.self) {
        try resumed.apply(script: "undo()\nundo()\nundo()\nundo()")
      }
    }
  }

  @Test func aDamagedSnapshotIsRefused() throws {
    let d = try document(page)
    let bytes = SessionSnapshot(try EditableDocument(original: d, log: log.joined(separator: "\n")))
      .bytes
    #expect(SessionSnapshot(bytes: bytes, original: d) != nil)
    #expect(SessionSnapshot(bytes: Array(bytes.dropLast()), original: d) == nil)
    #expect(SessionSnapshot(bytes: bytes + [0], original: d) == nil)
    #expect(SessionSnapshot(bytes: Array(bytes.prefix(bytes.count / 2)), original: d) == nil)
    #expect(SessionSnapshot(bytes: Array("not a snapshot".utf8), original: d) == nil)
    // Every single damaged byte either is refused or reads as some consistent state: never
    // a crash.
    for i in stride(from: 0, to: bytes.count, by: 7) {
      var damaged = bytes
      damaged[i] ^= 0xff
      _ = SessionSnapshot(bytes: damaged, original: d)
    }
  }

  @Test func aSnapshotAheadOfTheLogIsAnError() throws {
    let d = try document(page)
    let snapshot = SessionSnapshot(try EditableDocument(original: d, log: "fill(a)\nfill(b)"))
    #expect(throws: CommandError.self) {
      try EditableDocument(original: d, log: "fill(a)", snapshot: snapshot)
    }
  }
}
