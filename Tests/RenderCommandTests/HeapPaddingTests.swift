import Glibc
import SVGTree
import Testing

@testable import RenderCommand

/// Malloc accepts both settings, and both are larger than glibc's defaults (128 KiB each),
/// which is what a one-drawing render changes; a large render's heap is marked for huge
/// pages.
@Suite struct HeapPaddingTests {
  @Test func mallocAcceptsThePaddingAndThreshold() {
    #expect(HeapPadding.apply())
    #expect(HeapPadding.bytes > 128 << 10)
    #expect(HeapPadding.mappedFrom > 128 << 10)
  }

  /// The reserved range stays mapped after its block is freed, with the kernel's huge-page
  /// flag (`hg` in `/proc/self/smaps`), and is taken from the heap, not mapped apart.
  @Test func aLargeRenderReservesHeapAsHugePages() throws {
    #expect(HeapPadding.hugeHeapBytes < Int(HeapPadding.mappedFrom))
    _ = HeapPadding.apply()
    let range = try #require(HeapPadding.reserveHugePages())
    #expect(range.count >= HeapPadding.hugeHeapBytes - 8192)
    let flags = try #require(try Self.vmFlags(at: range.lowerBound))
    #expect(flags.contains("hg"))
  }

  /// The `VmFlags` of the mapping holding `address`, from `/proc/self/smaps`.
  static func vmFlags(at address: Int) throws -> [Substring]? {
    let text = String(
      decoding: try BoundedFile.read("/proc/self/smaps", maxBytes: 64 << 20), as: UTF8.self)
    var holds = false
    for line in text.split(separator: "\n") {
      let fields = line.split(separator: " ")
      if let range = fields.first, let dash = range.firstIndex(of: "-"),
        let low = Int(range[..<dash], radix: 16),
        let high = Int(range[range.index(after: dash)...], radix: 16)
      {
        holds = (low..<high).contains(address)
      } else if holds, fields.first == "VmFlags:" {
        return Array(fields.dropFirst())
      }
    }
    return nil
  }
}
