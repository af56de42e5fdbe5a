import SVGGeometry

/// A line across the stroke where cairo ends a curve (the cap or join there is the
/// vertex's to decide): a point must be ahead of it for a piece of the curve to take it in.
struct CurveFace {
  var point: Point
  /// The direction the curve leaves the face in.
  var unit: Point
  /// How far ahead the point must be, and how far (in radians, below 0.3) the face may turn
  /// about `point`, which moves it by at most 1.05 times that per unit of distance from
  /// the curve.
  var margin: Double
  var turn: Double

  func ahead(_ q: Point, half: Double) -> Bool {
    let v = q - point
    return v.x * unit.x + v.y * unit.y > margin + 1.05 * turn * half
  }
}

extension CurveFace {
  /// A placeholder in ``Faces``, never read.
  init() { self.init(point: Point(0, 0), unit: Point(0, 0), margin: 0, turn: 0) }
}

/// The faces of one curve, at most four, held in place (no allocation per hit test, and
/// no optionals to copy).
struct Faces {
  // Placeholders until added (a `static let` would be read through `swift_once`).
  private var f0 = CurveFace(), f1 = CurveFace(), f2 = CurveFace(), f3 = CurveFace()
  private var count = 0
  /// False once a face was too uncertain to tell: then no point is ahead.
  private var known = true

  mutating func add(_ face: CurveFace) {
    switch count {
    case 0: f0 = face
    case 1: f1 = face
    case 2: f2 = face
    default: f3 = face
    }
    count = min(count + 1, 4)
  }

  mutating func giveUp() { known = false }

  func ahead(_ q: Point, half: Double) -> Bool {
    known && (count < 1 || f0.ahead(q, half: half)) && (count < 2 || f1.ahead(q, half: half))
      && (count < 3 || f2.ahead(q, half: half)) && (count < 4 || f3.ahead(q, half: half))
  }
}
