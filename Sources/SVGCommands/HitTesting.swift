import SVGGeometry
import SVGQuery
import SVGRender
import SVGTree

/// One element under a point, as a hit test reports it.
public struct PointHit: Sendable, Hashable {
  /// The element to recolour: the shape itself, or the outermost `use` element for content
  /// cloned by `use` (as a browser's `elementFromPoint` answers).
  public var element: NodeID
  /// The element whose geometry was hit: ``element``, or the shape inside the content a
  /// `use` clones.
  public var shape: NodeID

  public init(element: NodeID, shape: NodeID? = nil) {
    self.element = element
    self.shape = shape ?? element
  }
}

/// Finds what is under a point of a document, for `fillAt`. The command module asks only
/// this of hit testing, so any implementation (SVGQuery's scene, a test double) serves.
public protocol HitTesting: Sendable {
  /// Every element under `point` (in the root element's user space), top-most first,
  /// as their `pointer-events` allow.
  func hits(at point: Point, in document: Document) throws -> [PointHit]
}

/// A hit test given as a closure.
public struct HitTestFunction: HitTesting {
  let body: @Sendable (Point, Document) throws -> [PointHit]

  public init(_ body: @escaping @Sendable (Point, Document) throws -> [PointHit]) {
    self.body = body
  }

  public func hits(at point: Point, in document: Document) throws -> [PointHit] {
    try body(point, document)
  }
}

/// Hit testing by SVGQuery: the document's render tree, `pointer-events` as browsers apply
/// them, clones reported as their `use` element.
public struct SceneHitTester: HitTesting {
  public var options: RenderOptions
  /// How far from a shape a point may be and still hit it, in CSS pixels of the drawing.
  public var tolerance: Double

  public init(options: RenderOptions = RenderOptions(), tolerance: Double = 0) {
    self.options = options
    self.tolerance = tolerance
  }

  public func hits(at point: Point, in document: Document) throws -> [PointHit] {
    try Scene(document: document, options: options).elements(at: point, tolerance: tolerance)
      .map { PointHit(element: $0.element.node, shape: $0.shape.node) }
  }
}

extension Edit {
  /// The element `fillAt` fills: the top-most hit whose shape paints a fill.
  func fillTarget(at point: Point, hitTester: any HitTesting) throws -> NodeID? {
    let hits = try hitTester.hits(at: point, in: document)
    guard !hits.isEmpty else { return nil }
    let styles = document.computeStyles()
    for hit in hits {
      let fill = styles[hit.shape.index].value("fill")?.trimmed.lowercased() ?? "black"
      if fill != "none" { return hit.element }
    }
    return nil
  }
}
