import CFontconfig
import Glibc
import Synchronization

/// The fonts text is drawn with: every face fontconfig knows (its configuration, which
/// honours `FONTCONFIG_FILE`, plus the caller's ``RenderOptions/fontDirectories``), matched
/// the CSS way (family list, then stretch, style and weight).
///
/// Built lazily, once per configuration file and list of extra directories, the first time
/// a document with text is laid out; a document without text never builds it. Thread-safe: faces are loaded
/// under a lock and are immutable once loaded.
final class FontDatabase: @unchecked Sendable {
  let faces: [FaceInfo]
  /// Whether the faces and generic families came from a ``FontConfigSnapshot``.
  let fromSnapshot: Bool
  private let config: OpaquePointer
  private let lock = Mutex(())
  private var loaded: [Int: LoadedFont] = [:]
  private var generics: [String: String?] = [:]

  private static let registryLock = Mutex(())
  nonisolated(unsafe) private static var registry: [FontSources: FontDatabase] = [:]

  /// The database for `sources`, created on first use.
  static func shared(_ sources: FontSources) -> FontDatabase {
    registryLock.withLock { _ in
      if let db = registry[sources] { return db }
      let db = FontDatabase(sources)
      registry[sources] = db
      return db
    }
  }

  /// The database for a fontconfig file (nil: fontconfig's own choice, which honours
  /// `FONTCONFIG_FILE`) and extra `directories`, created on first use.
  static func shared(configFile: String? = nil, directories: [String]) -> FontDatabase {
    shared(FontSources(configFile: configFile, directories: directories))
  }

  /// Whether the database for these settings has been built (it is built lazily).
  static func isLoaded(configFile: String? = nil, directories: [String]) -> Bool {
    registryLock.withLock { _ in
      registry[FontSources(configFile: configFile, directories: directories)] != nil
    }
  }

  /// The database for `sources`. The default configuration with no extra fonts comes from
  /// the ``FontConfigSnapshot`` at `snapshotPath` when that is current, and writes it when not.
  init(_ sources: FontSources, snapshotPath: String? = FontConfigSnapshot.defaultPath()) {
    let usesDefault = sources.systemFonts && sources.configFile == nil
    let snapshotPath =
      usesDefault && sources.directories.isEmpty && sources.files.isEmpty
      ? snapshotPath : nil
    let snapshot = snapshotPath.flatMap { Self.load(snapshot: $0) }
    fromSnapshot = snapshot != nil
    if let snapshot {
      config = snapshot.config
    } else if !sources.systemFonts, let empty = FcConfigCreate() {
      config = empty
    } else if let configFile = sources.configFile, let own = FcConfigCreate() {
      _ = FcConfigParseAndLoad(own, configFile, FcTrue)
      _ = FcConfigBuildFonts(own)
      config = own
    } else {
      config = FcInitLoadConfigAndFonts()
    }
    for dir in sources.directories { _ = FcConfigAppFontAddDir(config, dir) }
    for file in sources.files { _ = FcConfigAppFontAddFile(config, file) }
    if let snapshot {
      faces = snapshot.faces
      for name in FontRequest.generics { generics[name] = .some(snapshot.generics[name]) }
    } else {
      faces = Self.listFaces(config)
      if let snapshotPath {
        FontConfigSnapshot.write(snapshotPath) {
          FontConfigSnapshot(of: config, faces: faces, generic: genericFamily)
        }
      }
    }
    for (generic, family) in sources.genericFamilies { generics[generic] = family }
  }

  /// The folders-only configuration, faces and generic families of the snapshot at `path`,
  /// when it is current and the configuration lists exactly the faces it records.
  private static func load(snapshot path: String)
    -> (config: OpaquePointer, faces: [FaceInfo], generics: [String: String])?
  {
    guard let snapshot = FontConfigSnapshot.read(path), snapshot.isCurrent(),
      let config = snapshot.foldersOnlyConfig()
    else { return nil }
    let listed = listFaces(config)
    let keys = Set(listed.map(\.key))
    guard keys == snapshot.accepted.union(snapshot.rejected) else {
      FcConfigDestroy(config)
      return nil
    }
    let faces = listed.filter { !snapshot.rejected.contains($0.key) }
    return (config, faces, snapshot.generics)
  }

