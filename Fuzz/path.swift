// libFuzzer target: text -> path data, then the geometry every renderer step reads from a
// path (bounds, length, point at length, flattening, vertices, point-in-fill).
// Built by scripts/fuzz; not part of the package.
import SVGGeometry
import SVGTree

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
  let (path, _) = PathData.parse(text)
  guard path.elements.count < 2_000 else { return 0 }
  _ = path.bounds
  _ = path.bounds(transformedBy: Transform(a: 2, b: 0.5, c: -0.5, d: 1, e: 3, f: 4))
  let length = path.length
  _ = path.point(atLength: length / 2)
  _ = path.vertices
  _ = path.flattened(tolerance: 0.5)
  _ = path.contains(Point(1, 1), rule: .evenOdd)
  _ = path.windingNumber(at: Point(0, 0))
  return 0
}
