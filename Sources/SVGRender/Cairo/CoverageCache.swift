import SVGGeometry
import Synchronization

/// The coverage of the shapes a session's partial redraws fill, kept from one redraw to the
/// next: a tap recolours one shape, and the redraw of its rows then blends the kept coverage
/// of every shape there instead of scan-converting each again (with the rows above and
/// below that a clipped scan converter needs to settle, see ``BandedRaster``).
///
/// A fill or stroke of an opaque colour, anti-aliased, on the image itself under no clip but
/// the band's (and a stroke not thin enough for a ``Hairline``) is drawn through its
/// coverage (``CoverageMask``): drawn unclipped on a coverage surface the size of the image,
/// the whole image's coverage, then blended as cairo blends it. That coverage depends on the
/// path, its matrix, the fill rule or stroke style and the image's size only, so it is kept
/// per path under a matrix and an outline, for one image size. Paths are told
/// apart by their storage: a repainted tree shares its paths with the tree it came from, and
/// a kept entry holds its path, so no other path can take that storage while it is kept.
package final class CoverageCache: Sendable {
  /// By default the bytes of coverage kept (a byte a pixel each shape covers, about) are
  /// at most two a pixel of the image, half its raster, which the session keeps too, and
  /// at least this: the fills of the 40 largest openclipart drawings after ten taps take
  /// 0.1-2.7 MB at their natural size (world maps of 37 megapixels, 45-50 MB).
  package static let minimumBound = 16 << 20

  let width: Int
  let height: Int
  /// When the next coverage would take the bytes kept past this, everything kept before is
  /// dropped.
  let maxBytes: Int
  private let kept = Mutex(Kept())

  private struct Kept {
    var slots: [Key: Slot] = [:]
    var bytes = 0
    var count = 0
    var made = 0
  }

  /// How many coverages are kept, and how many were made since the cache was.
  package var counts: (kept: Int, made: Int) { kept.withLock { ($0.count, $0.made) } }

  private struct Key: Hashable {
    let storage: Int
    let count: Int
    let toDevice: Transform
    let outline: Outline
  }

  /// What of a path a coverage covers: its fill under a rule, or its stroke in a style.
  enum Outline: Hashable {
    case fill(evenOdd: Bool)
    case stroke(
      width: Double, cap: Stroke.LineCap, join: Stroke.LineJoin, miterLimit: Double,
      dashes: [Double]?, dashOffset: Double, nonScaling: Bool)

    init(_ s: Stroke) {
      self = .stroke(
        width: s.width, cap: s.cap, join: s.join, miterLimit: s.miterLimit, dashes: s.dashes,
        dashOffset: s.dashOffset, nonScaling: s.nonScaling)
    }
  }

  /// One outline's coverage, made once (a band that needs it while another is making it
  /// draws the shape with cairo instead of waiting).
  private final class Slot: Sendable {
    let path: Path
    let coverage = Mutex<CoverageMask.Coverage?>(nil)
    init(_ path: Path) { self.path = path }
  }

  /// A cache for the images of `width` × `height` pixels.
  package init(width: Int, height: Int, maxBytes: Int? = nil) {
    self.width = width
    self.height = height
    self.maxBytes = maxBytes ?? max(Self.minimumBound, 2 * width * height)
  }

  /// The coverage of `outline` of `path` under `toDevice` (to the image's pixels): the
  /// kept one, or the one `make` makes, then kept; nil when `make` has none.
  func coverage(
    of path: Path, _ outline: Outline, toDevice: Transform,
    make: () -> CoverageMask.Coverage?
  ) -> CoverageMask.Coverage? {
    let key = path.elements.withUnsafeBufferPointer {
      Key(
        storage: Int(bitPattern: $0.baseAddress), count: $0.count, toDevice: toDevice,
        outline: outline)
    }
    let slot = kept.withLock { kept in
      if let slot = kept.slots[key] { return slot }
      let slot = Slot(path)
      kept.slots[key] = slot
      return slot
    }
    return slot.coverage.withLockIfAvailable { coverage -> CoverageMask.Coverage? in
      if let coverage { return coverage }
      guard let made = make() else { return nil }
      kept.withLock { kept in
        if kept.bytes + made.size > maxBytes {
          kept.slots = [key: slot]
          (kept.bytes, kept.count) = (0, 0)
        }
        kept.bytes += made.size
        kept.count += 1
        kept.made += 1
      }
      coverage = made
      return made
    } ?? nil
  }
}
