import CommandLineKit
import Foundation
import RenderCommand
import TestSupport
import Testing

/// svg-render's job called as a library: what it writes and what it says, without a process.
@Suite struct RenderInvocationTests {
  static let square = """
    <svg xmlns="http://www.w3.org/2000/svg" width="40" height="20">
      <rect id="box" x="10" y="5" width="20" height="10" fill="#f00"/>
      <rect width="2" height="x"/>
    </svg>
    """

  func invocation(_ args: [String], environment: [String: String] = [:]) throws
    -> RenderInvocation
  {
    try RenderInvocation(ParsedArguments(args, spec: .svgRender), environment: environment)
  }

  @Test func queryAllRowsGoToTheDataLines() throws {
    let dir = try TemporaryDirectory()
    let input = try dir.write("in.svg", Self.square)
    let log = MessageLog()
    #expect(try invocation(["--query-all", input]).run(messages: log.messages) == .success)
    #expect(log.lines("data") == ["box,10,5,20,10"])
  }

  @Test func verboseDiagnosticsAreWarningsWithTheirLocation() throws {
    let dir = try TemporaryDirectory()
    let input = try dir.write("in.svg", Self.square)
    let log = MessageLog()
    _ = try invocation(["--verbose", input, "-o", dir.file("out.png")]).run(messages: log.messages)
    let warnings = log.lines("warning")
    #expect(warnings.count == 1)
    #expect(warnings.first?.hasPrefix("\(input):3:3: invalid length") == true, "\(warnings)")
    #expect(
      try invocation([input, "-o", dir.file("quiet.png")]).run(messages: log.messages) == .success)
    #expect(log.lines("warning").count == 1)
  }

  @Test func aBatchWritesWhatSingleRendersWriteAndReportsEachFailure() throws {
    let dir = try TemporaryDirectory()
    let a = try dir.write("a.svg", Self.square)
    let b = try dir.write("b.svg", Self.square.replacingOccurrences(of: "#f00", with: "#00f"))
    let broken = try dir.write("broken.svg", "<svg xmlns=\"http://www.w3.org/2000/svg\"><rect")
    let log = MessageLog()
    let status = try invocation(["-w", "64", a, broken, b, "-o", dir.file("out/")])
      .run(messages: log.messages)
    #expect(status == .badInput)
    #expect(log.lines("failure").count == 1)
    #expect(log.lines("failure").first?.contains("broken.svg") == true)
    for name in ["a", "b"] {
      _ = try invocation(["-w", "64", dir.file("\(name).svg"), "-o", dir.file("\(name).png")])
        .run(messages: log.messages)
      let single = try #require(dir.read("\(name).png"))
      #expect(PNG.size(single)?.0 == 64)
      #expect(dir.read("out/\(name).png") == single)
    }
    #expect(dir.read("out/broken.png") == nil)
  }

  @Test func aBatchReportsAFileItCannotWriteAndWritesTheOthers() throws {
    let dir = try TemporaryDirectory()
    let names = ["a", "b", "c", "d", "e"]
    let inputs = try names.map { try dir.write("\($0).svg", Self.square) }
    // A folder where c's output would go: the rename over it fails.
    try FileManager.default.createDirectory(
      atPath: dir.file("out/c.png/x"), withIntermediateDirectories: true)
    let log = MessageLog()
    let status = try invocation(["-w", "16"] + inputs + ["-o", dir.file("out")])
      .run(messages: log.messages)
    #expect(status == .badInput)
    #expect(log.lines("failure").count == 1)
    #expect(log.lines("failure").first?.hasPrefix(dir.file("out") + "/c.png: cannot write") == true)
    #expect(log.lines("progress") == ["5"] + Array(repeating: "done", count: 5))
    for name in names where name != "c" {
      #expect(dir.read("out/\(name).png").flatMap(PNG.size)?.0 == 16)
    }
    let left = try FileManager.default.contentsOfDirectory(atPath: dir.file("out"))
    #expect(
      left.sorted() == ["a.png", "b.png", "c.png", "d.png", "e.png"], "no temporary file left")
  }

  @Test func perfTimesEachStageAsNotes() throws {
    let dir = try TemporaryDirectory()
    let input = try dir.write("in.svg", Self.square)
    let log = MessageLog()
    _ = try invocation(["--perf", input, "-o", dir.file("out.png")]).run(messages: log.messages)
    let stages = log.lines("note").map { $0.split(separator: ":").first.map(String.init) ?? "" }
    #expect(stages == ["Reading", "Building", "Rendering", "Saving"])
  }

  @Test func usageErrorsAreThrownBeforeAnythingIsWritten() throws {
    let dir = try TemporaryDirectory()
    let input = try dir.write("in.svg", Self.square)
    let log = MessageLog()
    #expect(throws: UsageError.self) {
      try invocation([input, input, "-o", dir.file("two.png")]).run(messages: log.messages)
    }
    #expect(throws: UsageError.self) {
      try invocation(["--small-png", input, "-o", dir.file("x.pdf")]).run(messages: log.messages)
    }
    #expect(dir.read("two.png") == nil)
  }

  @Test func theLanguageComesFromTheEnvironmentGiven() throws {
    let dir = try TemporaryDirectory()
    let input = try dir.write("in.svg", Self.square)
    #expect(
      try invocation([input], environment: ["LANG": "de_DE.UTF-8"]).job.options.languages == [
        "de-DE"
      ])
    #expect(try invocation([input], environment: ["LANG": "C"]).job.options.languages == ["en"])
    #expect(
      try invocation([input], environment: ["LANG": "fr_FR", "LC_ALL": "es_MX.UTF-8"]).job.options
        .languages == ["es-MX"])
    #expect(
      try invocation(["-l", "it", input], environment: ["LANG": "de_DE"]).job.options.languages == [
        "it"
      ])
  }
}
