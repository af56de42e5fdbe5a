import CommandLineKit
import FoundationEssentials
import Glibc
import SVGCommands
import SVGQuery
import SVGRender
import SVGTree

/// Everything a render needs, read once from the command line.
struct Job: Sendable {
  var request = RenderRequest()
  var options = RenderOptions()
  var sizing = OutputSizing()
  var page = PageLayout()
  var format: OutputFormat?
  var resources: String?
  var verbose = false
  var perf = false
  var exportID: String?
  var exportAreaPage = false
  var exportAreaDrawing = false
  /// Edits applied before rendering, each with the prefix of its messages (`FILE:`, `-e CMD: `).
  var scripts: [(name: String, commands: [ScriptCommand])] = []

  /// Renders `inputs` to `output`: one drawing, or the pages of one PDF or PostScript file.
  func render(inputs: [String], format: OutputFormat, to output: String) throws {
    var clock = Stopwatch(enabled: perf)
    if format == .svg, !scripts.isEmpty, inputs.count == 1 {
      // An edited drawing as SVG is the document itself, every unedited byte kept.
      let document = try edited(input: inputs[0], clock: &clock).document
      try OutputFile.write(document.written(forPath: output), to: output)
      clock.lap("Saving")
      return
    }
    var pages: [VectorPage] = []
    var single: [UInt8] = []
    for input in inputs {
      let (document, tree) = try build(input: input, clock: &clock)
      var request = self.request
      request.format = format
      let (placed, size) = tree.laidOut(sizing: sizing, page: page)
      do {
        if inputs.count > 1 {
          pages.append(VectorPage(tree: placed, width: size.width, height: size.height))
        } else {
          request.width = size.width
          request.height = size.height
          single = try request.render(placed, limits: options.limits)
        }
      } catch { throw BadInput("\(Self.name(input)): \(error)") }
      clock.lap("Rendering")
    }
    if inputs.count > 1 {
      do {
        single = try RenderTree.vectorDocument(
          pages, format: format, background: request.background, limits: options.limits)
      } catch { throw BadInput("\(output): \(error)") }
      clock.lap("Rendering")
    }
    try OutputFile.write(single, to: output)
    clock.lap("Saving")
  }

  /// The input read and edited, with the options to render it.
  private func edited(input: String, clock: inout Stopwatch) throws -> (
    document: Document, options: RenderOptions
  ) {
    var document = try Document(contentsOfFile: input, limits: options.limits)
    clock.lap("Reading")
    var options = self.options
    options.resources = .files(baseDirectory: resources ?? Self.folder(of: input))
    if !scripts.isEmpty {
      var session = EditableDocument(document, renderOptions: options)
      for script in scripts {
        do { try session.apply(script.commands) } catch {
          throw BadInput("\(Self.name(input)): \(script.name)\(error)")
        }
      }
      document = session.current
    }
    return (document, options)
  }

  /// The input read, edited and built into the render tree to draw.
  private func build(input: String, clock: inout Stopwatch) throws -> (Document, RenderTree) {
    let name = Self.name(input)
    let (document, options) = try edited(input: input, clock: &clock)
    var tree: RenderTree
    do { tree = try RenderTree(document: document, options: options) } catch {
      throw BadInput("\(name): \(error)")
    }
    clock.lap("Building")
    if let exportID {
      guard let element = document.element(referencedBy: exportID) else {
        throw BadInput("\(name): no element \"\(exportID)\"")
      }
      let part =
        exportAreaPage
        ? tree.isolating(element, in: document) : tree.subtree(for: element, in: document)
      guard let part else { throw BadInput("\(name): element \"\(exportID)\" draws nothing") }
      tree = part
    } else if exportAreaDrawing {
      guard let part = tree.croppedToInk() else { throw BadInput("\(name): it draws nothing") }
      tree = part
    }
    if verbose {
      for d in tree.diagnostics {
        let at = d.location.line > 0 ? "\(d.location.line):\(d.location.column):" : ""
        Console.warning("svg-render", "\(name):\(at)", d.message)
      }
    }
    return (document, tree)
  }

  /// resvg's `--query-all`: `id,x,y,width,height` of each element with an id, in document
  /// coordinates, on standard output.
  func queryAll(input: String) throws {
    var clock = Stopwatch(enabled: false)
    let (document, _) = try build(input: input, clock: &clock)
    var options = self.options
    options.resources = .files(baseDirectory: resources ?? Self.folder(of: input))
    let scene = try Scene(document: document, options: options)
    for item in scene.boxes(kind: .fill) {
      guard let id = item.element.id, !id.isEmpty else { continue }
      let b = item.box
      print(([id] + [b.x, b.y, b.width, b.height].map(QueryFormat.number)).joined(separator: ","))
    }
  }

  /// resvg's `--list-fonts`: the generic families, then every face.
  func listFonts(toStandardOutput: Bool) throws {
    let say: (String) -> Void = toStandardOutput ? { print($0) } : { Console.error($0) }
    for (generic, family) in try options.genericFamilyNames() {
      say("\(generic): \(family ?? "(none)")")
    }
    for f in try options.fontFaces() {
      say(
        "\(f.path): '\(f.families.first ?? "")', \(f.index), \(f.style), \(f.weight), \(f.stretch)")
    }
  }

  static func name(_ input: String) -> String { input == "-" ? "<stdin>" : input }

  static func folder(of input: String) -> String {
    input == "-"
      ? FileManager.default.currentDirectoryPath
      : URL(fileURLWithPath: input).deletingLastPathComponent().path
  }
}

/// `--perf`: how long each stage took, on standard error.
struct Stopwatch {
  let enabled: Bool
  private var last = ContinuousClock.now

  init(enabled: Bool) { self.enabled = enabled }

  mutating func lap(_ stage: String) {
    guard enabled else { return }
    let now = ContinuousClock.now
    let ms =
      Double((now - last).components.attoseconds) / 1e15
      + Double((now - last).components.seconds) * 1000
    let hundredths = Int((ms * 100).rounded())
    let fraction = hundredths % 100
    Console.error("\(stage): \(hundredths / 100).\(fraction < 10 ? "0" : "")\(fraction)ms")
    last = now
  }
}
