import Glibc

/// A 2-D affine transform `[a c e; b d f; 0 0 1]`, as SVG's `matrix(a b c d e f)`.
public struct Transform: Hashable, Sendable, CustomStringConvertible {
  public var a, b, c, d, e, f: Double

  public init(a: Double, b: Double, c: Double, d: Double, e: Double, f: Double) {
    (self.a, self.b, self.c, self.d, self.e, self.f) = (a, b, c, d, e, f)
  }

  public static let identity = Transform(a: 1, b: 0, c: 0, d: 1, e: 0, f: 0)

  public static func translate(_ tx: Double, _ ty: Double) -> Transform {
    Transform(a: 1, b: 0, c: 0, d: 1, e: tx, f: ty)
  }

  public static func scale(_ sx: Double, _ sy: Double) -> Transform {
    Transform(a: sx, b: 0, c: 0, d: sy, e: 0, f: 0)
  }

  /// Rotation by `degrees`, clockwise on screen (SVG's y axis points down).
  public static func rotate(_ degrees: Double) -> Transform {
    let r = degrees * .pi / 180
    let (s, c) = (sin(r), cos(r))
    return Transform(a: c, b: s, c: -s, d: c, e: 0, f: 0)
  }

  public static func skewX(_ degrees: Double) -> Transform {
    Transform(a: 1, b: 0, c: tan(degrees * .pi / 180), d: 1, e: 0, f: 0)
  }

  public static func skewY(_ degrees: Double) -> Transform {
    Transform(a: 1, b: tan(degrees * .pi / 180), c: 0, d: 1, e: 0, f: 0)
  }

  /// `lhs * rhs` maps a point through `rhs` first, then `lhs`;
  /// SVG's `transform="A B"` is `A * B`.
  public static func * (lhs: Transform, rhs: Transform) -> Transform {
    Transform(
      a: lhs.a * rhs.a + lhs.c * rhs.b,
      b: lhs.b * rhs.a + lhs.d * rhs.b,
      c: lhs.a * rhs.c + lhs.c * rhs.d,
      d: lhs.b * rhs.c + lhs.d * rhs.d,
      e: lhs.a * rhs.e + lhs.c * rhs.f + lhs.e,
      f: lhs.b * rhs.e + lhs.d * rhs.f + lhs.f)
  }

  public func apply(_ p: Point) -> Point {
    Point(a * p.x + c * p.y + e, b * p.x + d * p.y + f)
  }

  /// Applies only the linear part (no translation), for vectors.
  public func applyToVector(_ p: Point) -> Point {
    Point(a * p.x + c * p.y, b * p.x + d * p.y)
  }

  public var determinant: Double { a * d - b * c }
  public var isInvertible: Bool { determinant.isFinite && abs(determinant) > 1e-12 }
  public var isIdentity: Bool { self == .identity }

  public var inverted: Transform? {
    let det = determinant
    guard det.isFinite, abs(det) > 1e-12 else { return nil }
    return Transform(
      a: d / det, b: -b / det, c: -c / det, d: a / det,
      e: (c * f - d * e) / det, f: (b * e - a * f) / det)
  }

  /// The mean scale factor: how much a length grows, on average, under this transform.
  public var meanScale: Double { abs(determinant).squareRoot() }

  public var description: String { "matrix(\(a) \(b) \(c) \(d) \(e) \(f))" }
}
