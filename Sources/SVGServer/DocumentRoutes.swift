import SVGCommands
import SVGRender
import SVGTree

/// Colouring sessions: `/documents` and below.
extension Service {
  static let documentRoutes: [Route] = [
    Route(
      method: "POST", pattern: "/documents", summary: "Store an SVG as a new document",
      body: ["image/svg+xml"],
      responses: [
        (201, "application/json"), (400, "application/json"), (413, "application/json"),
        (503, "application/json"),
      ]
    ) { s, request, _ throws(ServiceError) in try s.createDocument(request) },
    Route(
      method: "GET", pattern: "/documents/{id}.png",
      summary: "Render the document with its edits (ETag; immutable with revision=)",
      parameters: renderParameters + [revisionParameter],
      responses: imageResponses + [(404, "application/json")]
    ) { s, request, p throws(ServiceError) in try s.renderDocument(p["id"]!, request, "png") },
    Route(
      method: "GET", pattern: "/documents/{id}.pdf",
      summary: "The document with its edits as PDF (ETag; immutable with revision=)",
      parameters: renderParameters.filter { $0.name != "format" } + [revisionParameter],
      responses: [(200, "application/pdf"), (304, "application/pdf"), (404, "application/json")]
    ) { s, request, p throws(ServiceError) in try s.renderDocument(p["id"]!, request, "pdf") },
    Route(
      method: "GET", pattern: "/documents/{id}.svg",
      summary: "The document as SVG with its edits applied",
      parameters: [revisionParameter],
      responses: [(200, "image/svg+xml"), (304, "image/svg+xml"), (404, "application/json")]
    ) { s, request, p throws(ServiceError) in try s.documentSVG(p["id"]!, request) },
    Route(
      method: "GET", pattern: "/documents/{id}/elements",
      summary: "Elements under a point of the edited document, top-most first",
      parameters: queryParameters, responses: queryResponses + [(404, "application/json")]
    ) { s, request, p throws(ServiceError) in
      try s.hits(in: s.engine.scene(of: s.current(p["id"]!, request).editable), request)
    },
    Route(
      method: "POST", pattern: "/documents/{id}/commands",
      summary: "Apply commands (text or URL lines in the --url-scheme, svg:// by default), all "
        + "or nothing; answers the revision. Commands: "
        + CommandScript.usages.joined(separator: ", "),
      body: ["text/plain"],
      responses: [
        (200, "application/json"), (400, "application/json"), (404, "application/json"),
        (413, "application/json"), (422, "application/json"),
      ]
    ) { s, request, p throws(ServiceError) in
      try s.applyCommands(
        p["id"]!, String(decoding: request.body, as: UTF8.self), urlForm: false, request)
    },
    Route(
      method: "POST", pattern: "/documents/{id}/command/{command+}",
      summary: "Apply one command in the URL form: POST /command/setActiveColor/255/0/0 "
        + "(GET answers 405: a state change is never a GET); the commands of /commands",
      responses: [
        (200, "application/json"), (400, "application/json"), (404, "application/json"),
        (422, "application/json"),
      ]
    ) { s, request, p throws(ServiceError) in
      let url = s.configuration.urlScheme.name + "://" + p["command"]!
      return try s.applyCommands(p["id"]!, url, urlForm: true, request)
    },
    Route(
      method: "POST", pattern: "/documents/{id}/undo",
      summary: "Undo the last command that changed the document (appends undo())",
      responses: [(200, "application/json"), (404, "application/json"), (422, "application/json")]
    ) { s, request, p throws(ServiceError) in try s.step(p["id"]!, .undo, request) },
    Route(
      method: "POST", pattern: "/documents/{id}/redo",
      summary: "Redo the last undone command (appends redo())",
      responses: [(200, "application/json"), (404, "application/json"), (422, "application/json")]
    ) { s, request, p throws(ServiceError) in try s.step(p["id"]!, .redo, request) },
    Route(
      method: "GET", pattern: "/documents/{id}",
      summary: "The document's revision and command log",
      responses: [(200, "application/json"), (404, "application/json")]
    ) { s, request, p throws(ServiceError) in
      let session = try s.current(p["id"]!, request)
      return .json(
        .object([
          ("id", .string(session.id)), ("revision", .number(Double(session.revision))),
          ("log", .array(session.log.map { .string($0) })),
        ]))
    },
    Route(
      method: "DELETE", pattern: "/documents/{id}", summary: "Delete the document and its log",
      responses: [(204, "application/json"), (404, "application/json")]
    ) { s, request, p throws(ServiceError) in try s.deleteDocument(p["id"]!, request) },
  ]

