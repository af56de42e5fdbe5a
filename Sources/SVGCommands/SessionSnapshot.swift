import SVGRender
import SVGTree

/// A session's state at one revision of its log: the document node for node, the active
/// colour and the undo history. A store keeps one every so many commands, so that a restart
/// replays only the log after it. The history holds positions, not documents: undoing past
/// the snapshot rebuilds the earlier document from the log (``EditableDocument/Rebuild``),
/// and gives exactly what the uninterrupted session gives.
public struct SessionSnapshot: Sendable {
  /// The log's length when it was taken.
  public let revision: Int
  let document: Document
  let activeColor: Color
  let history: UndoHistory

  /// The state of `session` now.
  public init(_ session: EditableDocument) {
    revision = session.log.count
    document = session.current
    activeColor = session.activeColor
    history = session.undoHistory
  }

  private static let magic = "inkpath-snapshot/2"

  /// The snapshot as bytes, read back by ``init(bytes:)``.
  public var bytes: [UInt8] {
    var w = ArchiveWriter()
    w.string(Self.magic)
    w.int(revision)
    for channel in [activeColor.r, activeColor.g, activeColor.b] { w.int(Int(channel)) }
    w.string(String(activeColor.alpha))
    for positions in [history.undoable, history.redoable] {
      w.int(positions.count)
      for p in positions { w.int(p) }
    }
    document.archived(into: &w)
    return w.bytes
  }

  /// Reads what ``bytes`` wrote for a session on `original`; nil for anything else (a
  /// damaged snapshot, another version's), and the caller falls back to the log.
  public init?(bytes: [UInt8], original: Document) {
    var r = ArchiveReader(bytes)
    guard r.string() == Self.magic, let revision = r.int() else { return nil }
    var channels: [UInt8] = []
    for _ in 0..<3 {
      guard let v = r.int(), v <= 255 else { return nil }
      channels.append(UInt8(v))
    }
    guard let text = r.string(), let alpha = Double(text), (0...1).contains(alpha) else {
      return nil
    }
    var lists: [[Int]] = []
    for _ in 0..<2 {
      guard let n = r.int(), n <= revision else { return nil }
      var positions: [Int] = []
      for _ in 0..<n {
        guard let p = r.int(), (1...revision).contains(p) else { return nil }
        positions.append(p)
      }
      lists.append(positions)
    }
    guard let document = Document(archive: &r, editedFrom: original), r.isAtEnd else { return nil }
    self.revision = revision
    self.document = document
    activeColor = Color(r: channels[0], g: channels[1], b: channels[2], alpha: alpha)
    history = UndoHistory(undoable: lists[0], redoable: lists[1])
  }
}

extension EditableDocument {
  /// Restores a session from `snapshot` (the state at its revision) and applies the
  /// entries of `log` after it: only those are replayed. `log` is the whole log, as
  /// ``logText`` writes it; `rebuild` gives the documents of revisions before the snapshot
  /// that `undo()` and `redo()` may need. Without a snapshot, the whole log is replayed.
  public init(
    original: Document, log: String, snapshot: SessionSnapshot?,
    renderOptions: RenderOptions = RenderOptions(), rebuild: Rebuild? = nil
  ) throws(CommandError) {
    let commands = try CommandScript.parse(log)
    self.init(original, renderOptions: renderOptions)
    self.rebuild = rebuild
    let start = snapshot?.revision ?? 0
    if let snapshot {
      guard snapshot.revision <= commands.count else {
        throw CommandError(
          "the snapshot is of revision \(snapshot.revision), the log holds \(commands.count)",
          at: .unknown)
      }
      current = snapshot.document
      activeColor = snapshot.activeColor
      undoMemory = UndoMemory(snapshot.history)
      self.log = commands.prefix(start).map(\.command)
    }
    try apply(Array(commands.dropFirst(start)))
  }
}
