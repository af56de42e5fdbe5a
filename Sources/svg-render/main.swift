import CommandLineKit
import Dispatch
import FoundationEssentials
import Glibc
import SVGCommands
import SVGQuery
import SVGRender
import SVGTree
import Synchronization

runTool(spec) { args in
  let job = try Job(args)
  var inputs = args.positionals
  var output = args.value("output") ?? "-"
  // resvg's form: `svg-render in.svg out.png`.
  if inputs.count == 2, args.value("output") == nil, !args.flag("c"),
    inputs[1].lowercased().hasSuffix(".png"), !FileManager.default.fileExists(atPath: inputs[1])
  {
    output = inputs.removeLast()
  }
  if args.flag("list-fonts") {
    // On standard output, as resvg, unless the drawing goes there.
    try job.listFonts(toStandardOutput: inputs.isEmpty || args.flag("query-all") || output != "-")
    if inputs.isEmpty { return .success }
  }
  // As rsvg-convert: no input file reads standard input.
  if inputs.isEmpty { inputs = ["-"] }
  if args.flag("query-all") {
    guard inputs.count == 1 else { throw UsageError("--query-all reads one input") }
    try job.queryAll(input: inputs[0])
    return .success
  }
  let format = job.format ?? OutputFormat(fileName: output) ?? .png
  if args.flag("small-png") && format != .png { throw UsageError("--small-png needs PNG output") }
  if args.value("scale") != nil && format != .png { throw UsageError("--scale needs PNG output") }
  var isFolder = false
  let toFolder =
    output.hasSuffix("/")
    || (FileManager.default.fileExists(atPath: output, isDirectory: &isFolder) && isFolder)
  if !toFolder {
    if inputs.count > 1 && !format.hasPages {
      throw UsageError(
        "several inputs need -o DIR/ (a batch) or PDF, PS or EPS output (one page each),"
          + " not \(format.rawValue)")
    }
    if inputs.filter({ $0 == "-" }).count > 1 {
      throw UsageError("standard input (-) can be read once")
    }
    try job.render(inputs: inputs, format: format, to: output)
    return .success
  }
  // A batch: render into the output folder, in parallel on all cores.
  guard !inputs.contains("-") else {
    throw UsageError("standard input (-) cannot be part of a batch")
  }
  try FileManager.default.createDirectory(atPath: output, withIntermediateDirectories: true)
  let progress = ProgressBar(total: inputs.count)
  let failures = Failures()
  let (files, folder) = (inputs, output)
  DispatchQueue.concurrentPerform(iterations: files.count) { i in
    let name = URL(fileURLWithPath: files[i]).deletingPathExtension().lastPathComponent
    do {
      try job.render(inputs: [files[i]], format: format, to: "\(folder)/\(name).\(format)")
    } catch {
      failures.add("\(error)")
    }
    progress.advance()
  }
  for f in failures.messages { Console.failure("svg-render", f) }
  return failures.messages.isEmpty ? .success : .badInput
}

extension OutputFormat: CustomStringConvertible {
  /// The format a file name's extension names, if any.
  init?(fileName: String) {
    self.init(rawValue: URL(fileURLWithPath: fileName).pathExtension.lowercased())
  }
  public var description: String { rawValue }
}

final class Failures: Sendable {
  private let list = Mutex<[String]>([])
  var messages: [String] { list.withLock { $0 } }
  func add(_ m: String) { list.withLock { $0.append(m) } }
}
