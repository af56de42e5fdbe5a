import Foundation

/// How every Inkpath tool ends: 0 success, 1 bad input (the message names file, line and
/// column), 2 bad usage.
public enum ExitStatus: Int32, Sendable {
  case success = 0
  case badInput = 1
  case usage = 2
}

/// Runs a tool's body with the shared conventions: `--help`, `--version`, usage errors
/// (exit 2) and any other error (exit 1) printed to standard error as `tool: message`.
public func runTool(_ spec: CommandSpec, _ body: (ParsedArguments) throws -> ExitStatus) -> Never {
  let args = Array(CommandLine.arguments.dropFirst())
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
    Console.error("\(spec.name): \(e.message)")
    exit(ExitStatus.usage.rawValue)
  } catch {
    Console.error("\(spec.name): \(error)")
    exit(ExitStatus.badInput.rawValue)
  }
}

/// Standard error output, and terminal detection for progress bars and colour.
public enum Console {
  public static func error(_ line: String) {
    FileHandle.standardError.write(Data((line + "\n").utf8))
  }

  public static var stderrIsTerminal: Bool { isatty(2) != 0 }

  /// Colour only on a terminal, and never when `NO_COLOR` is set (no-color.org).
  public static var useColor: Bool {
    stderrIsTerminal && ProcessInfo.processInfo.environment["NO_COLOR"] == nil
  }
}
