import Foundation
import Testing

@testable import SVGServer

@Suite struct RenderCacheTests {
  private func answer(_ bytes: Int, status: Int = 200) -> HTTPResponse {
    HTTPResponse(
      status: status, headers: [("Content-Type", "image/png")],
      body: [UInt8](repeating: 7, count: bytes))
  }

  @Test func keepsAnswersByKeyAndCountsHits() {
    let cache = RenderCache(budget: 1 << 20)
    #expect(cache.answer(for: "a") == nil)
    cache.keep(answer(100), for: "a")
    #expect(cache.answer(for: "a")?.body.count == 100)
    #expect(cache.answer(for: "b") == nil)
    let counts = cache.counts
    #expect(counts.entries == 1 && counts.hits == 1 && counts.misses == 2)
  }

  @Test func staysWithinItsBudgetAndKeepsWhatIsUsed() {
    let cache = RenderCache(budget: 64 << 10)
    cache.keep(answer(3_000), for: "used")
    for i in 0..<100 {
      _ = cache.answer(for: "used")
      cache.keep(answer(3_000), for: "k\(i)")
      #expect(cache.counts.bytes <= 64 << 10)
    }
    #expect(cache.answer(for: "used") != nil)
    #expect(cache.answer(for: "k99") != nil)
    #expect(cache.answer(for: "k0") == nil)
  }

  @Test func refusesLargeAnswersErrorsAndAZeroBudget() {
    let cache = RenderCache(budget: 64 << 10)
    cache.keep(answer((64 << 10) / 16), for: "large")  // over a 16th with its headers
    cache.keep(answer(10, status: 422), for: "error")
    #expect(cache.answer(for: "large") == nil)
    #expect(cache.answer(for: "error") == nil)
    let off = RenderCache(budget: 0)
    off.keep(answer(10), for: "a")
    #expect(off.answer(for: "a") == nil)
  }

  @Test func aRepeatedRenderIsAnsweredFromTheCache() throws {
    let t = try TestServer()
    let first = try t.client.post("/render?width=64", Fixture.square)
    let again = try t.client.post("/render?width=64", Fixture.square)
    #expect(first.status == 200 && again.status == 200)
    #expect(again.body == first.body)
    #expect(again.header("ETag") == first.header("ETag"))
    let metrics = try t.client.get("/metrics").text
    #expect(metrics.contains("inkpath_render_cache_hits 1\n"))
    #expect(metrics.contains("inkpath_renders_total{format=\"png\"} 1\n"))
    let off = try TestServer { $0.limits.renderCacheBytes = 0 }
    _ = try off.client.post("/render?width=64", Fixture.square)
    _ = try off.client.post("/render?width=64", Fixture.square)
    #expect(
      try off.client.get("/metrics").text.contains("inkpath_renders_total{format=\"png\"} 2\n"))
  }

  @Test func sha256InPiecesEqualsOneUpdate() {
    let bytes = (0..<1_000).map { UInt8(truncatingIfNeeded: $0 &* 31) }
    var whole = SHA256()
    whole.update(bytes)
    let expected = whole.finalize()
    for cut in [1, 63, 64, 65, 127, 500] {
      var h = SHA256()
      h.update(bytes[..<cut])
      h.update(bytes[cut...])
      #expect(h.finalize() == expected, "cut at \(cut)")
    }
  }
}
