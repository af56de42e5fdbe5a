import SVGGeometry
import SVGTree

/// State shared while one render tree is built: the document, its computed styles, the
/// reference budget and the diagnostics. Internal to a single build; never shared.
final class BuildContext {
  let document: Document
  /// Each element's declared values, for styling `use` instances.
  let specified: [[String: String]]
  let styles: [ComputedStyle]
  let options: RenderOptions
  private(set) var diagnostics: [Diagnostic] = []
  /// References resolved so far (an SVG image's own build is charged to its parent's).
  private(set) var references = 0
  /// `clip-path`/`mask` links dropped to break reference cycles (computed on first use).
  lazy var maskingCycles = MaskingCycles(document: document, styles: styles)
  /// Elements being instantiated right now (`use` targets, patterns, markers, clips,
  /// masks): meeting one again is a reference cycle.
  private var active: Set<NodeID> = []
  /// Styles of the elements of the `use` instances being built (see `UseInstance.swift`).
  var instanceStyles: [NodeID: InstanceStyle] = [:]
  /// Elements cloned by `use` so far, counted against ``Limits/maxElements``.
  var clonedElements = 0
  /// The build's time limit and cancellation (see ``RenderCancellation``).
  let cancellation: RenderCancellation?

  init(document: Document, options: RenderOptions) {
    self.document = document
    self.options = options
    self.cancellation = RenderCancellation.token(options.cancellation, limits: options.limits)
    var sheetDiagnostics: [Diagnostic] = []
    let directory = ImageLoader.directory(of: document)
    let sheets = (document.styleSheets() + options.styleSheets).map {
      $0.resolvingImports(
        resources: options.resources, directory: directory, limits: options.limits,
        diagnostics: &sheetDiagnostics)
    }
    self.specified = document.specifiedStyles(styleSheets: sheets)
    self.styles = document.computeStyles(
      specified: specified, inheritedDefaults: options.inheritedDefaults)
    diagnostics = Array(sheetDiagnostics.prefix(100))
  }

  /// The computed style of `id`: the one of its `use` instance while one is being built.
  func computedStyle(_ id: NodeID) -> ComputedStyle {
    if !instanceStyles.isEmpty, let s = instanceStyles[id] { return s.style }
    return styles[id.index]
  }

  func style(_ id: NodeID) -> StyleValues { StyleValues(context: self, id: id) }

  func warn(_ message: String, at id: NodeID?) {
    let location = id.map { document[$0].location } ?? .unknown
    let d = Diagnostic(message, at: location)
    if diagnostics.count < 1000, diagnostics.last != d { diagnostics.append(d) }
  }

  /// Counts `count` reference resolutions against ``Limits/maxReferences``.
  func countReference(_ count: Int = 1) throws(RenderError) {
    try cancellation?.check()
    references += count
    if references > options.limits.maxReferences {
      throw RenderError(
        .limit, "more than \(options.limits.maxReferences) references resolved (use/pattern/marker chains)")
    }
  }

  /// Runs `body` with `id` marked active; returns nil (with a diagnostic) on a cycle, and
  /// throws past ``Limits/maxReferences`` resolutions or ``Limits/maxReferenceDepth`` nesting.
  func instantiating<T>(_ id: NodeID, _ body: () throws(RenderError) -> T?) throws(RenderError)
    -> T?
  {
    guard !active.contains(id) else {
      warn("reference cycle through <\(document[id].name)> skipped", at: id)
      return nil
    }
    try countReference()
    guard active.count < options.limits.maxReferenceDepth else {
      let depth = options.limits.maxReferenceDepth
      throw RenderError(.limit, "references nested more than \(depth) deep (use/pattern/marker chains)")
    }
    active.insert(id)
    defer { active.remove(id) }
    return try body()
  }

  /// The element a `url(#id)` or `#id` reference names, if any.
  func element(referencedBy iri: String) -> NodeID? {
    let id = iri.hasPrefix("#") ? String(iri.dropFirst()) : iri
    return document.element(withID: id)
  }

  /// Computed `font-size` in px (the cascade made it absolute), for `em`/`ex` lengths.
  func fontSize(of id: NodeID) -> Double {
    FontSize.pixels(computedStyle(id)["font-size"], parent: FontSize.initial)
  }
}

extension String {
  var trimmingSpaces: String {
    var s = Substring(self)
    while let c = s.first, c.isWhitespace { s.removeFirst() }
    while let c = s.last, c.isWhitespace { s.removeLast() }
    return String(s)
  }
}
