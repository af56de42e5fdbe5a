import CMalloc

/// How much free memory malloc keeps at the top of each of its heaps (`M_TOP_PAD`) in a
/// process that renders one drawing.
///
/// With glibc's default (128 KiB), the heaps of the threads that draw bands grow and shrink
/// by a few pages at a time as their scratch is allocated and freed: each step is an
/// `mprotect` or `madvise`, and pages given back are faulted in again by the next band. Kept
/// 4 MiB ahead, the 40 largest openclipart drawings at 800 px (one process each) made 3,410
/// `brk`/`mprotect`/`madvise`/`mmap`/`munmap` calls instead of 8,620 and 77.8k page faults
/// instead of 82.5k, with the same peak resident memory (pages are only reserved, and
/// ``RenderJob/releaseFreedMemory()`` still gives the heap back before a large image). Not
/// set for a batch, where the free memory kept would stay resident from file to file.
enum HeapPadding {
  /// The bytes kept free at the top of a heap when it grows or shrinks.
  static let bytes: Int32 = 4 << 20

  /// Sets the padding for the rest of the process; false if malloc refused it.
  @discardableResult
  static func apply() -> Bool { mallopt(M_TOP_PAD, bytes) == 1 }
}
