import FoundationEssentials
import Glibc

/// Make/Ninja dependency files: `target: prerequisite ...`, so a build reruns svg-inline
/// when a referenced script, style sheet or image changes.
public enum Depfile {
  /// One rule per output, each listing the files its SVG read, then an empty rule for every
  /// prerequisite (as gcc's `-MP`), so a build whose script was renamed or deleted reruns
  /// svg-inline instead of stopping with "no rule to make target". Paths under `directory`
  /// (the working folder, where make and ninja run) are written relative to it, every other
  /// path absolute, the same way for targets and prerequisites.
  public static func text(
    rules: [(target: String, prerequisites: [String])], relativeTo directory: String? = nil
  ) -> String {
    let base = directory.map(Self.folderForms)
    func shown(_ path: String) -> String { escape(base.map { relative(path, to: $0) } ?? path) }
    var out =
      rules.map { rule in
        ([shown(rule.target) + ":"] + rule.prerequisites.map(shown)).joined(separator: " \\\n  ")
      }.joined(separator: "\n") + "\n"
    var phony: [String] = []
    for p in rules.flatMap(\.prerequisites).map(shown) where !phony.contains(p) { phony.append(p) }
    for p in phony { out += "\n\(p):\n" }
    return out
  }

  /// `directory` as written and with its symbolic links resolved (references are read
  /// through resolved paths), each absolute and ending in `/`.
  private static func folderForms(_ directory: String) -> [String] {
    let logical = absolute(directory, in: FileManager.default.currentDirectoryPath)
    let real = URL(fileURLWithPath: logical).resolvingSymlinksInPath().path
    return Array(Set([logical, real])).map { $0.hasSuffix("/") ? $0 : $0 + "/" }
  }

  private static func absolute(_ path: String, in directory: String) -> String {
    let full = path.hasPrefix("/") ? path : directory + "/" + path
    return URL(fileURLWithPath: full).standardizedFileURL.path
  }

  /// `path` relative to the first of `folders` it is under, else absolute.
  static func relative(_ path: String, to folders: [String]) -> String {
    let full = absolute(path, in: FileManager.default.currentDirectoryPath)
    for folder in folders where full.hasPrefix(folder) {
      return String(full.dropFirst(folder.count))
    }
    return full
  }

  /// Escapes a path as both Make and Ninja read it: `\` before spaces and `#`, `$$` for `$`.
  public static func escape(_ path: String) -> String {
    var out = ""
    for c in path {
      switch c {
      case " ", "#", "\t": out += "\\\(c)"
      case "$": out += "$$"
      default: out.append(c)
      }
    }
    return out
  }
}
