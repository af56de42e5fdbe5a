import SVGTree

/// A command as read from a script, with where it was written (for errors raised when it
/// runs: an element that does not exist is found only then).
public struct ScriptCommand: Sendable, Hashable {
  public var command: Command
  /// Where the command's name starts.
  public var location: SourceLocation
  /// Where each argument starts, in order.
  public var argumentLocations: [SourceLocation]

  public init(
    _ command: Command, location: SourceLocation = .unknown,
    argumentLocations: [SourceLocation] = []
  ) {
    self.command = command
    self.location = location
    self.argumentLocations = argumentLocations
  }

  /// Where argument `i` starts, falling back to the command's own location.
  func location(ofArgument i: Int) -> SourceLocation {
    i < argumentLocations.count ? argumentLocations[i] : location
  }
}

/// Reads scripts of commands: one command a line, in the text form `fillAt(120.5, 40)` or
/// a URL form of the app's ``CommandURLScheme``: `svg://fillAt/120.5/40` or the colon form
/// `svg:fillAt:120.5:40`. Blank lines and comments (a line starting with `#` or `//`, or
/// either after a command's closing parenthesis) are skipped.
public enum CommandScript {
  /// Every command of `text`, in order; the first error found stops the reading.
  /// `firstLine` numbers the first line (for a script that is part of a longer input);
  /// URL lines are read in `urlScheme`.
  public static func parse(
    _ text: String, firstLine: Int = 1, urlScheme: CommandURLScheme = .svg
  ) throws(CommandError) -> [ScriptCommand] {
    var out: [ScriptCommand] = []
    // "\r\n" is one Character in Swift: split on both.
    let lines = text.split(omittingEmptySubsequences: false) { $0 == "\n" || $0 == "\r\n" }
    for (i, line) in lines.enumerated() {
      let body = line.hasSuffix("\r") ? line.dropLast() : line
      if let c = try parse(line: String(body), number: firstLine + i, urlScheme: urlScheme) {
        out.append(c)
      }
    }
    return out
  }

  /// One line of a script; nil for a blank or comment line.
  public static func parse(line: String, number: Int = 1, urlScheme: CommandURLScheme = .svg)
    throws(CommandError) -> ScriptCommand?
  {
    var reader = LineReader(line: line, number: number, scheme: urlScheme)
    guard let raw = try reader.read() else { return nil }
    return try CommandSignature.typed(raw)
  }
}

/// A command's name and arguments as written, before their types are checked.
struct RawCommand {
  struct Argument {
    var text: String
    var column: Int
    /// Written in quotes: only an element reference may be.
    var quoted: Bool
    /// A percent-decoded URL part: taken as it is, whatever characters it holds.
    var literal = false
  }

  var name: String
  var column: Int
  var line: Int
  var arguments: [Argument]

  func location(_ column: Int) -> SourceLocation { SourceLocation(line: line, column: column) }
}

/// Splits one line into a ``RawCommand``.
struct LineReader {
  let bytes: [UInt8]
  let number: Int
  let scheme: CommandURLScheme
  var i = 0

  init(line: String, number: Int, scheme: CommandURLScheme) {
    bytes = Array(line.utf8)
    self.number = number
    self.scheme = scheme
  }

  private func error(_ message: String, at index: Int) -> CommandError {
    CommandError(message, at: SourceLocation(line: number, column: index + 1))
  }

  private var peek: UInt8? { i < bytes.count ? bytes[i] : nil }

  private mutating func skipSpaces() {
    while let c = peek, c == 0x20 || c == 0x09 { i += 1 }
  }

  private func text(_ r: Range<Int>) -> String { String(decoding: bytes[r], as: UTF8.self) }

  private func startsComment(at k: Int) -> Bool {
    guard k < bytes.count else { return false }
    return bytes[k] == UInt8(ascii: "#")
      || (bytes[k] == UInt8(ascii: "/") && k + 1 < bytes.count && bytes[k + 1] == UInt8(ascii: "/"))
  }

