import SVGTree

/// The other files a render's references reach (`<use href="sprites.svg#icon"/>`,
/// `fill="url(paint.svg#gradient)"`, see ``BuildContext/target(of:property:for:)``).
///
/// A file is read under the render's resource policy (``RenderOptions/documentResources``,
/// else ``RenderOptions/resources``), relative to the folder of the document that references
/// it (`svg-render` allows the input's folder), parsed with the same ``Limits``, and styled
/// once per render: every later reference to it, from any document, reuses it, so a sprite
/// sheet is parsed once however many icons it lends. A file that is refused or cannot be
/// read is tried once too. Its elements are instantiated under the same reference budget,
/// nesting depth and cycle check as local ones (see ``SharedBuild``), so cycles through
/// several files end like local ones; a reference to the input's own file is a reference
/// into the input. All the external files of one render together hold at most
/// ``Limits/maxInputBytes``.
final class ExternalDocuments {
  /// The input document's context, which owns this cache and so outlives it (not retained,
  /// and not `weak`, whose side table would slow every retain of the context).
  unowned(unsafe) var input: BuildContext?
  /// The input's canonical path, when it was read from a file the policy allows: a
  /// reference to the input's own file is a reference into the input. Resolved on the first
  /// reference to another file, since most drawings make none.
  private lazy var inputPath: String? = {
    guard let input, let path = input.document.sourcePath, !path.hasPrefix("<"),
      case .file(let canonical)? = try? input.options.documentPolicy.resolve(
        path, relativeTo: FileSystem.currentDirectory)
    else { return nil }
    return canonical
  }()
  private var loaded: [String: BuildContext] = [:]
  /// Why a file could not be used, by its canonical path (or `data:` URL).
  private var refused: [String: String] = [:]
  private var bytes = 0

  /// A reference to another file: `file#id` (the file part is never empty).
  struct Reference {
    var file: String
    var fragment: String

    init(file: String, fragment: String) {
      self.file = file
      self.fragment = fragment
    }

    /// Nil for a local reference (`#id`, or nothing before the `#`).
    init?(_ href: String) {
      let text = href.trimmingSpaces
      guard let hash = text.lastIndex(of: "#") else {
        guard !text.isEmpty else { return nil }
        (file, fragment) = (text, "")
        return
      }
      guard hash != text.startIndex else { return nil }
      file = String(text[..<hash])
      fragment = String(text[text.index(after: hash)...])
    }
  }

  /// The element `reference` names in another document, and that document's context; nil,
  /// with a diagnostic on `id` of `context`, when it cannot be used. `what` names the
  /// referencing element or property in messages (`<use>`, `fill`), `consequence` what
  /// follows (`not rendered`).
  func element(
    _ reference: Reference, what: String, from context: BuildContext, for id: NodeID,
    consequence: String = "not rendered"
  ) throws(RenderError) -> (BuildContext, NodeID)? {
    guard !reference.fragment.isEmpty else {
      context.warn(
        "\(what) of \"\(reference.file)\" names no element (a #id is needed); \(consequence)",
        at: id)
      return nil
    }
    guard
      let target = try document(
        reference.file, from: context, for: id, what: "\(what) \(consequence)")
    else {
      return nil
    }
    guard let node = target.document.element(withID: reference.fragment) else {
      context.warn(
        "\(what) references a missing element \(reference.file)#\(reference.fragment); "
          + consequence, at: id)
      return nil
    }
    return (target, node)
  }

  /// The context of the document `file` names, read on first use.
  private func document(
    _ file: String, from context: BuildContext, for id: NodeID, what: String
  ) throws(RenderError) -> BuildContext? {
    context.shared.dependsOnOrder = true
    let options = context.options
    let key: String
    do {
      switch try options.documentPolicy.resolve(
        file, relativeTo: ImageLoader.directory(of: context.document))
      {
      case .file(let path): key = path
      case .data: key = file
      }
    } catch {
      context.warn("\(what): \(error)", at: id)
      return nil
    }
    if key == inputPath, let input { return input }
    if let done = loaded[key] { return done }
    if let why = refused[key] {
      context.warn("\(what): \(why)", at: id)
      return nil
    }
    try context.countReference()
    do throws(RenderError) {
      let document = try read(file, from: context)
      var external = options
      // One deadline for the whole render.
      external.cancellation = context.cancellation
      let built = BuildContext(document: document, options: external, shared: context.shared)
      for d in document.diagnostics.prefix(20) {
        context.warn("in \(FileName.last(file)): \(d)", at: id)
      }
      loaded[key] = built
      return built
    } catch {
      refused[key] = error.message
      context.warn("\(what): \(error.message)", at: id)
      return nil
    }
  }

  /// Reads and parses `file` within what is left of the byte budget.
  private func read(_ file: String, from context: BuildContext) throws(RenderError) -> Document {
    let limits = context.options.limits
    let resource: Resource
    do {
      resource = try context.options.documentPolicy.load(
        file, relativeTo: ImageLoader.directory(of: context.document),
        maxBytes: max(0, limits.maxInputBytes - bytes))
    } catch {
      throw RenderError(
        bytes > 0
          ? "\(error) (\(bytes) bytes of other files read already in this render)"
          : "\(error)")
    }
    bytes += resource.bytes.count
    do {
      return try Document(
        bytes: resource.bytes, path: resource.path ?? "<data URL>", limits: limits)
    } catch {
      throw RenderError("\"\(file)\" cannot be read: \(error.message)")
    }
  }

  /// Runs `body`, which builds from `external`'s document, and passes the diagnostics
  /// `external` gathered meanwhile on to `id` of `context`, naming the file. The input's
  /// own diagnostics stay where they are.
  func forwardingDiagnostics<T>(
    from external: BuildContext, to context: BuildContext, at id: NodeID,
    _ body: () throws(RenderError) -> T
  ) throws(RenderError) -> T {
    guard external !== context, external !== input else { return try body() }
    let mark = external.diagnostics.count
    defer {
      let name = external.document.sourcePath.map(FileName.last) ?? "another file"
      for d in external.takeDiagnostics(since: mark).prefix(20) {
        context.warn("in \(name): \(d)", at: id)
      }
    }
    return try body()
  }
}

extension RenderOptions {
  /// The policy for other SVG documents (see ``documentResources``).
  var documentPolicy: ResourcePolicy { documentResources ?? resources }
}

enum FileName {
  /// The last component of a path.
  static func last(_ path: String) -> String {
    path.split(separator: "/").last.map(String.init) ?? path
  }
}

extension RenderNode {
  /// The node with `element` as the source of every node of its tree: what another file's
  /// elements drew is answered for by the element of this document that referenced them.
  func sourced(from element: NodeID) -> RenderNode {
    switch self {
    case .group(var g):
      g.source = element
      g.children = g.children.map { $0.sourced(from: element) }
      return .group(g)
    case .path(var p):
      p.source = element
      return .path(p)
    case .image(var i):
      i.source = element
      return .image(i)
    }
  }
}
