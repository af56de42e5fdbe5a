import Foundation

/// What one command-line tool must do with a hostile file.
struct Outcome: Sendable {
  /// Exit 0 (and write its output) or exit 1 (and write nothing).
  var succeeds: Bool
  /// Texts standard error must contain (case-insensitive).
  var says: [String]
  /// Texts it must not contain.
  var neverSays: [String] = []

  static func succeeds(_ says: String...) -> Outcome { Outcome(succeeds: true, says: says) }
  static func fails(_ says: String...) -> Outcome { Outcome(succeeds: false, says: says) }
}

/// A hostile file, the outcome each tool must reach, and the budget it must stay within.
struct HostileCase: Sendable, CustomStringConvertible {
  var file: String
  /// The file's bytes, made in the test's workspace (paths to the tripwire, a listening
  /// port); nil for a file of `Corpus/`.
  var make: (@Sendable (Workspace, UInt16) throws -> [UInt8])?
  var render: Outcome
  var inline: Outcome
  var query: Outcome
  /// Processor seconds (user and system) per run of a release build (debug builds get
  /// ``debugFactor`` times): the work a tool may do on the file. Processor time, not wall
  /// time, so that a busy machine (a core shared with others) does not fail the case; the
  /// wall clock only guards against a hang, at ``hangFactor`` times this.
  var seconds: Double = 1
  /// Peak resident memory per run, MiB.
  var megabytes: Double = 120

  var description: String { file }

  static let debugFactor = 12.0
  /// The wall-clock time after which a run counts as hung and is killed, as a multiple of
  /// its processor budget (at least a minute): generous, since on a loaded machine a run
  /// waits for a core most of the time.
  static let hangFactor = 10.0

  /// This case's processor budget for the build under test.
  var budget: Double { seconds * (Products.isDebug ? Self.debugFactor : 1) }

  /// The wall-clock time after which a run of this case is a hang.
  var hangGuard: Double { max(budget * Self.hangFactor, 60) }

  init(
    _ file: String, render: Outcome, inline: Outcome, query: Outcome, seconds: Double = 1,
    megabytes: Double = 120, make: (@Sendable (Workspace, UInt16) throws -> [UInt8])? = nil
  ) {
    self.file = file
    self.render = render
    self.inline = inline
    self.query = query
    self.seconds = seconds
    self.megabytes = megabytes
    self.make = make
  }

  /// The same outcome from all three tools.
  init(
    _ file: String, all: Outcome, seconds: Double = 1, megabytes: Double = 120,
    make: (@Sendable (Workspace, UInt16) throws -> [UInt8])? = nil
  ) {
    self.init(
      file, render: all, inline: all, query: all, seconds: seconds, megabytes: megabytes,
      make: make)
  }
}

/// Small builders for generated files.
enum Make {
  static let svgOpen = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"10\" height=\"10\">"

  static func text(_ s: String) -> [UInt8] { Array(s.utf8) }

  /// An `<image>` with `href`, inside an SVG that also draws a rectangle.
  static func image(_ href: String) -> [UInt8] {
    text(
      "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"10\" height=\"10\">"
        + "<rect width=\"5\" height=\"5\"/><image href=\"\(href)\" width=\"10\" height=\"10\"/></svg>"
    )
  }

  /// A file whose single element holds `count` copies of `unit` between `head` and `tail`,
  /// built as bytes without a big intermediate String.
  static func repeated(_ head: String, _ unit: String, _ count: Int, _ tail: String) -> [UInt8] {
    let u = Array(unit.utf8)
    var out = Array(head.utf8)
    out.reserveCapacity(out.count + u.count * count + tail.utf8.count)
    for _ in 0..<count { out.append(contentsOf: u) }
    out.append(contentsOf: tail.utf8)
    return out
  }

  /// A gzip file of `head`, `count` spaces and `tail`, made by `gzip -9` from a shell
  /// pipeline so the inflated text never sits in this process's memory.
  static func gzipBomb(_ head: String, spaces count: Int, _ tail: String) throws -> [UInt8] {
    let run = try Executable.runProgram(
      "/bin/sh",
      [
        "-c",
        "{ printf '%s' \"$0\"; head -c \(count) /dev/zero | tr '\\0' ' '; printf '%s' \"$1\"; }"
          + " | gzip -9 -c",
        head, tail,
      ])
    return [UInt8](run.stdout)
  }
}
