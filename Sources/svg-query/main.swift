import CommandLineKit
import FoundationEssentials
import Glibc
import SVGCommands
import SVGGeometry
import SVGQuery
import SVGRender
import SVGTree

let spec = CommandSpec(
  name: "svg-query",
  summary: "find what is where in an SVG: hit tests, bounding boxes, lookups, path lengths",
  usage: [
    "FILE --at X,Y [--viewport SCROLLX,SCROLLY[,ZOOM[,SCALE]]] [--all] [--tolerance PX]",
    "FILE --bbox ID [--kind fill|stroke|visual] [--user-space]",
    "FILE --list [--kind fill|stroke|visual]",
    "FILE --xpath EXPR",
    "FILE --select CSS",
    "FILE --length ID [--point-at DISTANCE]",
    "FILE --apply COMMANDS [--url-scheme SCHEME] [QUERY] [-o EDITED.svg]",
  ],
  about: [
    "Answers come from the same render tree svg-render draws. Points and boxes are in"
      + " document coordinates, the root <svg>'s user space (inside its viewBox). FILE may be"
      + " - for standard input.",
    "Each result is one line naming an element: its id (or its index path without one), tag"
      + " and index path. With --json each is one JSON object whose members are listed in the"
      + " README (svg-query, JSON output); nothing found prints nothing and exits 0.",
  ],
  options: [
    OptionSpec(
      "--at", value: "X,Y", help: "Elements at this point (the top-most; all with --all).",
      group: "Queries"),
    OptionSpec(
      "--bbox", value: "ID", help: "Bounding box of the element with this id or index path (/0/2).",
      group: "Queries"),
    OptionSpec(
      "--list", help: "Every element that has a box, with its box, in document order.",
      group: "Queries"),
    OptionSpec(
      "--xpath", value: "EXPR", help: "Elements an XPath 1.0 expression selects.", group: "Queries"),
    OptionSpec(
      "--select", value: "CSS", help: "Elements a CSS selector matches.", group: "Queries"),
    OptionSpec(
      "--length", value: "ID", help: "Total length of a shape's path, in its user space.",
      group: "Queries"),
    OptionSpec(
      "--all", help: "With --at: every element at the point, top-most first.", group: "Hit tests",
      requires: ["at"]),
    OptionSpec(
      "--tolerance", value: "PX",
      help: "With --at: hit shapes within PX pixels of the point (default 0).", group: "Hit tests",
      requires: ["at"]),
    OptionSpec(
      "--viewport", value: "SX,SY[,ZOOM[,SCALE]]",
      help:
        "--at X,Y is in the pixels of the view rendered at ZOOM and device SCALE, scrolled by SX,SY pixels.",
      group: "Hit tests", requires: ["at"]),
    OptionSpec(
      "--view-size", value: "W,H",
      help:
        "With --viewport: the view's size in pixels; points outside hit nothing (default: the whole rendered drawing).",
      group: "Hit tests", requires: ["viewport"]),
    OptionSpec(
      "--kind", value: "KIND",
      help:
        "Box kind: fill (geometry, default), stroke (with strokes), visual (with markers, clipped).",
      group: "Boxes", requires: ["bbox", "list"]),
    OptionSpec(
      "--user-space",
      help: "With --bbox: the box in the element's own user space instead of document coordinates.",
      group: "Boxes", requires: ["bbox"]),
    OptionSpec(
      "--point-at", value: "DISTANCE",
      help:
        "With --length: the point and direction (degrees) at DISTANCE along the path, in document coordinates.",
      group: "Boxes", requires: ["length"]),
    OptionSpec(
      "--apply", value: "FILE",
      help:
        "Edit first with a script of commands (see README, Colouring); queries see the edited drawing.",
      group: "Editing"),
    OptionSpec(
      "-o", "--output", value: "FILE",
      help:
        "With --apply: write the edited SVG to FILE (- for standard output, the default with no query).",
      group: "Editing", requires: ["apply"]),
    OptionSpec(
      "--url-scheme", value: "SCHEME",
      help:
        "With --apply: read commands' URL forms in SCHEME: SCHEME://fillAt/50/50 and SCHEME:fillAt:50:50 (default svg).",
      group: "Editing", requires: ["apply"]),
    OptionSpec(
      "--json", help: "One JSON object a line instead of plain text.", group: "Output",
      requires: ["at", "bbox", "list", "xpath", "select", "length"]),
    OptionSpec(
      "--resources", value: "DIR",
      help: "Base folder for external files such as images (default: the input's folder).",
      group: "General"),
    OptionSpec(
      "--max-seconds", value: "N",
      help: "Stop building the render tree after N seconds (default 60).", group: "General"),
    OptionSpec(
      "--verbose", help: "Print warnings (unsupported or invalid content) to standard error.",
      group: "General"),
  ],
  examples: [
    "svg-query drawing.svg --at 120,80",
    "svg-query drawing.svg --at 10,10 --viewport 0,100,2 --all --tolerance 8",
    "svg-query drawing.svg --bbox petal --kind stroke --json",
    "svg-query drawing.svg --list",
    "svg-query drawing.svg --select 'g#layer1 > path'",
    "svg-query drawing.svg --length outline --point-at 25",
    "svg-query page.svg --apply colouring.commands -o coloured.svg",
  ])

/// `X,Y` or more comma-separated numbers.
func numbers(_ key: String, _ args: ParsedArguments, count: ClosedRange<Int>) throws(UsageError)
  -> [Double]?
{
  guard let text = args.value(key) else { return nil }
  let parts = text.split(separator: ",", omittingEmptySubsequences: false).map {
    Double(String($0.trimmingWhitespace))
  }
  guard count.contains(parts.count), parts.allSatisfy({ $0?.isFinite == true }) else {
    throw UsageError(
      "--\(key) needs \(count.lowerBound == count.upperBound ? "\(count.lowerBound)" : "\(count.lowerBound) to \(count.upperBound)") comma-separated numbers, not \"\(text)\""
    )
  }
  return parts.map { $0! }
}

