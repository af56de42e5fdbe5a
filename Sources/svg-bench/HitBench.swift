import Foundation
import SVGGeometry
import SVGQuery
import SVGTree

/// The generated drawing of the hit-test benchmark: `paths` small closed paths (curves and
/// lines, filled, a third stroked, some with transforms) scattered over a page, in groups
/// of 100 as drawing programs make layers, or (`--flat`) all children of the root, as many
/// drawing programs export them.
enum HitBench {
  /// Hit tests per second on a drawing of PATHS paths (generated, or FILE), with and without
  /// the spatial index, at the same random points. A hit counts as the library answers it:
  /// the top-most element with its index path (its ancestors on demand). Arguments:
  /// [--flat] [PATHS [HITS [FILE]]].
  static func run(_ arguments: [String]) throws -> String {
    let flat = arguments.contains("--flat")
    let args = arguments.filter { $0 != "--flat" }
    let paths = args.count > 0 ? Int(args[0]) ?? 100_000 : 100_000
    let hits = max(1, args.count > 1 ? Int(args[1]) ?? 20_000 : 20_000)
    var start = Date()
    let text =
      try args.count > 2
      ? String(contentsOfFile: args[2], encoding: .utf8) : drawing(paths: paths, flat: flat)
    let scene = try Scene(document: try Document(string: text))
    let build = Date().timeIntervalSince(start)
    var rng = Random(seed: 42)
    let size = scene.tree.size
    let points = (0..<hits).map { _ in Point(rng.next() * size.width, rng.next() * size.height) }
    start = Date()
    scene.prepareHitTests()
    let index = Date().timeIntervalSince(start)
    let indexed = timeIndexedHits(scene, points)
    let scanCount = min(hits, 200)
    let scanned = timeHits(scene, Array(points.prefix(scanCount)), useIndex: false)
    let indexedRate = Double(hits) / indexed.seconds
    let cpuRate = Double(hits) / indexed.cpuSeconds
    let scanRate = Double(scanCount) / scanned.seconds
    let layout = args.count > 2 ? "" : flat ? " (flat)" : " (grouped)"
    return "hit \(scene.shapeCount) shapes\(layout): "
      + String(
        format: "build %.2fs, index %.3fs; indexed %.0f hits/s (%.1f us each, "
          + "%d/%d points hit; CPU %.0f hits/s); scan %.0f hits/s (%.0f us each); "
          + "index %.0fx faster",
        build, index, indexedRate, 1e6 / indexedRate, indexed.found, hits, cpuRate, scanRate,
        1e6 / scanRate, indexedRate / scanRate)
  }

  /// The timed loop of indexed hits, alone: `valgrind --tool=callgrind --collect-atstart=no
  /// --toggle-collect='*timeIndexedHits*'` counts its instructions.
  @inline(never)
  static func timeIndexedHits(_ scene: Scene, _ points: [Point])
    -> (seconds: Double, cpuSeconds: Double, found: Int)
  {
    timeHits(scene, points, useIndex: true)
  }

  /// A timed loop: the top-most hit at each point, with its index path, as `svg-query`
  /// answers it. The spatial index and the element table are built before
  /// (``Scene/prepareHitTests()``), so only hits are timed. Wall and thread CPU seconds:
  /// CPU time leaves out the time other processes took the core.
  @inline(never)
  static func timeHits(_ scene: Scene, _ points: [Point], useIndex: Bool)
    -> (seconds: Double, cpuSeconds: Double, found: Int)
  {
    let options = HitTestOptions(tolerance: 0, useIndex: useIndex)
    var found = 0
    let cpu = threadCPUSeconds()
    let t = Date()
    var depth = 0
    for p in points {
      // The index path is worked out when read (FoundElement), so reading it is part of
      // the hit that is measured, as svg-query prints it.
      if let hit = scene.hit(at: p, options: options) {
        found += 1
        depth += hit.element.indexPath.indices.count
      }
    }
    let seconds = (Date().timeIntervalSince(t), threadCPUSeconds() - cpu)
    precondition(found == 0 || depth > 0, "hits without an index path")
    return (seconds.0, seconds.1, found)
  }

  static func threadCPUSeconds() -> Double {
    var ts = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts)
    return Double(ts.tv_sec) + Double(ts.tv_nsec) * 1e-9
  }

  static func drawing(paths: Int, flat: Bool = false) -> String {
    let side = max(100, (Double(paths) * 400).squareRoot().rounded())
    var rng = Random(seed: 7)
    var out =
      "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(Int(side))\" height=\"\(Int(side))\">\n"
    for i in 0..<paths {
      if !flat, i % 100 == 0 { out += i == 0 ? "<g>\n" : "</g>\n<g>\n" }
      let x = rng.next() * side
      let y = rng.next() * side
      let r = 3 + rng.next() * 12
      let d = String(
        format: "M%.1f %.1fC%.1f %.1f %.1f %.1f %.1f %.1fL%.1f %.1fZ", x, y, x + r, y - r,
        x + 2 * r,
        y, x + 2 * r, y + r, x + r, y + 2 * r)
      let colour = String(format: "#%06x", Int(rng.next() * 0xFFFFFF))
      var attributes = "d=\"\(d)\" fill=\"\(colour)\""
      if i % 3 == 0 { attributes += " stroke=\"black\" stroke-width=\"\(1 + i % 4)\"" }
      if i % 7 == 0 {
        attributes += String(format: " transform=\"rotate(%.0f %.1f %.1f)\"", rng.next() * 90, x, y)
      }
      out += "<path \(attributes)/>\n"
    }
    return out + (flat ? "" : "</g>\n") + "</svg>\n"
  }

  struct Random {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> Double {
      state &+= 0x9E37_79B9_7F4A_7C15
      var z = state
      z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
      z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
      z ^= z >> 31
      return Double(z >> 11) / Double(1 << 53)
    }
  }
}
