import FoundationEssentials
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

/// The process's environment variables, read from the C library's `environ`. Tools take
/// this rather than `ProcessInfo.processInfo.environment`, whose first use sets up
/// `ProcessInfo` (about 2% of a one-process thumbnail). A name given twice keeps its first
/// value, as `getenv` finds it.
public enum Environment {
  public static var variables: [String: String] {
    var count = 0
    while environ[count] != nil { count += 1 }
    var variables: [String: String] = [:]
    variables.reserveCapacity(count)
    // Last entry first, so that the first of a name given twice is the one kept, with one
    // hash of each name.
    for pointer in UnsafeBufferPointer(start: environ, count: count).reversed() {
      // Split at the first `=` byte, as `getenv` does; searching the text Character by
      // Character (grapheme breaking `PATH` and `LS_COLORS`, kilobytes long) cost 8% of
      // a 64 px thumbnail's instructions.
      guard let pointer, let eq = strchr(pointer, 0x3D) else { continue }
      let name = String(
        decoding: UnsafeRawBufferPointer(start: pointer, count: eq - pointer), as: UTF8.self)
      variables[name] = String(cString: eq + 1)
    }
    return variables
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
