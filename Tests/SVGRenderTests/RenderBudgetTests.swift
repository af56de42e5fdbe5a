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

  /// The deadline is kept as a point on the system's monotonic clock: it passes when the
  /// time does, and one beyond any clock's range is never (or always) passed.
  @Test func aDeadlinePassesWithTheClock() {
    let soon = RenderCancellation(deadline: .now + .milliseconds(20))
    let later = RenderCancellation(deadline: .now + .seconds(3_600))
    Thread.sleep(forTimeInterval: 0.05)
    #expect(soon.isCancelled)
    #expect(!later.isCancelled)
    #expect(RenderCancellation(deadline: .now - .seconds(1)).isCancelled)
    #expect(!RenderCancellation(deadline: .now + .seconds(1 << 40)).isCancelled)
    #expect(RenderCancellation(deadline: .now - .seconds(1 << 40)).isCancelled)
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

  /// A build of 10^39 instances, cancelled from another thread once it has started, ends
  /// with the cancellation error. No clock is involved: the token is the only thing that
  /// cancels (a token replaces the time limit), and the hang guard is a reference limit of
  /// 50 million, which would end an ignored cancellation with a different error (`.limit`).
  @Test func cancellingFromAnotherThreadStopsALongBuild() throws {
    var svg = "<svg xmlns='http://www.w3.org/2000/svg' xmlns:l='http://www.w3.org/1999/xlink'>"
    svg += "<defs><rect id='a0' width='1' height='1'/>"
    for i in 1..<40 {
      svg += "<g id='a\(i)'>" + String(repeating: "<use l:href='#a\(i - 1)'/>", count: 10) + "</g>"
    }
    svg += "</defs><use l:href='#a39'/></svg>"
    let document = try Document(string: svg)
    var options = RenderOptions()
    options.limits.maxReferences = 50_000_000
    options.limits.maxElements = .max
    // A budget no build reaches, for its count of checks made.
    let token = RenderCancellation(checks: .max)
    options.cancellation = token
    let cancelledAt = Locked(0)
    let finished = Locked(false)
    // A thread of its own: the global queue's threads may all be busy with other suites.
    Thread.detachNewThread {
      // Once the build is well under way (a thousand checks made), cancel it.
      while token.checksMade < 1000, !finished.value { Thread.sleep(forTimeInterval: 0.001) }
      cancelledAt.withLock { $0 = token.checksMade }
      token.cancel()
    }
    #expect(throws: RenderError.cancelled) {
      try RenderTree(document: document, options: options)
    }
    finished.withLock { $0 = true }
    #expect(cancelledAt.value >= 1000)
  }

  @Test func theDefaultLimitIsSixtySeconds() {
    #expect(Limits.default.maxRenderTime == .seconds(60))
  }
}
