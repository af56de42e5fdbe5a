import SVGTree

extension BuildContext {
  /// The element `iri` names and the context of the document it is in: this one for
  /// `url(#id)`, another file's for `url(other.svg#id)` (read once per render under the
  /// document policy, see ``ExternalDocuments``). nil when there is none; another file's
  /// failures (refused, unreadable, no such element) add a diagnostic on `id` naming
  /// `property`, and the caller treats them as a missing element, as SVG says for an
  /// invalid reference. A missing local element is left to the caller to report.
  func target(of iri: FuncIRI, property: String, for id: NodeID) throws(RenderError)
    -> (BuildContext, NodeID)?
  {
    guard let file = iri.file else {
      return document.element(withID: iri.id).map { (self, $0) }
    }
    let reference = ExternalDocuments.Reference(file: file, fragment: iri.id)
    return try shared.externals.element(
      reference, what: property, from: self, for: id, consequence: "reference ignored")
  }

  /// Runs `body` with a builder for `target` (this context or another file's), passing the
  /// diagnostics that another file gathers meanwhile on to `id` here, naming the file.
  func building<T>(
    in target: BuildContext, at id: NodeID, _ body: (RenderTreeBuilder) throws(RenderError) -> T
  ) throws(RenderError) -> T {
    let builder = RenderTreeBuilder(context: target)
    guard target !== self else { return try body(builder) }
    return try shared.externals.forwardingDiagnostics(from: target, to: self, at: id) {
      () throws(RenderError) -> T in try body(builder)
    }
  }
}
