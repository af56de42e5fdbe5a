import Foundation
import SVGRender
import SVGTree
import Testing

/// The time budget and cancellation of a render (``RenderCancellation``,
/// ``Limits/maxRenderTime``), in the builder and in the backend.
@Suite struct RenderBudgetTests {
  static let many: Document = {
    var svg = "<svg xmlns='http://www.w3.org/2000/svg' width='100' height='100'>"
    for i in 0..<2_000 { svg += "<rect x='\(i % 100)' width='1' height='1' fill='red'/>" }
    return try! Document(string: svg + "</svg>")
  }()

  @Test func aCancelledTokenStopsTheBuild() {
    var options = RenderOptions()
    let token = RenderCancellation()
    token.cancel()
    options.cancellation = token
    #expect(token.isCancelled)
    #expect(throws: RenderError.cancelled) {
      try RenderTree(document: Self.many, options: options)
    }
  }

  @Test func anExpiredTimeLimitStopsTheBuild() {
    var options = RenderOptions()
    options.limits.maxRenderTime = .zero
    #expect(throws: RenderError.cancelled) {
      try RenderTree(document: Self.many, options: options)
    }
  }

  @Test func anExpiredTokenStopsTheDrawingAndNothingIsReturned() throws {
    let tree = try RenderTree(document: Self.many)
    let expired = RenderCancellation(timeout: .zero)
    #expect(throws: RenderError.cancelled) {
      try tree.rasterize(width: 100, height: 100, cancellation: expired)
    }
    #expect(throws: RenderError.self) {
      try tree.vectorData(format: .pdf, width: 100, height: 100, cancellation: expired)
    }
    var limits = Limits()
    limits.maxRenderTime = .zero
    #expect(throws: RenderError.self) { try tree.rasterize(width: 10, height: 10, limits: limits) }
  }

  @Test func aLiveTokenOrNoLimitRendersEverything() throws {
    var options = RenderOptions()
    options.limits.maxRenderTime = nil
    let tree = try RenderTree(document: Self.many, options: options)
    let token = RenderCancellation(timeout: .seconds(600))
    let bitmap = try tree.rasterize(
      width: 100, height: 100, limits: options.limits, cancellation: token)
    #expect(!token.isCancelled)
    // Red everywhere along the top row, where the 2,000 rectangles are.
    let painted = (0..<100).filter { bitmap.pixels[$0 * 4 + 3] == 255 }.count
    #expect(painted == 100)
  }

  @Test func cancellingFromAnotherThreadStopsALongBuild() throws {
    var svg = "<svg xmlns='http://www.w3.org/2000/svg' xmlns:l='http://www.w3.org/1999/xlink'>"
    svg += "<defs><rect id='a0' width='1' height='1'/>"
    for i in 1..<40 {
      svg += "<g id='a\(i)'>" + String(repeating: "<use l:href='#a\(i - 1)'/>", count: 10) + "</g>"
    }
    svg += "</defs><use l:href='#a39'/></svg>"
    let document = try Document(string: svg)
    var options = RenderOptions()
    options.limits.maxReferences = .max
    options.limits.maxElements = .max
    let token = RenderCancellation()
    options.cancellation = token
    // A thread of its own: the global queue's threads may all be busy with other suites.
    Thread.detachNewThread {
      Thread.sleep(forTimeInterval: 0.2)
      token.cancel()
    }
    let start = Date()
    #expect(throws: RenderError.cancelled) {
      try RenderTree(document: document, options: options)
    }
    // Uncancelled, this build never ends (10^39 instances) until the 60 s default budget,
    // which throws a different error; the bound only catches a cancellation that is ignored
    // for long. It is loose because the test suite runs in parallel on two cores.
    #expect(Date().timeIntervalSince(start) < 30)
  }

  @Test func theDefaultLimitIsSixtySeconds() {
    #expect(Limits.default.maxRenderTime == .seconds(60))
  }
}
