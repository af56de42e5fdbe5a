import SVGRender
import Testing

@testable import RenderCommand

/// A one-drawing render gives the heap's freed pages back only before an image that malloc
/// maps apart from the heap (128 KiB and more); a thumbnail's image reuses those pages.
@Suite struct ReleaseFreedMemoryTests {
  @Test func thumbnailsKeepTheHeap() {
    #expect(!RenderJob.outgrowsHeap(Size(width: 64, height: 64)))
    #expect(!RenderJob.outgrowsHeap(Size(width: 181, height: 181)))  // 131,044 bytes
  }

  @Test func largeImagesGiveItBack() {
    #expect(RenderJob.outgrowsHeap(Size(width: 182, height: 182)))  // 132,496 bytes
    #expect(RenderJob.outgrowsHeap(Size(width: 800, height: 600)))
  }
}
