#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// Maps the pages of a fresh buffer before it is filled.
///
/// A buffer of more than malloc's mmap threshold (128 KiB) comes fresh from the kernel, and
/// each of its pages is then mapped by a page fault (a kernel entry and exit) when it is
/// first written: 900 of them for an 800 × 1,152 image. `MADV_POPULATE_WRITE` (Linux 5.14)
/// maps them all in one system call; pages already mapped stay as they are (so do their
/// bytes), and where the kernel cannot, the faults come as before. On the 40 largest
/// openclipart drawings at 800 px, one process each, the image, the file read and the PNG
/// mapped so took 121k page faults to 86k.
///
/// The whole 2 MiB blocks inside a buffer are asked for as huge pages first (`MADV_HUGEPAGE`,
/// for Debian's default `transparent_hugepage=madvise`): one page table entry and one clear
/// per 2 MiB instead of 512, which halves the time the kernel takes to map a large image.
/// Every byte of such a block is written anyway, so no memory is taken that would not be.
package enum PageMapping {
  /// Buffers of fewer pages are left to fault: a system call for a few pages saves little.
  static let minPages = 16

  /// The size of a transparent huge page on x86-64 and (with 4 KiB pages) arm64.
  static let hugePage = 2 << 20

  /// Maps the whole pages within `count` bytes at `start` for writing.
  package static func prefault(_ start: UnsafeMutableRawPointer, count: Int) {
    let whole = wholePages(start, count: count)
    let (first, end) = (whole.lowerBound, whole.upperBound)
    guard whole.count >= minPages * pageSize, let pages = UnsafeMutableRawPointer(bitPattern: first)
    else { return }
    let huge = hugeBlocks(first, end)
    if !huge.isEmpty, let blocks = UnsafeMutableRawPointer(bitPattern: huge.lowerBound) {
      _ = madvise(blocks, huge.count, MADV_HUGEPAGE)
    }
    _ = madvise(pages, end - first, MADV_POPULATE_WRITE)
  }

  /// The size of the machine's pages.
  static let pageSize = Int(sysconf(Int32(_SC_PAGESIZE)))

  /// The addresses of the whole pages within `count` bytes at `start` (empty when none fits).
  package static func wholePages(_ start: UnsafeMutableRawPointer, count: Int) -> Range<Int> {
    let first = (Int(bitPattern: start) + pageSize - 1) & -pageSize
    let end = (Int(bitPattern: start) + count) & -pageSize
    return first < end ? first..<end : first..<first
  }

  /// The addresses of the whole huge pages between `first` and `end` (empty when none fits).
  @inline(__always)
  static func hugeBlocks(_ first: Int, _ end: Int) -> Range<Int> {
    let lower = (first + hugePage - 1) & -hugePage
    let upper = end & -hugePage
    return lower < upper ? lower..<upper : lower..<lower
  }
}
