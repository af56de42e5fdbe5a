import SVGGeometry
import SVGQuery
import SVGRender
import SVGTree
import Synchronization

/// A document under edit by commands: the document as read, the commands applied so far,
/// the active colour, and the document as they leave it.
///
/// The state that matters is ``original`` and ``log``: replaying the log on the original
/// (``init(original:log:renderOptions:)``) gives the same ``current`` document and active
/// colour, so a store keeps the original SVG and ``logText``. Scripts apply all or nothing:
/// a command that fails leaves the whole session as it was before the script.
///
/// The render tree and hit index of ``current`` (``renderTree(cancellation:)``,
/// ``scene(cancellation:)``) are built once and kept, by copies too, until a command changes
/// the document: `fillAt`, moves and renders of an unchanged document reuse them.
public struct EditableDocument: Sendable {
  /// The document as read, never changed.
  public let original: Document
  /// The document with every command of ``log`` applied.
  public internal(set) var current: Document {
    didSet { cache = SceneCache(after: cache, document: oldValue) }
  }
  /// The colour `fill` and `fillAt` paint with; black until `setActiveColor`.
  public internal(set) var activeColor: Color = .black
  /// The commands applied, oldest first.
  public internal(set) var log: [Command] = []
  /// How the document is read into a render tree for hit tests, moves and renders
  /// (resources, fonts, extra style sheets, limits).
  public var renderOptions: RenderOptions {
    didSet { cache = SceneCache() }
  }
  /// Which commands of the log `undo()` and `redo()` act on.
  public var undoHistory: UndoHistory { undoMemory.history }
  /// Gives the document of an earlier revision of ``log`` when no step to it is held in
  /// memory: set by a session restored from a snapshot (see
  /// ``init(original:log:snapshot:renderOptions:rebuild:)``).
  var rebuild: Rebuild?
  var undoMemory = UndoMemory()
  /// What is kept of ``current`` (see `SessionRender.swift`).
  var cache = SceneCache()

  public init(_ document: Document, renderOptions: RenderOptions = RenderOptions()) {
    original = document
    current = document
    self.renderOptions = renderOptions
  }

  /// The render tree of ``current``: built with ``renderOptions`` on first use (stopped by
  /// `cancellation`, when given), then kept until the document or the options change.
  /// Copies of the session share it.
  public func renderTree(cancellation: RenderCancellation? = nil) throws(RenderError)
    -> RenderTree
  {
    let document = current
    var options = renderOptions
    if let cancellation { options.cancellation = cancellation }
    if options.pathData == nil { options.pathData = cache.pathData }
    let cache = self.cache
    return try cache.tree.withLock { cached throws(RenderError) -> RenderTree in
      if let cached { return cached }
      // After attribute edits, the last built state's cascade restyled where they reach,
      // and after fill edits its tree with new fills.
      let last = cache.built.withLock { $0 }
      let kept = last?.cascade(for: document)
      let built: (tree: RenderTree, cascade: KeptCascade)
      if let last, let kept,
        let tree = last.repaintedTree(of: document, restyle: kept, options: options)
      {
        built = (tree, kept.cascade)
      } else {
        built = try RenderTree.build(document: document, options: options, cascade: kept?.cascade)
      }
      cache.cascade.withLock { $0 = built.cascade }
      cache.built.withLock { $0 = nil }
      cached = built.tree
      return built.tree
    }
  }

  /// The scene of ``current`` (its ``renderTree(cancellation:)`` prepared for hit tests and
  /// boxes), kept like the tree: `fillAt` and `moveBy` reuse it, and a session that only
  /// renders never builds it.
  public func scene(cancellation: RenderCancellation? = nil) throws(RenderError) -> Scene {
    let tree = try renderTree(cancellation: cancellation)
    let document = current
    let options = renderOptions
    let cache = self.cache
    return cache.scene.withLock { cached in
      if let cached { return cached }
      let built = Scene(
        document: document, tree: tree, options: options,
        reusing: cache.previousScene.withLock { $0 },
        sameElements: cache.sameElements.withLock { $0 })
      cache.previousScene.withLock { $0 = nil }
      cached = built
      return built
    }
  }

  /// Replays a log (as ``logText`` writes it) on `original`.
  public init(original: Document, log: String, renderOptions: RenderOptions = RenderOptions())
    throws(CommandError)
  {
    self.init(original, renderOptions: renderOptions)
    try apply(script: log)
  }

  /// The log as a script, one command a line in the canonical text form.
  public var logText: String { log.map { $0.description + "\n" }.joined() }

