import SVGTree

/// One font face text can be drawn with, as ``RenderOptions/fontFaces()`` lists it.
public struct FontFaceInfo: Sendable, Hashable {
  /// The face's family names, the first being its preferred one.
  public var families: [String]
  public var path: String
  /// The face's index in a collection file (0 for a single-face file).
  public var index: Int
  /// CSS weight, 100 ... 900.
  public var weight: Int
  /// `normal`, `italic` or `oblique`.
  public var style: String
  /// CSS stretch, 1 (ultra-condensed) ... 5 (normal) ... 9 (ultra-expanded).
  public var stretch: Int
}

extension RenderOptions {
  /// The font faces text is drawn with under these options (fontconfig's fonts unless
  /// ``systemFonts`` is false, plus ``fontDirectories`` and ``fontFiles``), in a stable order.
  /// Loads the font database when it is not loaded yet; throws when fontconfig cannot be
  /// loaded (the error names the library).
  public func fontFaces() throws(RenderError) -> [FontFaceInfo] {
    try fontDatabase().faces.map {
      FontFaceInfo(
        families: $0.families, path: $0.path, index: $0.index, weight: $0.weight,
        style: "\($0.style)", stretch: $0.stretch)
    }
  }

  /// The family each generic name (`serif`, `sans-serif`, `cursive`, `fantasy`,
  /// `monospace`) stands for under these options; nil for a generic no font answers. Throws
  /// when fontconfig cannot be loaded (the error names the library).
  public func genericFamilyNames() throws(RenderError) -> [(generic: String, family: String?)] {
    let database = try fontDatabase()
    return ["serif", "sans-serif", "cursive", "fantasy", "monospace"].map {
      ($0, database.genericFamily($0))
    }
  }

  private func fontDatabase() throws(RenderError) -> FontDatabase {
    if let reason = NativeLibrary.load(.fontconfig, .freetype) { throw RenderError(reason) }
    return FontDatabase.shared(FontSources(self))
  }
}
