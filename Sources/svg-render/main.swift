import CommandLineKit
import Foundation
import SVGRender
import SVGTree

let spec = CommandSpec(
  name: "svg-render",
  summary: "render SVG to PNG, PDF, PostScript or SVG",
  usage: ["[options] INPUT -o OUTPUT", "[options] INPUT... --out-dir DIR"],
  options: [
    OptionSpec("-o", "--output", value: "FILE", help: "Output file; - writes to standard output.", group: "Output"),
    OptionSpec("--out-dir", value: "DIR", help: "Render every INPUT into DIR (name.png, ...).", group: "Output"),
    OptionSpec("-f", "--format", value: "FORMAT", help: "png (default), pdf, ps or svg; else taken from the output name.", group: "Output"),
    OptionSpec("-w", "--width", value: "PX", help: "Output width; the height follows the aspect ratio unless given.", group: "Size"),
    OptionSpec("-h", "--height", value: "PX", help: "Output height; the width follows the aspect ratio unless given.", group: "Size"),
    OptionSpec("-z", "--zoom", value: "FACTOR", help: "Scale the intrinsic size by FACTOR.", group: "Size"),
    OptionSpec("--dpi", value: "DPI", help: "Resolution for physical units in the output size (default 96).", group: "Size"),
    OptionSpec("--scale", value: "FACTOR", help: "Device scale: --scale 2 gives an @2x image of the same logical size.", group: "Size"),
    OptionSpec("--max-pixels", value: "N", help: "Refuse outputs and layers over N pixels (default 100000000).", group: "Limits"),
    OptionSpec("-b", "--background", value: "COLOR", help: "Paint COLOR under the drawing (default transparent).", group: "Appearance"),
    OptionSpec("--stylesheet", value: "FILE", help: "Extra CSS applied after the document's own.", group: "Appearance", repeatable: true),
    OptionSpec("--resources", value: "DIR", help: "Base directory for external files (default: the input's folder).", group: "Resources"),
    OptionSpec("--verbose", help: "Print warnings (unsupported or invalid content) to standard error.", group: "General"),
  ],
  examples: [
    "svg-render drawing.svg -o drawing.png",
    "svg-render -w 64 icon.svg -o icon-64.png",
    "svg-render --scale 2 icon.svg -o icon@2x.png",
    "svg-render -f pdf poster.svg -o poster.pdf",
  ])

runTool(spec) { args in
  guard let input = args.positionals.first else { throw UsageError("no input file (see --help)") }
  guard let output = args.value("output") else { throw UsageError("no output: give -o FILE") }
  let document = try Document(contentsOfFile: input)
  var options = RenderOptions()
  if let maxPixels = try args.integer("max-pixels", minimum: 1) { options.limits.maxPixels = maxPixels }
  let base = args.value("resources") ?? (input == "-" ? FileManager.default.currentDirectoryPath : URL(fileURLWithPath: input).deletingLastPathComponent().path)
  options.resources = .files(baseDirectory: base)
  let tree = try RenderTree(document: document, options: options)
  if args.flag("verbose") { for d in tree.diagnostics { Console.error("\(input):\(d)") } }
  var width = try args.number("width", minimum: 1)
  var height = try args.number("height", minimum: 1)
  let zoom = try args.number("zoom") ?? 1
  if width == nil && height == nil {
    width = tree.size.width * zoom
    height = tree.size.height * zoom
  } else if width == nil {
    width = height! * tree.size.width / tree.size.height
  } else if height == nil {
    height = width! * tree.size.height / tree.size.width
  }
  let scale = try args.number("scale") ?? 1
  let background = try args.value("background").map { text throws in try Color(parsing: text) }
  let png = try tree.rasterize(
    width: Int((width! * scale).rounded()), height: Int((height! * scale).rounded()),
    background: background, limits: options.limits
  ).pngData()
  try Data(png).write(to: URL(fileURLWithPath: output), options: .atomic)
  return .success
}
