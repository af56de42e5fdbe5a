import Glibc
import SVGGeometry
import SVGRender
import SVGTree

/// A query that cannot be answered, with the reason.
public struct QueryError: Error, Sendable, Hashable, CustomStringConvertible {
  public var message: String
  public init(_ message: String) { self.message = message }
  public var description: String { message }
}

extension Scene {
  /// The geometry of a shape element in its user space: as rendered (basic shapes turned
  /// into paths, percentages resolved), or parsed from `d` for a `path` that is not rendered
  /// (in `defs`, say). Nil for elements that are not shapes.
  public func path(of element: NodeID) -> Path? {
    if let i = shapeLeaf(of: element), case .path(let node) = storage.leaves[i].content {
      return node.path
    }
    if document.isSVGElement(element, named: "path"), let d = document[element].attribute("d") {
      return PathData.parse(d).path
    }
    return nil
  }

  /// The total length of a shape's path in its user space (`getTotalLength()`).
  public func length(of element: NodeID) throws(QueryError) -> Double {
    guard let path = path(of: element) else { throw notAShape(element) }
    return path.length
  }

  /// The point at `distance` along a shape's path and the direction of travel there, in
  /// degrees clockwise from the x axis (`getPointAtLength()`, plus the tangent), in the
  /// shape's user space or in document coordinates.
  public func point(atLength distance: Double, of element: NodeID, in space: BoxSpace = .user)
    throws(QueryError) -> (point: Point, angle: Double)
  {
    guard let path = path(of: element) else { throw notAShape(element) }
    guard let (p, angle) = path.point(atLength: distance) else {
      throw QueryError("\(document.ref(element).name) has no segment to measure along")
    }
    guard space == .document, let i = shapeLeaf(of: element) else { return (p, angle) }
    let map = storage.canvasToDocument * storage.leaves[i].toCanvas
    let rad = angle * .pi / 180
    let v = map.applyToVector(Point(cos(rad), sin(rad)))
    return (map.apply(p), atan2(v.y, v.x) * 180 / .pi)
  }

  /// The leaf drawing `element` itself, outside marker content; one outside any `use`
  /// when there is one.
  private func shapeLeaf(of element: NodeID) -> Int? {
    var clone: Int?
    for i in storage.instanceLeaves(of: element) where storage.leaves[i].source == element {
      guard !storage.leaves[i].inMarker else { continue }
      if storage.uses(of: i).isEmpty { return i }
      clone = clone ?? i
    }
    return clone
  }

  private func notAShape(_ element: NodeID) -> QueryError {
    let r = document.ref(element)
    return QueryError("\(r.name) (<\(r.tag)>) is not a rendered shape")
  }
}
