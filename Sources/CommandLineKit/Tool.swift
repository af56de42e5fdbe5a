import Glibc

/// How every Inkpath tool ends: 0 success, 1 bad input (the message names file, line and
/// column), 2 bad usage.
public enum ExitStatus: Int32, Sendable {
  case success = 0
  case badInput = 1
  case usage = 2
}

/// A failure that is not bad usage: an input that cannot be read or parsed (the message
/// names the file, line and column where known), an edit that fails, an output that cannot
/// be written. Tools exit 1 on it.
public struct BadInput: Error, CustomStringConvertible {
  public var description: String
  public init(_ description: String) { self.description = description }
}

/// Runs a tool's body with the shared conventions: `--help`, `--version`, usage errors
/// (exit 2) and any other error (exit 1) printed to standard error as `tool: message`.
/// The hidden `--man`, alone, prints the tool's man page (``ManPage``).
public func runTool(_ spec: CommandSpec, _ body: (ParsedArguments) throws -> ExitStatus) -> Never {
  let args = Array(CommandLine.arguments.dropFirst())
  if args == ["--man"] {
    print(ManPage.roff(spec), terminator: "")
    exit(ExitStatus.success.rawValue)
  }
  do {
    let parsed = try ParsedArguments(args, spec: spec)
    if parsed.flag("help") {
      print(HelpFormatter.help(spec), terminator: "")
      exit(ExitStatus.success.rawValue)
    }
    if parsed.flag("version") {
      print("\(spec.name) \(spec.version)")
      exit(ExitStatus.success.rawValue)
    }
    exit(try body(parsed).rawValue)
  } catch let e as UsageError {
    Console.failure(spec.name, e.message)
    exit(ExitStatus.usage.rawValue)
  } catch {
    Console.failure(spec.name, "\(error)")
    exit(ExitStatus.badInput.rawValue)
  }
}

/// The environment variables a tool reads. Tools take these rather than
/// `ProcessInfo.processInfo.environment`, whose first use sets up `ProcessInfo` (about 2% of
/// a one-process thumbnail), and ask for the few names they use: a dictionary of every
/// variable (a shell's dozens, `PATH` and `LS_COLORS` kilobytes long) cost 67,000
/// instructions at each start, 2.5% of a small 64 px thumbnail's.
public enum Environment {
  /// The variables of `names` that are set, by name, as `getenv` finds them (a name given
  /// twice keeps its first value; an empty value is kept).
  public static func values(of names: [String]) -> [String: String] {
    var values: [String: String] = [:]
    for name in names {
      if let value = getenv(name) { values[name] = String(cString: value) }
    }
    return values
  }
}

/// Standard error output, and terminal detection for progress bars and colour. Data goes
/// to standard output; messages (errors, warnings, progress) come here.
public enum Console {
  /// A line on standard error, as it is.
  public static func error(_ line: String) {
    write(line + "\n")
  }

  /// Text on standard error, as it is (no line added).
  public static func write(_ text: String) {
    _ = OutputFile.write(Array(text.utf8), to: 2)
  }

  /// `tool: message` for a failure, the `tool:` in bold red when ``useColor`` allows.
  public static func failure(_ tool: String, _ message: String) {
    error(paint("\(tool):", "1;31") + " " + message)
  }

  /// `tool: [where:] warning: message`, the `warning:` in yellow when ``useColor`` allows.
  public static func warning(_ tool: String, _ location: String = "", _ message: String) {
    error(
      "\(tool): \(location)\(location.isEmpty ? "" : " ")" + paint("warning:", "33") + " " + message
    )
  }

  /// `text` in an SGR colour (`"1;31"` bold red) when ``useColor`` allows, else as it is.
  public static func paint(_ text: String, _ sgr: String) -> String {
    useColor ? "\u{1B}[\(sgr)m\(text)\u{1B}[0m" : text
  }

  public static var stderrIsTerminal: Bool { isatty(2) != 0 }

  /// Colour only on a terminal, and never when `NO_COLOR` is set (no-color.org).
  public static var useColor: Bool {
    stderrIsTerminal && getenv("NO_COLOR") == nil
  }
}
