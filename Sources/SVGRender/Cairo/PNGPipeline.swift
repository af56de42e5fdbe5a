import SVGGeometry
import SVGTree
import Synchronization

/// The fast PNG of an image drawn in bands, its deflate bands started while the image is
/// still being drawn.
///
/// The raster bands of an image (``BandedRaster``) rarely finish together, and the thread of
/// one that finishes early would wait for the others before the PNG bands are deflated
/// (``ParallelPNG``). Here it deflates, while another raster band still draws, the PNG bands
/// whose rows (and the row above, their dictionary) lie in one raster band already drawn: it
/// reads them where that band drew them (before its rows move into place), and nothing
/// writes them any more. Once every raster band is drawn no band is claimed any more, and the
/// rest are deflated on all cores as before.
/// Each PNG band is deflated by the same code from the same rows, so the file is the bytes of
/// ``Bitmap/pngData(fast:)``.
final class PNGPipeline: Sendable {
  /// The raster bands' first rows, and the image's height last.
  let edges: [Int]
  let width: Int
  let height: Int
  let stride: Int
  /// How many PNG bands (``ParallelPNG/bandCount(width:height:)``).
  let count: Int

  private struct State {
    /// Where each drawn raster band's row `y` starts (`y × stride` bytes on), nil while it
    /// draws.
    var origins: [UnsafeSendable<UnsafeRawPointer>?]
    var undrawn: Int
    var claimed: [Bool]
    var bands: [ParallelPNG.Band?]
  }
  private let state: Mutex<State>

  init(edges: [Int], width: Int, stride: Int) {
    self.edges = edges
    self.width = width
    self.height = edges.last!
    self.stride = stride
    count = ParallelPNG.bandCount(width: width, height: height)
    state = Mutex(
      State(
        origins: Array(repeating: nil, count: edges.count - 1), undrawn: edges.count - 1,
        claimed: Array(repeating: false, count: count),
        bands: Array(repeating: nil, count: count)))
  }

  /// The raster band holding every row that PNG band `j` reads (its own and the row above,
  /// ``ParallelPNG/rowsRead(byBand:of:height:)``), or nil when they straddle an edge.
  func rasterBand(holding j: Int) -> Int? {
    let rows = ParallelPNG.rowsRead(byBand: j, of: count, height: height)
    guard let k = edges.lastIndex(where: { $0 <= rows.lowerBound }), k < edges.count - 1
    else { return nil }
    return rows.upperBound <= edges[k + 1] ? k : nil
  }

  /// Called on the thread of raster band `k` once it is drawn, its row `y` at `origin +
  /// y × stride`: deflates the PNG bands that are ready while another band still draws.
  func drawn(_ k: Int, origin: UnsafeRawPointer) {
    state.withLock {
      $0.origins[k] = UnsafeSendable(origin)
      $0.undrawn -= 1
    }
    while let (j, origin) = claim() {
      let pixels = UnsafeRawBufferPointer(start: origin.value, count: (height + 1) * stride)
      let band = ParallelPNG.band(
        j, of: count, pixels: pixels, width: width, height: height, stride: stride)
      state.withLock { $0.bands[j] = band }
    }
  }

  /// A PNG band not yet claimed whose rows it reads are all drawn, while some raster band
  /// still draws, and where its raster band's rows start.
  private func claim() -> (Int, UnsafeSendable<UnsafeRawPointer>)? {
    state.withLock { s in
      guard s.undrawn > 0 else { return nil }
      for j in 0..<count where !s.claimed[j] {
        guard let k = rasterBand(holding: j), let origin = s.origins[k] else { continue }
        s.claimed[j] = true
        return (j, origin)
      }
      return nil
    }
  }

  /// The PNG bands deflated while drawing (their indices).
  var deflated: [Int] { state.withLock { s in (0..<count).filter { s.bands[$0] != nil } } }

  /// The PNG file of `bitmap`, the image drawn in these bands with its rows in place: the
  /// bands not deflated while drawing are deflated now, on all cores.
  func png(of bitmap: Bitmap) throws(RenderError) -> [UInt8] {
    let done = state.withLock { $0.bands }
    let redo = Set((0..<count).filter { done[$0] == nil })
    let bands = try ParallelPNG.bands(
      of: bitmap, count: count, reusing: done.map { $0 ?? ParallelPNG.Band() }, redo: redo)
    return ParallelPNG.assemble(bands, width: width, height: height)
  }
}

extension RenderTree {
  /// The fast PNG (``Bitmap/pngData(fast:)``, the same bytes) of the drawing scaled to
  /// `size` device pixels (as ``rasterize(covering:background:limits:cancellation:)``), its
  /// bands deflated as soon as their rows are drawn (``PNGPipeline``).
  package func fastPNG(
    covering size: Size, background: Color? = nil, limits: Limits = .default,
    cancellation: RenderCancellation? = nil, bands: Int? = nil
  ) throws(RenderError) -> [UInt8] {
    let (width, height) = try Self.canvas(covering: size, limits: limits)
    let (bitmap, pipeline) = try rasterize(
      width: width, height: height, drawing: size, background: background, limits: limits,
      cancellation: cancellation, bands: bands, pipelined: true)
    try cancellation?.check()
    guard let pipeline else { return try bitmap.pngData(fast: true) }
    return try pipeline.png(of: bitmap)
  }
}
