import Dispatch
import SVGCommands
import SVGQuery
import SVGRender
import SVGTree
import Synchronization

/// Reads and renders SVG for the routes, within the service's limits: at most
/// ``ServerLimits/maxConcurrentRenders`` at once, each cancelled past
/// ``ServerLimits/renderTimeout``, external files only under `--resources`.
final class RenderEngine: Sendable {
  let limits: ServerLimits
  let resources: ResourcePolicy
  let fontDirectories: [String]
  let metrics: Metrics
  private let slots: WorkSlots

  init(configuration: ServerConfiguration, metrics: Metrics) {
    limits = configuration.limits
    resources = configuration.resourceDirectory.map { .files(baseDirectory: $0) } ?? .dataOnly
    fontDirectories = configuration.fontDirectories
    self.metrics = metrics
    slots = WorkSlots(
      count: configuration.limits.maxConcurrentRenders,
      maxWaiting: configuration.limits.maxQueuedRenders, wait: configuration.limits.renderWait,
      kind: "render", onBusy: { [metrics] in metrics.renderFailed("busy") })
  }

  /// Renders running now.
  var rendersInFlight: Int { slots.inFlight }

  /// The library's limits with the service's pixel cap.
  var documentLimits: Limits {
    var l = Limits()
    l.maxPixels = limits.maxPixels
    l.maxInputBytes = limits.maxBodyBytes
    return l
  }

  /// Reads a request body as SVG; a malformed body is a 400 naming line and column.
  func parse(_ body: [UInt8]) throws(ServiceError) -> Document {
    guard !body.isEmpty else { throw ServiceError(400, "the request body is empty: send SVG") }
    do {
      return try Document(bytes: body, limits: documentLimits)
    } catch {
      let status = error.kind == .limit ? 413 : 400
      throw ServiceError(
        status, error.message, line: error.location.line, column: error.location.column)
    }
  }

  /// Options for reading `document` into a render tree, stopped by `cancellation`.
  func options(cancellation: RenderCancellation? = nil) -> RenderOptions {
    var o = RenderOptions()
    o.limits = documentLimits
    o.resources = resources
    o.fontDirectories = fontDirectories
    o.cancellation = cancellation
    return o
  }

  /// The render tree of `document`, within the time budget, for queries.
  func tree(of document: Document) throws(ServiceError) -> RenderTree {
    try withSlot { cancellation throws(ServiceError) in
      do throws(RenderError) {
        return try RenderTree(document: document, options: options(cancellation: cancellation))
      } catch {
        throw failure(error)
      }
    }
  }

  /// Renders `document` as `parameters` ask; returns the bytes and the warnings.
  func render(_ document: Document, _ parameters: RenderParameters) throws(ServiceError)
    -> (bytes: [UInt8], warnings: [Diagnostic])
  {
    try render(parameters) { cancellation throws(RenderError) in
      try RenderTree(document: document, options: options(cancellation: cancellation))
    }
  }

  /// Renders the current state of a colouring session through the session, which keeps
  /// its render tree and last PNG between commands and draws again only what a command
  /// changed (everything is built here, within the budget, when it has nothing yet).
  func render(_ editable: EditableDocument, _ parameters: RenderParameters) throws(ServiceError)
    -> (bytes: [UInt8], warnings: [Diagnostic])
  {
    try withSlot { cancellation throws(ServiceError) in
      do throws(RenderError) {
        var request = parameters.request
        request.cancellation = cancellation
        let bytes = try editable.render(request, limits: documentLimits)
        metrics.rendered(request.format.rawValue)
        return (bytes, try editable.renderTree(cancellation: cancellation).diagnostics)
      } catch {
        throw failure(error)
      }
    }
  }

  /// The query scene of a session's current state, kept by the session between commands.
  func scene(of editable: EditableDocument) throws(ServiceError) -> Scene {
    try withSlot { cancellation throws(ServiceError) in
      do throws(RenderError) {
        return try editable.scene(cancellation: cancellation)
      } catch {
        throw failure(error)
      }
    }
  }

  private func render(
    _ parameters: RenderParameters,
    tree: (RenderCancellation) throws(RenderError) -> RenderTree
  ) throws(ServiceError) -> (bytes: [UInt8], warnings: [Diagnostic]) {
    try withSlot { cancellation throws(ServiceError) in
      do throws(RenderError) {
        let tree = try tree(cancellation)
        var request = parameters.request
        request.cancellation = cancellation
        let bytes = try request.render(tree, limits: documentLimits)
        metrics.rendered(request.format.rawValue)
        return (bytes, tree.diagnostics)
      } catch {
        throw failure(error)
      }
    }
  }

  /// Runs `body` in a render slot with a fresh deadline (see ``WorkSlots``).
  private func withSlot<T>(_ body: (RenderCancellation) throws(ServiceError) -> T)
    throws(ServiceError) -> T
  {
    try slots.run { () throws(ServiceError) in
      try body(RenderCancellation(timeout: limits.renderTimeout))
    }
  }

  private func failure(_ error: RenderError) -> ServiceError {
    if error.isCancellation {
      metrics.renderFailed("timeout")
      var e = ServiceError(
        503, "the render took longer than its budget of \(limits.renderTimeout) and was stopped")
      e.headers = [("Retry-After", "1")]
      return e
    }
    metrics.renderFailed(error.kind == .limit ? "limit" : "invalid")
    return ServiceError(422, error.message)
  }
}

extension Diagnostic {
  /// The warning as a JSON object: message, line, column.
  var json: JSON {
    var m: [(String, JSON)] = [("message", .string(message))]
    if location.line > 0 {
      m.append(("line", .number(Double(location.line))))
      m.append(("column", .number(Double(location.column))))
    }
    return .object(m)
  }
}

extension HTTPResponse {
  /// Adds the warnings as headers: `X-Inkpath-Warnings: N`, then up to 20
  /// `X-Inkpath-Warning: line:column: message` (ASCII, one line each).
  mutating func addWarnings(_ warnings: [Diagnostic]) {
    guard !warnings.isEmpty else { return }
    headers.append(("X-Inkpath-Warnings", String(warnings.count)))
    for w in warnings.prefix(20) {
      let text = String(
        String(describing: w).unicodeScalars.map {
          $0.isASCII && $0.value >= 0x20 && $0.value < 0x7F ? Character($0) : "?"
        }.prefix(300))
      headers.append(("X-Inkpath-Warning", text))
    }
  }
}

typealias SVGTreeDocument = Document
