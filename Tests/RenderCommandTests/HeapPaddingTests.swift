import Testing

@testable import RenderCommand

/// Malloc accepts both settings, and both are larger than glibc's defaults (128 KiB each),
/// which is what a one-drawing render changes.
@Suite struct HeapPaddingTests {
  @Test func mallocAcceptsThePaddingAndThreshold() {
    #expect(HeapPadding.apply())
    #expect(HeapPadding.bytes > 128 << 10)
    #expect(HeapPadding.mappedFrom > 128 << 10)
  }
}
