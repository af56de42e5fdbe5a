import Foundation
import TestSupport
import Testing

@testable import SVGRender

/// The font database from a ``FontConfigSnapshot`` against one from the full fontconfig
/// configuration: the same faces, generic families and matches.
@Suite struct FontConfigSnapshotTests {
  static let defaults = FontSources(configFile: nil, directories: [])

  private func temporaryPath() throws -> String {
    try temporaryDirectory("inkpath-snapshot") + "/fontconfig-snapshot"
  }

  /// A database read from a snapshot written by an earlier one.
  private func snapshotDatabase() throws -> (FontDatabase, String) {
    let path = try temporaryPath()
    let writer = FontDatabase(Self.defaults, snapshotPath: path)
    #expect(!writer.fromSnapshot)
    try #require(FileManager.default.fileExists(atPath: path), "no snapshot written")
    let reader = FontDatabase(Self.defaults, snapshotPath: path)
    #expect(reader.fromSnapshot)
    return (reader, path)
  }

  @Test func theSnapshotGivesTheSameFacesAndGenericFamilies() throws {
    let full = FontDatabase(Self.defaults, snapshotPath: nil)
    try #require(!full.faces.isEmpty, "no system fonts")
    let (snap, _) = try snapshotDatabase()
    #expect(snap.faces.map(\.key) == full.faces.map(\.key))
    #expect(snap.faces.map(\.families) == full.faces.map(\.families))
    #expect(snap.faces.map(\.weight) == full.faces.map(\.weight))
    #expect(snap.faces.map(\.style) == full.faces.map(\.style))
    #expect(snap.faces.map(\.stretch) == full.faces.map(\.stretch))
    for generic in FontRequest.generics.sorted() {
      #expect(snap.genericFamily(generic) == full.genericFamily(generic), "\(generic)")
    }
  }

  /// Every family name the conformance suite, the examples, the README and the 299 drawings
  /// of the thumbnail benchmark use (followed by `serif`, as the resolver appends it), at
  /// two weights and styles, matches the same font file both ways.
  @Test func everyFamilyInUseMatchesTheSameFile() throws {
    let full = FontDatabase(Self.defaults, snapshotPath: nil)
    try #require(!full.faces.isEmpty, "no system fonts")
    let (snap, _) = try snapshotDatabase()
    let names = FamilyNames.inUse()
    #expect(names.count > 20)
    var compared = 0
    for name in names.sorted() {
      for weight in [400, 700] {
        for style in [FontStyle.normal, .italic] {
          let request = FontRequest(families: [name, "serif"], weight: weight, style: style)
          let a = full.match(request).map { full.faces[$0.face].key }
          let b = snap.match(request).map { snap.faces[$0.face].key }
          #expect(a == b, "\(name) \(weight) \(style)")
          compared += 1
        }
      }
    }
    #expect(compared == names.count * 4)
  }

  @Test func aChangedDependencyOrEnvironmentIsNotCurrent() throws {
    let (_, path) = try snapshotDatabase()
    var snapshot = try #require(FontConfigSnapshot.read(path))
    #expect(snapshot.isCurrent())
    let marker = FontConfigSnapshot.parent(path) + "/marker"
    snapshot.dependencies.append((marker, FontConfigSnapshot.state(marker)))
    #expect(snapshot.isCurrent())
    FileManager.default.createFile(atPath: marker, contents: Data([1]))
    #expect(!snapshot.isCurrent())
    snapshot.dependencies.removeLast()
    snapshot.environment.append("FC_LANG=xx")
    #expect(!snapshot.isCurrent())
  }

  @Test func theTextFormReadsBack() throws {
    let (_, path) = try snapshotDatabase()
    let snapshot = try #require(FontConfigSnapshot.read(path))
    #expect(FontConfigSnapshot(decoding: Array(snapshot.encoded.utf8)) == snapshot)
    #expect(snapshot.dependencies.contains { $0.path.hasSuffix("/fonts.conf") })
    #expect(FontConfigSnapshot(decoding: Array((snapshot.encoded + "bogus\tline\n").utf8)) == nil)
    #expect(FontConfigSnapshot(decoding: []) == nil)
  }