  static let revisionParameter = Route.Parameter(
    name: "revision", type: "integer",
    description: "The state after this many log entries (default: the current one); "
      + "answers are then immutable.")

  func createDocument(_ request: HTTPRequest) throws(ServiceError) -> HTTPResponse {
    let limits = configuration.limits
    guard request.body.count <= limits.maxDocumentBytes else {
      throw ServiceError(413, "the document is over the limit of \(limits.maxDocumentBytes) bytes")
    }
    let document = try engine.parse(request.body)
    guard document.root != nil else { throw ServiceError(400, "the document has no root element") }
    let owner = access.owner(request.headers).flatMap { $0.isEmpty ? nil : $0 }
    let creation: Creation
    do {
      creation = try store.create(
        svg: request.body, owner: owner,
        limits: CreationLimits(
          maxDocuments: limits.maxDocuments, perOwnerDocuments: limits.documentsPerToken,
          perOwnerBytes: limits.bytesPerToken))
    } catch {
      throw ServiceError(503, error.message)
    }
    let id: String
    switch creation {
    case .created(let made): id = made
    case .storeFull:
      throw ServiceError(503, "the store is full: it holds \(limits.maxDocuments) documents")
    case .overQuota(let why): throw ServiceError(403, why)
    }
    var response = HTTPResponse.json(
      .object([("id", .string(id)), ("revision", 0)]), status: 201)
    response.headers.append(("Location", "/documents/\(id)"))
    response.addWarnings(document.diagnostics)
    return response
  }

  /// The session at `revision=` when given (replayed, not cached), else the current one.
  func session(_ id: String, _ request: HTTPRequest) throws(ServiceError) -> (Session, Bool) {
    if let text = request.query["revision"] {
      guard let revision = Int(text), revision >= 0 else {
        throw ServiceError(400, "revision: \"\(text)\" is not a whole number")
      }
      let current = try self.current(id, request)
      if current.revision == revision { return (current, true) }
      return (try sessions.load(id, upTo: revision, options: engine.options()), true)
    }
    return (try current(id, request), false)
  }

  /// The session at its latest revision, when the request may read it.
  func current(_ id: String, _ request: HTTPRequest) throws(ServiceError) -> Session {
    try sessions.locked(id) { () throws(ServiceError) in
      let session = try sessions.session(id, options: engine.options())
      try check(session, request, write: false)
      return session
    }
  }

  func renderDocument(_ id: String, _ request: HTTPRequest, _ format: String) throws(ServiceError)
    -> HTTPResponse
  {
    var query = request.query
    query["format"] = format
    let parameters = try RenderParameters(query: query)
    let (session, pinned) = try self.session(id, request)
    let etag = SHA256.hex([
      BuildIdentity.current, Array(session.stateHash.utf8), Array(parameters.canonical.utf8),
    ])
    var response = try conditional(request, etag: etag, immutable: pinned) {
      () throws(ServiceError) in
      try renderResponse(session.editable, parameters)
    }
    response.headers.append(("X-Inkpath-Revision", String(session.revision)))
    return response
  }

  func documentSVG(_ id: String, _ request: HTTPRequest) throws(ServiceError) -> HTTPResponse {
    let (session, pinned) = try self.session(id, request)
    let etag = SHA256.hex([BuildIdentity.current, Array(session.stateHash.utf8)])
    var response = try conditional(request, etag: etag, immutable: pinned) {
      HTTPResponse(
        status: 200, headers: [("Content-Type", "image/svg+xml")],
        body: session.editable.current.written())
    }
    response.headers.append(("X-Inkpath-Revision", String(session.revision)))
    return response
  }

