import Foundation
import SVGRender
import Testing

/// The shared resvg-derived suite, run with its pass rule, against a checked-in list of
/// expected failures that may only shrink: a failure outside the list is a regression, and a
/// listed test that passes must leave the list.
///
/// Each area prints how many of its cases ran and passed, and the last one to finish the
/// total. Without the suite the tests are skipped with a message, except under `CI=true`,
/// where the suite is always present: there a run in which no case ran is a failure, so a
/// missing or misplaced suite never passes silently.
///
/// `INKPATH_CONFORMANCE_REPORT=FILE` writes every result (`name pass off-fraction`) to FILE;
/// `INKPATH_UPDATE_EXPECTED_FAILURES=1` rewrites the list from this run.
@Suite(
  .enabled(
    if: SuiteCase.suiteExists || SuiteCase.isCI,
    "SVG suite not found at \(SuiteCase.suiteDirectory); set SVG_SUITE_DIR (under CI=true this fails)"
  ))
struct ConformanceTests {
  static let areas = [
    "filters", "masking", "paint-servers", "painting", "shapes", "structure", "text",
  ]

  static let listPath = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("expected-failures.txt").path

  static let expectedFailures: Set<String> = {
    guard let text = try? String(contentsOfFile: listPath, encoding: .utf8) else { return [] }
    return Set(
      text.split(separator: "\n").map { String($0) }.filter { !$0.hasPrefix("#") && !$0.isEmpty })
  }()

  /// Under `CI=true` the suite must be there, with cases in it.
  @Test func suiteIsPresent() {
    let count = Self.areas.reduce(0) { $0 + SuiteCase.all(in: $1).count }
    print("conformance: \(count) cases in \(Self.areas.count) areas at \(SuiteCase.suiteDirectory)")
    if count == 0 {
      Issue.record(
        "no conformance case found at \(SuiteCase.suiteDirectory) (CI=true needs the suite; set SVG_SUITE_DIR)"
      )
    }
  }

  @Test(arguments: areas) func area(_ area: String) throws {
    let cases = SuiteCase.all(in: area)
    if cases.isEmpty {
      Issue.record("no conformance case ran in \(area) (suite at \(SuiteCase.suiteDirectory))")
    }
    var results: [(SuiteCase, Bool, Double?, String?)] = []
    for c in cases {
      let (pass, off, why) = Self.run(c)
      results.append((c, pass, off, why))
    }
    let passed = results.filter { $0.1 }.count
    print(
      "conformance \(area): \(passed)/\(cases.count) \(String(format: "%.1f", 100 * Double(passed) / Double(max(1, cases.count))))%"
    )
    if let total = Tally.shared.add(ran: cases.count, passed: passed, areas: Self.areas.count) {
      print(
        "conformance: \(total.passed) of \(total.ran) cases passed (\(String(format: "%.1f", 100 * Double(total.passed) / Double(max(1, total.ran))))%), \(Self.expectedFailures.count) expected failures"
      )
    }
    let regressions = results.filter { !$0.1 && !Self.expectedFailures.contains($0.0.name) }
    let fixed = results.filter { $0.1 && Self.expectedFailures.contains($0.0.name) }
    Self.report(area, results)
    if ProcessInfo.processInfo.environment["INKPATH_UPDATE_EXPECTED_FAILURES"] == "1" { return }
    for r in regressions {
      Issue.record(
        "regression: \(r.0.name) \(r.3 ?? "") (off \(r.2.map { String(format: "%.3f", $0) } ?? "-"))"
      )
    }
    for r in fixed {
      Issue.record("now passes, remove it from expected-failures.txt: \(r.0.name)")
    }
  }

  static func run(_ c: SuiteCase) -> (Bool, Double?, String?) {
    do {
      let reference = try Bitmap(pngFile: c.png)
      let image = try SuiteRenderer.render(
        c.svg, width: reference.width, resources: SuiteCase.suiteDirectory)
      guard let off = PixelCompare.offFraction(reference, image) else {
        return (
          false, nil,
          "size \(image.width)x\(image.height) != \(reference.width)x\(reference.height)"
        )
      }
      return (off <= 0.01, off, nil)
    } catch {
      return (false, nil, "\(error)")
    }
  }

  /// Appends this area's results to the report file and, in update mode, to the list.
  static func report(_ area: String, _ results: [(SuiteCase, Bool, Double?, String?)]) {
    let env = ProcessInfo.processInfo.environment
    if let file = env["INKPATH_CONFORMANCE_REPORT"] {
      let lines = results.map {
        "\($0.0.name)\t\($0.1 ? "pass" : "FAIL")\t\($0.2.map { String(format: "%.4f", $0) } ?? "-")\t\($0.3 ?? "")\n"
      }.joined()
      ReportFile.append(lines, to: file)
    }
    if env["INKPATH_UPDATE_EXPECTED_FAILURES"] == "1" {
      ReportFile.rewriteList(
        listPath, area: area, failing: results.filter { !$0.1 }.map { $0.0.name })
    }
  }
}

/// The cases run and passed over the areas, which run in parallel.
final class Tally: @unchecked Sendable {
  static let shared = Tally()
  private let lock = NSLock()
  private var ran = 0
  private var passed = 0
  private var areas = 0

  /// Adds one area's figures; the totals once the last of `areas` areas has reported.
  func add(ran: Int, passed: Int, areas expected: Int) -> (ran: Int, passed: Int)? {
    lock.lock()
    defer { lock.unlock() }
    self.ran += ran
    self.passed += passed
    areas += 1
    return areas == expected ? (self.ran, self.passed) : nil
  }
}

/// Serialises writes from the parallel area tests.
enum ReportFile {
  static let lock = NSLock()

  static func append(_ text: String, to path: String) {
    lock.lock()
    defer { lock.unlock() }
    if let h = FileHandle(forWritingAtPath: path) {
      h.seekToEndOfFile()
      h.write(Data(text.utf8))
      try? h.close()
    } else {
      FileManager.default.createFile(atPath: path, contents: Data(text.utf8))
    }
  }

  /// Replaces one area's entries; other areas, possibly rewritten meanwhile, are kept.
  static func rewriteList(_ path: String, area: String, failing: [String]) {
    lock.lock()
    defer { lock.unlock() }
    let current = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
    let kept = current.split(separator: "\n").map(String.init)
      .filter { !$0.hasPrefix("#") && !$0.isEmpty && !$0.hasPrefix(area + "/") }
    let header = "# Suite tests expected to fail. This list may only shrink (see README).\n"
    let body = Set(kept + failing).sorted().joined(separator: "\n")
    try? (header + body + "\n").write(toFile: path, atomically: true, encoding: .utf8)
  }
}
