import SVGRender
import Testing

@testable import RenderCommand

/// A worker is started for renders likely to run in parallel (a large file, or a large
/// image), and not for a small file drawn small, which would pay for a thread it never uses.
@Suite struct WorkerWarmUpTests {
  @Test func aLargeFileIsWarmedWhateverTheSize() {
    let thumbnail = OutputSizing(width: 64)
    #expect(WorkerWarmUp.isUseful(fileBytes: WorkerWarmUp.largeFileBytes, sizing: thumbnail))
    #expect(!WorkerWarmUp.isUseful(fileBytes: WorkerWarmUp.largeFileBytes - 1, sizing: thumbnail))
  }

  @Test func aSmallFileIsWarmedForALargeImage() {
    let small = 4_096
    #expect(WorkerWarmUp.isUseful(fileBytes: small, sizing: OutputSizing()))
    #expect(WorkerWarmUp.isUseful(fileBytes: small, sizing: OutputSizing(width: 800)))
    #expect(WorkerWarmUp.isUseful(fileBytes: small, sizing: OutputSizing(width: 64, height: 800)))
    #expect(WorkerWarmUp.isUseful(fileBytes: small, sizing: OutputSizing(zoomX: 2, zoomY: 2)))
    #expect(!WorkerWarmUp.isUseful(fileBytes: small, sizing: OutputSizing(width: 64, height: 64)))
    #expect(!WorkerWarmUp.isUseful(fileBytes: nil, sizing: OutputSizing(height: 100)))
  }
}
