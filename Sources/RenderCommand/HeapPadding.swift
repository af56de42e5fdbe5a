import CMalloc

/// How malloc is set up in a process that renders one drawing: how much free memory it keeps
/// at the top of each of its heaps (`M_TOP_PAD`), and from what size a block gets a mapping
/// of its own (`M_MMAP_THRESHOLD`).
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

  /// Sets both for the rest of the process; false if malloc refused either.
  @discardableResult
  static func apply() -> Bool {
    let padded = mallopt(M_TOP_PAD, bytes) == 1
    return mallopt(M_MMAP_THRESHOLD, mappedFrom) == 1 && padded
  }
}
