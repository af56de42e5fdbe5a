import Testing

@testable import SVGTree

/// Mapping a buffer's pages ahead (``PageMapping``) changes none of its bytes (a wrong
/// `madvise`, such as `MADV_DONTNEED`, would clear them).
@Suite struct PageMappingTests {
  @Test(arguments: [1 << 20, 5 << 20])
  func aPrefaultedBufferKeepsItsBytes(count: Int) {
    let buffer = UnsafeMutableRawPointer.allocate(byteCount: count, alignment: 16)
    defer { buffer.deallocate() }
    for i in 0..<count {
      buffer.storeBytes(of: UInt8(truncatingIfNeeded: i &* 31), toByteOffset: i, as: UInt8.self)
    }
    PageMapping.prefault(buffer, count: count)
    let kept = (0..<count).allSatisfy {
      buffer.load(fromByteOffset: $0, as: UInt8.self) == UInt8(truncatingIfNeeded: $0 &* 31)
    }
    #expect(kept)
  }

  /// Only the 2 MiB blocks that lie wholly inside a buffer are asked for as huge pages: a
  /// block reaching past either end would map memory that is not the buffer's.
  @Test func hugePagesAreTheWholeBlocksInside() {
    let mib = 1 << 20
    #expect(PageMapping.hugeBlocks(0, 2 * mib) == 0..<2 * mib)
    #expect(PageMapping.hugeBlocks(4096, 6 * mib) == 2 * mib..<6 * mib)
    #expect(PageMapping.hugeBlocks(4096, 6 * mib - 4096) == 2 * mib..<4 * mib)
    #expect(PageMapping.hugeBlocks(mib, 3 * mib).isEmpty)
    #expect(PageMapping.hugeBlocks(2 * mib + 4096, 4 * mib + 4096).isEmpty)
  }
}
