/// Bad usage: an unknown option, a missing or malformed value. Tools exit 2 on it.
public struct UsageError: Error, Sendable, CustomStringConvertible {
  public var message: String
  public init(_ message: String) { self.message = message }
  public var description: String { message }
}

/// The result of parsing a command line against a ``CommandSpec``.
public struct ParsedArguments: Sendable {
  public private(set) var values: [String: [String]] = [:]
  public private(set) var positionals: [String] = []

  public func flag(_ key: String) -> Bool { values[key] != nil }
  public func value(_ key: String) -> String? { values[key]?.last }
  public func all(_ key: String) -> [String] { values[key] ?? [] }

  /// A number option; a value that is not a finite number is a usage error.
  public func number(_ key: String, minimum: Double? = nil) throws(UsageError) -> Double? {
    guard let text = value(key) else { return nil }
    guard let v = Double(text), v.isFinite else {
      throw UsageError("--\(key) needs a number, not \"\(text)\"")
    }
    if let minimum, v < minimum {
      throw UsageError("--\(key) must be at least \(minimum.plainText), not \(text)")
    }
    return v
  }

  public func integer(_ key: String, minimum: Int? = nil) throws(UsageError) -> Int? {
    guard let text = value(key) else { return nil }
    guard let v = Int(text) else {
      throw UsageError("--\(key) needs a whole number, not \"\(text)\"")
    }
    if let minimum, v < minimum {
      throw UsageError("--\(key) must be at least \(minimum), not \(text)")
    }
    return v
  }

  /// Parses `args` (without the program name): `--name value`, `--name=value`, `-n value`,
  /// `-nVALUE`, flags, `-` as a positional (standard input/output), and `--` ending the
  /// options. Then checks each option's ``OptionSpec/requires`` and ``OptionSpec/excludes``.
  public init(_ args: [String], spec: CommandSpec) throws(UsageError) {
    var i = 0
    var onlyPositionals = false
    while i < args.count {
      let arg = args[i]
      i += 1
      if onlyPositionals || arg == "-" || !arg.hasPrefix("-") {
        positionals.append(arg)
        continue
      }
      if arg == "--" {
        onlyPositionals = true
        continue
      }
      var name = arg
      var inline: String?
      if arg.hasPrefix("--"), let eq = arg.firstIndex(of: "=") {
        name = String(arg[..<eq])
        inline = String(arg[arg.index(after: eq)...])
      }
      if !arg.hasPrefix("--"), arg.count > 2, spec.option(named: arg) == nil,
        let short = spec.option(named: String(arg.prefix(2))), short.valueName != nil
      {
        name = String(arg.prefix(2))
        inline = String(arg.dropFirst(2))
      }
      guard let option = spec.option(named: name) else {
        throw UsageError("unknown option \(name) (see \(spec.name) --help)")
      }
      if option.valueName == nil {
        guard inline == nil else { throw UsageError("\(name) takes no value") }
        values[option.key, default: []].append("")
        continue
      }
      let value: String
      if let inline {
        value = inline
      } else {
        guard i < args.count else { throw UsageError("\(name) needs a value") }
        value = args[i]
        i += 1
      }
      if option.repeatable {
        values[option.key, default: []].append(value)
      } else {
        values[option.key] = [value]
      }
    }
    try checkCombinations(spec)
  }

  /// Options that need another (`--view-size` needs `--viewport`) or exclude one. Only
  /// options with such a rule are looked up: every tool checks this at start.
  private func checkCombinations(_ spec: CommandSpec) throws(UsageError) {
    for option in spec.options
    where !(option.excludes.isEmpty && option.requires.isEmpty) && flag(option.key) {
      for other in option.excludes where flag(other) {
        throw UsageError("\(option.displayName) cannot be combined with \(spec.displayName(other))")
      }
      if !option.requires.isEmpty, !option.requires.contains(where: flag) {
        let needed = option.requires.map(spec.displayName).joined(separator: " or ")
        throw UsageError("\(option.displayName) needs \(needed)")
      }
    }
  }
}

extension CommandSpec {
  /// How messages name the option stored under `key`: its long name.
  func displayName(_ key: String) -> String {
    option(key: key)?.displayName ?? "--\(key)"
  }
}

extension OptionSpec {
  /// The long name (`--width`), or the only name.
  var displayName: String { names.first { $0.hasPrefix("--") } ?? names[0] }
}

extension Double {
  /// `2` rather than `2.0`; other values as Swift prints them.
  var plainText: String {
    self == rounded() && abs(self) < 1e15 ? String(Int(self)) : String(self)
  }
}
