/// Renders a ``CommandSpec`` as a man page (roff, `man 7 man` macros), from the same data as
/// `--help`: every tool prints it with the hidden `--man` flag, and `scripts/install` installs it.
public enum ManPage {
  public static func roff(_ spec: CommandSpec) -> String {
    var out =
      ".TH \(escape(spec.name.uppercased())) 1 \"\" \"Inkpath \(spec.version)\" \"User Commands\"\n"
    out += ".SH NAME\n\(escape(spec.name)) \\- \(escape(spec.summary))\n"
    out += ".SH SYNOPSIS\n"
    for (i, u) in spec.usage.enumerated() {
      if i > 0 { out += ".br\n" }
      out += ".B \(escape(spec.name))\n\(text(u))\n"
    }
    out += ".SH DESCRIPTION\n"
    out +=
      spec.about.isEmpty
      ? text(spec.summary) + ".\n" : spec.about.map { text($0) }.joined(separator: "\n.PP\n") + "\n"
    out += ".SH OPTIONS\n"
    for g in spec.groups {
      out += ".SS \(escape(g))\n"
      for o in spec.options where o.group == g {
        var head = o.names.map { "\\fB\(escape($0))\\fR" }.joined(separator: ", ")
        if let v = o.valueName { head += " \\fI\(escape(v))\\fR" }
        out += ".TP\n\(text(head, escaped: true))\n\(text(o.help))\n"
      }
    }
    if !spec.examples.isEmpty {
      out += ".SH EXAMPLES\n.nf\n.RS\n"
      for e in spec.examples { out += text(e) + "\n" }
      out += ".RE\n.fi\n"
    }
    for section in spec.manSections {
      out += ".SH \(escape(section.title))\n"
      if !section.paragraphs.isEmpty {
        out += section.paragraphs.map { text($0) }.joined(separator: "\n.PP\n") + "\n"
      }
      for item in section.items { out += ".TP\n\(text(item.tag))\n\(text(item.text))\n" }
    }
    out += """
      .SH EXIT STATUS
      .TP
      0
      Success.
      .TP
      1
      Bad input: a file that cannot be read or parsed (the message names the file, line and \
      column where known), or an output that cannot be written.
      .TP
      2
      Bad usage: an unknown option, a missing or malformed value.
      .SH ENVIRONMENT
      .TP
      NO_COLOR
      When set (to anything), messages on standard error are never coloured. Colour is used \
      only when standard error is a terminal.
      .SH SEE ALSO
      The Inkpath README, which shows each tool with real commands and their output.

      """
    return out
  }

  /// Backslashes and dashes escaped for roff.
  static func escape(_ s: String) -> String {
    s.replacingAll("\\", with: "\\e").replacingAll("-", with: "\\-")
  }

  /// A line of running text: escaped (unless it already is), and guarded so that a leading
  /// `.` or `'` is not read as a request.
  static func text(_ s: String, escaped: Bool = false) -> String {
    let e = escaped ? s : escape(s)
    return e.hasPrefix(".") || e.hasPrefix("'") ? "\\&" + e : e
  }
}

extension String {
  fileprivate func replacingAll(_ target: Character, with replacement: String) -> String {
    var out = ""
    for c in self { if c == target { out += replacement } else { out.append(c) } }
    return out
  }
}
