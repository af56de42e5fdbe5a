/// Renders a ``CommandSpec`` as `--help` text, wrapped to 80 columns: usage, the description,
/// the options by group, examples and the exit status. ``ManPage`` renders the same data.
public enum HelpFormatter {
  /// The width help text is wrapped to.
  public static let width = 80
  /// Where option descriptions start.
  static let column = 28

  public static func help(_ spec: CommandSpec) -> String {
    var out = "\(spec.name) - \(spec.summary)\n\nUsage:\n"
    for u in spec.usage {
      out += wrap("\(spec.name) \(u)", indent: 2, hanging: 4 + spec.name.count)
    }
    if !spec.about.isEmpty {
      for paragraph in spec.about { out += "\n" + wrap(paragraph, indent: 0, hanging: 0) }
    }
    for g in spec.groups {
      out += "\n\(g):\n"
      for o in spec.options where o.group == g {
        let head = "  " + o.synopsis
        let help = wrap(o.help, indent: column, hanging: column)
        if head.count < column - 1 {
          out += head + help.dropFirst(head.count)
        } else {
          out += head + "\n" + help
        }
      }
    }
    if !spec.examples.isEmpty {
      out += "\nExamples:\n"
      for e in spec.examples { out += "  \(e)\n" }
    }
    out += "\nExit status: 0 success, 1 bad input, 2 bad usage.\n"
    return out
  }

  /// `text` broken at spaces into lines of at most ``width`` columns (a longer word stays
  /// whole), the first indented by `indent`, the rest by `hanging`; each line ends in `\n`.
  static func wrap(_ text: String, indent: Int, hanging: Int) -> String {
    var out = ""
    var line = String(repeating: " ", count: indent)
    var lineHasWord = false
    for word in text.split(separator: " ", omittingEmptySubsequences: true) {
      if lineHasWord && line.count + 1 + word.count > width {
        out += line + "\n"
        line = String(repeating: " ", count: hanging)
        lineHasWord = false
      }
      line += (lineHasWord ? " " : "") + word
      lineHasWord = true
    }
    return out + line + "\n"
  }
}
