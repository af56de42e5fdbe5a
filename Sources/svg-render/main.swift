import CommandLineKit
import Foundation
import SVGCommands
import SVGRender
import SVGTree

let spec = CommandSpec(
  name: "svg-render",
  summary: "render SVG to PNG, PDF, PostScript or SVG",
  usage: ["[options] INPUT -o OUTPUT", "[options] INPUT... -o DIR"],
  about: [
    "Renders SVG and gzip-compressed SVGZ to PNG, PDF, PostScript or SVG. Flags follow"
      + " rsvg-convert where it has one. INPUT and OUTPUT may be - for standard input and"
      + " output.",
    "Several inputs with -o DIR render in parallel on all cores, with a progress bar when"
      + " standard error is a terminal. External files (images) are read only from the"
      + " --resources folder, never from the network.",
  ],
  options: [
    OptionSpec(
      "-o", "--output", value: "FILE",
      help: "Output file (- for standard output); a folder for several inputs.", group: "Output"),
    OptionSpec(
      "-f", "--format", value: "FORMAT",
      help: "png, pdf, ps or svg (default: from the output name, else png).", group: "Output"),
    OptionSpec(
      "--small-png",
      help: "Compress PNG output harder: about 25% smaller files, 4x slower to write.",
      group: "Output"),
    OptionSpec(
      "-i", "--export-id", value: "ID",
      help: "Render only the element with this id (or index path such as /0/2), cropped to it.",
      group: "Output"),
    OptionSpec(
      "-w", "--width", value: "PX",
      help: "Output width; the height follows the aspect ratio unless given.", group: "Size"),
    OptionSpec(
      "-h", "--height", value: "PX",
      help: "Output height; the width follows the aspect ratio unless given.", group: "Size"),
    OptionSpec(
      "-z", "--zoom", value: "FACTOR", help: "Scale the intrinsic size by FACTOR (default 1).",
      group: "Size"),
    OptionSpec(
      "--dpi", value: "DPI",
      help: "Pixels per inch for physical units in the root size (default 96).", group: "Size"),
    OptionSpec(
      "--scale", value: "FACTOR",
      help: "Device scale: --scale 2 gives an @2x image of the same logical size.", group: "Size"),
    OptionSpec(
      "-b", "--background", value: "COLOR",
      help: "Paint COLOR (any CSS colour) under the drawing; default transparent.",
      group: "Appearance"),
    OptionSpec(
      "--stylesheet", value: "FILE",
      help: "Extra CSS applied after the document's own (repeatable).", group: "Appearance",
      repeatable: true),
    OptionSpec(
      "--font-dir", value: "DIR",
      help: "Extra folder of fonts for text, added to fontconfig's (repeatable).",
      group: "Resources and limits", repeatable: true),
    OptionSpec(
      "--resources", value: "DIR",
      help: "Base folder for external files such as images (default: the input's folder).",
      group: "Resources and limits"),
    OptionSpec(
      "--max-pixels", value: "N",
      help: "Refuse outputs and intermediate layers over N pixels (default 100000000).",
      group: "Resources and limits"),
    OptionSpec(
      "--max-seconds", value: "N",
      help: "Stop building, and drawing, after N seconds each (default 60).",
      group: "Resources and limits"),
    OptionSpec(
      "-c", "--command", value: "CMD",
      help:
        "Edit before rendering: a command such as 'fillAt(50, 50)' or 'svg://fillAt/50/50' (repeatable; after --commands).",
      group: "Editing", repeatable: true),
    OptionSpec(
      "--commands", value: "FILE",
      help:
        "Edit before rendering with a script of commands, one a line (see Resources/examples/colouring.commands).",
      group: "Editing"),
    OptionSpec(
      "--verbose", help: "Print warnings (unsupported or invalid content) to standard error.",
      group: "General"),
  ],
  examples: [
    "svg-render drawing.svg -o drawing.png",
    "svg-render -w 64 icon.svg -o icon-64.png          # thumbnail, drawn at 64 px",
    "svg-render --scale 2 icon.svg -o icon@2x.png",
    "svg-render -f pdf poster.svg -o poster.pdf",
    "svg-render *.svg -o out/                          # a batch, in parallel",
    "svg-render page.svg -c 'setActiveColor(255,0,0)' -c 'fillAt(50,50)' -o page.png",
    "cat in.svg | svg-render - -o - > out.png",
  ])

/// Everything a single render needs, read once from the command line.
struct Job: Sendable {
  var request = RenderRequest()
  var options = RenderOptions()
  var resources: String?
  var formatGiven = false
  var verbose = false
  var exportID: String?
  /// Edits applied before rendering, each with the prefix of its messages (`FILE:`, `-c CMD: `).
  var scripts: [(name: String, commands: [ScriptCommand])] = []

  func run(input: String, output: String) throws {
    do {
      try render(input: input, output: output)
    } catch let error as RenderError {
      throw OutputError("\(input == "-" ? "<stdin>" : input): \(error)")
    }
  }

