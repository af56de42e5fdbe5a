import Foundation
import Testing

/// Every command-line tool gets every hostile file. None may crash, hang, read outside its
/// resource policy (the tripwire FIFO, the loopback listener), exceed its processor-time or
/// memory budget, or leave an output behind when it fails; each must reach the listed
/// outcome, whose message names the limit that stopped the work where one did.
@Suite struct HostileInputTests {
  /// How each tool is run on `file` (in the workspace's base folder) with a wall-clock
  /// limit of `seconds` (the hang guard, where the tool has one), and what it writes.
  static let tools:
    [(name: String, arguments: @Sendable (String, String) -> [String], output: String?)] = [
      (
        "svg-render",
        { ["--verbose", "--max-seconds", $1, $0, "-o", outputFolder($0) + "out.png"] },
        "out.png"
      ),
      (
        "svg-inline",
        { f, _ in ["--images", "--styles", "--verbose", f, "-o", outputFolder(f) + "out.svg"] },
        "out.svg"
      ),
      ("svg-query", { [$0, "--list", "--max-seconds", $1] }, nil),
    ]

  static func outputFolder(_ input: String) -> String {
    String(input[...input.lastIndex(of: "/")!])
  }

  @Test(arguments: HostileCase.all)
  func everyToolStaysSafe(_ hostile: HostileCase) throws {
    let workspace = try Workspace()
    defer { workspace.remove() }
    let listener = try LoopbackListener()
    let bytes: [UInt8]
    if let make = hostile.make {
      bytes = try make(workspace, listener.port)
    } else {
      let data = try #require(
        FileManager.default.contents(atPath: Products.corpus + "/" + hostile.file))
      bytes = [UInt8](data)
    }
    try workspace.write(hostile.file, bytes)
    let budget = hostile.budget
    let outcomes = [hostile.render, hostile.inline, hostile.query]
    for (tool, outcome) in zip(Self.tools, outcomes) {
      // The tools' own time limit (60 s by default) is the hang guard too, so that on a
      // busy machine a limit of work (references, elements), not the clock, ends the run.
      let run = try ChildProcess.run(
        Products.path(tool.name),
        tool.arguments(workspace.base + "/" + hostile.file, String(Int(hostile.hangGuard))),
        input: .heldOpen, in: workspace.base, timeout: hostile.hangGuard + 30,
        measureMemory: true, tripwire: workspace.tripwire)
      let what = "\(tool.name) \(hostile.file)"
      let stderr = run.stderr.prefix(600)
      #expect(!run.trippedWire, "\(what) opened a file outside its policy")
      #expect(listener.connections() == 0, "\(what) connected to the network")
      #expect(!run.timedOut, "\(what) hung (killed after \(Int(hostile.hangGuard)) s)")
      #expect(run.signal == nil, "\(what) crashed with signal \(run.signal ?? 0): \(stderr)")
      #expect(
        run.exitCode == (outcome.succeeds ? 0 : 1),
        "\(what) exited \(run.exitCode.map(String.init) ?? "by a signal"): \(stderr)")
      let text = run.stderr.lowercased()
      for s in outcome.says {
        #expect(text.contains(s.lowercased()), "\(what) did not say \"\(s)\": \(stderr)")
      }
      for s in outcome.neverSays {
        #expect(!text.contains(s.lowercased()), "\(what) said \"\(s)\": \(stderr)")
      }
      #expect(!run.stderr.contains("root:x:0"), "\(what) showed the secret file")
      #expect(
        run.cpuSeconds <= budget,
        "\(what) used \(run.cpuSeconds) s of processor time, over \(budget) s")
      #expect(
        run.peakMiB <= hostile.megabytes,
        "\(what) peaked at \(Int(run.peakMiB)) MiB, over \(Int(hostile.megabytes)) MiB")
      if let output = tool.output {
        if outcome.succeeds {
          #expect(workspace.exists(output), "\(what) succeeded without writing \(output)")
        } else {
          #expect(!workspace.exists(output), "\(what) failed but left \(output) behind")
        }
        try? FileManager.default.removeItem(atPath: workspace.base + "/" + output)
      }
      let leftovers = try FileManager.default.contentsOfDirectory(atPath: workspace.base)
        .filter { $0.hasSuffix(".tmp") }
      #expect(leftovers.isEmpty, "\(what) left temporary files: \(leftovers)")
    }
  }

  /// A file added to `Corpus/` (a fuzzer finding, say) must say what it expects.
  @Test func everyCorpusFileHasAnOutcome() throws {
    let files = try FileManager.default.contentsOfDirectory(atPath: Products.corpus)
    let listed = Set(HostileCase.corpus.map(\.file))
    #expect(!files.isEmpty)
    for f in files.sorted() {
      #expect(listed.contains(f), "Corpus/\(f) has no entry in HostileCase.corpus")
    }
  }

  /// The tripwire works: a child that does read it is caught.
  @Test func tripwireCatchesARead() throws {
    let workspace = try Workspace()
    defer { workspace.remove() }
    let run = try ChildProcess.run(
      "/bin/cat", [workspace.tripwire], in: workspace.base, timeout: 60,
      tripwire: workspace.tripwire)
    #expect(run.trippedWire)
  }
}

/// The time budget, through svg-render's --max-seconds: a file built to be slow stops on
/// time with a message naming it, and leaves no output. "On time" is measured in processor
/// time, which a busy machine does not inflate: run to its reference limit the file costs
/// over 5 s of it (debug build); stopped after 0.2 s of wall time it can cost at most that
/// on each of two cores, plus the start.
@Suite struct TimeBudgetTests {
  @Test func aSlowRenderStopsOnTime() throws {
    let workspace = try Workspace()
    defer { workspace.remove() }
    let file = "pattern-exponential.svg"
    let bytes = try #require(FileManager.default.contents(atPath: Products.corpus + "/" + file))
    try workspace.write(file, [UInt8](bytes))
    let run = try ChildProcess.run(
      Products.path("svg-render"),
      ["--max-seconds", "0.2", workspace.base + "/" + file, "-o", workspace.base + "/out.png"],
      in: workspace.base, timeout: 120)
    #expect(run.exitCode == 1)
    #expect(run.stderr.contains("\(file): the render was cancelled (over its time budget)"))
    #expect(run.cpuSeconds < 1, "\(run.cpuSeconds) s of processor time")
    #expect(!workspace.exists("out.png"))
  }
}
