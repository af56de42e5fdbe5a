import SVGTree

/// Which commands of a session's log `undo()` and `redo()` act on, by position: a command's
/// position is its place in the log counted from 1, the revision it made.
///
/// The document after revision `k` is what the commands at ``undoable`` make of the
/// original, so undoing the command at position `p` gives the document of revision `p - 1`
/// and redoing it the document of revision `p`. That is why a history of positions is all
/// a snapshot needs: the documents it names can be rebuilt from the log.
public struct UndoHistory: Sendable, Hashable {
  /// The commands `undo()` reverts, the next one last.
  public internal(set) var undoable: [Int] = []
  /// The commands `redo()` re-applies, the next one last.
  public internal(set) var redoable: [Int] = []

  public init() {}

  init(undoable: [Int], redoable: [Int]) {
    self.undoable = undoable
    self.redoable = redoable
  }
}

/// What one command changed, so that it can be undone without replaying the log.
struct UndoStep: Sendable {
  enum Change: Sendable {
    /// The nodes as they were before the command (the first time it touched each).
    case nodes([NodeID: Node])
    /// The whole document as it was (for `resetAll`).
    case document(Document)
  }

  var change: Change
  /// Nodes the command added: undoing it detaches them.
  var inserted: [NodeID] = []

  /// The nodes restoring this step changes, when no node is added or removed (nil
  /// otherwise).
  var touched: [NodeID]? {
    guard case .nodes(let saved) = change, inserted.isEmpty else { return nil }
    return Array(saved.keys)
  }

  /// Puts `document` back as the step saved it and returns the step that goes the other
  /// way (from the document as it was before).
  func restore(_ document: inout Document) -> UndoStep {
    let back: UndoStep
    switch change {
    case .document(let saved):
      back = UndoStep(change: .document(document))
      document = saved
    case .nodes(let saved):
      if inserted.isEmpty {
        var now = saved
        for id in saved.keys { now[id] = document[id] }
        back = UndoStep(change: .nodes(now))
      } else {
        // Attaching the detached nodes again also needs the id index rebuilt: the step
        // back keeps the whole document.
        back = UndoStep(change: .document(document))
      }
      for (id, node) in saved { document[id] = node }
      for id in inserted { document.remove(id) }
    }
    return back
  }
}

/// The undo history with the steps that go back and forth in memory. A session restored
/// from a snapshot holds positions without steps: it rebuilds their documents instead.
struct UndoMemory: Sendable {
  var history = UndoHistory()
  private var undoSteps: [Int: UndoStep] = [:]
  private var redoSteps: [Int: UndoStep] = [:]
  /// The nodes the last undo or redo changed, when it changed only their attributes and
  /// links (nil: anything may have changed).
  private(set) var lastTouched: [NodeID]?

  init(_ history: UndoHistory = UndoHistory()) { self.history = history }

  /// Records a command that changed the document at `position`; nothing can be redone
  /// after it.
  mutating func record(_ position: Int, _ step: UndoStep) {
    history.undoable.append(position)
    history.redoable.removeAll()
    undoSteps[position] = step
    redoSteps.removeAll()
  }

  /// Moves the last undoable command to the redoable ones and returns its position, with
  /// `document` as before it; nil when nothing can be undone. `rebuild` gives the document
  /// of a revision when no step is held.
  mutating func undo(
    _ document: inout Document, rebuild: (Int) throws(CommandError) -> Document
  ) throws(CommandError) -> Int? {
    try move(&document, from: \.undoable, to: \.redoable, using: \.undoSteps, keeping: \.redoSteps)
    {
      p throws(CommandError) in try rebuild(p - 1)
    }
  }

  /// The reverse of ``undo(_:rebuild:)``: `document` as after the command.
  mutating func redo(
    _ document: inout Document, rebuild: (Int) throws(CommandError) -> Document
  ) throws(CommandError) -> Int? {
    try move(&document, from: \.redoable, to: \.undoable, using: \.redoSteps, keeping: \.undoSteps)
    {
      p throws(CommandError) in try rebuild(p)
    }
  }

  /// Takes the last position of one list to the other, restoring `document` by its step
  /// (and keeping the step back), or rebuilding it when no step is held.
  private mutating func move(
    _ document: inout Document, from: WritableKeyPath<UndoHistory, [Int]>,
    to: WritableKeyPath<UndoHistory, [Int]>, using: WritableKeyPath<UndoMemory, [Int: UndoStep]>,
    keeping: WritableKeyPath<UndoMemory, [Int: UndoStep]>,
    rebuild: (Int) throws(CommandError) -> Document
  ) throws(CommandError) -> Int? {
    guard let p = history[keyPath: from].last else { return nil }
    if let step = self[keyPath: using].removeValue(forKey: p) {
      lastTouched = step.touched
      self[keyPath: keeping][p] = step.restore(&document)
    } else {
      lastTouched = nil
      document = try rebuild(p)
      forgetSteps()
    }
    history[keyPath: from].removeLast()
    history[keyPath: to].append(p)
    return p
  }

  /// Steps stay valid only on the document they were taken from, node for node: after a
  /// rebuilt one, every position is rebuilt when undone or redone.
  private mutating func forgetSteps() {
    undoSteps.removeAll()
    redoSteps.removeAll()
  }
}

extension EditableDocument {
  /// Gives the document after revision `k` of the session's log (`k` below the session's
  /// revision): how a session restored from a snapshot undoes and redoes commands older
  /// than the snapshot, whose steps it does not hold.
  public typealias Rebuild = @Sendable (_ revision: Int) throws(CommandError) -> Document

  /// Runs `undo()` or `redo()`.
  mutating func move(_ c: ScriptCommand) throws(CommandError) {
    let rebuild = self.rebuild
    func document(_ k: Int) throws(CommandError) -> Document {
      guard let rebuild else {
        throw CommandError(
          "\(c.command): the document of revision \(k) is not held", at: c.location)
      }
      do throws(CommandError) { return try rebuild(k) } catch {
        throw CommandError(
          "\(c.command): the document of revision \(k) cannot be rebuilt: \(error.message)",
          at: c.location)
      }
    }
    var changed = current
    let undoing = c.command == .undo
    let moved =
      undoing
      ? try undoMemory.undo(&changed, rebuild: document)
      : try undoMemory.redo(&changed, rebuild: document)
    guard moved != nil else {
      throw CommandError(
        undoing
          ? "nothing to undo: every command that changed the document is undone"
            + " (setActiveColor changes none)"
          : "nothing to redo: no command is undone since the last change", at: c.location)
    }
    let before = current
    current = changed
    cache.edited(undoMemory.lastTouched, in: current, from: before)
  }
}