func element(_ reference: String, in scene: Scene) throws -> NodeID {
  guard let id = scene.element(reference) else {
    throw QueryError("no element with id or index path \"\(reference)\"")
  }
  return id
}

runTool(spec) { args in
  guard args.positionals.count == 1 else {
    throw UsageError("give exactly one input FILE (see --help)")
  }
  let input = args.positionals[0]
  let queries = ["at", "bbox", "list", "xpath", "select", "length"].filter { args.flag($0) }
  let apply = args.value("apply")
  guard queries.count == 1 || (queries.isEmpty && apply != nil) else {
    throw UsageError("give exactly one of --at, --bbox, --list, --xpath, --select, --length")
  }
  let json = args.flag("json")
  var kind = BoxKind.fill
  if let k = args.value("kind") {
    guard let parsed = BoxKind(rawValue: k) else {
      throw UsageError("--kind is fill, stroke or visual, not \"\(k)\"")
    }
    kind = parsed
  }
  let tolerance = try args.number("tolerance", minimum: 0) ?? 0
  let at = try numbers("at", args, count: 2...2)
  let view = try numbers("viewport", args, count: 2...4)
  let viewSize = try numbers("view-size", args, count: 2...2)
  if let view, view.count > 2, view[2...].contains(where: { $0 <= 0 }) {
    throw UsageError("--viewport ZOOM and SCALE must be positive")
  }
  let pointAt = try args.number("point-at")

  var document = try Document(contentsOfFile: input)
  var options = RenderOptions()
  let base = args.value("resources") ?? (input == "-" ? "." : FileSystem.directory(of: input))
  options.resources = .files(baseDirectory: base)
  if let seconds = try args.number("max-seconds", minimum: 0.001) {
    options.limits.maxRenderTime = .seconds(seconds)
  }
  if let apply {
    var scheme = CommandURLScheme.svg
    if let text = args.value("url-scheme") {
      guard let s = CommandURLScheme(text) else {
        throw UsageError("--url-scheme needs \(CommandURLScheme.syntax), not \"\(text)\"")
      }
      scheme = s
    }
    let text = try InputFile.text(apply, option: "--apply")
    var session = EditableDocument(document, renderOptions: options)
    do { try session.apply(script: text, urlScheme: scheme) } catch {
      throw BadInput("\(apply):\(error)")
    }
    document = session.current
    if let output = args.value("output") ?? (queries.isEmpty ? "-" : nil) {
      try OutputFile.write(document.written(forPath: output), to: output)
    }
    if queries.isEmpty { return .success }
  }
  let scene = try Scene(document: document, options: options)
  if args.flag("verbose") {
    for d in scene.tree.diagnostics {
      let at = d.location.line > 0 ? "\(d.location.line):\(d.location.column):" : ""
      Console.warning("svg-query", "\(input == "-" ? "<stdin>" : input):\(at)", d.message)
    }
  }

  var lines: [String] = []
  switch queries[0] {
  case "at":
    let point = Point(at![0], at![1])
    let viewport = view.map { v in
      Viewport(
        scroll: Point(v[0], v[1]), zoom: v.count > 2 ? v[2] : 1, scale: v.count > 3 ? v[3] : 1,
        size: viewSize.map { Size(width: $0[0], height: $0[1]) })
    }
    let hits = scene.hits(
      at: point, in: viewport, options: HitTestOptions(tolerance: tolerance), all: args.flag("all"))
    lines = hits.map { json ? QueryFormat.json($0) : QueryFormat.plain($0) }
  case "bbox":
    let id = try element(args.value("bbox")!, in: scene)
    let space: BoxSpace = args.flag("user-space") ? .user : .document
    guard let box = scene.boundingBox(of: id, kind: kind, in: space) else {
      throw QueryError("\(scene.ref(id).name) has no bounding box (it draws nothing)")
    }
    lines = [
      json ? QueryFormat.json(scene.ref(id), box: box) : QueryFormat.plain(scene.ref(id), box: box)
    ]
  case "list":
    lines = scene.boxes(kind: kind).map {
      json
        ? QueryFormat.json($0.element, box: $0.box, withTag: true)
        : QueryFormat.plain($0.element, box: $0.box, withTag: true)
    }
  case "xpath", "select":
    let found =
      try queries[0] == "xpath"
      ? scene.elements(xpath: args.value("xpath")!)
      : scene.elements(selector: args.value("select")!)
    lines = found.map { json ? QueryFormat.json(scene.ref($0)) : QueryFormat.plain(scene.ref($0)) }
  default:
    let id = try element(args.value("length")!, in: scene)
    let ref = scene.ref(id)
    if let d = pointAt {
      let (p, angle) = try scene.point(atLength: d, of: id, in: .document)
      let (x, y, a) = (QueryFormat.number(p.x), QueryFormat.number(p.y), QueryFormat.number(angle))
      lines = [
        json
          ? QueryFormat.json(
            ref,
            members: [
              ("point", .array([QueryFormat.value(p.x), QueryFormat.value(p.y)])),
              ("angle", QueryFormat.value(angle)),
            ])
          : "\(ref.name) \(x) \(y) \(a)"
      ]
    } else {
      let total = try scene.length(of: id)
      lines = [
        json
          ? QueryFormat.json(ref, members: [("length", QueryFormat.value(total))])
          : "\(ref.name) \(QueryFormat.number(total))"
      ]
    }
  }
  for line in lines { print(line) }
  return .success
}
