// Benchmark driver for scripts/bench (not installed): times library stages in one process,
// so process start-up does not hide the work being measured.
import Foundation
import SVGRender
import SVGTree

let args = Array(CommandLine.arguments.dropFirst())
guard args.count >= 2 || args.first == "hit" else {
  FileHandle.standardError.write(
    Data(
      "usage: svg-bench parse|stages FILE... | hit [--flat] [PATHS [HITS [FILE]]] | recolor FILE [TAPS] | recolor-check FILE... [--taps N] [--seed N]\n"
        .utf8))
  exit(2)
}
switch args[0] {
case "parse":
  var elements = 0
  for path in args.dropFirst() {
    do {
      let doc = try Document(contentsOfFile: path)
      elements += doc.nodes.count
    } catch {
      FileHandle.standardError.write(Data("\(error)\n".utf8))
      exit(1)
    }
  }
  print("nodes \(elements)")
case "stages":
  // Time of each stage, summed over the files: parse, cascade, build, rasterize at 800 px, PNG.
  var t = [0.0, 0.0, 0.0, 0.0, 0.0]
  func timed<T>(_ i: Int, _ f: () throws -> T) rethrows -> T {
    let start = Date()
    defer { t[i] += Date().timeIntervalSince(start) }
    return try f()
  }
  for path in args.dropFirst() {
    do {
      let doc = try timed(0) { try Document(contentsOfFile: path) }
      _ = timed(1) { doc.computeStyles() }
      let tree = try timed(2) { try RenderTree(document: doc) }
      let h = max(1, Int(800 * tree.size.height / max(tree.size.width, 1)))
      let bitmap = try timed(3) { try tree.rasterize(width: 800, height: h) }
      _ = try timed(4) { try bitmap.pngData() }
    } catch {
      FileHandle.standardError.write(Data("\(path): \(error)\n".utf8))
    }
  }
  print(
    String(
      format: "parse %.3fs  cascade %.3fs  build (incl. cascade) %.3fs  rasterize %.3fs  png %.3fs",
      t[0], t[1], t[2], t[3], t[4]))
case "hit":
  do {
    print(try HitBench.run(Array(args.dropFirst())))
  } catch {
    FileHandle.standardError.write(Data("svg-bench: \(error)\n".utf8))
    exit(1)
  }
case "recolor":
  do {
    print(try RecolorBench.run(Array(args.dropFirst())))
  } catch {
    FileHandle.standardError.write(Data("svg-bench: \(error)\n".utf8))
    exit(1)
  }
case "recolor-check":
  do {
    let (report, exact) = try RecolorCheck.run(Array(args.dropFirst()))
    print(report)
    if !exact { exit(1) }
  } catch {
    FileHandle.standardError.write(Data("svg-bench: \(error)\n".utf8))
    exit(1)
  }
default:
  FileHandle.standardError.write(Data("svg-bench: unknown stage \(args[0])\n".utf8))
  exit(2)
}