  mutating func read() throws(CommandError) -> RawCommand? {
    skipSpaces()
    if peek == nil || startsComment(at: i) { return nil }
    let prefix = scheme.name + ":"
    if text(i..<min(bytes.count, i + prefix.utf8.count)).lowercased() == prefix {
      i += prefix.utf8.count
      if text(i..<min(bytes.count, i + 2)) == "//" {
        i += 2
        return try readURL(separator: UInt8(ascii: "/"))
      }
      return try readURL(separator: UInt8(ascii: ":"))
    }
    let nameStart = i
    while let c = peek, Self.isNameByte(c) || (i > nameStart && Self.isSchemeByte(c)) { i += 1 }
    guard i > nameStart else {
      throw error("expected a command name, not '\(text(i..<bytes.count))'", at: i)
    }
    let name = text(nameStart..<i)
    if peek == UInt8(ascii: ":") {
      throw error(
        "'\(name):' is not the commands' URL scheme; they are written \(scheme.name)://NAME/... "
          + "or \(scheme.name):NAME:...", at: nameStart)
    }
    try CommandSignature.check(name: name, at: SourceLocation(line: number, column: nameStart + 1))
    skipSpaces()
    guard peek == UInt8(ascii: "(") else { throw error("expected '(' after '\(name)'", at: i) }
    let open = i
    i += 1
    var args: [RawCommand.Argument] = []
    skipSpaces()
    if peek == UInt8(ascii: ")") {
      i += 1
    } else {
      while true {
        args.append(try readArgument(open: open))
        skipSpaces()
        guard let c = peek else { throw error("missing ')' for the '(' here", at: open) }
        i += 1
        if c == UInt8(ascii: ")") { break }
      }
    }
    skipSpaces()
    if peek == UInt8(ascii: ";") { i += 1 }
    try expectEndOfLine()
    return RawCommand(name: name, column: nameStart + 1, line: number, arguments: args)
  }

  /// One argument up to a `,` or `)` outside parentheses and quotes.
  private mutating func readArgument(open: Int) throws(CommandError) -> RawCommand.Argument {
    skipSpaces()
    let start = i
    if let q = peek, q == UInt8(ascii: "\"") || q == UInt8(ascii: "'") {
      i += 1
      while let c = peek, c != q { i += 1 }
      guard peek == q else { throw error("missing closing quote", at: start) }
      i += 1
      return RawCommand.Argument(text: text(start + 1..<i - 1), column: start + 1, quoted: true)
    }
    var depth = 0
    while let c = peek {
      if c == UInt8(ascii: "(") {
        depth += 1
      } else if c == UInt8(ascii: ")") {
        if depth == 0 { break }
        depth -= 1
      } else if c == UInt8(ascii: ","), depth == 0 {
        break
      }
      i += 1
    }
    if peek == nil { throw error("missing ')' for the '(' here", at: open) }
    var end = i
    while end > start, bytes[end - 1] == 0x20 || bytes[end - 1] == 0x09 { end -= 1 }
    guard end > start else { throw error("empty argument", at: start) }
    return RawCommand.Argument(text: text(start..<end), column: start + 1, quoted: false)
  }

  /// The rest of `scheme://name/arg/arg` (`separator` `/`) or `scheme:name:arg:arg`
  /// (`separator` `:`) after the scheme, each part percent-decoded; the URL ends at the
  /// first space.
  private mutating func readURL(separator: UInt8) throws(CommandError) -> RawCommand {
    let start = i
    var parts: [(text: String, column: Int)] = []
    var partStart = i
    while true {
      let atEnd = peek == nil || peek == 0x20 || peek == 0x09
      if atEnd || peek == separator {
        guard let decoded = PercentEncoding.decodeStrictly(bytes[partStart..<i].asSubstring) else {
          throw error("malformed percent-encoding", at: partStart)
        }
        parts.append((decoded, partStart + 1))
        if atEnd { break }
        i += 1
        partStart = i
      } else {
        i += 1
      }
    }
    if parts.count > 1, parts.last?.text.isEmpty == true { parts.removeLast() }
    try expectEndOfLine()
    let name = parts[0].text
    guard !name.isEmpty else {
      throw error("expected a command name after '\(text(0..<start))'", at: start)
    }
    try CommandSignature.check(
      name: name, at: SourceLocation(line: number, column: parts[0].column))
    var args: [RawCommand.Argument] = []
    for p in parts.dropFirst() {
      guard !p.text.isEmpty else { throw error("empty argument", at: p.column - 1) }
      args.append(
        RawCommand.Argument(text: p.text, column: p.column, quoted: false, literal: true))
    }
    return RawCommand(name: name, column: parts[0].column, line: number, arguments: args)
  }

  private mutating func expectEndOfLine() throws(CommandError) {
    skipSpaces()
    guard peek == nil || startsComment(at: i) else {
      throw error("unexpected '\(text(i..<bytes.count))' after the command", at: i)
    }
  }

  /// The bytes a URL scheme has besides letters and digits.
  private static func isSchemeByte(_ c: UInt8) -> Bool {
    c == UInt8(ascii: "+") || c == UInt8(ascii: "-") || c == UInt8(ascii: ".")
  }

  private static func isNameByte(_ c: UInt8) -> Bool {
    (c >= 0x61 && c <= 0x7A) || (c >= 0x41 && c <= 0x5A) || (c >= 0x30 && c <= 0x39) || c == 0x5F
  }
}

extension ArraySlice where Element == UInt8 {
  fileprivate var asSubstring: Substring { Substring(String(decoding: self, as: UTF8.self)) }
}
