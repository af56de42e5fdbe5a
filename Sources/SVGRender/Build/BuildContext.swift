import Dispatch
import Glibc
import SVGGeometry
import SVGTree

/// State of one document while a render tree is built: the document, its computed styles
/// and its diagnostics, with the reference budget that every document the render reaches
/// shares (``SharedBuild``). Internal to a single build; never shared with another.
final class BuildContext {
  let document: Document
  /// Each element's declared values, for styling `use` instances.
  let specified: [StyleEntries]
  let styles: [ComputedStyle]
  /// The style sheets the cascade read (the document's and the options', imports resolved).
  let sheets: [StyleSheet]
  /// What reading them reported (the first of ``diagnostics``).
  private let sheetDiagnostics: [Diagnostic]
  let options: RenderOptions
  private(set) var diagnostics: [Diagnostic] = []
  /// What the documents of one render (the input and the files its references reach)
  /// share: the reference budget, the elements being instantiated, the loaded documents.
  /// The input's context owns it; the others, which it keeps, only point to it.
  unowned(unsafe) let shared: SharedBuild
  private let ownedShared: SharedBuild?
  /// This document's number among them.
  let documentKey: Int
  /// References resolved so far (an SVG image's own build is charged to its parent's).
  var references: Int { shared.references }
  /// `clip-path`/`mask` links dropped to break reference cycles (computed on first use).
  lazy var maskingCycles = MaskingCycles(document: document, styles: styles)
  /// The object bounding box of each `text` element built last: its font cells (ascent to
  /// descent, one advance wide per character), as browsers measure it, not its glyphs'.
  var textBoxes: [NodeID: Rect] = [:]
  /// Styles of the elements of the `use` instances being built (see `UseInstance.swift`).
  /// A build runs on one thread and every element's style is read through it, so it is
  /// exempt from the run-time exclusivity checks.
  @exclusivity(unchecked) var instanceStyles: [NodeID: InstanceStyle] = [:]
  /// `fill` and `stroke` values parsed so far, by their text: a drawing repeats a few of
  /// them on most of its elements (in the 299 drawings of `scripts/bench thumbs`, 9,476
  /// reads). Invalid texts are not kept, so each read of one reports it. Read and written
  /// on the build's one thread, as ``instanceStyles``.
  @exclusivity(unchecked) var paints: [String: Paint] = [:]
  /// Gradients resolved so far without a diagnostic, as far as a shape's bounding box
  /// allows (see ``KeptGradient``). Read and written on the build's one thread.
  @exclusivity(unchecked) var gradients: [KeptGradient.Key: KeptGradient] = [:]
  /// How many diagnostics ``warn(_:at:)`` was asked for, counting those it did not keep.
  private(set) var warnings = 0
  /// The build's time limit and cancellation (see ``RenderCancellation``).
  let cancellation: RenderCancellation?
  /// Where the build is cut into runs built at the same time, until it is (see
  /// ``SplitBuild``). Not planned under a check budget, whose count the later runs' checks
  /// would change.
  var split: SplitBuild?

  /// The context of a render's input document. With `cascade` (see ``KeptCascade``), the
  /// styles are taken from it, not computed.
  convenience init(document: Document, options: RenderOptions, cascade: KeptCascade? = nil) {
    let shared = SharedBuild()
    self.init(document: document, options: options, shared: shared, owner: true, cascade: cascade)
    shared.externals.input = self
  }

  /// The context of a document that the render reached through a reference (see
  /// ``ExternalDocuments``), sharing `shared` with every other document of the render.
  init(
    document: Document, options: RenderOptions, shared: SharedBuild, owner: Bool = false,
    cascade: KeptCascade? = nil
  ) {
    self.document = document
    self.options = options
    self.shared = shared
    self.ownedShared = owner ? shared : nil
    self.documentKey = shared.newDocumentKey()
    self.cancellation = RenderCancellation.token(options.cancellation, limits: options.limits)
    if let cascade, cascade.dpi == options.fontDPI {
      specified = cascade.specified
      styles = cascade.styles
      sheets = cascade.sheets
      sheetDiagnostics = cascade.diagnostics
      diagnostics = cascade.diagnostics
      return
    }
    var sheetDiagnostics: [Diagnostic] = []
    let directory = ImageLoader.directory(of: document)
    let sheets = (document.styleSheets() + options.styleSheets).map {
      $0.resolvingImports(
        resources: options.resources, directory: directory, limits: options.limits,
        diagnostics: &sheetDiagnostics)
    }
    self.sheets = sheets
    (specified, styles) = document.cascade(
      styleSheets: sheets, inheritedDefaults: options.inheritedDefaults, dpi: options.fontDPI
    ) { count, job in
      withoutActuallyEscaping(job) { job in
        let job = UnsafeSendable(job)
        ThreadPlacement.concurrentPerform(iterations: count) { job.value($0) }
      }
    }
    self.sheetDiagnostics = Array(sheetDiagnostics.prefix(100))
    diagnostics = self.sheetDiagnostics
  }

  /// A context for building a run of this document's elements on another thread (see
  /// ``SplitBuild``): the same document, styles and deadline; its own diagnostics, caches
  /// and running totals, from zero, for ``join(_:)``.
  func fork() -> BuildContext {
    BuildContext(forking: self)
  }

  private init(forking parent: BuildContext) {
    document = parent.document
    specified = parent.specified
    styles = parent.styles
    sheets = parent.sheets
    sheetDiagnostics = []
    options = parent.options
    let shared = SharedBuild()
    self.shared = shared
    ownedShared = shared
    documentKey = shared.newDocumentKey()
    cancellation = parent.cancellation
    paints = parent.paints
    gradients = parent.gradients
    shared.externals.input = self
  }