  /// Applies a script all or nothing: a malformed line is a 400, a command that cannot run
  /// (no such element, nothing under the point) a 422; either way nothing is stored.
  func applyCommands(_ id: String, _ script: String, urlForm: Bool, _ request: HTTPRequest)
    throws(ServiceError) -> HTTPResponse
  {
    try scriptSlots.run { () throws(ServiceError) in
      // The budget covers reading the script too.
      let budget = RenderCancellation(timeout: configuration.limits.scriptTimeout)
      let scheme = configuration.urlScheme
      let commands: [ScriptCommand]
      do throws(CommandError) {
        if urlForm {
          commands = try CommandScript.parse(line: script, urlScheme: scheme).map { [$0] } ?? []
        } else {
          commands = try CommandScript.parse(script, urlScheme: scheme)
        }
      } catch {
        throw ServiceError(
          400, error.message, line: error.location.line, column: error.location.column)
      }
      guard !commands.isEmpty else { throw ServiceError(400, "no commands in the request") }
      if budget.isCancelled { throw failure(CommandError(overBudget, at: .unknown)) }
      let entries = commands.map { $0.command.description }
      return try commit(id, entries, request) {
        (editable: inout EditableDocument) throws(CommandError) in
        try Self.apply(commands, to: &editable, within: budget)
      }
    }
  }

  /// `undo()` or `redo()`, as the commands route would run them.
  func step(_ id: String, _ command: Command, _ request: HTTPRequest) throws(ServiceError)
    -> HTTPResponse
  {
    try commit(id, [command.description], request) {
      (editable: inout EditableDocument) throws(CommandError) in
      try editable.apply(command)
    }
  }

  /// Under the document's lock: applies `change` to a copy of the session, stores `entries`
  /// and the new revision in one transaction, and only then makes the copy current. When
  /// another replica appended first, the session catches up and `change` runs again on it.
  private func commit(
    _ id: String, _ entries: [String], _ request: HTTPRequest,
    _ change: (inout EditableDocument) throws(CommandError) -> Void
  ) throws(ServiceError) -> HTTPResponse {
    try sessions.locked(id) { () throws(ServiceError) -> HTTPResponse in
      for _ in 0..<8 {
        var session = try sessions.session(id, options: engine.options())
        try check(session, request, write: true)
        let limit = configuration.limits.maxCommandsPerDocument
        guard session.log.count + entries.count <= limit else {
          throw ServiceError(413, "document \(id) would hold over \(limit) commands")
        }
        do throws(CommandError) { try change(&session.editable) } catch {
          throw failure(error)
        }
        let revision: Int
        do throws(StoreError) {
          revision = try store.append(id, entries: entries, at: session.revision)
        } catch {
          sessions.forget(id)
          if error.conflict { continue }
          throw ServiceError(503, "not stored: \(error.message)")
        }
        session.log += entries
        sessions.snapshotIfDue(&session)
        sessions.remember(session)
        return .json(.object([("id", .string(id)), ("revision", .number(Double(revision)))]))
      }
      var e = ServiceError(503, "document \(id) is changing too fast: not stored, try again")
      e.headers = [("Retry-After", "1")]
      throw e
    }
  }

  func deleteDocument(_ id: String, _ request: HTTPRequest) throws(ServiceError) -> HTTPResponse {
    guard DocumentStore.isValidID(id) else { throw ServiceError(404, "no document \"\(id)\"") }
    return try sessions.locked(id) { () throws(ServiceError) -> HTTPResponse in
      try check(sessions.session(id, options: engine.options()), request, write: true)
      let found: Bool
      do throws(StoreError) { found = try store.delete(id) } catch {
        throw ServiceError(503, error.message)
      }
      sessions.forget(id)
      guard found else { throw ServiceError(404, "no document \"\(id)\"") }
      return HTTPResponse(status: 204)
    }
  }
}
