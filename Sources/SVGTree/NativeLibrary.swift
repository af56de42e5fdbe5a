import CLazyBinding

/// A C library Inkpath loads when it first needs it rather than at start-up (the executables
/// link none of them; see `CLazyBinding`; libxml2, cairo, libpng and zlib, which every
/// render needs, are linked statically and are not here). Each place that starts a job
/// needing one asks for it first, so a library that is missing or broken becomes that job's
/// error, naming the library, instead of stopping the process at its first call; libisal
/// alone has a stand-in (zlib deflates PNGs without it).
package enum NativeLibrary: Sendable, CaseIterable {
  case jpeg, gif, webp, harfbuzz, fontconfig, freetype, fribidi, isal

  private var id: inkpath_library {
    switch self {
    case .jpeg: INKPATH_LIBRARY_JPEG
    case .gif: INKPATH_LIBRARY_GIF
    case .webp: INKPATH_LIBRARY_WEBP
    case .harfbuzz: INKPATH_LIBRARY_HARFBUZZ
    case .fontconfig: INKPATH_LIBRARY_FONTCONFIG
    case .freetype: INKPATH_LIBRARY_FREETYPE
    case .fribidi: INKPATH_LIBRARY_FRIBIDI
    case .isal: INKPATH_LIBRARY_ISAL
    }
  }

  /// The file the library is loaded from, by its soname (`libharfbuzz.so.0`).
  package var soname: String { String(cString: inkpath_library_soname(id)) }

  /// Loads the library (once; later calls return at once). Nil when it is loaded, else the
  /// loader's reason, which names the file: `cannot load libharfbuzz.so.0: ...`.
  package func load() -> String? {
    var message = [CChar](repeating: 0, count: 600)
    guard inkpath_library_load(id, &message, message.count) != 0 else { return nil }
    return String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }

  /// Loads each library in turn: nil when all are loaded, else the first one's reason.
  package static func load(_ libraries: NativeLibrary...) -> String? {
    for library in libraries {
      if let reason = library.load() { return reason }
    }
    return nil
  }
}
