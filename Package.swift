// swift-tools-version:6.0
import PackageDescription

let package = Package(
  name: "Inkpath",
  products: [
    .library(name: "SVGGeometry", targets: ["SVGGeometry"]),
    .library(name: "SVGTree", targets: ["SVGTree"]),
    .library(name: "SVGRender", targets: ["SVGRender"]),
    .executable(name: "svg-render", targets: ["svg-render"]),
    .library(name: "SVGInline", targets: ["SVGInline"]),
    .executable(name: "svg-inline", targets: ["svg-inline"]),
    .plugin(name: "InlineSVGPlugin", targets: ["InlineSVGPlugin"]),
    .library(name: "SVGQuery", targets: ["SVGQuery"]),
    .executable(name: "svg-query", targets: ["svg-query"]),
    .library(name: "SVGCommands", targets: ["SVGCommands"]),
    .library(name: "SVGServer", targets: ["SVGServer"]),
    .executable(name: "svg-serve", targets: ["svg-serve"]),
    .library(name: "Inkpath", targets: ["Inkpath"]),
  ],
  targets: [
    // The libraries every drawing may need, loaded when first called (CLazyBinding): their
    // modules give the headers and link nothing, so start-up maps none of them. The
    // headers are found without pkg-config (whose flags would link them); libxml2's through
    // CLazyBinding/include/libxml.
    .systemLibrary(name: "CLibXML2", providers: [.apt(["libxml2-dev"])]),
    .systemLibrary(name: "CCairo", providers: [.apt(["libcairo2-dev"])]),
    .systemLibrary(name: "CPNG", providers: [.apt(["libpng-dev"])]),
    .systemLibrary(name: "CZlib", providers: [.apt(["zlib1g-dev"])]),
    .systemLibrary(name: "CMalloc"),
    .systemLibrary(name: "CPrefetch"),
    .systemLibrary(name: "CAffinity"),
    .systemLibrary(name: "CJpeg", providers: [.apt(["libjpeg62-turbo-dev"])]),
    .systemLibrary(name: "CGif", providers: [.apt(["libgif-dev"])]),
    .systemLibrary(name: "CWebP", providers: [.apt(["libwebp-dev"])]),
    .systemLibrary(name: "CHarfBuzz", providers: [.apt(["libharfbuzz-dev"])]),
    .systemLibrary(name: "CFriBidi", providers: [.apt(["libfribidi-dev"])]),
    .systemLibrary(name: "CFontconfig", providers: [.apt(["libfontconfig-dev"])]),
    .systemLibrary(name: "CIsal", providers: [.apt(["libisal-dev"])]),
    // The trampolines (written by scripts/lazy-bindings) and the loader behind them, and
    // the libraries every render needs, linked statically from Debian's archives (an
    // archive before those it calls). What the archives call in a lazily loaded library
    // (cairo's FreeType and fontconfig calls, libxml2's ICU and liblzma calls) binds to
    // the trampolines, so those still load only when first called.
    .target(
      name: "CLazyBinding",
      linkerSettings: [
        .linkedLibrary(":libxml2.a"), .linkedLibrary(":libcairo.a"),
        .linkedLibrary(":libpng16.a"), .linkedLibrary(":libpixman-1.a"),
        .linkedLibrary(":libz.a"), .linkedLibrary("m"),
      ]),
    // The server's own libraries stay linked: svg-serve starts once.
    .systemLibrary(
      name: "CMicroHTTPD", pkgConfig: "libmicrohttpd", providers: [.apt(["libmicrohttpd-dev"])]),
    .systemLibrary(name: "CSQLite", pkgConfig: "sqlite3", providers: [.apt(["libsqlite3-dev"])]),
    .systemLibrary(name: "CLibPQ", pkgConfig: "libpq", providers: [.apt(["libpq-dev"])]),

    .target(name: "SVGGeometry"),
    .target(
      name: "SVGTree",
      dependencies: ["SVGGeometry", "CLibXML2", "CZlib", "CLazyBinding", "CAffinity"]),
    .target(
      name: "SVGRender",
      dependencies: [
        "SVGTree", "SVGGeometry", "CCairo", "CPNG", "CZlib", "CJpeg", "CGif", "CWebP", "CHarfBuzz",
        "CFontconfig", "CFriBidi", "CIsal", "CLazyBinding",
      ]),
    .target(name: "CommandLineKit"),
    // svg-render's job (options, read, edit, build, render, write, batch, --query-all,
    // --list-fonts) as a library; the executable parses arguments and calls it.
    .target(
      name: "RenderCommand",
      dependencies: [
        "SVGRender", "SVGTree", "SVGCommands", "SVGQuery", "CommandLineKit", "CMalloc",
      ]),
    .executableTarget(name: "svg-render", dependencies: ["RenderCommand", "CommandLineKit"]),

    .target(name: "SVGInline", dependencies: ["SVGTree"]),
    .executableTarget(
      name: "svg-inline", dependencies: ["SVGInline", "SVGTree", "CommandLineKit"]),
    .plugin(
      name: "InlineSVGPlugin", capability: .buildTool(), dependencies: ["svg-inline"]),
    .target(
      name: "InlineExample", path: "Examples/InlineExample", plugins: ["InlineSVGPlugin"]),

    .target(
      name: "SVGQuery", dependencies: ["SVGRender", "SVGTree", "SVGGeometry", "CPrefetch"]),
    .executableTarget(
      name: "svg-query",
      dependencies: ["SVGQuery", "SVGCommands", "SVGRender", "SVGTree", "CommandLineKit"]),
    .target(
      name: "SVGCommands", dependencies: ["SVGQuery", "SVGRender", "SVGTree", "SVGGeometry"]),

    .target(
      name: "Inkpath",
      dependencies: ["SVGGeometry", "SVGTree", "SVGRender", "SVGQuery", "SVGCommands", "SVGInline"]),

    .executableTarget(
      name: "svg-bench", dependencies: ["SVGTree", "SVGRender", "SVGQuery", "SVGCommands"]),

    // The colouring app (Resources/app) is compiled into SVGServer as string literals.
    .executableTarget(name: "embed-app"),
    .plugin(name: "EmbedAppPlugin", capability: .buildTool(), dependencies: ["embed-app"]),
    .target(
      name: "SVGServer",
      dependencies: [
        "SVGCommands", "SVGQuery", "SVGRender", "SVGTree", "SVGGeometry", "CMicroHTTPD",
        "CSQLite", "CLibPQ",
      ],
      plugins: ["EmbedAppPlugin"]),
    .executableTarget(
      name: "svg-serve", dependencies: ["SVGServer", "SVGCommands", "CommandLineKit"]),

    // What the test targets share: running the tools and the server, HTTP, PNGs, temporary
    // folders, waiting with a deadline, counting syncs.
    .target(
      name: "TestSupport", dependencies: ["SVGRender"], path: "Tests/TestSupport",
      exclude: ["synccount.c"]),
    .testTarget(
      name: "CLITests",
      dependencies: [
        "TestSupport", "svg-render", "SVGRender", "svg-inline", "svg-query", "svg-serve",
      ],
      exclude: ["Compatibility"]),
    .testTarget(
      name: "SVGServerTests",
      dependencies: [
        "TestSupport", "SVGServer", "SVGCommands", "SVGRender", "SVGTree", "svg-serve",
      ]),
    .testTarget(
      name: "AppTests", dependencies: ["TestSupport", "svg-serve"], path: "Tests/AppTests"),
    .testTarget(
      name: "HostileInputs",
      dependencies: ["TestSupport", "svg-render", "svg-inline", "svg-query", "svg-serve"],
      path: "Tests/HostileInputs", exclude: ["Corpus"]),
    .testTarget(
      name: "RenderCommandTests",
      dependencies: ["RenderCommand", "CommandLineKit", "SVGRender", "TestSupport"]),
    .testTarget(name: "SVGGeometryTests", dependencies: ["SVGGeometry"]),
    .testTarget(
      name: "SVGTreeTests", dependencies: ["SVGTree", "TestSupport"],
      resources: [.copy("Fixtures")]),
    .testTarget(
      name: "SVGRenderTests", dependencies: ["SVGRender", "SVGTree", "TestSupport"],
      resources: [.copy("Fixtures")]),
    .testTarget(
      name: "SVGQueryTests", dependencies: ["SVGQuery", "SVGRender", "SVGTree", "TestSupport"]),
    .testTarget(
      name: "SVGInlineTests",
      dependencies: ["SVGInline", "SVGTree", "SVGRender", "svg-inline", "TestSupport"],
      resources: [.copy("Fixtures")]),
    .testTarget(
      name: "InlineExampleTests", dependencies: ["InlineExample"],
      path: "Examples/InlineExampleTests"),
    .testTarget(
      name: "SVGCommandsTests",
      dependencies: ["SVGCommands", "SVGQuery", "SVGRender", "SVGTree", "TestSupport"],
      resources: [.copy("Fixtures")]),
    .testTarget(
      name: "ConformanceTests", dependencies: ["SVGRender", "SVGTree", "TestSupport"],
      exclude: ["expected-failures.txt"]),
  ]
)
