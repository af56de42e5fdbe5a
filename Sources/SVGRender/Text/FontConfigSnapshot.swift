import CFontconfig
import Glibc
import SVGTree

/// What the default fontconfig configuration gives the ``FontDatabase``, kept in a file
/// between processes, so that a one-render process need not parse the configuration.
///
/// fontconfig parses its ~80 KB of configuration XML (`/etc/fonts/fonts.conf` and every
/// file it includes) each time a process first needs a font: ~24M instructions, more than
/// the rest of a 64 px thumbnail. The database needs of it only the font and cache folders
/// (the faces themselves come from fontconfig's own caches), which faces the configuration
/// accepts, and the family each generic name stands for. The snapshot records those, with
/// the state of everything the answers depend on: the environment fontconfig reads, every
/// configuration file and folder it read and their parent folders, and the user
/// configuration files it would read if they existed (or the nearest folder above them that
/// does). A process uses the snapshot only when all of that is unchanged and a
/// configuration of just the folders lists exactly the faces recorded; otherwise it parses
/// the configuration as before and writes the snapshot again.
struct FontConfigSnapshot: Equatable {
  /// `path` and its state (``state(_:)``), for every file and folder the answers depend on.
  var dependencies: [(path: String, state: String)] = []
  /// The variables fontconfig reads, as `NAME=value` (unset ones omitted).
  var environment: [String] = []
  var fontDirectories: [String] = []
  var cacheDirectories: [String] = []
  /// Faces (`path#index`) the configuration lists.
  var accepted: Set<String> = []
  /// Faces the folders hold that the configuration rejects (`<selectfont>`).
  var rejected: Set<String> = []
  /// Generic name to the family the configuration resolves it to (absent: none).
  var generics: [String: String] = [:]

  static func == (a: Self, b: Self) -> Bool {
    a.dependencies.elementsEqual(b.dependencies) { $0 == $1 } && a.environment == b.environment
      && a.fontDirectories == b.fontDirectories && a.cacheDirectories == b.cacheDirectories
      && a.accepted == b.accepted && a.rejected == b.rejected && a.generics == b.generics
  }

  static let environmentNames = [
    "FONTCONFIG_FILE", "FONTCONFIG_PATH", "FC_LANG", "LC_ALL", "LC_CTYPE", "LANG", "HOME",
    "XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_CACHE_HOME",
  ]

  static func currentEnvironment() -> [String] {
    environmentNames.compactMap { name in getenv(name).map { "\(name)=\(String(cString: $0))" } }
  }

  /// Where the default configuration's snapshot is kept: `$XDG_CACHE_HOME/inkpath` or
  /// `~/.cache/inkpath`; nil when neither variable is set, or under `FONTCONFIG_SYSROOT`.
  static func defaultPath() -> String? {
    guard getenv("FONTCONFIG_SYSROOT") == nil else { return nil }
    if let x = getenv("XDG_CACHE_HOME"), x.pointee == UInt8(ascii: "/") {
      return String(cString: x) + "/inkpath/fontconfig-snapshot"
    }
    guard let home = getenv("HOME"), home.pointee == UInt8(ascii: "/") else { return nil }
    return String(cString: home) + "/.cache/inkpath/fontconfig-snapshot"
  }

  /// The state of a file or folder: its device, inode, size and modification time, or `-`
  /// when it does not exist (`?` when it cannot be examined).
  static func state(_ path: String) -> String {
    var s = stat()
    guard stat(path, &s) == 0 else { return errno == ENOENT || errno == ENOTDIR ? "-" : "?" }
    return "\(s.st_dev):\(s.st_ino):\(s.st_size):\(s.st_mtim.tv_sec).\(s.st_mtim.tv_nsec)"
  }

  /// Whether every dependency is as recorded and the environment is the same.
  func isCurrent() -> Bool {
    environment == Self.currentEnvironment()
      && dependencies.allSatisfy { $0.state != "?" && Self.state($0.path) == $0.state }
  }

  /// A configuration of only the font and cache folders (no rules), with its fonts built.
  func foldersOnlyConfig() -> OpaquePointer? {
    func escaped(_ s: String) -> String {
      var out = ""
      for c in s.unicodeScalars {
        switch c {
        case "&": out += "&amp;"
        case "<": out += "&lt;"
        case ">": out += "&gt;"
        default: out.unicodeScalars.append(c)
        }
      }
      return out
    }
    var xml = "<?xml version=\"1.0\"?>\n<fontconfig>\n"
    for d in fontDirectories { xml += "<dir>\(escaped(d))</dir>\n" }
    for d in cacheDirectories { xml += "<cachedir>\(escaped(d))</cachedir>\n" }
    xml += "</fontconfig>\n"
    guard let config = FcConfigCreate() else { return nil }
    guard FcConfigParseAndLoadFromMemory(config, xml, FcFalse) == FcTrue,
      FcConfigBuildFonts(config) == FcTrue
    else {
      FcConfigDestroy(config)
      return nil
    }
    return config
  }
}

