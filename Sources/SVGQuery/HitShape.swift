import SVGGeometry
import SVGRender
import SVGTree

/// What a hit test reads of one leaf, worked out once when the scene is made: which test
/// applies, the transform back to the leaf's user space, and the hit areas. Holds no
/// reference, so reading it for a candidate copies a few words and retains nothing (a
/// ``Leaf`` holds its whole render node: paints, dashes, gradients).
struct HitShape: Sendable {
  enum Test: UInt8, Sendable {
    /// Nothing of the leaf can be hit (or its transform is singular).
    case none
    /// An image: its viewport (and clip) box.
    case image
    /// A glyph run of a `<text>`: each glyph's box.
    case text
    /// `pointer-events: bounding-box`: the path's box.
    case boundingBox
    /// The fill area and/or the stroke, as painted.
    case shape
  }

  var test: Test
  var fill: Bool
  /// The index of the stroke that answers in ``HitShapes/strokes``; -1 for none.
  var stroke: Int32
  var rule: FillRule
  /// Whether the leaf paints a fill (``Hit/paintsFill``).
  var paintsFill = false
  /// Whether a group on the way from the root to the leaf has a clip path (most leaves
  /// have none, and then their group chain is not walked).
  var clipped = false
  /// Whether a group on the way from the root to the leaf was made for a `use` (most
  /// leaves are not inside one, and then a hit's result does not walk the chain for them).
  var inUse = false
  /// The element a hit on the leaf names as its shape (the leaf's source, else its group's,
  /// else the root's), read with the shape rather than from the leaf and its group.
  var source = Int32(0)
  /// How many elements the leaf's path has (see ``HitRecord/elements(_:)``).
  var elementCount: Int32 = 0
  /// The index of the path's ``WindingBands`` in ``HitShapes/bands``; -1 for none.
  var bands: Int32 = -1
  /// Maps canvas pixels back to the leaf's user space.
  var fromCanvas: Transform

  static let none = HitShape(
    test: .none, fill: false, stroke: -1, rule: .nonZero, fromCanvas: .identity)

  init(test: Test, fill: Bool, stroke: Int32, rule: FillRule, fromCanvas: Transform) {
    self.test = test
    self.fill = fill
    self.stroke = stroke
    self.rule = rule
    self.fromCanvas = fromCanvas
  }
}

/// The hit records of a scene's leaves (see ``HitRecord``), one after another in memory of
/// their own, and the paths and strokes cairo's probe takes. A class, so that a hit test
/// takes it with one retain. Unchecked: the memory it owns is written only while it is made.
final class HitShapes: @unchecked Sendable {
  /// Where each leaf's record starts in ``records``, in 8-byte words (as the spatial
  /// index's entries carry it).
  let offsets: [UInt32]
  let records: UnsafeMutableRawBufferPointer
  /// Each leaf's path (empty for images).
  let paths: [Path]
  /// The strokes for cairo's probe (see ``HitShape/stroke``).
  let strokes: [Stroke]
  /// The winding bands of long filled paths (see ``HitShape/bands``).
  let bands: [WindingBands.Lazy]

  deinit { records.deallocate() }

  /// The record of leaf `i`.
  @inline(__always)
  subscript(i: Int) -> HitRecord { record(at: offsets[i]) }

  /// The record that starts `offset` words into ``records``.
  @inline(__always)
  func record(at offset: UInt32) -> HitRecord {
    HitRecord(base: UnsafeRawPointer(records.baseAddress!) + 8 &* Int(offset))
  }

