import CommandLineKit
import FoundationEssentials
import Glibc
import SVGInline
import SVGTree

let spec = CommandSpec(
  name: "svg-inline",
  summary: "embed the scripts (and style sheets, images) an SVG refers to",
  usage: ["[options] INPUT [-o OUTPUT]", "[options] INPUT... --out-dir DIR"],
  about: [
    "SVG 1.1 has no src on <script>. svg-inline is the build step that embeds each script an"
      + " SVG refers to (src, href, xlink:href) in a CDATA section, and with --styles and"
      + " --images its style sheets and images; every other byte is kept. INPUT may be - for"
      + " standard input.",
    "Only files under --root are read (after resolving .., %2e and symbolic links); remote"
      + " URLs are never fetched and stay as they are, with a warning.",
  ],
  options: [
    OptionSpec(
      "-o", "--output", value: "FILE", help: "Output file (default: standard output).",
      group: "Output"),
    OptionSpec(
      "--out-dir", value: "DIR", help: "Write each output under DIR with its input's name.",
      group: "Output"),
    OptionSpec(
      "--check", help: "Write nothing; exit 1 if an output would change, and say which.",
      group: "Output", excludes: ["depfile"]),
    OptionSpec(
      "--depfile", value: "FILE",
      help:
        "Write a Make/Ninja depfile listing every file read, each also as a target of its own (as gcc -MP), relative to the working folder.",
      group: "Output"),
    OptionSpec(
      "--styles", help: "Also turn xml-stylesheet and <link rel=stylesheet> into <style>.",
      group: "What to inline"),
    OptionSpec(
      "--images", help: "Also turn <image href> (PNG, JPEG, GIF, WebP, SVG) into data: URLs.",
      group: "What to inline"),
    OptionSpec(
      "--root", value: "DIR", help: "Only read files under DIR (default: each input's folder).",
      group: "What to inline"),
    OptionSpec(
      "--base", value: "DIR",
      help:
        "With INPUT -: the folder its references are relative to (default: the working folder).",
      group: "What to inline"),
    OptionSpec("--verbose", help: "Say what was inlined.", group: "General"),
  ],
  examples: [
    "svg-inline page.svg -o dist/page.svg",
    "svg-inline --styles --images src/*.svg --out-dir dist/ --depfile dist/svg.d",
    "svg-inline --check page.svg -o dist/page.svg     # in CI: fails when dist/ is stale",
    "generate-svg | svg-inline - --base src/ -o dist/page.svg",
  ])

/// One input and where its output goes.
struct Job {
  var input: String
  var output: String
}

func jobs(_ args: ParsedArguments) throws -> [Job] {
  let inputs = args.positionals
  guard !inputs.isEmpty else { throw UsageError("no input file (see --help)") }
  let output = args.value("output")
  let outDir = args.value("out-dir")
  if output != nil && outDir != nil { throw UsageError("give -o or --out-dir, not both") }
  if let outDir {
    guard !inputs.contains("-") else { throw UsageError("standard input (-) needs -o") }
    var seen: Set<String> = []
    return try inputs.map { input in
      let name = String(input.split(separator: "/").last ?? Substring(input))
      guard seen.insert(name).inserted else {
        throw UsageError(
          "two inputs are named \(name); they would write the same file in \(outDir)")
      }
      return Job(input: input, output: outDir.hasSuffix("/") ? outDir + name : outDir + "/" + name)
    }
  }
  guard inputs.count == 1 else { throw UsageError("several inputs need --out-dir DIR") }
  if args.flag("check") && output == nil {
    return [Job(input: inputs[0], output: inputs[0])]
  }
  return [Job(input: inputs[0], output: output ?? "-")]
}

func makeParentFolder(of path: String) throws {
  let folder = SVGInliner.folder(of: path)
  guard path != "-", folder != "." else { return }
  try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
}

func isFolder(_ path: String) -> Bool {
  var isDirectory = false
  return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory
}

func location(_ l: SourceLocation) -> String {
  l.line == 0 ? "" : l.column > 0 ? "\(l.line):\(l.column):" : "\(l.line):"
}

runTool(spec) { args in
  let jobs = try jobs(args)
  let check = args.flag("check")
  let depfile = args.value("depfile")
  if depfile != nil && jobs.contains(where: { $0.output == "-" }) {
    throw UsageError("--depfile needs -o FILE or --out-dir DIR")
  }
  let base = args.value("base")
  if let base {
    guard jobs.contains(where: { $0.input == "-" }) else {
      throw UsageError("--base is for standard input (-); a file's references are relative to it")
    }
    guard isFolder(base) else { throw UsageError("--base \(base) is not a folder") }
  }
  var options = InlineOptions(styles: args.flag("styles"), images: args.flag("images"))
  if let root = args.value("root") {
    guard isFolder(root) else { throw UsageError("--root \(root) is not a folder") }
    options.rootDirectory = root
  }
  if let outDir = args.value("out-dir"), !check {
    try FileManager.default.createDirectory(atPath: outDir, withIntermediateDirectories: true)
  }
  let inliner = SVGInliner(options: options)
  var failed = false
  var stale: [String] = []
  var rules: [(target: String, prerequisites: [String])] = []
  for job in jobs {
    do {
      let result: InlineResult
      if job.input == "-" {
        let bytes = try BoundedFile.read("-", maxBytes: Int.max - 1)
        result = try inliner.inline(
          bytes: bytes, path: "<stdin>",
          directory: base ?? FileManager.default.currentDirectoryPath)
      } else {
        result = try inliner.inline(contentsOfFile: job.input)
      }
      let name = job.input == "-" ? "<stdin>" : job.input
      for w in result.warnings {
        Console.warning("svg-inline", "\(name):\(location(w.location))", w.message)
      }
      if args.flag("verbose") {
        for r in result.inlined {
          Console.error(
            "svg-inline: \(name):\(location(r.location)) inlined \(r.kind.rawValue) \"\(r.reference)\" (\(r.byteCount) bytes)"
          )
        }
      }
      rules.append((job.output, Array(result.filesRead.dropFirst(job.input == "-" ? 1 : 0))))
      if check {
        let current = FileManager.default.contents(atPath: job.output).map { [UInt8]($0) }
        if current != result.bytes {
          stale.append(job.output)
          let what = current == nil ? "would be created" : "would change"
          let references = result.inlined.map(\.reference).joined(separator: ", ")
          print("\(job.output): \(what)" + (references.isEmpty ? "" : " (inlines \(references))"))
        }
      } else {
        try makeParentFolder(of: job.output)
        try OutputFile.write(result.bytes, to: job.output)
      }
    } catch {
      failed = true
      for line in "\(error)".split(separator: "\n") { Console.failure("svg-inline", String(line)) }
    }
  }
  if failed { return .badInput }
  if let depfile {
    try makeParentFolder(of: depfile)
    let text = Depfile.text(rules: rules, relativeTo: FileManager.default.currentDirectoryPath)
    try OutputFile.write(Array(text.utf8), to: depfile)
  }
  return stale.isEmpty ? .success : .badInput
}
