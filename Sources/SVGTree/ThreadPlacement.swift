import CAffinity
import Dispatch
import Glibc
import Synchronization

/// Moves a helper thread off the core of the thread that handed it work, when another core
/// is free, in a process that renders one drawing.
///
/// Such a render runs on two threads at a time: the reader and the parser (``XMLReader``),
/// the two runs of a cut build, the raster bands, the PNG bands. A helper sleeps until the
/// main thread hands it work, and Linux wakes a thread on the core it last ran on or on the
/// waker's, searching for an idle core only while the cores' recent load is low
/// (`SIS_UTIL`). On a 2-core machine busy with the render itself, the woken helper was often
/// queued on the main thread's core and took it over, and the two threads took turns on one
/// core while the other idled until the next load balance, milliseconds later (`perf`'s
/// `sched_switch` events: the main thread switched out still runnable, for its own helper).
///
/// A helper that starts work on the core of the thread that handed it over moves to the
/// other cores the process may use (its affinity narrowed, then widened again at once, so
/// nothing stays pinned and the kernel's load balance is free to move it later), provided no
/// more threads are runnable on the machine, the helper included, than the process has
/// cores: under load from other processes, the kernel's choice is left alone, since no core
/// is free to move to (pinning the main thread and its helpers apart made two renders at a
/// time on 2 cores 7-10% slower). Does nothing until ``enable()``.
package enum ThreadPlacement {
  /// The cores online, at least one, read once per process: glibc's `sysconf` opens and
  /// reads a file in /sys at every call, and the reader, the build and the raster bands
  /// each ask.
  package static let onlineCores = max(1, sysconf(Int32(_SC_NPROCESSORS_ONLN)))

  /// Words of a core mask: 1,024 cores, as glibc's `cpu_set_t`.
  private static let maskWords = 16
  private static let maskBytes = UInt(maskWords * MemoryLayout<UInt>.size)

  private static let enabled = Atomic<Bool>(false)
  /// The core of the thread that last handed work to helpers, and that thread's id.
  private static let handOff = Atomic<Int64>(-1)

  /// Turns the moves on for this process: called by a process that renders one drawing,
  /// whose threads are the render's own.
  package static func enable() { enabled.store(true, ordering: .relaxed) }

  /// Records the calling thread's core before it wakes helpers.
  package static func handingOff() {
    guard enabled.load(ordering: .relaxed) else { return }
    let core = inkpath_current_core()
    guard core >= 0 else { return }
    handOff.store(Int64(inkpath_thread_id()) << 32 | Int64(core), ordering: .relaxed)
  }

  /// Called by a helper as it starts work handed over after ``handingOff()``: moves it off
  /// the hand-off thread's core if it runs there and another core is free.
  package static func helperStarts() {
    let recorded = handOff.load(ordering: .relaxed)
    guard recorded >= 0 else { return }
    leave(
      core: Int(Int32(truncatingIfNeeded: recorded)),
      of: Int32(truncatingIfNeeded: recorded >> 32), runnable: runnableThreads)
  }

  /// Moves the calling thread off `core` if it runs there, is not `thread` and no more
  /// threads are runnable on the machine (`runnable`) than it has cores, then allows it its
  /// cores again.
  static func leave(core: Int, of thread: Int32, runnable: () -> Int?) {
    guard inkpath_current_core() == core, inkpath_thread_id() != thread,
      let allowed = cores(), let others = removing(core, from: allowed),
      let runnable = runnable(), runnable <= allowed.reduce(0, { $0 + $1.nonzeroBitCount }),
      set(others)
    else { return }
    set(allowed)
  }

  /// `DispatchQueue.concurrentPerform`, with the calling thread's core recorded
  /// (``handingOff()``) and each iteration started by ``helperStarts()``.
  package static func concurrentPerform(iterations: Int, execute work: @Sendable (Int) -> Void) {
    handingOff()
    DispatchQueue.concurrentPerform(iterations: iterations) { i in
      helperStarts()
      work(i)
    }
  }

  /// The cores the calling thread may run on.
  static func cores() -> [UInt]? {
    var mask = [UInt](repeating: 0, count: maskWords)
    let got = mask.withUnsafeMutableBufferPointer { inkpath_get_cores($0.baseAddress, maskBytes) }
    return got == 0 ? mask : nil
  }

  /// `mask` without `core`, or nil when no other core is left.
  static func removing(_ core: Int, from mask: [UInt]) -> [UInt]? {
    guard core >= 0, core < mask.count * UInt.bitWidth else { return nil }
    var others = mask
    others[core / UInt.bitWidth] &= ~(UInt(1) << (core % UInt.bitWidth))
    return others.contains { $0 != 0 } ? others : nil
  }

  @discardableResult
  static func set(_ mask: [UInt]) -> Bool {
    mask.withUnsafeBufferPointer { inkpath_set_cores($0.baseAddress, maskBytes) } == 0
  }

  /// Runnable threads on the machine, the caller's included.
  static func runnableThreads() -> Int? {
    (try? BoundedFile.read("/proc/loadavg", maxBytes: 256)).flatMap(runnable(inLoadAverage:))
  }

  /// The runnable threads in the text of `/proc/loadavg`, whose fourth field is runnable /
  /// all (`0.52 0.61 0.90 2/131 4242`).
  static func runnable(inLoadAverage bytes: [UInt8]) -> Int? {
    guard let field = bytes.split(separator: UInt8(ascii: " ")).dropFirst(3).first,
      let runnable = field.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false)
        .first, field.contains(UInt8(ascii: "/"))
    else { return nil }
    return Int(String(decoding: runnable, as: UTF8.self))
  }
}
