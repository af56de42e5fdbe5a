import Foundation

/// Every hostile file and what each tool must do with it. Files of `Corpus/` are listed by
/// name (a test checks that each has an entry); big ones are generated in the workspace.
extension HostileCase {
  static let refusedOutside = "outside the resource directory"
  static let tooManyReferences = "more than 100000 references"

  static let all: [HostileCase] =
    corpus + entities + hrefs + externalUses + externalPaints + sizes

  /// The committed files (`Corpus/`).
  static let corpus: [HostileCase] = [
    HostileCase("billion-laughs.svg", all: .fails("entity reference loop")),
    HostileCase("billion-laughs-attribute.svg", all: .fails("entity reference loop")),
    // librsvg's CVE-2019-20446 shape: each level references the one below ten times.
    HostileCase(
      "use-exponential.svg", render: .fails(tooManyReferences), inline: .succeeds(),
      query: .fails(tooManyReferences), seconds: 5, megabytes: 400),
    HostileCase(
      "pattern-exponential.svg", render: .fails(tooManyReferences), inline: .succeeds(),
      query: .fails(tooManyReferences), seconds: 5, megabytes: 400),
    HostileCase(
      "marker-exponential.svg", render: .fails(tooManyReferences), inline: .succeeds(),
      query: .fails(tooManyReferences), seconds: 5, megabytes: 400),
    HostileCase(
      "mask-exponential.svg", render: .fails(tooManyReferences), inline: .succeeds(),
      query: .fails(tooManyReferences), seconds: 5, megabytes: 400),
    HostileCase(
      "filter-pattern-exponential.svg", render: .fails(tooManyReferences), inline: .succeeds(),
      query: .fails(tooManyReferences), seconds: 5, megabytes: 400),
    HostileCase(
      "reference-cycles.svg", render: .succeeds("reference cycle", "closes a cycle"),
      inline: .succeeds(), query: .succeeds()),
    HostileCase(
      "huge-canvas.svg", render: .fails("over the limit of 100000000 pixels"),
      inline: .succeeds(), query: .succeeds()),
    HostileCase("huge-blur.svg", all: .succeeds(), megabytes: 150),
    HostileCase("invalid-utf8.svg", all: .fails("not proper UTF-8")),
    HostileCase("css-number-overflow.svg", all: .succeeds()),
    HostileCase("turbulence-octaves.svg", all: .succeeds(), seconds: 2),
    HostileCase("path-huge-coordinates.svg", all: .succeeds()),
  ]

  /// External entities and external DTD subsets, all pointing at the tripwire.
  static let entities: [HostileCase] = [
    HostileCase("xxe-file.svg", all: .succeeds()) { w, _ in
      Make.text(
        "<!DOCTYPE svg [<!ENTITY x SYSTEM \"file://\(w.tripwire)\">]>\n"
          + Make.svgOpen + "<text y=\"5\">&x;</text></svg>")
    },
    HostileCase("xxe-relative.svg", all: .succeeds()) { _, _ in
      Make.text(
        "<!DOCTYPE svg [<!ENTITY x SYSTEM \"../outside/tripwire\">]>\n"
          + Make.svgOpen + "<desc>&x;</desc></svg>")
    },
    HostileCase("xxe-parameter.svg", all: .succeeds()) { w, _ in
      Make.text(
        "<!DOCTYPE svg [<!ENTITY % p SYSTEM \"file://\(w.tripwire)\"> %p;]>\n" + Make.svgOpen
          + "</svg>")
    },
    HostileCase("external-subset.svg", all: .succeeds()) { w, _ in
      Make.text(
        "<!DOCTYPE svg PUBLIC \"-//W3C//DTD SVG 1.1//EN\" \"\(w.tripwire)\">\n" + Make.svgOpen
          + "<rect width=\"5\" height=\"5\"/></svg>")
    },
    HostileCase("xinclude.svg", all: .succeeds()) { _, _ in
      Make.text(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" xmlns:xi=\"http://www.w3.org/2001/XInclude\""
          + " width=\"10\" height=\"10\"><xi:include href=\"../outside/tripwire\" parse=\"text\"/></svg>"
      )
    },
    HostileCase(
      "xml-stylesheet.svg", render: .succeeds(), inline: .fails(refusedOutside),
      query: .succeeds()
    ) { _, _ in
      Make.text(
        "<?xml-stylesheet href=\"../outside/tripwire\" type=\"text/css\"?>\n" + Make.svgOpen
          + "</svg>")
    },
    HostileCase("css-import.svg", all: .succeeds()) { _, _ in
      Make.text(Make.svgOpen + "<style>@import url(../outside/tripwire);</style></svg>")
    },
  ]

