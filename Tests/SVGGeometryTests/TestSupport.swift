import SVGGeometry

func close(_ a: Double, _ b: Double, _ eps: Double = 1e-9) -> Bool { abs(a - b) <= eps }

func close(_ a: Point, _ b: Point, _ eps: Double = 1e-9) -> Bool {
  abs(a.x - b.x) <= eps && abs(a.y - b.y) <= eps
}

func close(_ a: Rect?, _ b: Rect, _ eps: Double = 1e-9) -> Bool {
  guard let a else { return false }
  return close(a.minX, b.minX, eps) && close(a.minY, b.minY, eps)
    && close(a.maxX, b.maxX, eps) && close(a.maxY, b.maxY, eps)
}

/// The end point of an element (nil for close).
func endPoint(_ el: PathElement) -> Point? {
  switch el {
  case .move(let p), .line(let p), .quad(_, let p), .cubic(_, _, let p): p
  case .close: nil
  }
}

/// Angular difference in degrees, folded into [0, 180].
func angleDistance(_ a: Double, _ b: Double) -> Double {
  let d = abs((a - b).truncatingRemainder(dividingBy: 360))
  return min(d, 360 - d)
}