  static func listFaces(_ config: OpaquePointer) -> [FaceInfo] {
    guard let pattern = FcPatternCreate(), let objects = FcObjectSetCreate() else { return [] }
    defer {
      FcPatternDestroy(pattern)
      FcObjectSetDestroy(objects)
    }
    for name in ["family", "file", "index", "weight", "slant", "width", "charset"] {
      _ = FcObjectSetAdd(objects, name)
    }
    guard let set = FcFontList(config, pattern, objects) else { return [] }
    defer { FcFontSetDestroy(set) }
    var out: [FaceInfo] = []
    var seen = Set<String>()
    for i in 0..<Int(set.pointee.nfont) {
      guard let p = set.pointee.fonts[i] else { continue }
      var file: UnsafeMutablePointer<FcChar8>?
      guard FcPatternGetString(p, "file", 0, &file) == FcResultMatch, let file else { continue }
      var index: Int32 = 0
      _ = FcPatternGetInteger(p, "index", 0, &index)
      // Named instances of variable fonts share the file; the default instance is enough.
      guard index >> 16 == 0 else { continue }
      let path = String(cString: file)
      guard seen.insert("\(path)#\(index)").inserted else { continue }
      var families: [String] = []
      var n: Int32 = 0
      var name: UnsafeMutablePointer<FcChar8>?
      while FcPatternGetString(p, "family", n, &name) == FcResultMatch, let name {
        families.append(String(cString: name))
        n += 1
      }
      var weight = 80.0
      if FcPatternGetDouble(p, "weight", 0, &weight) != FcResultMatch {
        var w: Int32 = 80
        if FcPatternGetInteger(p, "weight", 0, &w) == FcResultMatch { weight = Double(w) }
      }
      var slant: Int32 = 0
      _ = FcPatternGetInteger(p, "slant", 0, &slant)
      var width: Int32 = 100
      _ = FcPatternGetInteger(p, "width", 0, &width)
      var charset: OpaquePointer?
      _ = FcPatternGetCharSet(p, "charset", 0, &charset)
      out.append(
        FaceInfo(
          families: families, path: path, index: Int(index),
          weight: Int(FcWeightToOpenTypeDouble(weight).rounded()),
          style: slant >= 110 ? .oblique : slant >= 100 ? .italic : .normal,
          stretch: FaceInfo.stretch(fontconfigWidth: Int(width)),
          coverage: charset.flatMap { FcCharSetCopy($0) }))
    }
    // Stable order so fallback choices do not depend on the directory scan.
    return out.sorted { ($0.path, $0.index) < ($1.path, $1.index) }
  }

  /// The family a generic name (`serif`, `sans-serif`, ...) stands for in this configuration.
  func genericFamily(_ generic: String) -> String? {
    lock.withLock { _ in
      if let cached = generics[generic] { return cached }
      var result: String?
      if let p = FcPatternCreate() {
        _ = FcPatternAddString(p, "family", generic)
        _ = FcConfigSubstitute(config, p, FcMatchPattern)
        FcDefaultSubstitute(p)
        var r = FcResultNoMatch
        if let m = FcFontMatch(config, p, &r) {
          var name: UnsafeMutablePointer<FcChar8>?
          if FcPatternGetString(m, "family", 0, &name) == FcResultMatch, let name {
            result = String(cString: name)
          }
          FcPatternDestroy(m)
        }
        FcPatternDestroy(p)
      }
      generics[generic] = result
      return result
    }
  }

  /// The best face of the first family in `request` that has one, and that family's
  /// position in the list; nil when none has.
  func match(_ request: FontRequest) -> (face: Int, family: Int)? {
    for (position, family) in request.families.enumerated() {
      let name: String
      if let generic = FontRequest.generic(family) {
        guard let resolved = genericFamily(generic) else { continue }
        name = resolved
      } else {
        name = family
      }
      let candidates = faces.indices.filter { faces[$0].hasFamily(name) }
      if let best = FaceInfo.bestMatch(candidates, in: faces, for: request) {
        return (best, position)
      }
    }
    return nil
  }

  /// A face other than `excluded` that has a glyph for `scalar`: first from the requested
  /// families, then any face with the same style (or failing that, any face at all).
  func fallback(for scalar: Unicode.Scalar, request: FontRequest, excluding excluded: [Int])
    -> Int?
  {
    for family in request.families {
      var single = request
      single.families = [family]
      if let id = match(single)?.face, !excluded.contains(id), faces[id].covers(scalar) {
        return id
      }
    }
    let base = excluded.first.map { faces[$0] }
    var anyStyle: Int?
    for (i, face) in faces.enumerated() where !excluded.contains(i) && face.covers(scalar) {
      if let base,
        face.style != base.style && face.weight != base.weight
          && face.stretch != base.stretch
      {
        if anyStyle == nil { anyStyle = i }
        continue
      }
      return i
    }
    return anyStyle
  }

  /// The loaded face `id` (HarfBuzz face, metrics), or nil when its file cannot be read.
  func font(_ id: Int) -> LoadedFont? {
    lock.withLock { _ in
      if let f = loaded[id] { return f }
      guard let f = LoadedFont(faces[id], id: id) else { return nil }
      loaded[id] = f
      return f
    }
  }
}

/// Where a ``FontDatabase`` takes its fonts from: the parts of ``RenderOptions`` about fonts.
struct FontSources: Hashable, Sendable {
  var configFile: String?
  var directories: [String]
  var files: [String] = []
  var systemFonts = true
  var genericFamilies: [String: String] = [:]

  init(configFile: String?, directories: [String]) {
    self.configFile = configFile
    self.directories = directories
  }

  init(_ options: RenderOptions) {
    configFile = options.fontConfigFile
    directories = options.fontDirectories
    files = options.fontFiles
    systemFonts = options.systemFonts
    genericFamilies = options.genericFamilies
  }
}
