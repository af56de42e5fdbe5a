import CAffinity
import Glibc
import Testing

@testable import SVGTree

/// A helper that starts work on the core of the thread that handed it over moves to
/// another core when one is free, and is left pinned to none (``ThreadPlacement``).
@Suite struct ThreadPlacementTests {
  final class Placement: @unchecked Sendable {
    var core: Int32 = -1
    var cores: [UInt]?
  }

  /// A mask of `core` alone.
  func only(_ core: Int) -> [UInt] {
    var mask = [UInt](repeating: 0, count: 16)
    mask[core / UInt.bitWidth] = UInt(1) << (core % UInt.bitWidth)
    return mask
  }

  /// Where a new thread runs after ``ThreadPlacement/leave(core:of:runnable:)`` from `core`,
  /// where it was held and then allowed `allowed` again (so that it still ran there), and
  /// the cores it is allowed after.
  func placed(from core: Int, allowed: [UInt], runnable: Int) -> Placement {
    let placement = Placement()
    let join = startThread {
      guard ThreadPlacement.set(self.only(core)), ThreadPlacement.set(allowed) else { return }
      ThreadPlacement.leave(core: core, of: -1, runnable: { runnable })
      placement.core = inkpath_current_core()
      placement.cores = ThreadPlacement.cores()
    }
    #expect(join != nil)
    join?()
    return placement
  }

  @Test func helperOnTheHandOffCoreMovesWhenAnotherIsFree() throws {
    let allowed = try #require(ThreadPlacement.cores())
    let core = Int(inkpath_current_core())
    // One core (a container, `taskset -c 0`): nothing to move to.
    guard ThreadPlacement.removing(core, from: allowed) != nil else { return }
    let moved = placed(from: core, allowed: allowed, runnable: 2)
    #expect(moved.core >= 0)
    #expect(moved.core != core)
    #expect(moved.cores == allowed)
    // Other threads runnable: the kernel's placement is left as it is.
    let busy = placed(from: core, allowed: allowed, runnable: 64)
    #expect(busy.core == core)
    #expect(busy.cores == allowed)
  }

  @Test func runnableThreadsAreTheFourthFieldOfLoadAverage() {
    func runnable(_ text: String) -> Int? {
      ThreadPlacement.runnable(inLoadAverage: Array(text.utf8))
    }
    #expect(runnable("0.52 0.61 0.90 2/131 4242\n") == 2)
    #expect(runnable("0.00 0.01 0.05 1/87 12") == 1)
    #expect(runnable("0.52 0.61 0.90") == nil)
    #expect(runnable("0.52 0.61 0.90 131 4242") == nil)
    #expect(ThreadPlacement.runnableThreads().map { $0 >= 1 } == true)
  }

  @Test func removingACoreLeavesTheOthers() {
    var mask = [UInt](repeating: 0, count: 16)
    mask[0] = 0b1011
    mask[1] = 1
    #expect(ThreadPlacement.removing(1, from: mask)?.prefix(2) == [0b1001, 1])
    #expect(ThreadPlacement.removing(64, from: mask)?.prefix(2) == [0b1011, 0])
    #expect(ThreadPlacement.removing(0, from: [1] + [UInt](repeating: 0, count: 15)) == nil)
    #expect(ThreadPlacement.removing(-1, from: mask) == nil)
  }
}
