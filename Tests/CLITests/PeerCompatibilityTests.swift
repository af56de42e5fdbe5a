import Foundation
import SVGRender
import Testing

/// svg-render as a drop-in for rsvg-convert 2.54 and resvg 0.44: command lines from the
/// peers' manuals (`man rsvg-convert`, `resvg --help`) run against the peer and, unchanged
/// but for the program's name, against svg-render. Both must agree on success or failure
/// and produce outputs of the same size (pixels; page sizes of PDF, PostScript and EPS) whose
/// pixels pass the conformance suite's rule (over white, a pixel is off when a channel
/// differs by more than 48, at most 1% off). The peers are installed by scripts/bootstrap.
@Suite struct PeerCompatibilityTests {
  static let fixtures = Executable.packageRoot.appendingPathComponent(
    "Tests/CLITests/Compatibility")

  /// Each case: the peer, its arguments, the file it writes (`-` for standard output, nil
  /// when it writes nothing to compare) and a file piped to standard input.
  static let cases: [PeerCase] = [
    // man rsvg-convert
    .rsvg("input.svg", writes: "-"),
    .rsvg("--output=output.png input.svg", writes: "output.png"),
    .rsvg("--dpi-x=300 --dpi-y=300 input.svg", writes: "-"),
    .rsvg("--width=1024 --height=768 --keep-aspect-ratio input.svg", writes: "-"),
    .rsvg("--width=100 --height=200 --keep-aspect-ratio input.svg", writes: "-"),
    .rsvg("--width=2in --height=3in --keep-aspect-ratio --dpi-x=300 --dpi-y=300 input.svg"),
    .rsvg("--format=pdf --width=210mm --height=297mm --keep-aspect-ratio input.svg"),
    .rsvg(
      "--format=pdf --page-width=297mm --page-height=210mm --width=10cm --height=10cm"
        + " --keep-aspect-ratio --top=5cm --left=8cm input.svg"),
    .rsvg("--zoom=2.5 input.svg"),
    .rsvg("--zoom=10 --width=1000 --height=1000 input.svg"),
    .rsvg("--x-zoom=2 --y-zoom=0.5 input.svg"),
    .rsvg("--format=pdf input.svg two-by-three.svg page2.svg"),
    .rsvg(
      "--format=pdf --page-width=8.5in --page-height=11in --width=6.5in --height=9in"
        + " --keep-aspect-ratio --top=1in --left=1in input.svg two-by-three.svg page2.svg"),
    .rsvg("two-by-three.svg"),
    .rsvg("--dpi-x=300 --dpi-y=300 two-by-three.svg"),
    .rsvg("--width=299.5 --height=299.4 input.svg"),
    .rsvg("--width=1in --height=1in input.svg"),
    .rsvg("--width=1in --height=1in --dpi-x=300 --dpi-y=300 input.svg"),
    .rsvg("viewbox-only.svg"),
    .rsvg("--background-color=white input.svg"),
    .rsvg("-b #ff000080 input.svg"),
    .rsvg("--accept-language=es-MX switch.svg"),
    .rsvg("--stylesheet=extra-styles.css styled.svg"),
    .rsvg("", stdin: "input.svg"),
    // rsvg-convert --help: short options, and what a user types
    .rsvg("-w 300 -h 50 input.svg -o out.png", writes: "out.png"),
    .rsvg("-a -w 300 -h 50 input.svg -o out.png", writes: "out.png"),
    .rsvg("-z 4 -w 300 input.svg -o out.png", writes: "out.png"),
    .rsvg("-d 192 -p 192 two-by-three.svg -o out.png", writes: "out.png"),
    .rsvg("-d 192 -p 144 physical-units.svg -o out.png", writes: "out.png"),
    .rsvg("-i #sun input.svg -o out.png", writes: "out.png"),
    .rsvg("--export-id=hill input.svg -o out.png", writes: "out.png"),
    .rsvg(
      "--page-width 300 --page-height 300 --left 10 --top 20 input.svg -o out.png",
      writes: "out.png"),
    .rsvg("-f eps input.svg -o out.eps", writes: "out.eps"),
    .rsvg("-f ps input.svg two-by-three.svg -o out.ps", writes: "out.ps"),
    .rsvg("-s extra-styles.css -l de styled.svg -o out.png", writes: "out.png"),
    .rsvg("-u --keep-image-data input.svg -o out.png", writes: "out.png"),
    .rsvg("-v", writes: nil),
    .rsvg("input.svg two-by-three.svg -o out.png", writes: nil),
    .rsvg("-w abc input.svg -o out.png", writes: nil),
    .rsvg("no-such.svg -o out.png", writes: nil),
    // resvg --help
    .resvg("input.svg out.png", writes: "out.png"),
    .resvg("-z 4 input.svg out.png", writes: "out.png"),
    .resvg("-w 300 input.svg out.png", writes: "out.png"),
    .resvg("-h 300 drawing.svg out.png", writes: "out.png"),
    .resvg("input.svg -c", writes: "-"),
    .resvg("- out.png", writes: "out.png", stdin: "input.svg"),
    .resvg("- -c", writes: "-", stdin: "input.svg"),
    .resvg("--dpi 300 two-by-three.svg out.png", writes: "out.png"),
    .resvg("--dpi 150 physical-units.svg out.png", writes: "out.png"),
    .resvg("--background #fff000 input.svg out.png", writes: "out.png"),
    .resvg("--stylesheet extra-styles.css styled.svg out.png", writes: "out.png"),
    .resvg("--languages 'de, en' switch.svg out.png", writes: "out.png"),
    .resvg("--shape-rendering crispEdges crisp.svg out.png", writes: "out.png"),
    .resvg("--export-id dot drawing.svg out.png", writes: "out.png"),
    .resvg("--export-id dot --export-area-page drawing.svg out.png", writes: "out.png"),
    .resvg("--export-area-drawing drawing.svg out.png", writes: "out.png"),
    .resvg("--query-all drawing.svg", writes: "-"),
    .resvg("--resources-dir . --quiet input.svg out.png", writes: "out.png"),
    .resvg("-V", writes: nil),
  ]

