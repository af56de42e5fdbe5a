import CommandLineKit
import Glibc
import SVGCommands
import SVGRender
import SVGTree

extension RenderJob {
  /// The job the command line asks for; a malformed value is bad usage, an unreadable
  /// file (style sheet, script) or a script with an error is bad input. `environment`
  /// gives the default language (`LC_ALL`, `LC_MESSAGES`, `LANG`).
  public init(_ args: ParsedArguments, environment: [String: String]) throws {
    verbose = args.flag("verbose")
    perf = args.flag("perf")
    if let f = args.value("format") {
      guard let format = OutputFormat(rawValue: f.lowercased()) else {
        throw UsageError("unknown format \"\(f)\" (png, pdf, ps, eps, svg)")
      }
      self.format = format
    }
    request.smallPNG = args.flag("small-png")
    let dpi = try args.number("dpi", minimum: 1)
    let dpiX = try dpi ?? args.number("dpi-x", minimum: 1) ?? 96
    let dpiY = try dpi ?? args.number("dpi-y", minimum: 1) ?? 96
    options.dpi = (dpiX, dpiY)
    request.scale = try args.number("scale", minimum: 0.0001) ?? 1
    sizing = OutputSizing(
      width: try Self.length("width", args, dpi: dpiX, positive: true),
      height: try Self.length("height", args, dpi: dpiY, positive: true),
      zoomX: try args.number("zoom", minimum: 0.0001) ?? args.number("x-zoom", minimum: 0.0001),
      zoomY: try args.number("zoom", minimum: 0.0001) ?? args.number("y-zoom", minimum: 0.0001),
      keepAspectRatio: args.flag("keep-aspect-ratio"))
    page = PageLayout(
      width: try Self.length("page-width", args, dpi: dpiX, positive: true),
      height: try Self.length("page-height", args, dpi: dpiY, positive: true),
      left: try Self.length("left", args, dpi: dpiX) ?? 0,
      top: try Self.length("top", args, dpi: dpiY) ?? 0)
    if let bg = args.value("background-color") {
      do { request.background = try Color(parsing: bg) } catch {
        throw UsageError("--background-color: \(error)")
      }
    }
    options.keepImageData = !args.flag("no-keep-image-data")
    if args.flag("unlimited") {
      options.limits.maxInputBytes = 1 << 40
      options.limits.maxElements = 1 << 40
    }
    if let maxPixels = try args.integer("max-pixels", minimum: 1) {
      options.limits.maxPixels = maxPixels
    }
    if let seconds = try args.number("max-seconds", minimum: 0.001) {
      options.limits.maxRenderTime = .seconds(seconds)
    }
    resources = args.value("resources")
    exportID = args.value("export-id").map { $0.hasPrefix("#") ? String($0.dropFirst()) : $0 }
    exportAreaPage = args.flag("export-area-page")
    exportAreaDrawing = args.flag("export-area-drawing")
    try readAppearance(args, environment: environment)
    try readFonts(args)
    try readEdits(args)
  }

  private mutating func readAppearance(_ args: ParsedArguments, environment: [String: String])
    throws
  {
    for path in args.all("stylesheet") {
      let css = try InputFile.text(path, option: "--stylesheet")
      options.styleSheets.append(StyleSheet(parsing: css))
    }
    let languages =
      args.value("accept-language")
      ?? Self.environmentLanguage(environment)
    options.languages = languages.split(separator: ",").map {
      String($0.trimmingWhitespace)
    }.filter { !$0.isEmpty }
    guard !options.languages.isEmpty else {
      throw UsageError("--languages needs at least one language, such as en-US")
    }
    let hints = [
      ("shape-rendering", ["optimizeSpeed", "crispEdges", "geometricPrecision"]),
      ("text-rendering", ["optimizeSpeed", "optimizeLegibility", "geometricPrecision"]),
      ("image-rendering", ["optimizeQuality", "optimizeSpeed"]),
    ]
    for (key, allowed) in hints {
      guard let value = args.value(key) else { continue }
      guard let hint = allowed.first(where: { $0.lowercased() == value.lowercased() }) else {
        throw UsageError("--\(key) is \(allowed.joined(separator: ", ")), not \"\(value)\"")
      }
      options.inheritedDefaults[key] = hint
    }
  }

