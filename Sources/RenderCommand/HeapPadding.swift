import CMalloc
import Glibc
import SVGTree

/// How malloc is set up in a process that renders one drawing: how much free memory it keeps
/// at the top of each of its heaps (`M_TOP_PAD`), from what size a block gets a mapping
/// of its own (`M_MMAP_THRESHOLD`), and for a large render, huge pages for the main heap.
///
/// With glibc's default padding (128 KiB), the heaps of the threads that draw bands grow and
/// shrink by a few pages at a time as their scratch is allocated and freed: each step is an
/// `mprotect` or `madvise`, and pages given back are faulted in again by the next band. Kept
/// 4 MiB ahead, the 40 largest openclipart drawings at 800 px (one process each) made 3,410
/// `brk`/`mprotect`/`madvise`/`mmap`/`munmap` calls instead of 8,620 and 77.8k page faults
/// instead of 82.5k, with the same peak resident memory (pages are only reserved, and
/// ``RenderJob/releaseFreedMemory()`` still gives the heap back before a large image).
///
/// By default a block of 128 KiB or more (an array as it grows, an input libxml2 copies, the
/// image) is mapped apart and unmapped when freed, so the next one comes as fresh pages,
/// each cleared and mapped by the kernel. Taken from the heap up to 32 MiB (glibc's largest
/// threshold), the blocks a growing array frees are reused: on the same 40 drawings, 108.7k
/// page faults instead of 117.1k and 1-4% less time (two sets of 15 alternating runs of each
/// file); the largest peak rose from 26.7 to 27.3 MiB (resvg: 28.1 MiB).
///
/// Not set for a batch, where the free memory kept would stay resident from file to file.
enum HeapPadding {
  /// The bytes kept free at the top of a heap when it grows or shrinks.
  static let bytes: Int32 = 4 << 20
  /// Blocks smaller than this come from the heap.
  static let mappedFrom: Int32 = 32 << 20
  /// The heap a large render grows to at once and asks for as huge pages
  /// (``reserveHugePages()``): more than the document, tree and image of openclipart's
  /// largest drawings at 800 px take from it, below ``mappedFrom``.
  static let hugeHeapBytes = 24 << 20

  /// Sets the padding and threshold for the rest of the process and, with `hugePages` (a
  /// large render, ``WorkerWarmUp/isUseful(input:sizing:)``), reserves heap as huge pages
  /// (``reserveHugePages()``); false if malloc or the kernel refused any of it.
  @discardableResult
  static func apply(hugePages: Bool = false) -> Bool {
    let padded = mallopt(M_TOP_PAD, bytes) == 1
    let mapped = mallopt(M_MMAP_THRESHOLD, mappedFrom) == 1
    return padded && mapped && (!hugePages || reserveHugePages() != nil)
  }

  /// Grows the calling thread's heap by a block of ``hugeHeapBytes``, frees it, and marks
  /// its pages `MADV_HUGEPAGE` (Debian's default `transparent_hugepage=madvise` gives huge
  /// pages only where asked): what a large render then takes from the heap (the document,
  /// the render tree, the image) is mapped 2 MiB at a time, one page fault and one clear
  /// each instead of 512. The range is reserved, not touched, so only what is used becomes
  /// resident. malloc must keep the freed block mapped (the heap grown again later would be
  /// a new mapping, without huge pages), so the trim threshold is raised above it;
  /// ``RenderJob/releaseFreedMemory()`` still trims before a large image. Called by the
  /// main thread before it reads, so the range is the main heap's.
  ///
  /// On the 40 largest openclipart drawings at 800 px, one process each: 41.0k page faults
  /// instead of 72.3k, 0.929x-0.954x the time (three sets of 5 alternating runs of each
  /// file); 200 random drawings at 800 px 0.945x; the 299 64 px thumbnails of `scripts/bench
  /// thumbs` 0.986x (only those of files from 256 KiB reserve it; reserved for all, they
  /// took 1.011x). The largest peak of the 40 rose from 25.5 to 27.0 MiB (resvg: 28.6),
  /// the mean from 16.2 to 17.4 MiB: a 2 MiB page is resident whole once touched.
  ///
  /// The addresses marked, or nil when malloc or the kernel refused.
  @discardableResult
  static func reserveHugePages() -> Range<Int>? {
    guard mallopt(M_TRIM_THRESHOLD, Int32(hugeHeapBytes * 2)) == 1,
      let block = malloc(hugeHeapBytes)
    else { return nil }
    defer { free(block) }
    let pages = PageMapping.wholePages(block, count: hugeHeapBytes)
    guard let start = UnsafeMutableRawPointer(bitPattern: pages.lowerBound),
      madvise(start, pages.count, MADV_HUGEPAGE) == 0
    else { return nil }
    return pages
  }
}
