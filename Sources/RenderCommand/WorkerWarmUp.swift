import Dispatch
import Glibc
import SVGRender
import SVGTree

/// Starts one of Dispatch's worker threads while a process that renders one drawing reads
/// its input, so that the render's first parallel step finds it running.
///
/// The build of a large drawing (cut into runs) and the raster bands run on the caller's
/// thread and one of Dispatch's. Started by the first of them, that thread took so long to
/// create that the caller often built much of the second run itself: over openclipart's 40
/// largest drawings at 800 px, one process each, the worker took 23% of the build's CPU
/// samples (perf), 38% once started here, and the 40 took 4-8% less time (5 alternating
/// runs of each file). A render with nothing to run in parallel (a small file drawn small,
/// as thumbnails are) would pay for the thread and gain nothing, so it is not warmed.
enum WorkerWarmUp {
  /// Files at least this large are cut into runs for the build (``SplitBuild`` cuts from a
  /// weight of 1,000 elements, about 128 KiB of openclipart drawings; a thumbnail of a file
  /// between the two sizes starts its worker when the build first needs it, as thumbnails
  /// did before: three rounds over the 299 of `scripts/bench thumbs` took 0.985x the time
  /// with cuts from a weight of 500).
  static let largeFileBytes = 256 << 10
  /// A requested side at least this long makes a square image large enough to draw in
  /// bands.
  static let largeSide = Double(RenderTree.bandedMinPixels).squareRoot().rounded(.up)

  /// Starts the worker, and has the render's helpers leave the main thread's core when they
  /// start on it (``SVGTree/ThreadPlacement``): for a render that ``isUseful(input:sizing:)``.
  static func start() {
    ThreadPlacement.enable()
    ThreadPlacement.handingOff()
    DispatchQueue.global().async { ThreadPlacement.helperStarts() }
  }

  /// Whether rendering `input` at `sizing` is likely to run in parallel (see
  /// ``isUseful(fileBytes:sizing:)``).
  static func isUseful(input: String, sizing: OutputSizing) -> Bool {
    isUseful(fileBytes: fileSize(input), sizing: sizing)
  }

  /// True for a large file, or an image whose requested size (the natural one when none
  /// is given) is large.
  static func isUseful(fileBytes: Int?, sizing: OutputSizing) -> Bool {
    if let fileBytes, fileBytes >= largeFileBytes { return true }
    guard sizing.zoomX == nil, sizing.zoomY == nil else { return true }
    let requested = [sizing.width, sizing.height].compactMap { $0 }
    return requested.isEmpty || requested.contains { $0 >= largeSide }
  }

  private static func fileSize(_ path: String) -> Int? {
    var info = stat()
    return stat(path, &info) == 0 ? Int(info.st_size) : nil
  }
}
