import Foundation
import TestSupport
import Testing

/// The libraries every render needs are linked into the tools statically; the others are
/// loaded when first used (Sources/CLazyBinding): the tools name none of either in their
/// dynamic section, start without them, and a library that cannot be loaded is an error
/// naming it (but libisal, whose absence only changes a PNG's bytes).
@Suite struct LazyLoadingTests {
  /// Every library CLazyBinding loads, by the soname it opens.
  static let lazySonames = [
    "libjpeg.so.62", "libgif.so.7", "libwebp.so.7", "libharfbuzz.so.0", "libfontconfig.so.1",
    "libfreetype.so.6", "libfribidi.so.0", "liblzma.so.5", "libisal.so.2",
  ]
  /// The shared copies of the libraries linked in (Package.swift, CLazyBinding).
  static let linkedSonames = ["libxml2.so.2", "libcairo.so.2", "libpng16.so.16", "libz.so.1"]
  let garden = Executable.packageRoot.appendingPathComponent("Resources/examples/garden.svg").path

  /// The libraries an executable names in its dynamic section (readelf's NEEDED entries).
  func needed(_ tool: String) throws -> [String] {
    let r = try Executable.runProgram("/usr/bin/readelf", ["-d", Executable(name: tool).path])
    try #require(r.status == 0, "readelf -d \(tool): \(r.stderr)")
    return r.text.split(separator: "\n").compactMap { line in
      guard line.contains("(NEEDED)"), let open = line.firstIndex(of: "["),
        let close = line.lastIndex(of: "]")
      else { return nil }
      return String(line[line.index(after: open)..<close])
    }
  }

