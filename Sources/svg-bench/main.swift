// Benchmark driver for scripts/bench (not installed): times library stages in one process,
// so process start-up does not hide the work being measured.
import Foundation
import SVGRender
import SVGTree

let args = Array(CommandLine.arguments.dropFirst())
guard args.count >= 2 || args.first == "hit" else {
  FileHandle.standardError.write(
    Data(
      "usage: svg-bench parse FILE... | stages [-w PX] [-v] FILE... | bands-check [-b N,N] [-w PX] [--tops [-k ROWS] [-t ROWS] [-d ROWS]] FILE... | hit [--flat] [PATHS [HITS [FILE]]] | recolor FILE [TAPS [ROUNDS]] | recolor-check FILE... [--taps N] [--seed N] [--scale S] [--trees]\n"
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
  // Time of each stage, summed over the files: parse, cascade, build, rasterize at 800 px (or
  // the width after `-w`), PNG; and how many files were drawn in bands (with `-v`, which:
  // each file's line says "bands" or "one band" and why).
  var t = [0.0, 0.0, 0.0, 0.0, 0.0]
  var files = args.dropFirst()
  var width = 800.0
  var verbose = false
  while let option = files.first, option.hasPrefix("-") {
    if option == "-v" {
      verbose = true
      files = files.dropFirst()
    } else if option == "-w", files.count > 1, let w = Double(files.dropFirst().first!), w >= 1 {
      width = w
      files = files.dropFirst(2)
    } else {
      FileHandle.standardError.write(Data("svg-bench: stages: bad option \(option)\n".utf8))
      exit(2)
    }
  }
  var banded = 0
  var kept = 0
  func timed<T>(_ i: Int, _ f: () throws -> T) rethrows -> T {
    let start = Date()
    defer { t[i] += Date().timeIntervalSince(start) }
    return try f()
  }
  for path in files {
    do {
      let doc = try timed(0) { try Document(contentsOfFile: path) }
      _ = timed(1) { doc.computeStyles() }
      let tree = try timed(2) { try RenderTree(document: doc) }
      let h = max(1, Int(width * tree.size.height / max(tree.size.width, 1)))
      let bitmap = try timed(3) { try tree.rasterize(width: Int(width), height: h) }
      _ = try timed(4) { try bitmap.pngData() }
      if tree.isBandable { banded += 1 }
      if verbose {
        var edges: [Int] = []
        let refusal = tree.bandRefusal(width: Int(width), height: h, edges: &edges)
        if refusal == nil { kept += 1 }
        print("\(path): \(refusal.map { "one band: \($0)" } ?? "bands at rows \(edges)")")
      }
    } catch {
      FileHandle.standardError.write(Data("\(path): \(error)\n".utf8))
    }
  }
  print(
    String(
      format:
        "parse %.3fs  cascade %.3fs  build (incl. cascade) %.3fs  rasterize %.3fs  png %.3fs  bandable %d of %d",
      t[0], t[1], t[2], t[3], t[4], banded, files.count))
  if verbose { print("drawn in bands (no band hazard): \(kept) of \(files.count)") }
case "bands-check":
  // Each file at 800 px drawn in 2, 3 and 7 bands must give the bytes of one band; prints
  // the files that differ and exits 1 if any does.
  var differing = 0
  var banded = 0
  // Per band count tried: kept in bands, refused by the band plan, drawn twice (a band
  // raised the hazard the plan did not foresee).
  var kept = 0
  var planned = 0
  var twice = 0
  var files = args.dropFirst()
  var counts = [2, 3, 7]
  var width = 800.0
  // With --tops: every row as the first of a band, drawn with `-k` rows above it and `-t`
  // rows below (the library's by default) and compared over its first `-d` rows.
  var tops = false
  var settle = RenderTree.bandSettleRows
  var trail = RenderTree.bandTrailRows
  var depth = 16
  while let option = files.first, ["-b", "-w", "-k", "-t", "-d", "--tops"].contains(option),
    files.count > 1
  {
    if option == "--tops" {
      tops = true
      files = files.dropFirst()
      continue
    }
    let value = files.dropFirst().first!
    if option == "-b" { counts = value.split(separator: ",").compactMap { Int($0) } }
    if option == "-w" { width = Double(value) ?? width }
    if option == "-k" { settle = Int(value) ?? settle }
    if option == "-t" { trail = Int(value) ?? trail }
    if option == "-d" { depth = Int(value) ?? depth }
    files = files.dropFirst(2)
  }
  var topsTried = 0
  for path in files {
    do {
      let tree = try RenderTree(document: try Document(contentsOfFile: path))
      guard tree.isBandable else { continue }
      banded += 1
      let size = Size(width: width, height: width * tree.size.height / max(tree.size.width, 1))
      let one = try tree.rasterize(covering: size, bands: 1)
      let (w, h) = (one.width, one.height)
      if tops {
        // Drawn in one band whatever the edges: no top to check.
        if let refusal = tree.surveyRefusal(width: w, height: h) {
          print("\(path): one band: \(refusal)")
          continue
        }
        let (rows, hazards) = tree.bandTops(
          1..<h, differingFrom: one, covering: size, depth: depth, settle: settle, trail: trail)
        topsTried += h - 1 - hazards.count
        if !rows.isEmpty {
          print(
            "\(path): \(rows.count) of \(h - 1 - hazards.count) band tops differ (\(hazards.count) raise the band hazard): \(rows)"
          )
          differing += 1
        }
        continue
      }
      for bands in counts {
        var edges: [Int] = []
        switch tree.bandRefusal(width: w, height: h, count: bands, edges: &edges) {
        case nil: kept += 1
        case "a band raised the hazard (drawn again whole)"?:
          twice += 1
          print("\(path): \(bands) bands drawn twice (a band raised the hazard at rows \(edges))")
        default: planned += 1
        }
        let other = try tree.rasterize(covering: size, bands: bands)
        guard other.pixels != one.pixels else { continue }
        var first = ""
        var count = 0
        var rows: [Int] = []
        for y in 0..<one.height {
          for x in 0..<one.width where one.rgba(x: x, y: y) != other.rgba(x: x, y: y) {
            if count == 0 {
              first = "\(x),\(y): \(one.rgba(x: x, y: y)) vs \(other.rgba(x: x, y: y))"
            }
            if rows.last != y { rows.append(y) }
            count += 1
          }
        }
        // The band edges nearest the differing rows tell a clip effect from a drawing one.
        let near = rows.prefix(8).map { y in
          "\(y) (edge \(edges.min { abs($0 - y) < abs($1 - y) }!))"
        }
        print(
          "\(path): \(bands) bands differ from one in \(count) pixels, the first \(first); rows \(near.joined(separator: ", "))"
        )
        differing += 1
      }
    } catch {
      FileHandle.standardError.write(Data("\(path): \(error)\n".utf8))
    }
  }
  if tops {
    print(
      "bands-check --tops -k \(settle) -t \(trail) -d \(depth): \(banded) of \(files.count) files bandable; \(topsTried) tops tried (not raising the band hazard); \(differing) files differ"
    )
    exit(differing > 0 ? 1 : 0)
  }
  print(
    "bands-check: \(banded) of \(files.count) files bandable; of their band counts \(kept) kept bands, \(planned) refused by the band plan, \(twice) drawn twice; \(differing) differences"
  )
  if differing > 0 || twice > 0 { exit(1) }
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