  /// The records of `leaves`; with `previous`, the hit shapes of the scene before an edit,
  /// the winding bands of the leaves it kept (``Leaf/kept``) are kept too.
  init(_ leaves: [Leaf], groups: [GroupRecord], root: NodeID?, previous: HitShapes? = nil) {
    // Groups come before their children, so a group's parent is already decided.
    var clippedGroup = [Bool](repeating: false, count: groups.count)
    var useGroup = [Bool](repeating: false, count: groups.count)
    for (g, group) in groups.enumerated() {
      clippedGroup[g] = group.clipPath != nil || (group.parent >= 0 && clippedGroup[group.parent])
      var isUse = false
      if case .use = group.kind { isUse = true }
      useGroup[g] = isUse || (group.parent >= 0 && useGroup[group.parent])
    }
    var layout = HitRecord.Layout()
    var paths: [Path] = []
    var strokes: [Stroke] = []
    var bands: [WindingBands.Lazy] = []
    paths.reserveCapacity(leaves.count)
    for (k, leaf) in leaves.enumerated() {
      let group = groups.isEmpty ? nil : groups[max(0, leaf.group)].source
      var shape = HitShape.none
      defer {
        shape.source = Int32((leaf.source ?? group ?? root ?? Document.top).index)
        if leaf.group >= 0 {
          shape.clipped = clippedGroup[leaf.group]
          shape.inUse = useGroup[leaf.group]
        }
        layout.add(shape)
      }
      guard case .path(let node) = leaf.content else {
        paths.append(Path([]))
        if let inverse = leaf.toCanvas.inverted {
          shape = HitShape(
            test: .image, fill: false, stroke: -1, rule: .nonZero, fromCanvas: inverse)
        }
        continue
      }
      paths.append(node.path)
      let area = node.resolvedHitArea
      let (fill, stroke) = area.areas
      guard fill || stroke, let inverse = leaf.toCanvas.inverted else { continue }
      var strokeIndex: Int32 = -1
      if stroke, let s = area.stroke {
        strokeIndex = Int32(strokes.count)
        strokes.append(s)
        let factors = StrokeVertices.factors(node.path, s, leaf.toCanvas)
        layout.stroke(
          StrokeShape(s, toCanvas: leaf.toCanvas, path: node.path, factors: factors), factors)
      }
      let test: HitShape.Test =
        leaf.isText ? .text : area.pointerEvents == .boundingBox ? .boundingBox : .shape
      shape = HitShape(
        test: test, fill: fill, stroke: strokeIndex, rule: area.fillRule, fromCanvas: inverse)
      shape.paintsFill = node.fill != nil
      shape.elementCount = Int32(node.path.elements.count)
      if fill, test == .shape, node.path.elements.count >= WindingBands.minimumCount {
        shape.bands = Int32(bands.count)
        var kept: WindingBands.Lazy?
        if leaf.kept, let previous, case let old = previous[k].shape.bands, old >= 0 {
          kept = previous.bands[Int(old)]
        }
        bands.append(kept ?? WindingBands.Lazy())
      }
      layout.elements(node.path.elements)
    }
    (offsets, records) = layout.write()
    self.paths = paths
    self.strokes = strokes
    self.bands = bands
  }
}

extension StrokeShape {
  /// A canvas box beyond which nothing of the stroke is hit at tolerance 0: the path's box
  /// grown by ``clearance``, past which ``StrokeBand`` answers outside; nil where the
  /// clearance is not known. Tighter than the box of the stroke's reach for miter joins
  /// (the miter limit times half the width), so that fewer candidates of a point are
  /// tested. Not for a tolerance: a widened stroke's miters grow by the tolerance times
  /// their ratio. Grown by a millionth of its size, for rounding.
  var canvasReach: Rect? {
    guard clearance.isFinite else { return nil }
    let size =
      1 + clearance + max(abs(box.low.x), abs(box.high.x)) + max(abs(box.low.y), abs(box.high.y))
    let grown = clearance + 1e-6 * size
    let user = Rect(
      x: box.low.x - grown, y: box.low.y - grown, width: box.high.x - box.low.x + 2 * grown,
      height: box.high.y - box.low.y + 2 * grown)
    let canvas = user.applying(toCanvas)
    guard canvas.x.isFinite, canvas.y.isFinite, canvas.width.isFinite, canvas.height.isFinite
    else { return nil }
    return canvas.insetBy(
      -1e-6 * (1 + abs(canvas.x) + abs(canvas.y) + canvas.width + canvas.height))
  }
}