  private mutating func readFonts(_ args: ParsedArguments) throws {
    if let family = args.value("font-family") { options.inheritedDefaults["font-family"] = family }
    if let size = try args.number("font-size", minimum: 1) {
      options.inheritedDefaults["font-size"] = "\(size)px"
    }
    for generic in ["serif", "sans-serif", "cursive", "fantasy", "monospace"] {
      if let family = args.value("\(generic)-family") {
        options.genericFamilies[generic] = family
      }
    }
    options.fontFiles = try args.all("use-font-file").map {
      try Self.existing($0, "--use-font-file")
    }
    options.fontDirectories = try args.all("use-fonts-dir").map {
      try Self.existing($0, "--use-fonts-dir")
    }
    options.systemFonts = !args.flag("skip-system-fonts")
  }

  private mutating func readEdits(_ args: ParsedArguments) throws {
    var scheme = CommandURLScheme.svg
    if let text = args.value("url-scheme") {
      guard let s = CommandURLScheme(text) else {
        throw UsageError("--url-scheme needs \(CommandURLScheme.syntax), not \"\(text)\"")
      }
      scheme = s
    }
    if let path = args.value("commands") {
      let text = try InputFile.text(path, option: "--commands")
      do { scripts.append(("\(path):", try CommandScript.parse(text, urlScheme: scheme))) } catch {
        throw BadInput("\(path):\(error)")
      }
    }
    for command in args.all("edit") {
      // A command on the command line that does not parse is bad usage.
      do {
        scripts.append(("-e '\(command)': ", try CommandScript.parse(command, urlScheme: scheme)))
      } catch {
        throw UsageError("-e '\(command)': \(error)")
      }
    }
  }

  /// A length option in px: a number, or one with an absolute unit (in, cm, mm, pt, pc,
  /// px) converted at `dpi`, as rsvg-convert reads `-w 2in`.
  static func length(_ key: String, _ args: ParsedArguments, dpi: Double, positive: Bool = false)
    throws(UsageError) -> Double?
  {
    guard let text = args.value(key) else { return nil }
    guard let l = try? Length(parsing: text), l.value.isFinite,
      [.none, .px, .inch, .cm, .mm, .pt, .pc].contains(l.unit)
    else {
      throw UsageError("--\(key) needs a length such as 200, 2in or 50mm, not \"\(text)\"")
    }
    let context = LengthContext(viewportWidth: 0, viewportHeight: 0, dpiX: dpi, dpiY: dpi)
    let px = l.resolve(in: context, axis: .x)
    if positive && px <= 0 { throw UsageError("--\(key) must be positive, not \(text)") }
    return px
  }

  /// A file or folder that must exist, as a standardized path.
  static func existing(_ path: String, _ option: String) throws -> String {
    guard FileSystem.exists(path) else {
      throw BadInput("\(option) \(path): no such file or folder")
    }
    return FileSystem.standardized(path)
  }

  /// The environment variables a job reads, in order of precedence: the locale variables
  /// that give the default language.
  public static let environmentNames = ["LC_ALL", "LC_MESSAGES", "LANG"]

  /// The user's language from the locale variables (`de_DE.UTF-8` is `de-DE`), as
  /// rsvg-convert takes it; `en` for the C locale or none.
  static func environmentLanguage(_ environment: [String: String]) -> String {
    for name in environmentNames {
      guard let value = environment[name], !value.isEmpty else { continue }
      let tag = value.split(separator: ".").first.map(String.init) ?? value
      if tag == "C" || tag == "POSIX" { return "en" }
      return String(tag.map { $0 == "_" ? "-" : $0 })
    }
    return "en"
  }
}
