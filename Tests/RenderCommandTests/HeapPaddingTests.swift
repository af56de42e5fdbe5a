import Testing

@testable import RenderCommand

/// The padding is one malloc accepts, and larger than glibc's default (128 KiB), which is
/// what a one-drawing render changes.
@Suite struct HeapPaddingTests {
  @Test func mallocAcceptsThePadding() {
    #expect(HeapPadding.apply())
    #expect(HeapPadding.bytes > 128 << 10)
  }
}
