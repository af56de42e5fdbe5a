// Benchmark driver for scripts/bench (not installed): times library stages in one process,
// so process start-up does not hide the work being measured.
import Foundation
import SVGTree

let args = Array(CommandLine.arguments.dropFirst())
guard args.count >= 2 else {
  FileHandle.standardError.write(Data("usage: svg-bench parse FILE...\n".utf8))
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
default:
  FileHandle.standardError.write(Data("svg-bench: unknown stage \(args[0])\n".utf8))
  exit(2)
}
