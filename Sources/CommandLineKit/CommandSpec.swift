/// What a command-line tool accepts: the single source for parsing, `--help` and man pages.
public struct CommandSpec: Sendable {
  public var name: String
  public var summary: String
  public var usage: [String]
  /// Paragraphs saying what the tool does, shown after the usage and as the man page's
  /// DESCRIPTION.
  public var about: [String]
  public var options: [OptionSpec]
  public var examples: [String]
  public var version: String
  /// More sections of the man page only (such as COMPATIBILITY), after EXAMPLES.
  public var manSections: [ManSection]

  public init(
    name: String, summary: String, usage: [String], about: [String] = [],
    options: [OptionSpec], examples: [String] = [], version: String = ToolkitVersion.current,
    helpNames: [String] = ["-?", "--help"], versionNames: [String] = ["--version"],
    manSections: [ManSection] = []
  ) {
    self.name = name
    self.summary = summary
    self.usage = usage
    self.about = about
    self.options =
      options + [
        OptionSpec(names: helpNames, help: "Show this help and exit.", group: "General"),
        OptionSpec(names: versionNames, help: "Show the version and exit.", group: "General"),
      ]
    self.examples = examples
    self.version = version
    self.manSections = manSections
  }

  func option(named name: String) -> OptionSpec? {
    options.first { $0.names.contains(name) }
  }

  /// The option stored under `key`.
  public func option(key: String) -> OptionSpec? {
    options.first { $0.key == key }
  }

  /// The option groups in the order they first appear.
  public var groups: [String] {
    var groups: [String] = []
    for o in options where !groups.contains(o.group) { groups.append(o.group) }
    return groups
  }
}

/// A section of a man page: a title (`COMPATIBILITY`), paragraphs, and tagged items
/// (an option and what it does) after them.
public struct ManSection: Sendable {
  public var title: String
  public var paragraphs: [String]
  public var items: [(tag: String, text: String)]

  public init(_ title: String, paragraphs: [String] = [], items: [(tag: String, text: String)] = [])
  {
    self.title = title
    self.paragraphs = paragraphs
    self.items = items
  }
}

/// One option: its names (`-w`, `--width`), the value it takes (nil for a flag), its help.
public struct OptionSpec: Sendable {
  public var names: [String]
  public var valueName: String?
  public var help: String
  public var group: String
  /// May be given more than once (each value is kept, in order).
  public var repeatable: Bool
  /// Keys of options of which at least one must be given with this one (else bad usage).
  public var requires: [String]
  /// Keys of options that cannot be given with this one (bad usage).
  public var excludes: [String]

  public init(
    _ names: String..., value: String? = nil, help: String, group: String = "Options",
    repeatable: Bool = false, requires: [String] = [], excludes: [String] = []
  ) {
    self.init(
      names: names, value: value, help: help, group: group, repeatable: repeatable,
      requires: requires, excludes: excludes)
  }

  public init(
    names: [String], value: String? = nil, help: String, group: String = "Options",
    repeatable: Bool = false, requires: [String] = [], excludes: [String] = []
  ) {
    self.names = names
    self.valueName = value
    self.help = help
    self.group = group
    self.repeatable = repeatable
    self.requires = requires
    self.excludes = excludes
  }

  /// `-o, --output FILE`: the names and the value, as help and man pages show them.
  public var synopsis: String {
    names.joined(separator: ", ") + (valueName.map { " \($0)" } ?? "")
  }

  /// The long name without dashes, the key options are stored under.
  public var key: String {
    (names.first { $0.hasPrefix("--") } ?? names[0]).drop { $0 == "-" }.description
  }
}

/// The toolkit's version, shown by every tool's `--version`.
public enum ToolkitVersion {
  public static let current = "0.1.0"
}
