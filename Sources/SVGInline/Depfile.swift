/// Make/Ninja dependency files: `target: prerequisite ...`, so a build reruns svg-inline
/// when a referenced script, style sheet or image changes.
public enum Depfile {
  /// One rule per output, each listing the files its SVG read.
  public static func text(rules: [(target: String, prerequisites: [String])]) -> String {
    rules.map { rule in
      ([escape(rule.target) + ":"] + rule.prerequisites.map(escape)).joined(separator: " \\\n  ")
    }.joined(separator: "\n") + "\n"
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
