import SVGTree

/// What a render may use and how far it may go.
public struct RenderOptions: Sendable {
  public var limits: Limits = .default
  /// Pixels per inch for physical units (`in`, `cm`, `mm`, `pt`, `pc`) in the drawing's
  /// lengths, its root size included, horizontally and vertically. CSS fixes 96; a higher
  /// value enlarges what is sized in physical units and the canvas with it, while lengths in
  /// user units keep their size (what rsvg-convert's `-d`/`-p` and resvg's `--dpi` do).
  public var dpi = (x: 96.0, y: 96.0)
  /// The resolution of physical units in `font-size`, which belongs to neither axis: the
  /// quadratic mean of the two, as lengths such as `stroke-width` use.
  var fontDPI: Double { ((dpi.x * dpi.x + dpi.y * dpi.y) / 2).squareRoot() }
  /// Which external files (`<image href>`, `<use href="sprites.svg#icon">`) may be read.
  public var resources: ResourcePolicy = .none
  /// Which other SVG documents references into another file (`<use href="sprites.svg#icon">`,
  /// `fill="url(paint.svg#gradient)"`, and the same in `clip-path`, `mask`, `marker-*` and
  /// `filter`) may read, when narrower than ``resources``: nil, the same as ``resources``.
  /// Browsers too let an image come from further than a document whose elements join the
  /// drawing.
  public var documentResources: ResourcePolicy?
  /// Whether JPEG and PNG images keep their compressed bytes for vector outputs: PDF and
  /// PostScript then embed a JPEG as it is, and SVG output both formats, rather than the
  /// decoded pixels (rsvg-convert's default, `--keep-image-data`). Raster output is the same
  /// either way.
  public var keepImageData = true
  /// Extra style sheets applied after the document's own (`--stylesheet`).
  public var styleSheets: [StyleSheet] = []
  /// Languages for `<switch>`'s `systemLanguage` test, most preferred first.
  public var languages: [String] = ["en"]
  /// Extra font directories for text, added to fontconfig's configuration as application
  /// fonts. The font database is built once per distinct list, when text is first drawn.
  public var fontDirectories: [String] = []
  /// Extra font files for text, added as application fonts (`FcConfigAppFontAddFile`).
  public var fontFiles: [String] = []
  /// Whether fontconfig's own configuration (system and user fonts) is loaded; when false
  /// only ``fontDirectories`` and ``fontFiles`` are used (resvg's `--skip-system-fonts`).
  public var systemFonts = true
  /// The family each generic name stands for (`"serif": "Noto Serif"`), overriding
  /// fontconfig's aliases; generics not listed keep fontconfig's choice.
  public var genericFamilies: [String: String] = [:]
  /// Values of inherited properties the root element starts from, as if declared on a parent
  /// of it (`"font-size": "12px"`, `"shape-rendering": "crispEdges"`): defaults any rule or
  /// attribute in the document overrides.
  public var inheritedDefaults: [String: String] = [:]
  /// A fontconfig configuration file to use instead of fontconfig's own (which honours
  /// `FONTCONFIG_FILE`): its fonts, directories and generic-family aliases only.
  public var fontConfigFile: String?
  /// Stops the build when cancelled or past its deadline (a service's render time budget).
  /// Nil: a deadline of ``Limits/maxRenderTime`` from the start of the build.
  public var cancellation: RenderCancellation?
  /// Parsed path data shared by builds of the same drawing (an edit session's states); nil
  /// parses every `d` afresh.
  public var pathData: PathDataCache?

  public init() {}
}
