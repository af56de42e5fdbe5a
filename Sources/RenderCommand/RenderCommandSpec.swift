import CommandLineKit

extension CommandSpec {
  /// svg-render's command line: every option of rsvg-convert 2.54 and resvg 0.44, with the
  /// same meaning, plus Inkpath's own. Where the two peers disagree it follows rsvg-convert.
  /// Its keys are what ``RenderInvocation`` and ``RenderJob`` read, so the table lives
  /// beside them; the executable only hands it to `runTool`.
  public static let svgRender = CommandSpec(
    name: "svg-render",
    summary: "render SVG to PNG, PDF, PostScript, EPS or SVG",
    usage: [
      "[options] INPUT [-o OUTPUT]", "[options] INPUT OUTPUT.png", "[options] INPUT... -o DIR/",
      "[options] INPUT... -o BOOK.pdf",
    ],
    about: [
      "Renders SVG and gzip-compressed SVGZ to PNG, PDF, PostScript, EPS or SVG. It accepts"
        + " every option of rsvg-convert 2.54 and resvg 0.44 with the same meaning (the README"
        + " has the table). Where the two disagree it follows rsvg-convert: without -o the"
        + " output goes to standard output; -w and -h together stretch the drawing unless -a"
        + " keeps its aspect ratio (resvg fits it); -v prints the version; a zoom with -w or -h"
        + " zooms, no larger than that size (resvg takes the size). INPUT may be - for"
        + " standard input.",
      "As resvg, a second argument ending in .png that is not an existing file is the output."
        + " Several inputs with -o DIR (an existing folder, or a name ending in /) render in"
        + " parallel into DIR, with a progress bar when standard error is a terminal; with"
        + " -o FILE.pdf or .ps they become the pages of one document. External files (images)"
        + " are read only from the --resources folder, never from the network.",
    ],
    options: [
      OptionSpec(
        "-o", "--output", value: "FILE",
        help:
          "Output file (default and -: standard output); a folder for a batch; a PDF or PostScript file for several inputs.",
        group: "Output"),
      OptionSpec(
        "-c", help: "Write the output to standard output (resvg's -c).", group: "Output",
        excludes: ["output"]),
      OptionSpec(
        "-f", "--format", value: "FORMAT",
        help: "png, pdf, ps, eps or svg, in any case (default: from the output name, else png).",
        group: "Output"),
      OptionSpec(
        "--small-png",
        help:
          "Compress PNG output with libpng's adaptive filters: over the 40 largest openclipart"
          + " drawings at 800 px, 5% smaller files (15 of them larger), 2.7x slower to render"
          + " and write.",
        group: "Output"),
      OptionSpec(
        "-i", "--export-id", value: "ID",
        help:
          "Render only the element with this id (#ID as well) or index path such as /0/2, cropped to it.",
        group: "Output", excludes: ["query-all"]),
      OptionSpec(
        "--export-area-page",
        help: "With --export-id: keep the whole drawing's size instead of cropping.",
        group: "Output", requires: ["export-id"]),
      OptionSpec(
        "--export-area-drawing",
        help: "Crop the drawing to what it paints instead of its own size.", group: "Output",
        excludes: ["export-id"]),
      OptionSpec(
        "--keep-image-data",
        help:
          "Embed JPEG images in PDF and PostScript, and JPEG and PNG images in SVG, as the files are (the default).",
        group: "Output", excludes: ["no-keep-image-data"]),
      OptionSpec(
        "--no-keep-image-data", help: "Embed images as decoded pixels instead (larger files).",
        group: "Output"),
      OptionSpec(
        "-w", "--width", value: "LENGTH",
        help:
          "Output width (px, or in, cm, mm, pt, pc at --dpi); the height follows the aspect ratio unless given.",
        group: "Size"),
      OptionSpec(
        "-h", "--height", value: "LENGTH",
        help: "Output height; the width follows the aspect ratio unless given.", group: "Size"),
      OptionSpec(
        "-a", "--keep-aspect-ratio",
        help: "With -w and -h: fit inside them, keeping the aspect ratio (resvg always does).",
        group: "Size"),
      OptionSpec(
        "-z", "--zoom", value: "FACTOR",
        help:
          "Scale the intrinsic size by FACTOR; with -w or -h, no larger than them (resvg: the size wins).",
        group: "Size"),
      OptionSpec(
        "-x", "--x-zoom", value: "FACTOR", help: "Horizontal zoom factor.", group: "Size",
        excludes: ["zoom"]),
      OptionSpec(
        "-y", "--y-zoom", value: "FACTOR", help: "Vertical zoom factor.", group: "Size",
        excludes: ["zoom"]),
      OptionSpec(
        "--dpi", value: "DPI",
        help:
          "Pixels per inch for physical units (in, cm, mm, pt, pc) in the drawing and in -w/-h (default 96); user units stay pixels.",
        group: "Size", excludes: ["dpi-x", "dpi-y"]),
      OptionSpec(
        "-d", "--dpi-x", value: "DPI", help: "Horizontal pixels per inch (default 96).",
        group: "Size"),
      OptionSpec(
        "-p", "--dpi-y", value: "DPI", help: "Vertical pixels per inch (default 96).", group: "Size"
      ),
      OptionSpec(
        "--scale", value: "FACTOR",
        help: "PNG device scale: --scale 2 gives an @2x image of the same logical size.",
        group: "Size"),
      OptionSpec(
        "--page-width", value: "LENGTH",
        help: "Width of the page the drawing is placed on (default: the drawing's).",
        group: "Size"),
      OptionSpec(
        "--page-height", value: "LENGTH",
        help: "Height of the page the drawing is placed on (default: the drawing's).",
        group: "Size"),
      OptionSpec(
        "--left", value: "LENGTH", help: "Distance from the page's left edge to the drawing.",
        group: "Size"),
      OptionSpec(
        "--top", value: "LENGTH", help: "Distance from the page's top edge to the drawing.",
        group: "Size"),
      OptionSpec(
        "-b", "--background-color", "--background", value: "COLOR",
        help: "Paint COLOR (any CSS colour) under the drawing; default transparent.",
        group: "Appearance"),
      OptionSpec(
        "-s", "--stylesheet", value: "FILE",
        help: "Extra CSS applied after the document's own (repeatable).", group: "Appearance",
        repeatable: true),
      OptionSpec(
        "-l", "--accept-language", "--languages", value: "LANGS",
        help:
          "Languages for systemLanguage, most preferred first, such as 'es-MX,de,en' (default: from LANG, else en).",
        group: "Appearance"),
      OptionSpec(
        "--shape-rendering", value: "HINT",
        help: "Default shape-rendering: optimizeSpeed, crispEdges or geometricPrecision.",
        group: "Appearance"),
      OptionSpec(
        "--text-rendering", value: "HINT",
        help: "Default text-rendering: optimizeSpeed, optimizeLegibility or geometricPrecision.",
        group: "Appearance"),
      OptionSpec(
        "--image-rendering", value: "HINT",
        help: "Default image-rendering: optimizeQuality or optimizeSpeed.", group: "Appearance"),
      OptionSpec(
        "--font-family", value: "FAMILY",
        help: "Family for text with no font-family (default: serif).", group: "Text"),
      OptionSpec(
        "--font-size", value: "SIZE",
        help: "Size in px for text with no font-size (default 16).", group: "Text"),
      OptionSpec(
        "--serif-family", value: "FAMILY",
        help: "Family that serif stands for (default: fontconfig's choice).", group: "Text"),
      OptionSpec(
        "--sans-serif-family", value: "FAMILY", help: "Family that sans-serif stands for.",
        group: "Text"),
      OptionSpec(
        "--cursive-family", value: "FAMILY", help: "Family that cursive stands for.", group: "Text"),
      OptionSpec(
        "--fantasy-family", value: "FAMILY", help: "Family that fantasy stands for.", group: "Text"),
      OptionSpec(
        "--monospace-family", value: "FAMILY", help: "Family that monospace stands for.",
        group: "Text"),
      OptionSpec(
        "--use-font-file", value: "FILE", help: "Also use this font file (repeatable).",
        group: "Text", repeatable: true),
      OptionSpec(
        "--use-fonts-dir", "--font-dir", value: "DIR",
        help: "Also use the fonts in this folder (repeatable).", group: "Text", repeatable: true),
      OptionSpec(
        "--skip-system-fonts",
        help: "Use only the fonts of --use-font-file and --use-fonts-dir, not fontconfig's.",
        group: "Text"),
      OptionSpec(
        "--list-fonts",
        help:
          "Print the generic families and every font face (on standard error when the drawing goes to standard output), then go on.",
        group: "Text"),
      OptionSpec(
        "--resources", "--resources-dir", value: "DIR",
        help: "Base folder for external files such as images (default: the input's folder).",
        group: "Resources and limits"),
      OptionSpec(
        "-u", "--unlimited",
        help: "Allow huge files: no limit on input size and element count.",
        group: "Resources and limits"),
      OptionSpec(
        "--max-pixels", value: "N",
        help: "Refuse outputs and intermediate layers over N pixels (default 100000000).",
        group: "Resources and limits"),
      OptionSpec(
        "--max-seconds", value: "N",
        help: "Stop building, and drawing, after N seconds each (default 60).",
        group: "Resources and limits"),
      OptionSpec(
        "-e", "--edit", value: "CMD",
        help:
          "Edit before rendering: a command such as 'fillAt(50, 50)' or 'svg://fillAt/50/50' (repeatable; after --commands).",
        group: "Editing", repeatable: true),
      OptionSpec(
        "--commands", value: "FILE",
        help:
          "Edit before rendering with a script of commands, one a line (see Resources/examples/colouring.commands). With SVG output the edited document is written: every byte of the input the edits left alone is kept.",
        group: "Editing"),
      OptionSpec(
        "--url-scheme", value: "SCHEME",
        help:
          "Read commands' URL forms in SCHEME: SCHEME://fillAt/50/50 and SCHEME:fillAt:50:50 (default svg).",
        group: "Editing"),
      OptionSpec(
        "--query-all",
        help: "Print id,x,y,width,height of each element with an id, and render nothing.",
        group: "Queries",
        excludes: ["output", "c", "format", "width", "height", "zoom", "background-color"]),
      OptionSpec(
        "--verbose", help: "Print warnings (unsupported or invalid content) to standard error.",
        group: "General"),
      OptionSpec(
        "--quiet", help: "Print no warnings (the default without --verbose).", group: "General",
        excludes: ["verbose"]),
      OptionSpec(
        "--perf", help: "Print how long reading, building, drawing and writing took.",
        group: "General"),
    ],
    examples: [
      "svg-render drawing.svg -o drawing.png",
      "svg-render -w 64 icon.svg -o icon-64.png          # thumbnail, drawn at 64 px",
      "svg-render --scale 2 icon.svg -o icon@2x.png",
      "svg-render -f pdf poster.svg -o poster.pdf",
      "svg-render cover.svg page1.svg -o book.pdf        # one page each",
      "svg-render *.svg -o out/                          # a batch, in parallel",
      "svg-render page.svg -e 'setActiveColor(255,0,0)' -e 'fillAt(50,50)' -o page.png",
      "svg-render in.svg out.png                         # as resvg",
      "cat in.svg | svg-render - > out.png               # as rsvg-convert",
    ],
    versionNames: ["-v", "-V", "--version"], manSections: [compatibility])
}
