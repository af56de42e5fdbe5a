import SVGRender
import SVGTree
import Testing

@testable import RenderCommand

/// A one-drawing render gives the heap's freed pages back only before an image that malloc
/// maps apart from the heap (128 KiB and more); a thumbnail's image reuses those pages. A
/// document read from less than 1 MiB is kept instead of freed before a large image.
@Suite struct ReleaseFreedMemoryTests {
  @Test func thumbnailsKeepTheHeap() {
    #expect(!RenderJob.outgrowsHeap(Size(width: 64, height: 64)))
    #expect(!RenderJob.outgrowsHeap(Size(width: 181, height: 181)))  // 131,044 bytes
  }

  @Test func largeImagesGiveItBack() {
    #expect(RenderJob.outgrowsHeap(Size(width: 182, height: 182)))  // 132,496 bytes
    #expect(RenderJob.outgrowsHeap(Size(width: 800, height: 600)))
  }

  @Test func smallDocumentsAreKeptLargeOnesFreed() throws {
    let small = try Document(string: "<svg xmlns='http://www.w3.org/2000/svg'/>")
    #expect(RenderJob.keepsDocument(small))
    let comment = String(repeating: "x", count: RenderJob.keptDocumentMaxBytes)
    let large = try Document(
      string: "<svg xmlns='http://www.w3.org/2000/svg'><!--\(comment)--></svg>")
    #expect(!RenderJob.keepsDocument(large))
  }
}
