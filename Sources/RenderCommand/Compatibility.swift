import CommandLineKit

/// What each option of rsvg-convert 2.54 and resvg 0.44 is in svg-render: the man page's
/// COMPATIBILITY section (the README has the same table).
let compatibility = ManSection(
  "COMPATIBILITY",
  paragraphs: [
    "svg-render accepts every option of rsvg-convert 2.54 and resvg 0.44 with the same"
      + " meaning, so their command lines work unchanged. Where the two disagree it follows"
      + " rsvg-convert: without -o the output goes to standard output (resvg needs an output"
      + " name or -c); -w and -h together stretch the drawing unless -a is given (resvg keeps"
      + " the aspect ratio); -z with -w or -h zooms, no larger than that size (resvg takes"
      + " the size); -v prints the version (resvg has only -V); --languages defaults to the"
      + " language of LANG (resvg: en). The edit commands that were -c are -e (--edit), as"
      + " resvg's -c means standard output. A malformed value exits 2, where both peers"
      + " exit 1.",
    "Each peer option, then what svg-render does with it:",
  ],
  items: [
    ("rsvg-convert FILE... (no -o)", "Standard output; several inputs make one PDF, PS or EPS."),
    (
      "resvg IN OUT.png",
      "Positional output: two arguments, the second ending in .png and not an existing file."
    ),
    ("resvg -c", "-c: standard output."),
    ("-o, --output", "-o, --output; a folder (existing, or ending in /) takes a batch."),
    ("-f, --format png|pdf|ps|eps|svg", "-f, --format, in any case."),
    (
      "-w, --width, -h, --height (both)",
      "The same, lengths with units at the horizontal or vertical DPI."
    ),
    ("-a, --keep-aspect-ratio", "-a: fit inside -w and -h (resvg always fits)."),
    ("-z, --zoom (both)", "-z; -x, --x-zoom and -y, --y-zoom as rsvg-convert."),
    (
      "-d, --dpi-x, -p, --dpi-y, --dpi (resvg)",
      "The same: physical units in the root size and in -w, -h, --page-width..."
    ),
    ("--page-width, --page-height, --left, --top", "The same: the page the drawing is placed on."),
    ("-b, --background-color, --background (resvg)", "-b, --background-color, --background."),
    ("-s, --stylesheet (both)", "-s, --stylesheet, repeatable."),
    ("-l, --accept-language, --languages (resvg)", "-l, --accept-language, --languages."),
    ("-i, --export-id (both)", "-i, --export-id; #ID as well; cropped to what the element paints."),
    ("--export-area-page, --export-area-drawing (resvg)", "The same."),
    ("-u, --unlimited", "-u: no limit on input size and element count."),
    (
      "--keep-image-data, --no-keep-image-data",
      "The same: JPEG (and in SVG output PNG) files embedded as they are, by default."
    ),
    (
      "--shape-rendering, --text-rendering, --image-rendering (resvg)",
      "The same: the root's inherited default."
    ),
    (
      "--font-family, --font-size (resvg)",
      "The same; the defaults stay serif and 16 px (resvg: Times New Roman, 12)."
    ),
    (
      "--serif-family, --sans-serif-family, --cursive-family, --fantasy-family, --monospace-family (resvg)",
      "The same, in place of fontconfig's aliases."
    ),
    (
      "--use-font-file, --use-fonts-dir (resvg)",
      "The same, through FcConfigAppFontAddFile and FcConfigAppFontAddDir."
    ),
    (
      "--skip-system-fonts (resvg)", "The same: an empty fontconfig configuration plus those fonts."
    ),
    (
      "--list-fonts (resvg)",
      "The same (on standard error when the drawing goes to standard output)."
    ),
    ("--query-all (resvg)", "The same: id,x,y,width,height of each element with an id."),
    ("--resources-dir (resvg)", "--resources, --resources-dir."),
    ("--perf, --quiet (resvg)", "The same (warnings appear only with --verbose)."),
    ("-v, --version (rsvg-convert), -V, --version (resvg)", "-v, -V, --version."),
    ("-?, --help", "-?, --help."),
  ])
