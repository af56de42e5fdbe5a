import FoundationEssentials
import Glibc
import SVGTree

/// Embeds the files an SVG refers to: `<script src|href|xlink:href>` always, style sheets and
/// images on request. Only the rewritten elements change; every other byte of the input is
/// kept as written (attribute order and quoting, whitespace, comments, entities, doctype).
///
/// libxml2's reading of the file decides what each element is and what its attributes mean;
/// a scanner over the original bytes finds where each element's tags are, so that only those
/// ranges are replaced. References are read through ``ResourcePolicy``: regular files under
/// the root folder only, never the network (remote URLs are left as they are, with a warning).
public struct SVGInliner: Sendable {
  public var options: InlineOptions

  public init(options: InlineOptions = InlineOptions()) {
    self.options = options
  }

  /// Inlines the references of the SVG file at `path` (relative to the working folder).
  /// References resolve against the file's folder.
  public func inline(contentsOfFile path: String) throws(InlineError) -> InlineResult {
    let bytes: [UInt8]
    do {
      bytes = try InputFile.read(path, maxBytes: options.limits.maxInputBytes)
    } catch {
      throw InlineError(file: path, error.message)
    }
    return try inline(bytes: bytes, path: path, directory: Self.folder(of: path))
  }

  /// Inlines the references of an SVG held in memory.
  /// - Parameters:
  ///   - path: names the SVG in messages, and comes first in ``InlineResult/filesRead``.
  ///   - directory: the folder relative references resolve against (the SVG's folder).
  public func inline(bytes: [UInt8], path: String, directory: String) throws(InlineError)
    -> InlineResult
  {
    var run = try InlineRun(bytes: bytes, path: path, directory: directory, options: options)
    run.inlineAll()
    guard run.problems.isEmpty else { throw InlineError(file: path, problems: run.problems) }
    guard let output = Edit.apply(run.edits, to: bytes) else {
      throw InlineError(file: path, "internal error: two rewritten elements overlap")
    }
    return InlineResult(
      bytes: output, changed: output != bytes, inlined: run.inlined,
      filesRead: [path] + run.filesRead, warnings: run.warnings)
  }
}

extension SVGInliner {
  /// The folder of `path`: `.` for a bare name. (Not `NSString.deletingLastPathComponent`,
  /// which traps on one-character paths in swift-corelibs-foundation.)
  public static func folder(of path: String) -> String {
    guard let slash = path.lastIndex(of: "/") else { return "." }
    return slash == path.startIndex ? "/" : String(path[..<slash])
  }
}

/// Reads the SVG itself: a regular file, within the size cap.
enum InputFile {
  struct Failure: Error { var message: String }

  static func read(_ path: String, maxBytes: Int) throws(Failure) -> [UInt8] {
    do {
      return try BoundedFile.read(path, maxBytes: maxBytes, regularOnly: true)
    } catch {
      throw Failure(
        message: error.kind == .overLimit ? "the file is \(error.reason)" : error.reason)
    }
  }
}
