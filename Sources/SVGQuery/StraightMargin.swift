import SVGGeometry

/// How near the edges of a straight segment's stroke cairo draws them, in the segment's
/// space: the margins the cheap answers keep there instead of a curve's quarter pixel.
///
/// Cairo rounds to 1/256 of a device pixel, each rounding moving a point by at most
/// `e` = √2/512: the segment's ends as the path is made, each edge's offset from them
/// (half the width across the rounded segment's direction) as the stroker adds it, and
/// the probed point. A point beside the segment is then within `3e` of where it is against
/// the exact edge, the probe's clip box (one fixed unit around the point) moves edges it
/// cuts by one unit more, and a dashed square cap's corner adds one rounded offset more:
/// at most `5e + 1/256` ≈ 0.018 device pixels. ``base`` is 1/32. The rounded segment's
/// direction also turns, by `θ` ≤ `4e / L` on a segment `L` device pixels long, which
/// turns its end faces (moving them by `half · θ` beside the segment) and moves the edge
/// by `half · θ²` at most; in the segment's own space the turn is at most `skew` times as
/// large. Short segments (under a device pixel) keep the curves' margin, and so do strokes
/// with round caps or joins: next to cairo's fans of pen vertices its outline strays
/// farther (`StraightEdgeTests` found points 1/64 inside the edge that cairo left out).
struct StraightMargin {
  /// The margin in device pixels, before the turn.
  static let base = 1.0 / 32
  /// What a fixed-point rounding moves a point by, at most.
  static let rounding = 2.0.squareRoot() / 512

  /// Kept from the edges beside the segment.
  var edge: Double
  /// Kept from the segment's end faces.
  var end: Double

  /// `length` and `half` in the segment's space, which `scale` lengthens at least and
  /// whose angles `skew` bounds the change of; nil for a segment too short to tell.
  init?(length: Double, half: Double, scale: Double, skew: Double) {
    let device = length * scale
    guard device >= 1, device.isFinite, scale > 0 else { return nil }
    let deviceTurn = 4 * Self.rounding / device
    guard skew * deviceTurn <= 0.25 else { return nil }
    let turn = 1.1 * skew * deviceTurn
    edge = Self.base / scale + half * turn * turn
    end = Self.base / scale + 1.1 * half * turn
  }
}
