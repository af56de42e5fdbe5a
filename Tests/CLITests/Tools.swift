import Foundation

/// The package's installable tools: its executable products, read from Package.swift, the one
/// place they are listed (scripts/install reads the same list).
enum Tools {
  static let names: [String] = {
    let manifest =
      (try? String(
        contentsOf: Executable.packageRoot.appendingPathComponent("Package.swift"), encoding: .utf8))
      ?? ""
    return manifest.split(separator: "\n").compactMap { line in
      guard let start = line.range(of: ".executable(name: \"") else { return nil }
      let rest = line[start.upperBound...]
      return rest.firstIndex(of: "\"").map { String(rest[..<$0]) }
    }
  }()

  static let readme: String =
    (try? String(
      contentsOf: Executable.packageRoot.appendingPathComponent("README.md"), encoding: .utf8))
    ?? ""

  /// A man page as the words a reader sees: requests dropped (section and group titles
  /// kept), font and character escapes resolved, whitespace collapsed.
  static func plainText(roff: String) -> String {
    var lines: [String] = []
    for line in roff.split(separator: "\n", omittingEmptySubsequences: false) {
      if line.hasPrefix(".B ") {
        lines.append(String(line.dropFirst(3)))
      } else if line.hasPrefix(".SH ") {
        lines.append(String(line.dropFirst(4)))
      } else if line.hasPrefix(".SS ") {
        lines.append(line.dropFirst(4) + ":")
      } else if !line.hasPrefix(".") {
        lines.append(String(line))
      }
    }
    var text = lines.joined(separator: "\n")
    for (escape, plain) in [
      ("\\fB", ""), ("\\fI", ""), ("\\fR", ""), ("\\-", "-"), ("\\&", ""), ("\\e", "\\"),
    ] {
      text = text.replacingOccurrences(of: escape, with: plain)
    }
    return collapsed(text)
  }

  static func collapsed(_ s: String) -> String {
    s.split(whereSeparator: { $0 == " " || $0 == "\n" }).joined(separator: " ")
  }

  /// The help text's items, each whitespace-collapsed: a header (`Output:`), a usage line, an
  /// option with its description, an example, a paragraph. Lines indented more than two
  /// columns continue the item before; unindented lines run on as a paragraph.
  static func items(help: String) -> [String] {
    var items: [String] = []
    var current = ""
    var inParagraph = false
    func flush() {
      if !current.isEmpty { items.append(collapsed(current)) }
      current = ""
    }
    for line in help.split(separator: "\n", omittingEmptySubsequences: false) {
      let indent = line.prefix { $0 == " " }.count
      if line.isEmpty {
        flush()
        inParagraph = false
      } else if indent > 2 || (indent == 0 && inParagraph) {
        current += " " + line
      } else {
        flush()
        current = String(line)
        inParagraph = indent == 0 && !line.hasSuffix(":")
      }
    }
    flush()
    return items
  }
}
