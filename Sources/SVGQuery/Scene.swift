import SVGGeometry
import SVGRender
import SVGTree
import Synchronization

/// A drawing ready for queries: its source tree, the render tree built from it, and the
/// render tree flattened into the shapes a hit test visits.
///
/// **Coordinates.** *Document coordinates* are the user space of the root `<svg>` (inside its
/// `viewBox`). The *canvas* is the drawing in CSS pixels (the root's `width`×`height`), what
/// `svg-render` draws at zoom 1; a ``Viewport`` adds scroll, zoom and device scale.
///
/// A scene only reads: edits go through SVGCommands (`EditableDocument`), which keeps the
/// scene of its current document until an edit changes it. The spatial index behind hit
/// tests is built on the first hit test of a large drawing and shared by copies.
public struct Scene: Sendable {
  public let document: Document
  public let tree: RenderTree
  public let options: RenderOptions
  let storage: SceneStorage

  /// Builds the render tree of `document` and prepares it for queries.
  public init(document: Document, options: RenderOptions = RenderOptions()) throws(RenderError) {
    let tree = try RenderTree(document: document, options: options)
    self.init(document: document, tree: tree, options: options)
  }

  /// A scene for a render tree already built from `document`. With `previous`, a scene of
  /// an earlier state of the same drawing (before a recolour, say), the shapes whose
  /// geometry did not change keep their boxes, and the spatial index is kept when no box
  /// changed. With `sameElements`, the caller knows that `document` has the elements of
  /// `previous`'s document with the same ids, names and places (only other attributes
  /// changed): the table of their index paths is kept too, and when the trees differ only
  /// in what the shapes are painted with (`RenderTree.differsOnlyInPaint(from:)`), all
  /// that the queries derive from the tree is: it reads geometry and where paint is, not
  /// which paint (a tap of a colouring session then costs a walk of the tree, not a new
  /// scene).
  public init(
    document: Document, tree: RenderTree, options: RenderOptions = RenderOptions(),
    reusing previous: Scene? = nil, sameElements: Bool = false
  ) {
    self.document = document
    self.tree = tree
    self.options = options
    if let previous, sameElements, tree.differsOnlyInPaint(from: previous.tree) {
      storage = previous.storage
    } else {
      storage = SceneStorage(
        document: document, tree: tree, previous: previous?.storage, sameElements: sameElements)
    }
  }

  /// Maps document coordinates (the root's user space) to canvas CSS pixels.
  public var documentToCanvas: Transform { storage.documentToCanvas }

  /// The number of drawn shapes and images (clones and marker instances included).
  public var shapeCount: Int { storage.leaves.count }
}

/// A cairo stroke probe in a scene's pool. Unchecked: the pool hands each probe to one hit
/// test at a time, under its lock, and a hit test runs on one thread.
final class ProbeBox: @unchecked Sendable {
  let probe = StrokeProbe()
}

/// What the queries derive from the render tree, computed once per tree.
final class SceneStorage: Sendable {
  let groups: [GroupRecord]
  let leaves: [Leaf]
  /// `leaves[i].canvasBounds`, apart: the first test of every hit candidate reads it
  /// without copying the leaf.
  let leafBounds: [Rect?]
  /// The boxes beyond which a leaf is not hit at tolerance 0, within ``leafBounds``: a
  /// stroke's is cut to what its cheap test can reach (``StrokeShape/canvasReach``), tighter
  /// than its miter limit. The spatial index's entries hold them (its cells are those of
  /// ``leafBounds``, which queries with a tolerance read).
  let exactBounds: [Rect?]
  /// What hit tests read of each leaf (see ``HitShape``).
  let hitShapes: HitShapes
  let documentToCanvas: Transform
  let canvasToDocument: Transform
  /// The drawing's elements with their display names, for results.
  let document: Document
  /// The spatial index and the element table, set once when first needed (see
  /// ``spatialIndex``): every hit test reads them, with one atomic load each rather than a
  /// lock.
  let index = OnceReference<SpatialIndex>()
  let owners = Mutex<[NodeID: [Int]]?>(nil)
  let positions = OnceReference<ElementTable>()
  /// Cairo stroke probes that hit tests have finished with: making one (a surface and a
  /// context) costs more than most hit tests.
  private let probes = Mutex<[ProbeBox]>([])

  init(
    document: Document, tree: RenderTree, previous: SceneStorage? = nil,
    sameElements: Bool = false
  ) {
    var flattener = Flattener(document: document, previous: previous?.leaves ?? [])
    flattener.visit(.group(tree.root), parent: -1, toCanvas: .identity, inMarker: false)
    groups = flattener.groups
    leaves = flattener.leaves
    leafBounds = flattener.leaves.map(\.canvasBounds)
    let hitShapes = HitShapes(
      flattener.leaves, groups: flattener.groups, root: document.root,
      previous: previous?.hitShapes)
    exactBounds = leafBounds.enumerated().map { i, box in
      let record = hitShapes[i]
      let shape = record.shape
      guard let box, shape.test == .shape, shape.stroke >= 0,
        let reach = record.strokeShape.pointee.canvasReach
      else { return box }
      return box.intersection(reach) ?? box
    }
    self.hitShapes = hitShapes
    self.document = document
    documentToCanvas = Self.rootUserSpace(tree.root)
    canvasToDocument = documentToCanvas.inverted ?? .identity
    if let previous, previous.leafBounds == leafBounds, previous.exactBounds == exactBounds,
      let kept = previous.index.load()
    {
      _ = index.storeIfNil(kept)
    }
    if let previous, sameElements, let kept = previous.positions.load() {
      _ = positions.storeIfNil(kept)
    }
  }

  /// The transform of the root element's user space: the groups made for the root `<svg>`
  /// hold its viewBox transform.
  private static func rootUserSpace(_ root: Group) -> Transform {
    var group = root
    var t = root.transform
    while group.children.count == 1, case .group(let child) = group.children[0],
      child.source == root.source
    {
      t = t * child.transform
      group = child
    }
    return t
  }

  /// The spatial index, built on first use. Two threads whose first hit tests meet may
  /// both build it; one index is kept, and both use that one.
  var spatialIndex: SpatialIndex {
    if let built = index.load() { return built }
    return index.storeIfNil(
      SpatialIndex(bounds: leafBounds, exact: exactBounds, records: hitShapes.offsets))
  }

  /// A probe for one hit test's use; give it back with ``giveBack(_:)``.
  func takeProbe() -> ProbeBox {
    probes.withLock { $0.popLast() } ?? ProbeBox()
  }

  /// Keeps `probe` for later hit tests (a few: one per thread testing at once).
  func giveBack(_ probe: ProbeBox) {
    probes.withLock { if $0.count < 4 { $0.append(probe) } }
  }

  /// Every node's parent and position among its parent's element children, built on
  /// first use (as ``spatialIndex`` is).
  var elementTable: ElementTable {
    if let built = positions.load() { return built }
    return positions.storeIfNil(ElementTable(document))
  }

  /// For every element, the leaves it owns (see ``Leaf/owners``), built on first use.
  var leavesByOwner: [NodeID: [Int]] {
    owners.withLock { cached in
      if let cached { return cached }
      var map: [NodeID: [Int]] = [:]
      for i in leaves.indices {
        for owner in self.owners(of: i) { map[owner, default: []].append(i) }
      }
      cached = map
      return map
    }
  }
}
