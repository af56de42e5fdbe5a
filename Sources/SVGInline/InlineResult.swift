import SVGTree

/// What ``SVGInliner`` embeds and which files it may read.
public struct InlineOptions: Sendable, Hashable {
  /// Also turn `<?xml-stylesheet href="x.css"?>` and `<link rel="stylesheet">` into `<style>`.
  public var styles: Bool
  /// Also turn `<image href="x.png">` (PNG, JPEG, GIF, WebP, SVG) into `data:` URLs.
  public var images: Bool
  /// Only files under this folder may be read, after canonicalizing (symbolic links, `..`).
  /// Nil: the input's own folder.
  public var rootDirectory: String?
  /// Largest referenced file read. Default 64 MiB.
  public var maxResourceBytes: Int
  /// Caps for reading the SVG itself.
  public var limits: Limits

  public init(
    styles: Bool = false, images: Bool = false, rootDirectory: String? = nil,
    maxResourceBytes: Int = 64 << 20, limits: Limits = .default
  ) {
    self.styles = styles
    self.images = images
    self.rootDirectory = rootDirectory
    self.maxResourceBytes = maxResourceBytes
    self.limits = limits
  }
}

/// One reference that was embedded.
public struct InlinedReference: Sendable, Hashable {
  public enum Kind: String, Sendable, Hashable {
    case script
    case styleSheet = "style sheet"
    case image
  }

  public var kind: Kind
  /// The reference as written in the SVG.
  public var reference: String
  /// The canonical path of the file read.
  public var path: String
  /// Where the referencing element (or processing instruction) starts.
  public var location: SourceLocation
  /// How many bytes the file had.
  public var byteCount: Int
}

/// The outcome of inlining one SVG.
public struct InlineResult: Sendable {
  /// The output file's bytes: the input's, with only the inlined elements rewritten.
  public var bytes: [UInt8]
  /// Whether ``bytes`` differ from the input.
  public var changed: Bool
  /// Every reference embedded, in document order.
  public var inlined: [InlinedReference]
  /// Every file read: the SVG itself first, then each referenced file once, in document
  /// order (what a depfile lists).
  public var filesRead: [String]
  /// References left as they are (remote URLs, unsupported types) and other findings.
  public var warnings: [Diagnostic]
}

/// An SVG could not be inlined. Names the SVG and, for each problem, its line and the
/// reference; nothing should be written for this SVG.
public struct InlineError: Error, Sendable, Hashable, CustomStringConvertible {
  public struct Problem: Sendable, Hashable, CustomStringConvertible {
    public var location: SourceLocation
    /// What refers: `<script>`, `<?xml-stylesheet?>`; nil for the file as a whole.
    public var subject: String?
    /// The reference as written, when the problem is about one.
    public var reference: String?
    public var message: String

    public init(
      location: SourceLocation = .unknown, subject: String? = nil, reference: String? = nil,
      message: String
    ) {
      self.location = location
      self.subject = subject
      self.reference = reference
      self.message = message
    }

    public var description: String {
      var text = ""
      if location.line > 0 {
        text += "\(location.line):"
        if location.column > 0 { text += "\(location.column):" }
        text += " "
      }
      if let subject { text += subject + (reference == nil ? ": " : " ") }
      if let reference { text += "\"\(reference)\": " }
      return text + message
    }
  }

  /// The SVG, as its path was given.
  public var file: String
  public var problems: [Problem]

  public init(file: String, problems: [Problem]) {
    self.file = file
    self.problems = problems
  }

  public init(file: String, _ message: String, location: SourceLocation = .unknown) {
    self.init(file: file, problems: [Problem(location: location, message: message)])
  }

  /// One `file:line:column: "reference": message` line per problem.
  public var description: String {
    problems.map { p in
      p.location.line > 0 ? "\(file):\(p)" : "\(file): \(p)"
    }.joined(separator: "\n")
  }
}