  /// `<image href>` tricks to leave the base folder. svg-render draws the rest and says why
  /// the image was refused; svg-inline refuses the file; svg-query answers without it.
  static let hrefs: [HostileCase] = {
    func trick(
      _ name: String, render: String, inline: String? = nil,
      _ href: @escaping @Sendable (Workspace, UInt16) -> String
    ) -> HostileCase {
      HostileCase(
        "href-\(name).svg", render: .succeeds("<image> not rendered", render),
        inline: inline.map { .fails($0) } ?? .fails(render), query: .succeeds()
      ) { w, port in Make.image(href(w, port)) }
    }
    var cases = [
      trick("dotdot", render: refusedOutside) { _, _ in "../outside/tripwire" },
      // Refused whatever the reason (no such file, outside, not a regular file): never read.
      trick("dot-query", render: "\".?../outside/tripwire\": ") { _, _ in ".?../outside/tripwire" },
      trick("percent-dotdot", render: refusedOutside) { _, _ in "%2e%2e/outside/tripwire" },
      trick("percent-slash", render: refusedOutside) { _, _ in "..%2foutside%2ftripwire" },
      trick("etc-passwd", render: refusedOutside) { _, _ in "file:///etc/passwd" },
      trick("file-url", render: refusedOutside) { w, _ in "file://\(w.tripwire)" },
      trick("absolute", render: refusedOutside) { w, _ in w.tripwire },
      trick("dev-stdin", render: "\"/dev/stdin\": ") { _, _ in "/dev/stdin" },
      trick("symlink", render: refusedOutside) { _, _ in "escape/tripwire" },
      trick("symlink-secret", render: refusedOutside) { _, _ in "escape/secret.txt" },
    ]
    cases.append(
      HostileCase(
        "href-loopback.svg", render: .succeeds("<image> not rendered", "not allowed"),
        inline: .succeeds("not fetched"), query: .succeeds()
      ) { _, port in Make.image("http://127.0.0.1:\(port)/x.png") })
    // The control: a file inside the base folder is read, so the refusals above are real.
    var inside = HostileCase("href-inside.svg", all: .succeeds()) { _, _ in
      Make.image("inside.png")
    }
    inside.render.neverSays = ["not rendered"]
    cases.append(inside)
    return cases
  }()

  /// `<use>` of other files: escapes, self-reference, cycles and amplification across files,
  /// a file too big to read. svg-render and svg-query draw the rest and say why.
  static let externalUses: [HostileCase] = {
    @Sendable func use(_ href: String, _ more: String = "") -> [UInt8] {
      Make.text(
        Make.svgOpen + "<rect width=\"5\" height=\"5\"/><use href=\"\(href)\"/>\(more)</svg>")
    }
    func refused(_ name: String, _ says: String, _ href: String) -> HostileCase {
      HostileCase(
        "use-\(name).svg", render: .succeeds("<use> not rendered", says), inline: .succeeds(),
        query: .succeeds()
      ) { _, _ in use(href) }
    }
    return [
      refused("dotdot", refusedOutside, "../outside/tripwire#x"),
      refused("percent-dotdot", refusedOutside, "%2e%2e/outside/tripwire#x"),
      refused("symlink", refusedOutside, "escape/tripwire#x"),
      refused("absolute", refusedOutside, "file:///etc/passwd#x"),
      refused("loopback", "not allowed", "http://127.0.0.1:1/x.svg#x"),
      HostileCase(
        "use-self.svg", render: .succeeds("itself or an ancestor"), inline: .succeeds(),
        query: .succeeds()
      ) { _, _ in
        Make.text(Make.svgOpen + "<g id=\"g\"><use href=\"use-self.svg#g\"/></g></svg>")
      },
      // a.svg#a -> b.svg#b -> a.svg#a: one cycle through two files.
      HostileCase(
        "use-cycle-files.svg", render: .succeeds("reference cycle"), inline: .succeeds(),
        query: .succeeds()
      ) { w, _ in
        try w.write(
          "use-cycle-other.svg",
          Make.text(
            "<svg xmlns=\"http://www.w3.org/2000/svg\"><g id=\"b\">"
              + "<use href=\"use-cycle-files.svg#a\"/></g></svg>"))
        return Make.text(
          Make.svgOpen + "<g id=\"a\"><use href=\"use-cycle-other.svg#b\"/></g></svg>")
      },
      // Each level of the other file draws the level below twice, once through its own
      // name (svg-serve, whose input has no file name, reads it the same way).
      HostileCase(
        "use-exponential-files.svg", render: .fails(tooManyReferences), inline: .succeeds(),
        query: .fails(tooManyReferences), seconds: 5, megabytes: 400
      ) { w, _ in
        var levels =
          "<svg xmlns=\"http://www.w3.org/2000/svg\"><rect id=\"l0\" width=\"1\" height=\"1\"/>"
        for i in 1...40 {
          levels +=
            "<g id=\"l\(i)\"><use href=\"levels.svg#l\(i - 1)\"/><use href=\"#l\(i - 1)\"/></g>"
        }
        try w.write("levels.svg", Make.text(levels + "</svg>"))
        return use("levels.svg#l40")
      },
      // A sparse 200 MiB file: refused from its size, never read.
      HostileCase(
        "use-huge-file.svg", render: .succeeds("over the limit of"), inline: .succeeds(),
        query: .succeeds()
      ) { w, _ in
        try w.writeSparse("huge.svg", bytes: 200 << 20)
        return use("huge.svg#x", "<use href=\"huge.svg#y\"/>")
      },
    ]
  }()

