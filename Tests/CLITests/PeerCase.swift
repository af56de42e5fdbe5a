import Foundation
import SVGRender
import Testing

/// The peers svg-render stands in for, found where scripts/bootstrap installs them.
enum Peer: Sendable {
  case rsvgConvert, resvg

  var name: String { self == .rsvgConvert ? "rsvg-convert" : "resvg" }

  /// rsvg-convert from Debian's librsvg2-bin; resvg from the virtual environment
  /// .build/peers, else the first on PATH.
  var path: String? {
    var candidates: [String] = []
    if self == .resvg {
      candidates.append(
        Executable.packageRoot.appendingPathComponent(".build/peers/bin/resvg").path)
    }
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
    candidates += path.split(separator: ":").map { "\($0)/\(name)" }
    return candidates.first { FileManager.default.isExecutableFile(atPath: $0) }
  }
}

/// One command line of a peer's manual, run in a scratch copy of the fixtures.
struct PeerCase: Sendable, CustomTestStringConvertible, CustomStringConvertible {
  enum OutputKind { case png, pages, text }

  var peer: Peer
  var arguments: [String]
  /// The file the command writes (`-`: standard output); nil when there is none to compare.
  var writes: String?
  var stdin: String?

  static func rsvg(_ line: String, writes: String? = "-", stdin: String? = nil) -> PeerCase {
    PeerCase(peer: .rsvgConvert, arguments: words(line), writes: writes, stdin: stdin)
  }

  static func resvg(_ line: String, writes: String?, stdin: String? = nil) -> PeerCase {
    PeerCase(peer: .resvg, arguments: words(line), writes: writes, stdin: stdin)
  }

  var description: String {
    "\(peer.name) \(arguments.joined(separator: " "))" + (stdin.map { " < \($0)" } ?? "")
  }
  var testDescription: String { description }

  var outputKind: OutputKind {
    if arguments.contains("--query-all") { return .text }
    let format = arguments.first { $0.hasPrefix("--format=") }?.dropFirst(9).lowercased()
    let short = arguments.firstIndex(of: "-f").map { arguments[$0 + 1].lowercased() }
    let ext = writes.map { URL(fileURLWithPath: $0).pathExtension.lowercased() }
    return ["pdf", "ps", "eps"].contains(format ?? short ?? ext ?? "png") ? .pages : .png
  }

  struct Outcome {
    var status: Int32
    var stderr: String
    var output: Data
  }

  /// Runs `program` with the arguments in a fresh copy of the fixtures.
  func run(program: String) throws -> Outcome {
    let dir = try temporaryDirectory()
    for name in try FileManager.default.contentsOfDirectory(
      atPath: PeerCompatibilityTests.fixtures.path)
    {
      try FileManager.default.copyItem(
        atPath: PeerCompatibilityTests.fixtures.appendingPathComponent(name).path,
        toPath: "\(dir)/\(name)")
    }
    let input = try stdin.map { try Data(contentsOf: URL(fileURLWithPath: "\(dir)/\($0)")) }
    let r = try Executable.runProgram(program, arguments, stdin: input, in: dir)
    var output = r.stdout
    if let writes, writes != "-" {
      output = (try? Data(contentsOf: URL(fileURLWithPath: "\(dir)/\(writes)"))) ?? Data()
    }
    try? FileManager.default.removeItem(atPath: dir)
    return Outcome(status: r.status, stderr: r.stderr, output: output)
  }

  /// Writes `data` to a scratch file and returns its path.
  func save(_ data: Data, as name: String) throws -> String {
    let path = try temporaryDirectory() + "/" + name
    try data.write(to: URL(fileURLWithPath: path))
    return path
  }

  /// The share of pixels that differ, by the conformance suite's rule; nil when the sizes do.
  static func offFraction(_ a: Bitmap, _ b: Bitmap) -> Double? {
    guard a.width == b.width, a.height == b.height, a.width * a.height > 0 else { return nil }
    func overWhite(_ p: (r: UInt8, g: UInt8, b: UInt8, a: UInt8)) -> [Int] {
      [p.r, p.g, p.b].map { (Int($0) * Int(p.a) + 255 * (255 - Int(p.a))) / 255 }
    }
    var off = 0
    for y in 0..<a.height {
      for x in 0..<a.width {
        let (ca, cb) = (overWhite(a.rgba(x: x, y: y)), overWhite(b.rgba(x: x, y: y)))
        if zip(ca, cb).contains(where: { abs($0 - $1) > 48 }) { off += 1 }
      }
    }
    return Double(off) / Double(a.width * a.height)
  }

  /// The page sizes, in points, of a PDF (`/MediaBox`), PostScript (`%%PageBoundingBox`) or
  /// EPS (`%%BoundingBox`) file as cairo writes them.
  static func pageSizes(_ data: Data) -> [(Double, Double)] {
    let text = String(decoding: data, as: UTF8.self)
    let pdf = text.hasPrefix("%PDF")
    let eps = text.contains("EPSF")
    var out: [(Double, Double)] = []
    for line in text.split(whereSeparator: \.isNewline) {
      let l = line.trimmingCharacters(in: .whitespaces)
      let marker =
        pdf ? "/MediaBox [" : eps ? "%%BoundingBox:" : "%%PageBoundingBox:"
      guard let r = l.range(of: marker) else { continue }
      let numbers = l[r.upperBound...].split(whereSeparator: { $0 == " " || $0 == "]" })
        .compactMap { Double($0) }
      guard numbers.count >= 4 else { continue }
      out.append((numbers[2] - numbers[0], numbers[3] - numbers[1]))
    }
    return out
  }

  /// `id,x,y,w,h` lines as an id and its numbers.
  static func rows(_ data: Data) -> [(String, [Double])] {
    String(decoding: data, as: UTF8.self).split(separator: "\n").map { line in
      let parts = line.split(separator: ",")
      return (String(parts.first ?? ""), parts.dropFirst().compactMap { Double($0) })
    }
  }

  /// A command line split into words, with '...' quoting.
  static func words(_ line: String) -> [String] {
    var words: [String] = []
    var current = ""
    var quoted = false
    var inWord = false
    for c in line {
      if c == "'" {
        quoted.toggle()
        inWord = true
      } else if c == " " && !quoted {
        if inWord { words.append(current) }
        current = ""
        inWord = false
      } else {
        current.append(c)
        inWord = true
      }
    }
    if inWord { words.append(current) }
    return words
  }
}
