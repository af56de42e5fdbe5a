import Foundation
import SVGCommands
import SVGGeometry
import SVGQuery
import SVGRender
import SVGTree

/// A colouring session's tap against a full render: `fillAt` at points that hit a filled
/// shape, each followed by a render of the session (which starts from the session's last
/// render: the picture is shown once before the first tap), against reading and rendering
/// the file from scratch.
enum RecolorBench {
  /// Arguments: FILE [TAPS [ROUNDS]]. Renders at the drawing's natural size, PNG included.
  ///
  /// The TAPS taps are made ROUNDS times (default 3), each round in a new colour, and each
  /// round follows a full render of the file, so that both see the same load of the machine;
  /// the figures are the medians over the rounds (a full render, and the mean tap of a
  /// round).
  static func run(_ args: [String]) throws -> String {
    guard let path = args.first else { throw BenchError("recolor needs a FILE") }
    let taps = max(1, args.count > 1 ? Int(args[1]) ?? 10 : 10)
    let rounds = max(1, args.count > 2 ? Int(args[2]) ?? 3 : 3)
    let request = RenderRequest()
    // A full render (read, build, draw, encode) warm, as the taps are: the first one loads the
    // libraries and faults the pages in, so it is not counted.
    let document = try Document(contentsOfFile: path)
    _ = try request.render(try RenderTree(document: document))
    func fullRender() throws -> Double {
      let t = Date()
      _ = try request.render(try RenderTree(document: try Document(contentsOfFile: path)))
      return Date().timeIntervalSince(t)
    }

    var session = EditableDocument(document)
    let scene = try session.scene()
    var rng = HitBench.Random(seed: 11)
    var points: [Point] = []
    var attempts = 0
    while points.count < taps, attempts < 100_000 {
      attempts += 1
      let p = Point(rng.next() * scene.tree.size.width, rng.next() * scene.tree.size.height)
      let d = (scene.documentToCanvas.inverted ?? .identity).apply(p)
      if scene.elements(at: d).contains(where: \.paintsFill) { points.append(d) }
    }
    guard !points.isEmpty else { throw BenchError("no filled shape found to tap") }
    _ = try session.render(request)
    var fulls: [Double] = []
    var tapTimes: [Double] = []
    var commands: [Double] = []
    for round in 0..<rounds {
      fulls.append(try fullRender())
      try session.apply(script: "setActiveColor(\(255 - round % 256), 0, \(round % 256))")
      var command = 0.0
      let start = Date()
      for p in points {
        let t = Date()
        try session.apply(.fillAt(p))
        command += Date().timeIntervalSince(t)
        _ = try session.render(request)
      }
      tapTimes.append(Date().timeIntervalSince(start) / Double(points.count))
      commands.append(command / Double(points.count))
    }
    func median(_ v: [Double]) -> Double { v.sorted()[v.count / 2] }
    let (full, tap, command) = (median(fulls), median(tapTimes), median(commands))
    return String(
      format: "recolor: full render %.1f ms; fillAt + re-render %.1f ms (%.2fx the full render; "
        + "fillAt %.1f ms, re-render %.1f ms)",
      full * 1000, tap * 1000, tap / full, command * 1000, tap * 1000 - command * 1000)
  }
}

struct BenchError: Error, CustomStringConvertible {
  var description: String
  init(_ description: String) { self.description = description }
}
