/// Renders a ``CommandSpec`` as `--help` text (and, later, as a man page from the same data).
public enum HelpFormatter {
  public static func help(_ spec: CommandSpec) -> String {
    var out = "\(spec.name) - \(spec.summary)\n\nUsage:\n"
    for u in spec.usage { out += "  \(spec.name) \(u)\n" }
    var groups: [String] = []
    for o in spec.options where !groups.contains(o.group) { groups.append(o.group) }
    for g in groups {
      out += "\n\(g):\n"
      for o in spec.options where o.group == g {
        var head = o.names.joined(separator: ", ")
        if let v = o.valueName { head += " \(v)" }
        let pad = head.count < 26 ? String(repeating: " ", count: 26 - head.count) : "\n" + String(repeating: " ", count: 28)
        out += "  \(head)\(pad)\(o.help)\n"
      }
    }
    if !spec.examples.isEmpty {
      out += "\nExamples:\n"
      for e in spec.examples { out += "  \(e)\n" }
    }
    out += "\nExit status: 0 success, 1 bad input, 2 bad usage.\n"
    return out
  }
}
