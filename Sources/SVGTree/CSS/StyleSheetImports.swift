extension StyleSheet {
  /// This sheet with the rules of the sheets its `@import` rules name (and theirs, in turn)
  /// placed before its own, as CSS orders them.
  ///
  /// Each import is read through `resources` (nothing is read under ``ResourcePolicy/none``),
  /// relative to `directory` for this sheet and to its own folder for an imported sheet.
  /// An import that is refused, unreadable, nested deeper than ``Limits/maxImportDepth``,
  /// or part of a cycle is skipped with a diagnostic; a file already imported once is not
  /// imported again. Every file read counts against ``Limits/maxReferences``.
  public func resolvingImports(
    resources: ResourcePolicy, directory: String?, limits: Limits,
    diagnostics: inout [Diagnostic]
  ) -> StyleSheet {
    guard !imports.isEmpty else { return self }
    var loader = ImportLoader(resources: resources, limits: limits)
    var out = loader.resolve(self, directory: directory, chain: [])
    diagnostics += loader.diagnostics
    out.imports = []
    return out
  }
}

/// Follows `@import` rules for
/// ``StyleSheet/resolvingImports(resources:directory:limits:diagnostics:)``.
private struct ImportLoader {
  let resources: ResourcePolicy
  let limits: Limits
  var diagnostics: [Diagnostic] = []
  /// Files imported so far (canonical paths), each taken once.
  var seen: Set<String> = []
  var loads = 0

  init(resources: ResourcePolicy, limits: Limits) {
    self.resources = resources
    self.limits = limits
  }

  /// `chain` holds the files of the sheets being imported around this one, outermost first.
  mutating func resolve(_ sheet: StyleSheet, directory: String?, chain: [String]) -> StyleSheet {
    var rules: [StyleRule] = []
    for reference in sheet.imports {
      guard chain.count < limits.maxImportDepth else {
        warn(reference, "imports nest deeper than \(limits.maxImportDepth) sheets")
        continue
      }
      guard loads < limits.maxReferences else {
        warn(reference, "more than \(limits.maxReferences) references resolved")
        break
      }
      let location: ResourcePolicy.Location
      do {
        location = try resources.resolve(reference, relativeTo: directory)
      } catch {
        warn(reference, error.message)
        continue
      }
      var key = ""
      if case .file(let path) = location {
        key = path
        guard !chain.contains(path) else {
          warn(reference, "the sheet imports itself (a cycle)")
          continue
        }
        guard seen.insert(path).inserted else { continue }
      }
      loads += 1
      let resource: Resource
      do {
        resource = try resources.load(
          reference, relativeTo: directory, maxBytes: limits.maxInputBytes)
      } catch {
        warn(reference, error.message)
        continue
      }
      let text = String(decoding: resource.bytes, as: UTF8.self)
      let imported = StyleSheet(parsing: text)
      for d in imported.diagnostics {
        diagnostics.append(Diagnostic("in @import \"\(reference)\": \(d.message)", at: d.location))
      }
      let nested = resolve(
        imported, directory: resource.directory ?? directory,
        chain: key.isEmpty ? chain : chain + [key])
      rules += nested.rules
    }
    var out = sheet
    out.rules = rules + sheet.rules
    return out
  }

  private mutating func warn(_ reference: String, _ message: String) {
    let shown = reference.count > 60 ? String(reference.prefix(57)) + "..." : reference
    diagnostics.append(Diagnostic("@import \"\(shown)\" skipped: \(message)"))
  }
}