  private func render(input: String, output: String) throws {
    var document = try Document(contentsOfFile: input, limits: options.limits)
    var options = self.options
    let base =
      resources
      ?? (input == "-"
        ? FileManager.default.currentDirectoryPath
        : URL(fileURLWithPath: input).deletingLastPathComponent().path)
    options.resources = .files(baseDirectory: base)
    if !scripts.isEmpty {
      var session = EditableDocument(document, renderOptions: options)
      for script in scripts {
        do { try session.apply(script.commands) } catch {
          throw OutputError("\(input == "-" ? "<stdin>" : input): \(script.name)\(error)")
        }
      }
      document = session.current
    }
    var tree = try RenderTree(document: document, options: options)
    if let exportID {
      guard let element = document.element(referencedBy: exportID) else {
        throw OutputError("\(input): no element \"\(exportID)\"")
      }
      guard let sub = tree.subtree(for: element) else {
        throw OutputError("\(input): element \"\(exportID)\" draws nothing")
      }
      tree = sub
    }
    if verbose {
      for d in tree.diagnostics {
        let at = d.location.line > 0 ? "\(d.location.line):\(d.location.column):" : ""
        Console.warning("svg-render", "\(input == "-" ? "<stdin>" : input):\(at)", d.message)
      }
    }
    var request = self.request
    if !formatGiven,
      let f = OutputFormat(rawValue: URL(fileURLWithPath: output).pathExtension.lowercased())
    {
      request.format = f
    }
    try OutputFile.write(
      try request.render(tree, limits: options.limits), to: output)
  }
}

runTool(spec) { args in
  var job = Job()
  job.verbose = args.flag("verbose")
  if let f = args.value("format") {
    guard let format = OutputFormat(rawValue: f.lowercased()) else {
      throw UsageError("unknown format \"\(f)\" (png, pdf, ps, svg)")
    }
    job.request.format = format
    job.formatGiven = true
  }
  job.request.smallPNG = args.flag("small-png")
  job.request.width = try args.number("width", minimum: 1)
  job.request.height = try args.number("height", minimum: 1)
  job.request.zoom = try args.number("zoom", minimum: 0.0001) ?? 1
  job.request.dpi = try args.number("dpi", minimum: 1) ?? 96
  job.request.scale = try args.number("scale", minimum: 0.0001) ?? 1
  if let bg = args.value("background") {
    do { job.request.background = try Color(parsing: bg) } catch {
      throw UsageError("--background: \(error)")
    }
  }
  if let maxPixels = try args.integer("max-pixels", minimum: 1) {
    job.options.limits.maxPixels = maxPixels
  }
  if let seconds = try args.number("max-seconds", minimum: 0.001) {
    job.options.limits.maxRenderTime = .seconds(seconds)
  }
  job.resources = args.value("resources")
  job.exportID = args.value("export-id")
  job.options.fontDirectories = args.all("font-dir").map {
    URL(fileURLWithPath: $0).standardizedFileURL.path
  }
  for path in args.all("stylesheet") {
    guard let css = try? String(contentsOfFile: path, encoding: .utf8) else {
      throw UsageError("--stylesheet: cannot read \(path)")
    }
    job.options.styleSheets.append(StyleSheet(parsing: css))
  }
  if let path = args.value("commands") {
    guard let text = try? String(contentsOfFile: path, encoding: .utf8) else {
      throw UsageError("--commands: cannot read \(path)")
    }
    do { job.scripts.append(("\(path):", try CommandScript.parse(text))) } catch {
      throw OutputError("\(path):\(error)")
    }
  }
  for command in args.all("command") {
    do { job.scripts.append(("-c '\(command)': ", try CommandScript.parse(command))) } catch {
      throw OutputError("-c '\(command)': \(error)")
    }
  }
  let inputs = args.positionals
  guard !inputs.isEmpty else { throw UsageError("no input file (see --help)") }
  guard let output = args.value("output") else { throw UsageError("no output: give -o FILE") }

  if inputs.count == 1 && !output.hasSuffix("/") {
    try job.run(input: inputs[0], output: output)
    return .success
  }
  // A batch: render into the output folder, in parallel on all cores.
  guard !inputs.contains("-") else {
    throw UsageError("standard input (-) cannot be part of a batch")
  }
  try FileManager.default.createDirectory(atPath: output, withIntermediateDirectories: true)
  let ext = job.request.format.rawValue
  let progress = ProgressBar(total: inputs.count)
  let failures = Failures()
  let batch = job
  DispatchQueue.concurrentPerform(iterations: inputs.count) { i in
    let name = URL(fileURLWithPath: inputs[i]).deletingPathExtension().lastPathComponent
    do {
      try batch.run(input: inputs[i], output: "\(output)/\(name).\(ext)")
    } catch {
      failures.add("\(error)")
    }
    progress.advance()
  }
  for f in failures.messages { Console.failure("svg-render", f) }
  return failures.messages.isEmpty ? .success : .badInput
}

final class Failures: @unchecked Sendable {
  private let lock = NSLock()
  private(set) var messages: [String] = []
  func add(_ m: String) {
    lock.lock()
    messages.append(m)
    lock.unlock()
  }
}
