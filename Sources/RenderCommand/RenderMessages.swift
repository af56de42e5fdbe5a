import CommandLineKit

/// Where a render job's messages go: the caller decides (the tool: standard output and
/// standard error; a test: an array). The job itself never prints.
public struct RenderMessages: Sendable {
  /// A line of data (`--query-all` rows, `--list-fonts` when it goes to standard output).
  public var data: @Sendable (String) -> Void
  /// A line of information (`--perf` timings, `--list-fonts` beside a drawing on standard
  /// output).
  public var note: @Sendable (String) -> Void
  /// A warning about an input (`--verbose`): where (`FILE:LINE:COLUMN:`), and what.
  public var warning: @Sendable (_ location: String, _ message: String) -> Void
  /// A failure that does not stop a batch (one of its files).
  public var failure: @Sendable (String) -> Void
  /// A batch's progress: called once with the number of files, it returns what to call
  /// after each.
  public var progress: @Sendable (_ total: Int) -> @Sendable () -> Void

  public init(
    data: @escaping @Sendable (String) -> Void, note: @escaping @Sendable (String) -> Void,
    warning: @escaping @Sendable (_ location: String, _ message: String) -> Void,
    failure: @escaping @Sendable (String) -> Void,
    progress: @escaping @Sendable (_ total: Int) -> @Sendable () -> Void = { _ in {} }
  ) {
    self.data = data
    self.note = note
    self.warning = warning
    self.failure = failure
    self.progress = progress
  }

  /// svg-render's console: data on standard output, the rest on standard error as
  /// `svg-render: ...`, a progress bar on a terminal (``Console``, ``ProgressBar``).
  public static let console = RenderMessages(
    data: { print($0) }, note: { Console.error($0) },
    warning: { Console.warning("svg-render", $0, $1) },
    failure: { Console.failure("svg-render", $0) },
    progress: { total in
      let bar = ProgressBar(total: total)
      return { bar.advance() }
    })
}
