import SVGGeometry

/// Which clip paths that cairo clips to directly (``CairoRenderer/isDirectClip(_:)``) a band
/// draws as the whole image does.
///
/// cairo keeps a clip path that is rectilinear on the device (only horizontal and vertical
/// lines, a box among them) as boxes, not as a path. A band's clip is a rectangle of whole
/// rows, and those boxes cut by it get whole-pixel top and bottom edges: where a shape
/// drawn under them lies within the band's rows, the clip it meets is then a pixel-aligned
/// region, which cairo composites by another route than the whole image's fractional boxes,
/// and the edge pixels of the shape come out a level apart (every row of the band, seen on
/// openclipart's `barcode_upca.svg`: 21,450 pixels in 7 bands). Any other clip path stays a
/// path, intersected with each shape's polygon in the band as in the whole image; the
/// rows a band draws above and below its own (``BandedRaster/settleRows``,
/// ``BandedRaster/trailRows``) settle the intersection at its edges as they settle the scan
/// converter. So a tree with a rectilinear direct clip is drawn in one band (the survey
/// finds it, ``ChordSurvey/add(clip:on:)``), and every other direct clip is banded.
enum BandClips {
  /// Whether cairo may hold `path`, set under `toDevice`, as boxes: every segment of it,
  /// each side of a curve's control polygon and the closing one included, runs within a
  /// fixed-point step (1/256 px) of horizontal or vertical. cairo's own test is exact and
  /// takes any curve that moves as not rectilinear; this one errs towards boxes.
  static func mayBeBoxes(_ path: Path, _ toDevice: Transform) -> Bool {
    let step = 1.0 / 256
    func axisAligned(_ a: Point, _ b: Point) -> Bool {
      abs(a.x - b.x) < step || abs(a.y - b.y) < step
    }
    var start: Point?
    var current: Point?
    func to(_ points: Point...) -> Bool {
      for p in points.map(toDevice.apply) {
        if let c = current, !axisAligned(c, p) { return false }
        current = p
      }
      return true
    }
    func closes() -> Bool {
      guard let s = start, let c = current else { return true }
      return axisAligned(c, s)
    }
    for element in path.elements {
      switch element {
      case .move(let p):
        guard closes() else { return false }
        current = nil
        guard to(p) else { return false }
        start = current
      case .line(let p):
        guard to(p) else { return false }
      case .quad(let c, let p):
        guard to(c, p) else { return false }
      case .cubic(let c1, let c2, let p):
        guard to(c1, c2, p) else { return false }
      case .close:
        guard closes() else { return false }
        current = start
      }
    }
    return closes()
  }
}

extension ChordSurvey {
  /// Notes a clip path about to be set as cairo's clip on `cr` (its matrix set): one that
  /// cairo may hold as boxes keeps the image in one band (see ``BandClips``).
  func add(clip path: Path, on cr: OpaquePointer) {
    guard refusal == nil, BandClips.mayBeBoxes(path, cairo_get_matrix(cr)) else { return }
    refusal = "a clip path that cairo holds as boxes"
  }
}
