import Testing

@testable import SVGTree

/// Mapping a buffer's pages ahead (``PageMapping``) changes none of its bytes (a wrong
/// `madvise`, such as `MADV_DONTNEED`, would clear them).
@Suite struct PageMappingTests {
  @Test func aPrefaultedBufferKeepsItsBytes() {
    let count = 1 << 20
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
}
