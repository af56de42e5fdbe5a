/// A point or vector in a 2-D user space.
public struct Point: Hashable, Sendable, CustomStringConvertible {
  public var x: Double
  public var y: Double

  public init(_ x: Double, _ y: Double) {
    self.x = x
    self.y = y
  }

  public static let zero = Point(0, 0)

  public static func + (a: Point, b: Point) -> Point { Point(a.x + b.x, a.y + b.y) }
  public static func - (a: Point, b: Point) -> Point { Point(a.x - b.x, a.y - b.y) }
  public static func * (a: Point, k: Double) -> Point { Point(a.x * k, a.y * k) }
  public static prefix func - (a: Point) -> Point { Point(-a.x, -a.y) }

  /// Euclidean length of the point taken as a vector. Inlinable: hit tests take many
  /// lengths each, and a call costs as much as the arithmetic.
  @inlinable public var length: Double { (x * x + y * y).squareRoot() }

  public func distance(to other: Point) -> Double { (other - self).length }

  /// Linear interpolation: `self` at t = 0, `other` at t = 1.
  public func lerp(_ other: Point, _ t: Double) -> Point {
    Point(x + (other.x - x) * t, y + (other.y - y) * t)
  }

  public func dot(_ other: Point) -> Double { x * other.x + y * other.y }
  public func cross(_ other: Point) -> Double { x * other.y - y * other.x }

  public var description: String { "(\(x), \(y))" }
}
