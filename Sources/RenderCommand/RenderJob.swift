import CMalloc
import CommandLineKit
import Glibc
import SVGCommands
import SVGQuery
import SVGRender
import SVGTree

/// svg-render's job: everything a render needs, read once from the command line, and the
/// stages it runs for each input (read, edit, build, render, write). Messages go to the
/// caller's ``RenderMessages``; the job never prints.
public struct RenderJob: Sendable {
  /// Device scale, background and PNG compression; the size is set per input.
  public var request = RenderRequest()
  /// Limits, resolution, style sheets, languages and fonts of every build.
  public var options = RenderOptions()
  /// `-w`, `-h`, `-z`, `-x`, `-y`, `-a`.
  public var sizing = OutputSizing()
  /// `--page-width`, `--page-height`, `--left`, `--top`.
  public var page = PageLayout()
  /// `-f`; nil: from the output's name, else PNG.
  public var format: OutputFormat?
  /// `--resources`: the folder external files are read from (nil: each input's own).
  public var resources: String?
  /// `--verbose`: the render tree's diagnostics as warnings.
  public var verbose = false
  /// `--perf`: how long each stage took.
  public var perf = false
  /// `--export-id`: the element (id or index path) to render alone.
  public var exportID: String?
  /// `--export-area-page`: the element on the whole drawing's canvas.
  public var exportAreaPage = false
  /// `--export-area-drawing`: cropped to what the drawing paints.
  public var exportAreaDrawing = false
  /// Edits applied before rendering, each with the prefix of its messages (`FILE:`, `-e CMD: `).
  public var scripts: [(name: String, commands: [ScriptCommand])] = []

  /// Renders `inputs` to `output`: one drawing, or the pages of one PDF or PostScript file.
  /// Meant for a process that renders once: malloc keeps more free memory at hand from then
  /// on (``HeapPadding``).
  public func render(
    inputs: [String], format: OutputFormat, to output: String, messages: RenderMessages
  ) throws {
    let large = inputs.count == 1 && WorkerWarmUp.isUseful(input: inputs[0], sizing: sizing)
    HeapPadding.apply(hugePages: large)
    if large { WorkerWarmUp.start() }
    var clock = Stopwatch(enabled: perf, messages: messages)
    try OutputFile.write(
      rendered(
        inputs: inputs, format: format, for: output, clock: &clock, releasingMemory: true),
      to: output)
    clock.lap("Saving")
  }

