import Synchronization

/// What a process that renders one drawing keeps until it exits instead of freeing.
///
/// The render tree of a large drawing is tens of thousands of small blocks (nodes, paths,
/// paints); freed one by one after the PNG is made, on one thread, they took 1-1.4 ms
/// of strawberry_border.svg's, hummer_07.svg's and bamboo_01.svg's render at 800 px (the
/// `--perf` lap "Saving", 10 runs each: 1.6, 1.6 and 2.1 ms, now 0.6-0.7), only for the
/// kernel to take every page back at exit anyway. Kept here, they stay reachable (a leak
/// checker does not count them). A drawing read from less than 1 MiB keeps its source
/// document here too (``RenderJob/keepsDocument(_:)``). A batch frees as it goes and keeps
/// nothing here.
enum KeptUntilExit {
  private static let values = Mutex<[any Sendable]>([])

  static func keep(_ value: some Sendable) {
    values.withLock { $0.append(value) }
  }
}
