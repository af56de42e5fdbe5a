import SVGGeometry
import SVGTree

/// State shared while one render tree is built: the document, its computed styles, the
/// reference budget and the diagnostics. Internal to a single build; never shared.
final class BuildContext {
  let document: Document
  let styles: [ComputedStyle]
  let options: RenderOptions
  private(set) var diagnostics: [Diagnostic] = []
  private var references = 0
  /// Elements being instantiated right now (`use` targets, patterns, markers, clips,
  /// masks): meeting one again is a reference cycle.
  private var active: Set<NodeID> = []

  init(document: Document, options: RenderOptions) {
    self.document = document
    self.options = options
    self.styles = document.computeStyles(extraStyleSheets: options.styleSheets)
  }

  func style(_ id: NodeID) -> StyleValues { StyleValues(context: self, id: id) }

  func warn(_ message: String, at id: NodeID?) {
    let location = id.map { document[$0].location } ?? .unknown
    let d = Diagnostic(message, at: location)
    if diagnostics.count < 1000, diagnostics.last != d { diagnostics.append(d) }
  }

  /// Counts one reference resolution against ``Limits/maxReferences``.
  func countReference() throws(RenderError) {
    references += 1
    if references > options.limits.maxReferences {
      throw RenderError(
        "more than \(options.limits.maxReferences) references resolved (use/pattern/marker chains)")
    }
  }

  /// Runs `body` with `id` marked active; returns nil (with a diagnostic) on a cycle.
  func instantiating<T>(_ id: NodeID, _ body: () throws(RenderError) -> T?) throws(RenderError) -> T? {
    guard !active.contains(id) else {
      warn("reference cycle through <\(document[id].name)> skipped", at: id)
      return nil
    }
    try countReference()
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
    FontSize.pixels(styles[id.index]["font-size"], parent: FontSize.initial)
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