  /// The bytes of `output` that ``render(inputs:format:to:messages:)`` writes;
  /// `releasingMemory`: give the heap's free pages back between building and drawing (a
  /// process that renders one drawing; see ``releaseFreedMemory()``).
  func rendered(
    inputs: [String], format: OutputFormat, for output: String, clock: inout Stopwatch,
    releasingMemory: Bool = false
  ) throws -> [UInt8] {
    if format == .svg, !scripts.isEmpty, inputs.count == 1 {
      // An edited drawing as SVG is the document itself, every unedited byte kept.
      return try edited(input: inputs[0], clock: &clock).document.written(forPath: output)
    }
    var pages: [VectorPage] = []
    var single: [UInt8] = []
    for input in inputs {
      let (document, tree) = try build(input: input, clock: &clock, messages: clock.messages)
      var request = self.request
      request.format = format
      let (placed, size) = tree.laidOut(sizing: sizing, page: page)
      // The source document is freed here and the build's scratch by now, but malloc keeps
      // their pages; given back before a large image is allocated, they are not counted
      // twice in the process's peak (see `releaseFreedMemory`). A small document is kept
      // instead (see `keepsDocument`).
      let large = releasingMemory && inputs.count == 1 && Self.outgrowsHeap(size)
      if large, Self.keepsDocument(document) {
        KeptUntilExit.keep(consume document)
      } else {
        _ = consume document
        if large { Self.releaseFreedMemory() }
      }
      do {
        if inputs.count > 1 {
          pages.append(VectorPage(tree: placed, width: size.width, height: size.height))
        } else {
          request.width = size.width
          request.height = size.height
          single = try request.render(placed, limits: options.limits)
        }
      } catch { throw BadInput("\(Self.name(input)): \(error)") }
      if releasingMemory { KeptUntilExit.keep((tree, placed)) }
      clock.lap("Rendering")
    }
    if inputs.count > 1 {
      do {
        single = try RenderTree.vectorDocument(
          pages, format: format, background: request.background, limits: options.limits)
      } catch { throw BadInput("\(output): \(error)") }
      clock.lap("Rendering")
    }
    return single
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
  private func build(input: String, clock: inout Stopwatch, messages: RenderMessages) throws
    -> (Document, RenderTree)
  {
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
        messages.warning("\(name):\(at)", d.message)
      }
    }
    return (document, tree)
  }

  /// resvg's `--query-all`: `id,x,y,width,height` of each element with an id, in document
  /// coordinates, as lines of ``RenderMessages/data``.
  public func queryAll(input: String, messages: RenderMessages) throws {
    var clock = Stopwatch(enabled: false, messages: messages)
    let (document, _) = try build(input: input, clock: &clock, messages: messages)
    var options = self.options
    options.resources = .files(baseDirectory: resources ?? Self.folder(of: input))
    let scene = try Scene(document: document, options: options)
    for item in scene.boxes(kind: .fill) {
      guard let id = item.element.id, !id.isEmpty else { continue }
      let b = item.box
      messages.data(
        ([id] + [b.x, b.y, b.width, b.height].map(QueryFormat.number)).joined(separator: ","))
    }
  }

  /// resvg's `--list-fonts`: the generic families, then every face, a line each to `say`.
  public func listFonts(to say: (String) -> Void) throws {
    for (generic, family) in try options.genericFamilyNames() {
      say("\(generic): \(family ?? "(none)")")
    }
    for f in try options.fontFaces() {
      say(
        "\(f.path): '\(f.families.first ?? "")', \(f.index), \(f.style), \(f.weight), \(f.stretch)")
    }
  }

  /// Returns the heap's free pages to the system (`malloc_trim`). A render of one large
  /// drawing frees the source document (several MB of small nodes and strings) before it
  /// allocates the image; glibc would keep those pages resident, so the peak would hold
  /// both. Not in a batch, where the next file reuses them.
  static func releaseFreedMemory() { _ = malloc_trim(0) }

  /// Whether a process that renders one drawing into a large image keeps `document` until
  /// it exits rather than freeing it and giving the heap's free pages back before drawing:
  /// when its source is under ``keptDocumentMaxBytes``.
  static func keepsDocument(_ document: Document) -> Bool {
    (document.source?.bytes.count).map { $0 < keptDocumentMaxBytes } ?? false
  }

  /// Freeing a document of tens of thousands of nodes and strings, then `malloc_trim`,
  /// took about 0.7 ms of the 15 ms render of a 500 KB drawing at 800 px, on the main
  /// thread while the other core idled; kept, such a document adds about 2 MiB to a process
  /// (openclipart's 545 KB building_zazou.svg: 11.7 to 13.7 MiB at its peak) that stays far
  /// below the peak of the drawings over this size, which still free theirs. Over the 40
  /// largest openclipart drawings at 800 px (27 of them under 1 MiB), one process each:
  /// 0.966x, 0.978x and 0.991x the time in three sets of five alternating rounds; the mean
  /// peak 14.7 -> 15.9 MiB, the highest the same (24.6 and 24.4 MiB).
  static let keptDocumentMaxBytes = 1 << 20

  /// Whether an image of `size` (4 bytes a pixel) is at least 128 KiB, too large for the
  /// pieces the freed document leaves in the heap: it comes from fresh pages (at the heap's
  /// top, ``HeapPadding``) and the freed pages would stay resident beside it (without giving
  /// them back, the highest peak of the 40 largest drawings at 800 px was 29.1 MiB instead
  /// of 25.3). A smaller one (a 64 px thumbnail) is carved from those freed pages: giving
  /// them back first would only fault them in again.
  static func outgrowsHeap(_ size: Size) -> Bool {
    size.width * size.height * 4 >= 128 * 1024
  }

  static func name(_ input: String) -> String { input == "-" ? "<stdin>" : input }

  /// The folder external files are read from by default: the input's (`.` for standard
  /// input). ``ResourcePolicy`` makes it canonical when a drawing first references a file.
  static func folder(of input: String) -> String {
    input == "-" ? "." : FileSystem.directory(of: input)
  }
}

/// `--perf`: how long each stage took, as ``RenderMessages/note`` lines.
struct Stopwatch {
  let enabled: Bool
  let messages: RenderMessages
  private var last = ContinuousClock.now

  init(enabled: Bool, messages: RenderMessages) {
    self.enabled = enabled
    self.messages = messages
  }

  /// Starts the next stage now (time spent waiting in between is not counted).
  mutating func restart() { last = .now }

  mutating func lap(_ stage: String) {
    guard enabled else { return }
    let now = ContinuousClock.now
    let ms =
      Double((now - last).components.attoseconds) / 1e15
      + Double((now - last).components.seconds) * 1000
    let hundredths = Int((ms * 100).rounded())
    let fraction = hundredths % 100
    messages.note("\(stage): \(hundredths / 100).\(fraction < 10 ? "0" : "")\(fraction)ms")
    last = now
  }
}