  @Test(arguments: ["svg-render", "svg-inline", "svg-query"])
  func theToolsLinkNoneOfTheLazilyLoadedLibraries(_ tool: String) throws {
    let libraries = try needed(tool)
    #expect(!libraries.isEmpty, "readelf found no NEEDED entries in \(tool)")
    #expect(
      Set(libraries).isDisjoint(with: Self.lazySonames + Self.linkedSonames),
      "\(tool) links \(libraries)")
    #expect(!libraries.contains { $0.hasPrefix("libicu") }, "\(tool) links \(libraries)")
  }

  /// svg-render links no Foundation: the 10,000 relocations of FoundationEssentials and its
  /// collections would be applied at every start (32 of its 145 written pages, 0.2 ms of
  /// `--version`). Checked both ways a build links it: a shared library named in the dynamic
  /// section, or its symbols inside.
  @Test func svgRenderLinksNoFoundation() throws {
    #expect(!(try needed("svg-render")).contains { $0.hasPrefix("libFoundation") })
    let r = try Executable.runProgram("/usr/bin/nm", [Executable(name: "svg-render").path])
    try #require(r.status == 0, "nm svg-render: \(r.stderr)")
    let symbols = r.text.split(separator: "\n").filter { $0.contains("20FoundationEssentials") }
    #expect(symbols.isEmpty, "svg-render holds \(symbols.prefix(3))")
  }

  /// The trampolines are hidden and the archives' symbols stay inside: a tool that exported
  /// a library function would have the lazily loaded libraries' own calls (HarfBuzz's and
  /// fontconfig's into FreeType) bind to it.
  @Test(arguments: ["svg-render", "svg-inline", "svg-query"])
  func theToolsExportNoLibraryFunction(_ tool: String) throws {
    let r = try Executable.runProgram(
      "/usr/bin/nm", ["-D", "--defined-only", Executable(name: tool).path])
    try #require(r.status == 0, "nm -D \(tool): \(r.stderr)")
    let prefixes = [
      "FT_", "Fc", "hb_", "fribidi_", "jpeg_", "DGif", "WebP", "ucnv_", "UCNV_", "lzma_",
      "cairo_", "xml", "png_", "pixman_", "inflate", "deflate",
    ]
    let exported = r.text.split(separator: "\n").compactMap { $0.split(separator: " ").last }
    let leaked = exported.filter { name in prefixes.contains { name.hasPrefix($0) } }
    #expect(leaked.isEmpty, "\(tool) exports \(leaked.prefix(10))")
  }

  /// A folder holding files named like the libraries that are not shared objects, found
  /// first through LD_LIBRARY_PATH: the loader refuses them as it would a broken installation.
  func brokenLibrary(_ sonames: String...) throws -> [String: String] {
    let dir = try temporaryDirectory()
    for soname in sonames {
      try "not a shared object\n".write(
        toFile: "\(dir)/\(soname)", atomically: true, encoding: .utf8)
    }
    var environment = ProcessInfo.processInfo.environment
    environment["LD_LIBRARY_PATH"] = dir
    return environment
  }

  @Test func startingNeedsNoneOfThem() throws {
    for soname in Self.lazySonames + Self.linkedSonames {
      let r = try Executable(name: "svg-render").run(
        ["--version"], environment: try brokenLibrary(soname))
      #expect(r.status == 0 && r.text.hasPrefix("svg-render "), "\(soname): \(r.stderr)")
    }
  }

  /// A drawing without text or images is parsed, drawn and written by the linked-in
  /// libraries alone: broken shared copies of them (and of every lazily loaded library)
  /// are never opened.
  @Test func aPlainRenderOpensNoLibrary() throws {
    let dir = try temporaryDirectory()
    let environment = try brokenLibrary(
      "libxml2.so.2", "libcairo.so.2", "libpng16.so.16", "libz.so.1", "libfontconfig.so.1",
      "libfreetype.so.6", "libharfbuzz.so.0", "liblzma.so.5")
    let render = try Executable(name: "svg-render").run(
      [garden, "-o", "\(dir)/out.png"], environment: environment)
    #expect(render.status == 0, "status \(render.status): \(render.stderr)")
    #expect(FileManager.default.fileExists(atPath: "\(dir)/out.png"))
    let list = try Executable(name: "svg-query").run(
      [garden, "--list"], environment: environment)
    #expect(list.status == 0, "status \(list.status): \(list.stderr)")
  }

  /// PNG rows are deflated by igzip, and by zlib where libisal cannot be loaded: the same
  /// pixels in other bytes, and no error.
  @Test func withoutLibisalPNGsAreDeflatedByZlib() throws {
    let dir = try temporaryDirectory()
    let plain = try Executable(name: "svg-render").run([garden, "-o", "\(dir)/igzip.png"])
    #expect(plain.status == 0, "status \(plain.status): \(plain.stderr)")
    let render = try Executable(name: "svg-render").run(
      [garden, "-o", "\(dir)/zlib.png"], environment: try brokenLibrary("libisal.so.2"))
    #expect(render.status == 0, "status \(render.status): \(render.stderr)")
    let igzip = try [UInt8](Data(contentsOf: URL(fileURLWithPath: "\(dir)/igzip.png")))
    let zlib = try [UInt8](Data(contentsOf: URL(fileURLWithPath: "\(dir)/zlib.png")))
    #expect(igzip != zlib)
    #expect(firstDifference(try PNG.decode(igzip).pixels, try PNG.decode(zlib).pixels) == nil)
  }

  /// SCSU is an encoding that neither libxml2 nor iconv knows: the linked-in libxml2 reads
  /// it through ICU, whose functions (and the error callbacks libxml2 hands it) reach the
  /// lazily loaded libicuuc through the trampolines.
  @Test func anEncodingOnlyICUKnowsIsRead() throws {
    let dir = try temporaryDirectory()
    let svg = """
      <?xml version="1.0" encoding="SCSU"?><svg xmlns="http://www.w3.org/2000/svg" \
      width="4" height="4"><rect id="sq" width="4" height="4"/></svg>
      """
    try svg.write(toFile: "\(dir)/scsu.svg", atomically: true, encoding: .utf8)
    let r = try Executable(name: "svg-query").run(["\(dir)/scsu.svg", "--list"])
    #expect(r.status == 0, "status \(r.status): \(r.stderr)")
    #expect(r.text.contains("sq rect 0 0 4 4"), "\(r.text)")
  }

  @Test func textWithoutHarfBuzzIsAnErrorNamingIt() throws {
    let dir = try temporaryDirectory()
    try """
    <svg xmlns="http://www.w3.org/2000/svg" width="80" height="20"><text y="15">Hi</text></svg>
    """.write(toFile: "\(dir)/text.svg", atomically: true, encoding: .utf8)
    let environment = try brokenLibrary("libharfbuzz.so.0")
    let r = try Executable(name: "svg-render").run(
      ["\(dir)/text.svg", "-o", "\(dir)/text.png"], environment: environment)
    #expect(r.status == 1, "status \(r.status): \(r.stderr)")
    #expect(r.stderr.contains("cannot load libharfbuzz.so.0"), "\(r.stderr)")
    // A drawing without text never needs it.
    let plain = try Executable(name: "svg-render").run(
      [garden, "-o", "\(dir)/garden.png"], environment: environment)
    #expect(plain.status == 0, "\(plain.stderr)")
  }

  /// A real shared object under the library's name that lacks its functions (zlib, copied
  /// as libfribidi.so.0): an older or wrong library that loads.
  func libraryLackingFunctions(_ soname: String) throws -> [String: String] {
    let dir = try temporaryDirectory()
    // The file itself: libz.so.1 is a symbolic link, which would be copied as one.
    let zlib = URL(fileURLWithPath: "/lib/x86_64-linux-gnu/libz.so.1").resolvingSymlinksInPath()
    try Data(contentsOf: zlib).write(to: URL(fileURLWithPath: "\(dir)/\(soname)"))
    var environment = ProcessInfo.processInfo.environment
    environment["LD_LIBRARY_PATH"] = dir
    return environment
  }

  @Test func aLibraryLackingAFunctionIsAnErrorNamingBoth() throws {
    let dir = try temporaryDirectory()
    try """
    <svg xmlns="http://www.w3.org/2000/svg" width="80" height="20"><text y="15">\u{5E9}\u{5DC}\u{5D5}\u{5DD}</text></svg>
    """.write(toFile: "\(dir)/text.svg", atomically: true, encoding: .utf8)
    let environment = try libraryLackingFunctions("libfribidi.so.0")
    let r = try Executable(name: "svg-render").run(
      ["\(dir)/text.svg", "-o", "\(dir)/text.png"], environment: environment)
    #expect(r.status == 1, "status \(r.status): \(r.stderr)")
    #expect(r.stderr.contains("libfribidi.so.0 has no fribidi_"), "\(r.stderr)")
    #expect(!FileManager.default.fileExists(atPath: "\(dir)/text.png"))
    // Left-to-right text with nothing that can be right-to-left never loads FriBidi.
    try """
    <svg xmlns="http://www.w3.org/2000/svg" width="80" height="20"><text y="15">Hi</text></svg>
    """.write(toFile: "\(dir)/latin.svg", atomically: true, encoding: .utf8)
    let latin = try Executable(name: "svg-render").run(
      ["\(dir)/latin.svg", "-o", "\(dir)/latin.png"], environment: environment)
    #expect(latin.status == 0, "status \(latin.status): \(latin.stderr)")
  }

  @Test func listingFontsWithoutFontconfigIsAnErrorNamingIt() throws {
    let r = try Executable(name: "svg-render").run(
      ["--list-fonts"], environment: try brokenLibrary("libfontconfig.so.1"))
    #expect(r.status == 1, "status \(r.status): \(r.stderr)")
    #expect(r.stderr.contains("cannot load libfontconfig.so.1"), "\(r.stderr)")
  }
}
