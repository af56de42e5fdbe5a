import CommandLineKit
import Dispatch
import Glibc
import SVGRender
import SVGTree
import Synchronization

/// One run of svg-render: what its command line asks for (inputs, output, format, and the
/// ``RenderJob`` with every option read), and the run itself: `--list-fonts`,
/// `--query-all`, one drawing, the pages of one document, or a batch into a folder.
public struct RenderInvocation: Sendable {
  public var job: RenderJob
  public var inputs: [String]
  /// The output file, folder (a batch) or `-` (standard output).
  public var output: String
  public var listFonts: Bool
  public var queryAll: Bool
  public var smallPNG: Bool
  public var scale: Bool

  /// The run `args` asks for; `environment` gives the default language (`LANG`).
  public init(_ args: ParsedArguments, environment: [String: String]) throws {
    job = try RenderJob(args, environment: environment)
    inputs = args.positionals
    output = args.value("output") ?? "-"
    // resvg's form: `svg-render in.svg out.png`.
    if inputs.count == 2, args.value("output") == nil, !args.flag("c"),
      inputs[1].lowercased().hasSuffix(".png"), !FileSystem.exists(inputs[1])
    {
      output = inputs.removeLast()
    }
    listFonts = args.flag("list-fonts")
    queryAll = args.flag("query-all")
    smallPNG = args.flag("small-png")
    scale = args.value("scale") != nil
  }

  /// Does the run; messages go to `messages`. Bad usage throws ``UsageError``, bad input
  /// ``BadInput``; a batch reports each file that failed and returns ``ExitStatus/badInput``.
  public func run(messages: RenderMessages) throws -> ExitStatus {
    var inputs = self.inputs
    if listFonts {
      // On standard output, as resvg, unless the drawing goes there.
      try job.listFonts(
        to: inputs.isEmpty || queryAll || output != "-" ? messages.data : messages.note)
      if inputs.isEmpty { return .success }
    }
    // As rsvg-convert: no input file reads standard input.
    if inputs.isEmpty { inputs = ["-"] }
    if queryAll {
      guard inputs.count == 1 else { throw UsageError("--query-all reads one input") }
      try job.queryAll(input: inputs[0], messages: messages)
      return .success
    }
    let format = job.format ?? OutputFormat(fileName: output) ?? .png
    if smallPNG && format != .png { throw UsageError("--small-png needs PNG output") }
    if scale && format != .png { throw UsageError("--scale needs PNG output") }
    let toFolder = output.hasSuffix("/") || FileSystem.isDirectory(output)
    if !toFolder {
      if inputs.count > 1 && !format.hasPages {
        throw UsageError(
          "several inputs need -o DIR/ (a batch) or PDF, PS or EPS output (one page each),"
            + " not \(format.rawValue)")
      }
      if inputs.filter({ $0 == "-" }).count > 1 {
        throw UsageError("standard input (-) can be read once")
      }
      try job.render(inputs: inputs, format: format, to: output, messages: messages)
      return .success
    }
    guard !inputs.contains("-") else {
      throw UsageError("standard input (-) cannot be part of a batch")
    }
    return try job.batch(inputs, format: format, into: output, messages: messages)
  }
}

extension RenderJob {
  /// A batch: each input rendered into `folder` (created if needed) as `NAME.FORMAT`, in
  /// parallel on all cores. A file that fails is reported and the others go on.
  ///
  /// The files are written by one thread of their own (``BatchWriter``), so that the
  /// renders never wait on the folder: creating and renaming files in one folder takes its
  /// lock, and a rename over an earlier output can wait for the disk.
  public func batch(
    _ files: [String], format: OutputFormat, into folder: String, messages: RenderMessages
  ) throws -> ExitStatus {
    if let failure = FileSystem.makeDirectories(folder) {
      throw BadInput("\(folder): cannot create the folder: \(String(cString: strerror(failure)))")
    }
    let failures = Failures()
    let writer = BatchWriter(
      advance: messages.progress(files.count), failures: failures,
      pending: 4 * ThreadPlacement.onlineCores)
    DispatchQueue.concurrentPerform(iterations: files.count) { i in
      let name = Self.outputName(files[i])
      let output = "\(folder)/\(name).\(format.rawValue)"
      var clock = Stopwatch(enabled: perf, messages: messages)
      do {
        let bytes = try rendered(inputs: [files[i]], format: format, for: output, clock: &clock)
        writer.write(bytes, to: output, clock: clock)
      } catch {
        failures.add("\(error)")
        writer.skip()
      }
    }
    writer.finish()
    for f in failures.messages { messages.failure(f) }
    return failures.messages.isEmpty ? .success : .badInput
  }

  /// A batch output's name: the input's file name without its extension (`a/b.svg` is `b`,
  /// `v1.2.svg` is `v1.2`, `.svg` keeps its name).
  static func outputName(_ input: String) -> String {
    let name = input.split(separator: "/").last.map(String.init) ?? input
    guard let dot = name.lastIndex(of: "."), dot != name.startIndex,
      name.index(after: dot) != name.endIndex
    else { return name }
    return String(name[..<dot])
  }
}

/// Writes a batch's files in order of completion on one serial queue, and advances the
/// progress after each. At most `pending` files wait, each holding its encoded bytes: enough
/// for the renders to go on while a write waits for the disk, few enough to bound memory.
final class BatchWriter: Sendable {
  private let queue = DispatchQueue(label: "svg-render.batch-writer")
  private let slots: DispatchSemaphore
  private let advance: @Sendable () -> Void
  private let failures: Failures

  init(advance: @escaping @Sendable () -> Void, failures: Failures, pending: Int) {
    self.advance = advance
    self.failures = failures
    slots = DispatchSemaphore(value: pending)
  }

  /// Queues `bytes` for `path`; waits while `pending` files are already queued.
  func write(_ bytes: [UInt8], to path: String, clock: Stopwatch) {
    slots.wait()
    queue.async { [self] in
      var clock = clock
      clock.restart()
      do {
        try OutputFile.write(bytes, to: path)
        clock.lap("Saving")
      } catch {
        failures.add("\(error)")
      }
      advance()
      slots.signal()
    }
  }

  /// Counts a file that failed before it had anything to write.
  func skip() { queue.async { [self] in advance() } }

  /// Returns once every queued file is written.
  func finish() { queue.sync {} }
}

extension OutputFormat {
  /// The format a file name's extension names, if any: `out.PDF` names PDF, `.pdf` (a hidden
  /// file) and `pdf` none. Read from the string, not through `URL`, whose first use costs a
  /// one-process render about 8% of its instructions (the runtime sets up its generic types).
  init?(fileName: String) {
    var name = Substring(fileName)
    while name.count > 1, name.hasSuffix("/") { name = name.dropLast() }
    let last = name.lastIndex(of: "/").map { name[name.index(after: $0)...] } ?? name
    guard let dot = last.lastIndex(of: "."), dot != last.startIndex else { return nil }
    self.init(rawValue: last[last.index(after: dot)...].lowercased())
  }
}

/// The messages of a batch's failed files, collected from all threads.
final class Failures: Sendable {
  private let list = Mutex<[String]>([])
  var messages: [String] { list.withLock { $0 } }
  func add(_ m: String) { list.withLock { $0.append(m) } }
}