  @Test(arguments: cases) func agreesWithThePeer(_ c: PeerCase) throws {
    let peer = try #require(c.peer.path, "\(c.peer.name) is not installed: run scripts/bootstrap")
    let theirs = try c.run(program: peer)
    let ours = try c.run(program: Executable(name: "svg-render").path)
    #expect(
      (theirs.status == 0) == (ours.status == 0),
      "\(c): \(c.peer.name) exits \(theirs.status), svg-render \(ours.status): \(ours.stderr)")
    guard theirs.status == 0, ours.status == 0, c.writes != nil else { return }
    let (a, b) = (theirs.output, ours.output)
    #expect(!a.isEmpty && !b.isEmpty, "\(c): an output is empty")
    switch c.outputKind {
    case .png:
      let pa = try Bitmap(pngFile: try c.save(a, as: "peer.png"))
      let pb = try Bitmap(pngFile: try c.save(b, as: "ours.png"))
      #expect(
        (pa.width, pa.height) == (pb.width, pb.height),
        "\(c): \(c.peer.name) \(pa.width)x\(pa.height), svg-render \(pb.width)x\(pb.height)")
      if let off = PeerCase.offFraction(pa, pb) {
        #expect(off <= 0.01, "\(c): \(Int(off * 100))% of the pixels differ")
      }
    case .pages:
      let (sa, sb) = (PeerCase.pageSizes(a), PeerCase.pageSizes(b))
      #expect(!sa.isEmpty && sa.count == sb.count, "\(c): pages \(sa) vs \(sb)")
      for (x, y) in zip(sa, sb) {
        #expect(abs(x.0 - y.0) <= 1 && abs(x.1 - y.1) <= 1, "\(c): pages \(sa) vs \(sb)")
      }
    case .text:
      let (la, lb) = (PeerCase.rows(a), PeerCase.rows(b))
      #expect(la.map(\.0) == lb.map(\.0), "\(c): \(la) vs \(lb)")
      for (x, y) in zip(la, lb) {
        #expect(
          zip(x.1, y.1).allSatisfy { abs($0 - $1) <= 0.01 } && x.1.count == y.1.count,
          "\(c): \(x) vs \(y)")
      }
    }
  }

  @Test func theCasesCoverBothPeersAndDozensOfLines() {
    #expect(Self.cases.filter { $0.peer == .rsvgConvert }.count >= 30)
    #expect(Self.cases.filter { $0.peer == .resvg }.count >= 15)
  }
}
