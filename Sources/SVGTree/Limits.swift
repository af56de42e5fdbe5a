/// Resource caps applied while reading and rendering a document.
///
/// Each exists because a hostile or broken file can otherwise exhaust memory or time;
/// the defaults are far above what real drawings need (openclipart's largest file is 1.7 MB
/// with about 30,000 elements).
public struct Limits: Sendable, Hashable {
  /// Largest input accepted, in bytes, after gzip inflation. Default 100 MiB.
  public var maxInputBytes: Int = 100 << 20
  /// Most elements in one document. Default 1,000,000.
  public var maxElements: Int = 1_000_000
  /// Deepest element nesting. Default 1,024: deeper trees only come from attacks, and
  /// recursion over them would exhaust the stack.
  public var maxDepth: Int = 1_024
  /// Total characters produced by expanding internal entities. Default 10 MiB: Illustrator
  /// files use a few short entities; a billion-laughs file asks for gigabytes.
  public var maxEntityExpansion: Int = 10 << 20
  /// `url(#...)`, `href` and `use` resolutions in one render. Default 100,000; exponential
  /// `use` chains (librsvg's CVE-2019-20446) blow through it quickly.
  public var maxReferences: Int = 100_000
  /// Deepest nesting of references being instantiated at once (a `use` whose target holds
  /// a `use` whose target...; patterns, markers, clips and masks likewise). Default 128:
  /// drawings nest a few levels, and each level costs stack while the render tree is built.
  public var maxReferenceDepth: Int = 128
  /// Deepest nesting of CSS `@import` (a sheet importing a sheet that imports...).
  /// Default 16: real sheets import one or two levels; cycles are caught separately.
  public var maxImportDepth: Int = 16
  /// Pixels of the output image, and of any intermediate layer. Default 100 megapixels.
  public var maxPixels: Int = 100_000_000
  /// Wall-clock time for building the render tree, and again for drawing it. Default 60 s:
  /// real drawings take well under a second; a file built to be slow (a huge blur, millions
  /// of references) stops here. Checked cooperatively, so nil (no limit) is allowed.
  public var maxRenderTime: Duration? = .seconds(60)

  public init() {}

  /// The defaults.
  public static let `default` = Limits()
}
