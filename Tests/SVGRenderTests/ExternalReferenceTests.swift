import Foundation
import SVGTree
import Testing

@testable import SVGRender

/// `url(other.svg#id)` in `fill`, `stroke`, `clip-path`, `mask`, `marker-*` and `filter`:
/// resolved through the resource policy and the limits of cross-file `<use>`, as
/// rsvg-convert and browsers do (its drawing of page.svg is what these pixels expect).
@Suite struct ExternalReferenceTests {
  @Test func everyKindOfReferenceReachesTheOtherFile() throws {
    let tree = try FixtureFiles.tree("external-refs/page.svg")
    #expect(FixtureFiles.messages(tree).count == 1, "\(FixtureFiles.messages(tree))")
    let b = try tree.rasterize(width: 70, height: 10)
    // Gradient (blue by paint.svg's own style sheet, not the red fallback) and pattern.
    #expect(b.colour(5, 5) == [0, 0, 255, 255])
    #expect(b.colour(15, 5) == [0, 128, 0, 255])
    // clip-path: the left half only; mask: the top half only.
    #expect(b.colour(22, 5) == [0, 0, 255, 255])
    #expect(b.colour(28, 5)[3] == 0)
    #expect(b.colour(35, 2) == [0, 0, 0, 255])
    #expect(b.colour(35, 8)[3] == 0)
    // marker-start and filter.
    #expect(b.colour(45, 5) == [255, 0, 0, 255])
    #expect(b.colour(55, 5) == [0, 128, 0, 255])
    // A missing element of the other file: the fallback, and a diagnostic naming it.
    #expect(b.colour(65, 5) == [0, 128, 0, 255])
    #expect(FixtureFiles.messages(tree)[0].contains("paint.svg#missing"))
  }

  @Test func hostileReferencesEndWithADiagnostic() throws {
    let tree = try FixtureFiles.tree("external-refs/hostile.svg")
    let messages = FixtureFiles.messages(tree)
    #expect(messages.contains { $0.contains("outside the resource directory") }, "\(messages)")
    #expect(messages.contains { $0.contains("notes.txt") && $0.contains("cannot be read") })
    #expect(messages.contains { $0.contains("reference cycle") })
    #expect(messages.contains { $0.contains("cycle.svg#none") })
    let b = try tree.rasterize(width: 50, height: 10)
    // Refused files: the paint's fallback.
    #expect(b.colour(5, 5) == [0, 128, 0, 255])
    #expect(b.colour(15, 5) == [0, 128, 0, 255])
    // A clip path that reaches itself through the other file is an error: not rendered
    // (CSS Masking); a pattern that does paints nothing, fallback or not.
    #expect(b.colour(25, 5)[3] == 0)
    #expect(b.colour(35, 5)[3] == 0)
    #expect(b.colour(45, 5)[3] == 0)
  }

  @Test func theDefaultPolicyReadsNoFile() throws {
    let tree = try FixtureFiles.tree("external-refs/page.svg", options: RenderOptions())
    #expect(FixtureFiles.messages(tree).contains { $0.contains("external resources are disabled") })
    let b = try tree.rasterize(width: 70, height: 10)
    // The gradient's fallback; the filter names no usable <filter>: not drawn.
    #expect(b.colour(5, 5) == [255, 0, 0, 255])
    #expect(b.colour(55, 5)[3] == 0)
  }

  @Test func aFileOverTheByteLimitIsRefused() throws {
    var options = FixtureFiles.options("external-refs/page.svg")
    options.limits.maxInputBytes = 200  // paint.svg is bigger
    let tree = try FixtureFiles.tree("external-refs/page.svg", options: options)
    #expect(FixtureFiles.messages(tree).contains { $0.contains("over the limit of") })
    #expect(try tree.rasterize(width: 70, height: 10).rgba(x: 5, y: 5).r == 255)
  }
}
