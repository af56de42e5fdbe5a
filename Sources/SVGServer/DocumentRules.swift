import SVGCommands
import SVGRender

/// The message of the error that stops a script at its time budget.
let overBudget = "the script ran past its time budget"

/// Who may read or change a document, and a script's time budget.
extension Service {
  /// 404 for a document of another token (its existence is not told), 403 for a change to
  /// a document stored before tokens (every token may read it, none may change it).
  func check(_ session: Session, _ request: HTTPRequest, write: Bool) throws(ServiceError) {
    guard let requester = access.owner(request.headers), !requester.isEmpty else { return }
    guard let owner = session.owner else {
      if write { throw ServiceError(403, "document \(session.id) predates tokens: read-only") }
      return
    }
    guard AccessControl.equal(Array(owner.utf8), Array(requester.utf8)) else {
      throw ServiceError(404, "no document \"\(session.id)\"")
    }
  }

  /// Applies `commands` all or nothing within `budget`: the hit tests of `fillAt` stop at
  /// the deadline, and a script that ends past it is dropped. Over budget, the error is
  /// ``overBudget`` and `editable` is as it was. One pass over the script: linear in its
  /// length.
  static func apply(
    _ commands: [ScriptCommand], to editable: inout EditableDocument,
    within budget: RenderCancellation
  ) throws(CommandError) {
    var copy = editable
    let options = copy.renderOptions
    copy.renderOptions.cancellation = budget
    do throws(CommandError) { try copy.apply(commands) } catch {
      if budget.isCancelled { throw CommandError(overBudget, at: error.location) }
      throw error
    }
    if budget.isCancelled { throw CommandError(overBudget, at: .unknown) }
    copy.renderOptions = options
    editable = copy
  }

  /// A command that cannot run is a 422; one stopped at the script's budget a 503.
  func failure(_ error: CommandError) -> ServiceError {
    guard error.message == overBudget else {
      return ServiceError(
        422, error.message, line: error.location.line, column: error.location.column)
    }
    var e = ServiceError(
      503,
      "the script ran past its budget of \(configuration.limits.scriptTimeout); "
        + "nothing of it was applied")
    e.headers = [("Retry-After", "1")]
    return e
  }
}
