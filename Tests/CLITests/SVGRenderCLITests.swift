import Foundation
import Testing

@Suite struct SVGRenderCLITests {
  let tool = Executable(name: "svg-render")
  let example = Executable.packageRoot.appendingPathComponent(
    "Resources/examples/colouring-page.svg"
  ).path

  @Test func rendersAFileToPNG() throws {
    let dir = try temporaryDirectory()
    let r = try tool.run([example, "-w", "200", "-o", "\(dir)/out.png"])
    #expect(r.status == 0, "\(r.stderr)")
    let png = try Data(contentsOf: URL(fileURLWithPath: "\(dir)/out.png"))
    #expect(png.prefix(8) == Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]))
    // IHDR width and height: 200 x 150 (the page is 400 x 300).
    #expect(png[16..<24] == Data([0, 0, 0, 200, 0, 0, 0, 150]))
  }

  @Test func readsStandardInputAndWritesStandardOutput() throws {
    let svg = Data("<svg xmlns='http://www.w3.org/2000/svg' width='4' height='3'/>".utf8)
    let r = try tool.run(["-", "-o", "-"], stdin: svg)
    #expect(r.status == 0, "\(r.stderr)")
    #expect(r.stdout.prefix(4) == Data([0x89, 0x50, 0x4E, 0x47]))
  }

  /// A FIFO (like `/dev/null` or `/dev/stdout`) is written to, not replaced by a file.
  @Test func writesIntoAPipeNamedAsTheOutput() throws {
    let dir = try temporaryDirectory()
    let fifo = "\(dir)/out.png"
    #expect(mkfifo(fifo, 0o600) == 0)
    // Opened for reading first (without waiting for a writer): a small PNG fits in the pipe.
    let reader = open(fifo, O_RDONLY | O_NONBLOCK)
    try #require(reader >= 0)
    defer { close(reader) }
    let r = try tool.run([example, "-w", "20", "-o", fifo])
    #expect(r.status == 0, "\(r.stderr)")
    var received: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 4096)
    while case let n = read(reader, &chunk, chunk.count), n > 0 { received += chunk[..<n] }
    #expect(received.prefix(4) == [0x89, 0x50, 0x4E, 0x47])
    var info = stat()
    #expect(stat(fifo, &info) == 0 && info.st_mode & S_IFMT == S_IFIFO)
    #expect(try FileManager.default.contentsOfDirectory(atPath: dir) == ["out.png"])
  }

  @Test func formatComesFromTheOutputName() throws {
    let dir = try temporaryDirectory()
    for (ext, magic) in [("pdf", "%PDF"), ("ps", "%!PS"), ("svg", "<?xml")] {
      let r = try tool.run([example, "-o", "\(dir)/out.\(ext)"])
      #expect(r.status == 0, "\(r.stderr)")
      let head = try Data(contentsOf: URL(fileURLWithPath: "\(dir)/out.\(ext)")).prefix(5)
      #expect(String(decoding: head, as: UTF8.self).hasPrefix(magic), "\(ext)")
    }
  }

  @Test func badInputExitsOneNamesLineAndLeavesNoFile() throws {
    let dir = try temporaryDirectory()
    let bad = "\(dir)/bad.svg"
    try "<svg xmlns='http://www.w3.org/2000/svg'>\n<rect x='1' y=2/></svg>".write(
      toFile: bad, atomically: true, encoding: .utf8)
    try Data("previous".utf8).write(to: URL(fileURLWithPath: "\(dir)/out.png"))
    let r = try tool.run([bad, "-o", "\(dir)/out.png"])
    #expect(r.status == 1)
    #expect(r.stderr.contains("bad.svg:2:"))
    // The existing output is not clobbered, and no temporary file is left behind.
    #expect(try String(contentsOfFile: "\(dir)/out.png", encoding: .utf8) == "previous")
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: dir).sorted() == ["bad.svg", "out.png"])
  }

  @Test func badUsageExitsTwo() throws {
    #expect(try tool.run(["--no-such-flag"]).status == 2)
    #expect(try tool.run([example, "-o", "/tmp/x.png", "-c"]).status == 2)  // two outputs
    #expect(try tool.run([example, "-w", "abc", "-o", "/tmp/x.png"]).status == 2)
  }

  @Test func batchRendersEveryInputIntoTheFolder() throws {
    let dir = try temporaryDirectory()
    for i in 0..<3 {
      try "<svg xmlns='http://www.w3.org/2000/svg' width='5' height='5'/>".write(
        toFile: "\(dir)/in\(i).svg", atomically: true, encoding: .utf8)
    }
    let r = try tool.run((0..<3).map { "\(dir)/in\($0).svg" } + ["-o", "\(dir)/out/"])
    #expect(r.status == 0, "\(r.stderr)")
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: "\(dir)/out").sorted() == [
        "in0.png", "in1.png", "in2.png",
      ])
  }

  @Test func helpListsEveryOptionAndTheREADMEShowsIt() throws {
    let r = try tool.run(["--help"])
    #expect(r.status == 0)
    let readme = try String(
      contentsOf: Executable.packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
    for line in r.text.split(separator: "\n") where line.hasPrefix("  -") {
      #expect(readme.contains(line), "README lacks: \(line)")
    }
  }
}