  /// A snapshot whose faces are not what the folders hold is not used, and the next
  /// database writes a correct one.
  @Test func aSnapshotWithOtherFacesIsReplaced() throws {
    let (_, path) = try snapshotDatabase()
    var snapshot = try #require(FontConfigSnapshot.read(path))
    let dropped = try #require(snapshot.accepted.first)
    snapshot.accepted.remove(dropped)
    FontConfigSnapshot.write(path) { snapshot }
    let db = FontDatabase(Self.defaults, snapshotPath: path)
    #expect(!db.fromSnapshot)
    #expect(db.faces.contains { $0.key == dropped })
    #expect(FontConfigSnapshot.read(path)?.accepted.contains(dropped) == true)
    #expect(FontDatabase(Self.defaults, snapshotPath: path).fromSnapshot)
  }

  @Test func noFileWhereNoneCanBeWritten() throws {
    let path = "/proc/inkpath-snapshot-test/fontconfig-snapshot"
    var made = false
    FontConfigSnapshot.write(path) {
      made = true
      return nil
    }
    #expect(!made)
    #expect(!FontDatabase(Self.defaults, snapshotPath: path).fromSnapshot)
    #expect(!FileManager.default.fileExists(atPath: path))
  }

  @Test func extraFontsOrAnotherConfigurationDoNotUseIt() throws {
    let (_, path) = try snapshotDatabase()
    var sources = Self.defaults
    sources.directories = ["/nonexistent/inkpath-snapshot-test"]
    #expect(!FontDatabase(sources, snapshotPath: path).fromSnapshot)
    sources = Self.defaults
    sources.systemFonts = false
    #expect(!FontDatabase(sources, snapshotPath: path).fromSnapshot)
  }
}

/// The `font-family` names found in the files the snapshot test compares.
enum FamilyNames {
  static func inUse() -> Set<String> {
    var files: [String] = []
    let here = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    let root = here.appendingPathComponent("../..").standardized.path
    files += svgFiles(under: suiteFonts.replacingOccurrences(of: "/fonts", with: "/tests"))
    files += svgFiles(under: root + "/Examples")
    files.append(root + "/README.md")
    // scripts/bench's thumbnail row: every 25th openclipart file in path order, 299.
    let clipart = svgFiles(under: "/usr/share/openclipart/svg").sorted()
    files += stride(from: 0, to: clipart.count, by: 25).prefix(299).map { clipart[$0] }
    var names: Set<String> = []
    for file in files {
      guard let text = try? String(contentsOfFile: file, encoding: .utf8) else { continue }
      for value in values(in: text) {
        for name in FontRequest.families(parsing: value) ?? [] { names.insert(name) }
      }
    }
    return names
  }

  static func svgFiles(under dir: String) -> [String] {
    guard let e = FileManager.default.enumerator(atPath: dir) else { return [] }
    var out: [String] = []
    while let f = e.nextObject() as? String {
      if f.hasSuffix(".svg") { out.append(dir + "/" + f) }
    }
    return out
  }

  /// The values after `font-family` as an attribute (`="..."`) or a property (`: ...;`).
  static func values(in text: String) -> [String] {
    var out: [String] = []
    var rest = Substring(text)
    while let r = rest.range(of: "font-family") {
      rest = rest[r.upperBound...].drop { $0 == " " }
      guard let c = rest.first else { break }
      rest = rest.dropFirst()
      if c == "=", let q = rest.first, q == "\"" || q == "'" {
        rest = rest.dropFirst()
        let value = rest.prefix { $0 != q }
        out.append(String(value))
        rest = rest[value.endIndex...]
      } else if c == ":" {
        let value = rest.prefix { !";}<\"\n".contains($0) }
        out.append(String(value))
        rest = rest[value.endIndex...]
      }
    }
    return out
  }
}
