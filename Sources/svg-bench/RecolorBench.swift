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
  /// Arguments: FILE [TAPS]. Renders at the drawing's natural size, PNG included.
  static func run(_ args: [String]) throws -> String {
    guard let path = args.first else { throw BenchError("recolor needs a FILE") }
    let taps = max(1, args.count > 1 ? Int(args[1]) ?? 10 : 10)
    let request = RenderRequest()
    // A full render (read, build, draw, encode) warm, as the taps are: the first one loads the
    // libraries and faults the pages in, so it is not counted; the median of three is.
    var document = try Document(contentsOfFile: path)
    _ = try request.render(try RenderTree(document: document))
    var fulls: [Double] = []
    for _ in 0..<3 {
      let t = Date()
      document = try Document(contentsOfFile: path)
      _ = try request.render(try RenderTree(document: document))
      fulls.append(Date().timeIntervalSince(t))
    }
    let full = fulls.sorted()[1]

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
    try session.apply(script: "setActiveColor(255, 0, 0)")
    _ = try session.render(request)
    var command = 0.0
    let start = Date()
    for p in points {
      let t = Date()
      try session.apply(.fillAt(p))
      command += Date().timeIntervalSince(t)
      _ = try session.render(request)
    }
    let n = Double(points.count)
    let tap = Date().timeIntervalSince(start) / n
    return String(
      format: "recolor: full render %.1f ms; fillAt + re-render %.1f ms (%.2fx the full render; "
        + "fillAt %.1f ms, re-render %.1f ms)",
      full * 1000, tap * 1000, tap / full, command / n * 1000, tap * 1000 - command / n * 1000)
  }
}

struct BenchError: Error, CustomStringConvertible {
  var description: String
  init(_ description: String) { self.description = description }
}