extension FontConfigSnapshot {
  /// The snapshot of a full configuration `config` whose faces are `faces`, or nil when a
  /// folders-only configuration does not list at least those faces, each with the same
  /// families, weight, style, stretch and character set (a `<match target="scan">` rule
  /// of the full configuration can edit them when fontconfig scans a font anew).
  init?(of config: OpaquePointer, faces: [FaceInfo], generic: (String) -> String?) {
    environment = Self.currentEnvironment()
    fontDirectories = Self.strings(FcConfigGetFontDirs(config))
    cacheDirectories = Self.strings(FcConfigGetCacheDirs(config))
    var tracked: [String] = []
    var seen: Set<String> = []
    func track(_ path: String) {
      guard path.hasPrefix("/"), seen.insert(path).inserted else { return }
      tracked.append(path)
      if Self.state(path) == "-" { track(Self.parent(path)) }
    }
    let configFiles = Self.strings(FcConfigGetConfigFiles(config))
    for file in configFiles + Self.strings(FcConfigGetConfigDirs(config)) {
      track(file)
      track(Self.parent(file))
    }
    // A changed font folder makes fontconfig scan it again, which only the full
    // configuration does as the snapshot recorded.
    for folder in fontDirectories { track(folder) }
    if let file = getenv("FONTCONFIG_FILE") { track(String(cString: file)) }
    let home = getenv("HOME").map { String(cString: $0) } ?? ""
    let configHome =
      getenv("XDG_CONFIG_HOME").map { String(cString: $0) } ?? home + "/.config"
    for user in [
      configHome + "/fontconfig/fonts.conf", configHome + "/fontconfig/conf.d",
      home + "/.fonts.conf", home + "/.fonts.conf.d",
    ] {
      track(user)
    }
    dependencies = tracked.map { ($0, Self.state($0)) }
    let all = [fontDirectories, cacheDirectories, tracked, environment].joined()
    guard !all.contains(where: { $0.contains("\n") || $0.contains("\t") }),
      let folders = foldersOnlyConfig()
    else { return nil }
    defer { FcConfigDestroy(folders) }
    var listed: [String: FaceInfo] = [:]
    for face in FontDatabase.listFaces(folders) { listed[face.key] = face }
    for face in faces {
      guard let other = listed[face.key], other.sameDescription(as: face) else { return nil }
    }
    accepted = Set(faces.map(\.key))
    rejected = Set(listed.keys).subtracting(accepted)
    for name in FontRequest.generics { generics[name] = generic(name) }
    let text = [accepted, rejected, Set(generics.values)].joined()
    guard !text.contains(where: { $0.contains("\n") || $0.contains("\t") }) else { return nil }
  }

  static func parent(_ path: String) -> String {
    guard let slash = path.utf8.lastIndex(of: UInt8(ascii: "/")), slash != path.utf8.startIndex
    else { return "/" }
    return String(path[..<slash])
  }

  static func strings(_ list: OpaquePointer?) -> [String] {
    guard let list else { return [] }
    defer { FcStrListDone(list) }
    var out: [String] = []
    while let s = FcStrListNext(list) { out.append(String(cString: s)) }
    return out
  }
}

extension FontConfigSnapshot {
  static let header = "inkpath fontconfig snapshot 1"

  /// The snapshot as text: a header line, then one tab-separated record a line.
  var encoded: String {
    var lines = [Self.header]
    lines += environment.map { "env\t\($0)" }
    lines += dependencies.map { "dep\t\($0.path)\t\($0.state)" }
    lines += fontDirectories.map { "fontdir\t\($0)" }
    lines += cacheDirectories.map { "cachedir\t\($0)" }
    lines += accepted.sorted().map { "face\t\($0)" }
    lines += rejected.sorted().map { "reject\t\($0)" }
    lines += generics.sorted { $0.key < $1.key }.map { "generic\t\($0.key)\t\($0.value)" }
    return lines.joined(separator: "\n") + "\n"
  }

  /// Reads ``encoded`` text back; nil for anything else. (Split as bytes: splitting the
  /// `String` by characters cost 4M instructions, most of what the snapshot saves.)
  init?(decoding bytes: [UInt8]) {
    let newline = UInt8(ascii: "\n")
    var lines = bytes.split(separator: newline, omittingEmptySubsequences: false)
    guard lines.first?.elementsEqual(Self.header.utf8) == true, lines.last?.isEmpty == true
    else { return nil }
    lines.removeFirst()
    lines.removeLast()
    for line in lines {
      let f = line.split(separator: UInt8(ascii: "\t"), omittingEmptySubsequences: false)
        .map { String(decoding: $0, as: UTF8.self) }
      switch (f.first, f.count) {
      case ("env", 2): environment.append(f[1])
      case ("dep", 3): dependencies.append((f[1], f[2]))
      case ("fontdir", 2): fontDirectories.append(f[1])
      case ("cachedir", 2): cacheDirectories.append(f[1])
      case ("face", 2): accepted.insert(f[1])
      case ("reject", 2): rejected.insert(f[1])
      case ("generic", 3): generics[f[1]] = f[2]
      default: return nil
      }
    }
  }

  /// The snapshot in the file at `path`, nil when there is none or it is not one.
  static func read(_ path: String) -> FontConfigSnapshot? {
    guard let bytes = try? BoundedFile.read(path, maxBytes: 1 << 20, regularOnly: true) else {
      return nil
    }
    return FontConfigSnapshot(decoding: bytes)
  }

  /// Writes the snapshot `make` returns to `path` (creating its folder), replacing any
  /// other at once. `make` runs only when the file can be written: where it cannot, a
  /// process spends nothing on a snapshot. A failure leaves no file and is otherwise
  /// ignored: the snapshot only saves time.
  static func write(_ path: String, _ make: () -> FontConfigSnapshot?) {
    let folder = parent(path)
    if mkdir(folder, 0o700) != 0 && errno == ENOENT {
      _ = mkdir(parent(folder), 0o700)
      _ = mkdir(folder, 0o700)
    }
    let temporary = path + ".\(getpid())"
    let fd = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
    guard fd >= 0 else { return }
    var written = false
    if let bytes = make().map({ Array($0.encoded.utf8) }) {
      written = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) } == bytes.count
    }
    close(fd)
    if !written || rename(temporary, path) != 0 { unlink(temporary) }
  }
}
