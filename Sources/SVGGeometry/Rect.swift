/// An axis-aligned rectangle; width and height are never negative for a valid rect.
public struct Rect: Hashable, Sendable, CustomStringConvertible {
  public var x: Double
  public var y: Double
  public var width: Double
  public var height: Double

  public init(x: Double, y: Double, width: Double, height: Double) {
    self.x = x
    self.y = y
    self.width = width
    self.height = height
  }

  /// The smallest rect holding both corners, in any order.
  public init(corner a: Point, _ b: Point) {
    self.init(
      x: min(a.x, b.x), y: min(a.y, b.y), width: abs(b.x - a.x), height: abs(b.y - a.y))
  }

  public var minX: Double { x }
  public var minY: Double { y }
  public var maxX: Double { x + width }
  public var maxY: Double { y + height }
  public var center: Point { Point(x + width / 2, y + height / 2) }
  public var isEmpty: Bool { !(width > 0 && height > 0) }
  /// Whether every edge is a finite number.
  public var isFinite: Bool {
    minX.isFinite && minY.isFinite && maxX.isFinite && maxY.isFinite
  }
  /// The smallest rect of whole units holding this one.
  public var roundedOut: Rect {
    let (x, y) = (minX.rounded(.down), minY.rounded(.down))
    return Rect(x: x, y: y, width: maxX.rounded(.up) - x, height: maxY.rounded(.up) - y)
  }

  public func contains(_ p: Point) -> Bool {
    p.x >= minX && p.x <= maxX && p.y >= minY && p.y <= maxY
  }

  public func union(_ other: Rect) -> Rect {
    let x0 = min(minX, other.minX)
    let y0 = min(minY, other.minY)
    return Rect(
      x: x0, y: y0, width: max(maxX, other.maxX) - x0, height: max(maxY, other.maxY) - y0)
  }

  /// The overlap of two rects, or nil when they do not overlap.
  public func intersection(_ other: Rect) -> Rect? {
    let x0 = max(minX, other.minX)
    let y0 = max(minY, other.minY)
    let x1 = min(maxX, other.maxX)
    let y1 = min(maxY, other.maxY)
    guard x1 >= x0, y1 >= y0 else { return nil }
    return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
  }

  public func insetBy(_ d: Double) -> Rect {
    Rect(x: x + d, y: y + d, width: width - 2 * d, height: height - 2 * d)
  }

  /// The bounding box of this rect after `t` (exact for rotations and skews).
  public func applying(_ t: Transform) -> Rect {
    let ps = [Point(minX, minY), Point(maxX, minY), Point(maxX, maxY), Point(minX, maxY)].map {
      t.apply($0)
    }
    var r = Rect(corner: ps[0], ps[1])
    for p in ps.dropFirst(2) { r = r.union(Rect(x: p.x, y: p.y, width: 0, height: 0)) }
    return r
  }

  public var description: String { "[\(x), \(y), \(width), \(height)]" }
}