  /// Whether a run of elements built in `state` may be built on a fork: nothing is being
  /// instantiated (no `use`, marker or pattern content, whose cycle checks and styles a
  /// fork does not share).
  func mayFork(_ state: BuildState) -> Bool {
    shared.active.isEmpty && instanceStyles.isEmpty && state.contextPaint == nil
  }

  /// Takes on what `fork` gathered while building the run after this context's last
  /// element, as if this context had built it, and returns true; false, changing nothing,
  /// when that run must be built again here: its result depended on what came before it
  /// (``SharedBuild/dependsOnOrder``) or its totals with this context's pass a limit,
  /// which the build in order then reports.
  func join(_ fork: BuildContext) -> Bool {
    let (mine, theirs) = (shared, fork.shared)
    guard !theirs.dependsOnOrder,
      mine.references + theirs.references <= options.limits.maxReferences,
      mine.clonedElements + theirs.clonedElements <= options.limits.maxElements
    else { return false }
    mine.references += theirs.references
    mine.clonedElements += theirs.clonedElements
    for d in fork.diagnostics where diagnostics.count < 1000 && diagnostics.last != d {
      diagnostics.append(d)
    }
    return true
  }

  /// The computed style of `id`: the one of its `use` instance while one is being built.
  func computedStyle(_ id: NodeID) -> ComputedStyle {
    if !instanceStyles.isEmpty, let s = instanceStyles[id] { return s.style }
    return styles[id.index]
  }

  func style(_ id: NodeID) -> StyleValues { StyleValues(context: self, id: id) }

  /// This document's cascade, to update for the next state of an edited document.
  var keptCascade: KeptCascade {
    KeptCascade(
      specified: specified, styles: styles, dpi: options.fontDPI, sheets: sheets,
      diagnostics: sheetDiagnostics)
  }

  func warn(_ message: String, at id: NodeID?) {
    warnings += 1
    let location = id.map { document[$0].location } ?? .unknown
    let d = Diagnostic(message, at: location)
    if diagnostics.count < 1000, diagnostics.last != d { diagnostics.append(d) }
  }

  /// The diagnostics after the first `mark`, which are then forgotten (an external
  /// document's, passed on to the element that referenced it).
  func takeDiagnostics(since mark: Int) -> [Diagnostic] {
    guard mark < diagnostics.count else { return [] }
    defer { diagnostics.removeSubrange(mark...) }
    return Array(diagnostics[mark...])
  }

  /// Counts `count` reference resolutions against ``Limits/maxReferences``.
  func countReference(_ count: Int = 1) throws(RenderError) {
    try cancellation?.check()
    shared.references += count
    if shared.references > options.limits.maxReferences {
      throw RenderError(
        .limit,
        "more than \(options.limits.maxReferences) references resolved (use/pattern/marker chains)")
    }
  }

  /// Runs `body` with `id` marked active; returns nil (with a diagnostic) on a cycle, and
  /// throws past ``Limits/maxReferences`` resolutions or ``Limits/maxReferenceDepth`` nesting.
  func instantiating<T>(_ id: NodeID, _ body: () throws(RenderError) -> T?) throws(RenderError)
    -> T?
  {
    let key = SharedBuild.ElementKey(document: documentKey, node: id)
    guard !shared.active.contains(key) else {
      warn("reference cycle through <\(document[id].name)> skipped", at: id)
      return nil
    }
    try countReference()
    guard shared.active.count < options.limits.maxReferenceDepth else {
      let depth = options.limits.maxReferenceDepth
      throw RenderError(
        .limit, "references nested more than \(depth) deep (use/pattern/marker chains)")
    }
    shared.active.insert(key)
    defer { shared.active.remove(key) }
    return try body()
  }

  /// The element a `url(#id)` or `#id` reference names, if any.
  func element(referencedBy iri: String) -> NodeID? {
    let id = iri.hasPrefix("#") ? String(iri.dropFirst()) : iri
    return document.element(withID: id)
  }

  /// Computed `font-size` in px (the cascade made it absolute), for `em`/`ex` lengths.
  func fontSize(of id: NodeID) -> Double {
    FontSize.pixels(computedStyle(id)[.fontSize], parent: FontSize.initial)
  }
}

/// The state every document of one render shares (see ``BuildContext/shared``).
final class SharedBuild {
  /// An element of one of the render's documents.
  struct ElementKey: Hashable {
    var document: Int
    var node: NodeID
  }

  /// References resolved so far, in every document, against ``Limits/maxReferences``.
  var references = 0
  /// Elements being instantiated right now (`use` targets, patterns, markers, clips,
  /// masks), in any document: meeting one again is a reference cycle, across files too.
  var active: Set<ElementKey> = []
  /// Elements cloned by `use` so far, counted against ``Limits/maxElements``.
  var clonedElements = 0
  /// Something was built that depends on what the render built before it: another file
  /// (read once per render) or an SVG image (whose reference budget is what is left of the
  /// render's). A run built apart (``SplitBuild``) is then built again in order.
  var dependsOnOrder = false
  /// The documents read for references into other files, each once per render.
  let externals = ExternalDocuments()
  private var documents = 0

  func newDocumentKey() -> Int {
    documents += 1
    return documents - 1
  }
}

extension String {
  var trimmingSpaces: String {
    // Most values are written without spaces around them: no copy then.
    if let f = utf8.first, let l = utf8.last, f > 0x20, f < 0x80, l > 0x20, l < 0x80 {
      return self
    }
    var s = Substring(self)
    while let c = s.first, c.isWhitespace { s.removeFirst() }
    while let c = s.last, c.isWhitespace { s.removeLast() }
    return String(s)
  }
}