  /// `url(other.svg#id)` in fill, clip-path, mask, marker and filter: the same escapes, a
  /// cycle through two files, a file too big to read. Each is a missing reference, said why.
  static let externalPaints: [HostileCase] = {
    @Sendable func paint(_ property: String, _ value: String) -> [UInt8] {
      Make.text(Make.svgOpen + "<path d=\"M0 0H5V5Z\" \(property)=\"\(value)\"/></svg>")
    }
    return [
      HostileCase(
        "url-dotdot.svg", render: .succeeds("paint reference ignored", refusedOutside),
        inline: .succeeds(), query: .succeeds()
      ) { _, _ in paint("fill", "url(../outside/tripwire#x) green") },
      HostileCase(
        "url-symlink-mask.svg", render: .succeeds("mask reference ignored", refusedOutside),
        inline: .succeeds(), query: .succeeds()
      ) { _, _ in paint("mask", "url(escape/tripwire#x)") },
      HostileCase(
        "url-absolute-marker.svg",
        render: .succeeds("marker-end reference ignored", refusedOutside), inline: .succeeds(),
        query: .succeeds()
      ) { _, _ in paint("marker-end", "url(file:///etc/passwd#x)") },
      // a.svg's clipPath -> b.svg's clipPath -> a.svg's: one cycle through two files.
      HostileCase(
        "url-cycle-files.svg", render: .succeeds("reference cycle"), inline: .succeeds(),
        query: .succeeds()
      ) { w, _ in
        try w.write(
          "url-cycle-other.svg",
          Make.text(
            "<svg xmlns=\"http://www.w3.org/2000/svg\"><clipPath id=\"b\"><rect width=\"5\" "
              + "height=\"5\" clip-path=\"url(url-cycle-files.svg#a)\"/></clipPath></svg>"))
        return Make.text(
          Make.svgOpen + "<clipPath id=\"a\"><rect width=\"5\" height=\"5\" "
            + "clip-path=\"url(url-cycle-other.svg#b)\"/></clipPath>"
            + "<rect width=\"5\" height=\"5\" clip-path=\"url(#a)\"/></svg>")
      },
      // A sparse 200 MiB file: refused from its size, never read.
      HostileCase(
        "url-huge-file.svg", render: .succeeds("over the limit of"), inline: .succeeds(),
        query: .succeeds()
      ) { w, _ in
        try w.writeSparse("huge-paint.svg", bytes: 200 << 20)
        return paint("filter", "url(huge-paint.svg#f)")
      },
    ]
  }()

  /// Sizes: nesting, element count, attribute length, compression ratio, entity amplification.
  static let sizes: [HostileCase] = [
    HostileCase("quadratic-blowup.svg", all: .fails("entity expansion over the limit")) { _, _ in
      let a = String(repeating: "a", count: 50_000)
      return Make.repeated(
        "<!DOCTYPE svg [<!ENTITY a \"\(a)\">]>\n" + Make.svgOpen + "<desc>", "&a;", 50_000,
        "</desc></svg>")
    },
    HostileCase("deep-nesting.svg", all: .fails("depth")) { _, _ in
      Make.repeated(
        Make.svgOpen, "<g>", 100_000, String(repeating: "</g>", count: 100_000) + "</svg>")
    },
    HostileCase(
      "million-elements.svg", all: .fails("more than 1000000 elements"), seconds: 2,
      megabytes: 400
    ) { _, _ in Make.repeated(Make.svgOpen, "<rect/>", 1_000_001, "</svg>") },
    HostileCase(
      "path-50mb.svg", all: .fails("AttValue length too long"), seconds: 2, megabytes: 400
    ) { _, _ in
      Make.repeated(Make.svgOpen + "<path d=\"M0 0", " L1 1", 10 << 20, "\"/></svg>")
    },
    HostileCase(
      "svgz-bomb.svgz", render: .fails("inflates past the limit"),
      inline: .fails("gzip-compressed"), query: .fails("inflates past the limit"),
      megabytes: 400
    ) { _, _ in
      try Make.gzipBomb(Make.svgOpen + "<desc>", spaces: 128 << 20, "</desc></svg>")
    },
    // Once quadratic: glyphs on a long textPath, runs of stops at one offset.
    HostileCase("textpath-long.svg", all: .succeeds(), seconds: 2) { _, _ in
      Make.text(
        Make.svgOpen + "<path id=\"p\" d=\"M0 0" + String(repeating: " l1 0", count: 30_000)
          + "\"/><text><textPath href=\"#p\">" + String(repeating: "x", count: 5_000)
          + "</textPath></text></svg>")
    },
    HostileCase("gradient-stops.svg", all: .succeeds(), seconds: 2) { _, _ in
      Make.repeated(
        Make.svgOpen + "<linearGradient id=\"g\">", "<stop offset=\"0.5\"/>", 30_000,
        "</linearGradient><rect width=\"10\" height=\"10\" fill=\"url(#g)\"/></svg>")
    },
  ]
}
