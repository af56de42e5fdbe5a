import Glibc

/// The events of one parse on their way from libxml2's thread to the tree builder's
/// (``XMLReader``): the parser writes ``SAXEvent`` records into chunks of memory and hands
/// each chunk over when it is full; the builder takes the records in order and gives the
/// chunk back for reuse.
///
/// At most ``maxQueued`` chunks wait for the builder: the parser waits beyond that, so a
/// parse that the builder stops (a limit) runs at most that far ahead of the stop, and the
/// tape holds a bounded part of the input at any time (the builder is the slower half, so a
/// longer queue only raised the peak memory: 32 chunks cost up to 2 MiB of it).
final class ParseTape: @unchecked Sendable {
  static let chunkBytes = 64 << 10
  static let maxQueued = 4

  private struct Chunk {
    var base: UnsafeMutableRawPointer
    var capacity: Int
    var used = 0
  }

  private var lock = pthread_mutex_t()
  private var changed = pthread_cond_t()
  private var queued: [Chunk] = []
  private var spare: [Chunk] = []
  private var finished = false
  /// The parser's chunk being written (the parser's thread only).
  private var current: Chunk?

  init() {
    pthread_mutex_init(&lock, nil)
    pthread_cond_init(&changed, nil)
  }

  deinit {
    for c in queued + spare { c.base.deallocate() }
    current?.base.deallocate()
    pthread_cond_destroy(&changed)
    pthread_mutex_destroy(&lock)
  }

  // MARK: The parser's side

  /// Room for a record of `size` bytes (a multiple of 16), in the current chunk or a new
  /// one; a record larger than a chunk (an attribute of a path's data, megabytes long)
  /// gets a chunk of its own.
  func reserve(_ size: Int) -> UnsafeMutableRawPointer {
    if let c = current, c.used + size <= c.capacity {
      current!.used += size
      return c.base + c.used
    }
    handOver()
    var chunk = newChunk(capacity: max(size, Self.chunkBytes))
    chunk.used = size
    current = chunk
    return chunk.base
  }

  /// Hands the rest over: the parse has ended.
  func finish() {
    handOver()
    pthread_mutex_lock(&lock)
    finished = true
    pthread_cond_broadcast(&changed)
    pthread_mutex_unlock(&lock)
  }

  private func handOver() {
    guard let c = current else { return }
    current = nil
    pthread_mutex_lock(&lock)
    var waited = false
    while queued.count >= Self.maxQueued {
      pthread_cond_wait(&changed, &lock)
      waited = true
    }
    queued.append(c)
    pthread_cond_broadcast(&changed)
    pthread_mutex_unlock(&lock)
    // Woken by the builder, perhaps on its core (see `ThreadPlacement`).
    if waited { ThreadPlacement.helperStarts() }
  }

  private func newChunk(capacity: Int) -> Chunk {
    if capacity == Self.chunkBytes {
      pthread_mutex_lock(&lock)
      let reused = spare.popLast()
      pthread_mutex_unlock(&lock)
      if let reused { return Chunk(base: reused.base, capacity: reused.capacity) }
    }
    return Chunk(base: .allocate(byteCount: capacity, alignment: 16), capacity: capacity)
  }

  // MARK: The builder's side

  /// Calls `body` with every record, in order, until the parser finishes.
  func read(_ body: (UnsafePointer<SAXEvent>) -> Void) {
    while let chunk = next() {
      var offset = 0
      while offset < chunk.used {
        let event = UnsafePointer((chunk.base + offset).assumingMemoryBound(to: SAXEvent.self))
        offset += event.pointee.size
        body(event)
      }
      giveBack(chunk)
    }
  }

  private func next() -> Chunk? {
    pthread_mutex_lock(&lock)
    defer { pthread_mutex_unlock(&lock) }
    while queued.isEmpty && !finished { pthread_cond_wait(&changed, &lock) }
    guard !queued.isEmpty else { return nil }
    let chunk = queued.removeFirst()
    pthread_cond_broadcast(&changed)
    return chunk
  }

  private func giveBack(_ chunk: Chunk) {
    guard chunk.capacity == Self.chunkBytes else { return chunk.base.deallocate() }
    pthread_mutex_lock(&lock)
    spare.append(chunk)
    pthread_mutex_unlock(&lock)
  }
}

/// Runs `body` on a thread of its own and returns a function that waits for it to end, or
/// nil when no thread could be started.
func startThread(_ body: @escaping () -> Void) -> (() -> Void)? {
  final class Box { let body: () -> Void; init(_ body: @escaping () -> Void) { self.body = body } }
  let box = Unmanaged.passRetained(Box(body)).toOpaque()
  var thread = pthread_t()
  ThreadPlacement.handingOff()
  let status = pthread_create(
    &thread, nil,
    { raw in
      ThreadPlacement.helperStarts()
      Unmanaged<Box>.fromOpaque(raw!).takeRetainedValue().body()
      return nil
    }, box)
  guard status == 0 else {
    Unmanaged<Box>.fromOpaque(box).release()
    return nil
  }
  return { pthread_join(thread, nil) }
}