  /// Reads `script` (text or URL form in `urlScheme`, one command a line) and applies every
  /// command, or none when one fails: the error names its line and column.
  public mutating func apply(
    script: String, firstLine: Int = 1, urlScheme: CommandURLScheme = .svg
  ) throws(CommandError) {
    try apply(try CommandScript.parse(script, firstLine: firstLine, urlScheme: urlScheme))
  }

  /// Applies the commands in order, all or nothing.
  public mutating func apply(_ commands: [ScriptCommand]) throws(CommandError) {
    var session = self
    for c in commands { try session.run(c) }
    self = session
  }

  /// Applies one command.
  public mutating func apply(_ command: Command) throws(CommandError) {
    try apply([ScriptCommand(command)])
  }

  /// Undoes the last `n` commands that changed the document, appending `undo()` to the log
  /// `n` times; an error (and no change) when fewer than `n` can be undone.
  public mutating func undo(_ n: Int = 1) throws(CommandError) {
    try apply(Array(repeating: ScriptCommand(.undo), count: max(n, 0)))
  }

  /// Redoes the last `n` undone commands, appending `redo()` to the log `n` times; an error
  /// (and no change) when fewer than `n` can be redone.
  public mutating func redo(_ n: Int = 1) throws(CommandError) {
    try apply(Array(repeating: ScriptCommand(.redo), count: max(n, 0)))
  }

  /// Applies one command to this session (which the caller discards on error).
  private mutating func run(_ c: ScriptCommand) throws(CommandError) {
    var edit = Edit(current)
    let position = log.count + 1
    switch c.command {
    case .setActiveColor(let color):
      activeColor = color
      log.append(c.command)
      return
    case .fill(let ref):
      edit.recolor(try element(ref, c), "fill", activeColor)
    case .fillAt(let point, let tolerance):
      edit.recolor(try fillTarget(at: point, tolerance: tolerance, c), "fill", activeColor)
    case .fillRegionAt(let point, let gap):
      do {
        try edit.fillRegion(at: point, gap: gap, color: activeColor, options: renderOptions)
      } catch {
        throw CommandError("\(c.command): \(error)", at: c.location)
      }
    case .setFill(let ref, let color):
      edit.recolor(try element(ref, c), "fill", color)
    case .setStroke(let ref, let color):
      edit.recolor(try element(ref, c), "stroke", color)
    case .setOpacity(let ref, let value):
      edit.setOpacity(try element(ref, c), value)
    case .moveBy(let ref, let dx, let dy):
      let id = try element(ref, c)
      let scene = try scene(for: c)
      do throws(EditFailure) {
        try edit.moveBy(id, by: Point(dx, dy), scene: scene)
      } catch {
        throw CommandError("moveBy: \(error)", at: c.location)
      }
    case .moveToIndex(let ref, let index):
      let (id, count) = try reorderable(ref, c)
      guard (0..<count).contains(index) else {
        throw CommandError(
          "index \(index) is out of range: the parent has \(count) element children (0 to "
            + "\(count - 1))", at: c.location(ofArgument: 1))
      }
      edit.moveToIndex(id, index)
    case .moveAt, .bringToFront, .sendToBack, .insertImage:
      try place(c, in: &edit)
    case .reset(let ref):
      edit.reset(try element(ref, c), original: original)
    case .resetAll:
      undoMemory.record(position, UndoStep(change: .document(current)))
      log.append(c.command)
      current = original
      return
    case .undo, .redo:
      try move(c)
      log.append(c.command)
      return
    }
    undoMemory.record(
      position,
      edit.removesNodes
        ? UndoStep(change: .document(current))
        : UndoStep(change: .nodes(edit.saved), inserted: edit.inserted))
    log.append(c.command)
    let before = current
    current = edit.document
    cache.edited(
      edit.inserted.isEmpty && !edit.removesNodes ? Array(edit.saved.keys) : nil, in: current,
      from: before)
  }

  /// The scene of ``current`` for command `c`; an error at the command when the document
  /// cannot be rendered.
  func scene(for c: ScriptCommand) throws(CommandError) -> Scene {
    do {
      return try scene()
    } catch {
      throw CommandError(
        "\(c.command.name): the document cannot be rendered: \(error)", at: c.location)
    }
  }

  /// The element a reference names in the current document, or an error at the argument.
  func element(_ ref: ElementReference, _ c: ScriptCommand) throws(CommandError) -> NodeID {
    guard let id = ref.resolve(in: current) else {
      let kind = ref.text.hasPrefix("/") ? "at index path" : "with id"
      throw CommandError("no element \(kind) '\(ref.text)'", at: c.location(ofArgument: 0))
    }
    return id
  }
}
