import SVGGeometry
import SVGQuery
import SVGRender
import SVGTree
import Synchronization

/// What a session keeps of one state of its document, shared by the copies of that state:
/// the render tree, the scene built on it, and the last PNG rendered of it. A state made by
/// a command also holds the nearest earlier state that was rendered (its ``base``) until it
/// is rendered itself, and the previous state's scene until it has its own: a re-render
/// after a recolour redraws only the rows it changed and deflates again only their PNG
/// bands, and its scene keeps the boxes and the spatial index of the shapes that did not
/// move. Path data is parsed once per session, and the cascade of a state built after
/// commands that only changed attributes is the last built state's, restyled where they
/// reach (``BuiltState``).
final class SceneCache: Sendable {
  let tree = Mutex<RenderTree?>(nil)
  /// The cascade ``tree`` was built with, set with it.
  let cascade = Mutex<KeptCascade?>(nil)
  let scene = Mutex<Scene?>(nil)
  let raster = Mutex<LastRaster?>(nil)
  /// The nearest earlier state with a raster; dropped once this state has one.
  let base: Mutex<SceneCache?>
  /// The previous state's scene; dropped once this state has one.
  let previousScene: Mutex<Scene?>
  /// Whether the commands since ``previousScene``'s state kept every element's id, name
  /// and place, which its table of index paths holds (see ``edited(_:in:from:)``).
  let sameElements = Mutex(false)
  /// Whether the commands up to the previous state kept them.
  private let sameElementsBefore: Bool
  /// The nearest earlier state with a tree, with the nodes changed since; dropped once this
  /// state has a tree, and nil when how the document changed since is not known.
  let built: Mutex<BuiltState?>
  let pathData: PathDataCache

  /// The cache of a state that follows the state `previous` kept, whose document was
  /// `document`. Until ``edited(_:in:from:)`` says which nodes changed, the change is unknown.
  init(after previous: SceneCache? = nil, document: Document? = nil) {
    var rendered: SceneCache?
    var scene: Scene?
    var built: BuiltState?
    if let previous {
      rendered = previous.raster.withLock { $0 != nil } ? previous : previous.base.withLock { $0 }
      if let own = previous.scene.withLock({ $0 }) {
        scene = own
        sameElementsBefore = true
      } else {
        scene = previous.previousScene.withLock { $0 }
        sameElementsBefore = previous.sameElements.withLock { $0 }
      }
      if let document, let cascade = previous.cascade.withLock({ $0 }),
        let tree = previous.tree.withLock({ $0 })
      {
        built = BuiltState(
          document: document, tree: tree, cascade: cascade, changed: [], known: false)
      } else if var earlier = previous.built.withLock({ $0 }), earlier.known {
        earlier.known = false
        built = earlier
      }
    } else {
      sameElementsBefore = false
    }
    base = Mutex(rendered)
    previousScene = Mutex(scene)
    self.built = Mutex(built)
    pathData = previous?.pathData ?? PathDataCache()
  }

  /// Records that the command which made this state of `document` from `old` changed only
  /// the attributes and links of `nodes` (nil: anything may have changed).
  func edited(_ nodes: [NodeID]?, in document: Document, from old: Document) {
    sameElements.withLock {
      $0 =
        sameElementsBefore
        && nodes?.allSatisfy { id in
          let (a, b) = (old[id], document[id])
          return a.kind == b.kind && a.name == b.name && a.id == b.id && a.children == b.children
        } ?? false
    }
    built.withLock { state in
      guard let nodes, state != nil else {
        state = nil
        return
      }
      state!.changed.formUnion(nodes)
      state!.known = true
    }
  }
}

/// An earlier state of a session's document that has a render tree: its document, tree and
/// the cascade of that tree, and the nodes whose attributes the commands since have changed.
struct BuiltState: Sendable {
  var document: Document
  var tree: RenderTree
  var cascade: KeptCascade
  var changed: Set<NodeID>
  /// Whether ``changed`` is all that changed (every command since said what it changed).
  var known: Bool

  /// The cascade of `document`, this state's restyled, with the elements whose computed
  /// style changed; nil when only a whole cascade is exact.
  func cascade(for document: Document) -> (cascade: KeptCascade, restyled: Set<NodeID>)? {
    guard known else { return nil }
    var out = cascade
    guard let restyled = document.restyle(&out, from: self.document, changed: changed) else {
      return nil
    }
    return (out, restyled)
  }

  /// The render tree of `document`, this state's with new fills, when the commands since
  /// changed only fills (`fill`, `fill-opacity` and `style` attributes) and that is exact
  /// (see `RenderTree.repainting`); `restyle` is ``cascade(for:)``'s result.
  func repaintedTree(
    of document: Document, restyle: (cascade: KeptCascade, restyled: Set<NodeID>),
    options: RenderOptions
  ) -> RenderTree? {
    let fillAttributes: Set<String> = ["fill", "fill-opacity", "style"]
    for id in changed {
      let (a, b) = (self.document[id].attributes, document[id].attributes)
      func onlyFills(_ x: [Attribute], _ y: [Attribute]) -> Bool {
        x.allSatisfy { e in
          (e.namespaceURI == nil && fillAttributes.contains(e.name)) || y.contains(e)
        }
      }
      guard onlyFills(a, b), onlyFills(b, a) else { return nil }
    }
    return tree.repainting(
      restyle.restyled, previous: cascade, cascade: restyle.cascade, document: document,
      options: options)
  }
}

/// A PNG rendered of a session state, with the tree it was drawn from and its pixels.
struct LastRaster: Sendable {
  /// The device pixels the drawing was scaled to, and the background.
  var drawing: Size
  var background: Color?
  var bitmap: Bitmap
  var png: EncodedPNG
  /// The coverage of the shapes its redraws fill, for the rasters that follow it.
  var coverage: CoverageCache
}

extension EditableDocument {
  /// Renders ``current`` as `request` asks: the pixels of `request.render(renderTree())`.
  /// A PNG of the fast encoding is written in a session's bands (`Bitmap.sessionPNG`): the
  /// same bytes as that render for an image of one band, and for a larger one the same
  /// pixels, filters and level in smaller deflate bands, whatever the commands before.
  /// Other formats and `smallPNG` render in full, the same bytes.
  ///
  /// A PNG is kept with its pixels. The next PNG of the same size and background starts
  /// from it: a render tree that draws the same as the one drawn (see
  /// `RenderTree.change(since:)`) gives the same PNG at once; one that differs in a region
  /// has only the rows that region needs drawn again onto the kept pixels (see
  /// `RenderTree.rasterize(changedIn:onto:covering:)`: the pixels stay a full render's),
  /// blending the coverage of the shapes it drew before where it can (`CoverageCache`), and
  /// only the PNG bands whose rows changed are deflated again.
  public func render(_ request: RenderRequest, limits: Limits = .default) throws(RenderError)
    -> [UInt8]
  {
    let tree = try renderTree(cancellation: request.cancellation)
    guard request.format == .png, !request.smallPNG else {
      return try request.render(tree, limits: limits)
    }
    let size = request.outputSize(of: tree)
    let drawing = Size(width: size.width * request.scale, height: size.height * request.scale)
    guard drawing.width.isFinite, drawing.height.isFinite, drawing.width > 0, drawing.height > 0
    else { return try request.render(tree, limits: limits) }
    let cache = self.cache
    if let last = cache.raster.withLock({ $0 }), last.drawing == drawing,
      last.background == request.background
    {
      return last.png.bytes
    }
    let next = try Self.raster(
      of: tree, drawing: drawing, request: request, limits: limits,
      after: cache.base.withLock { $0 })
    try request.cancellation?.check()
    cache.raster.withLock { $0 = next }
    cache.base.withLock { $0 = nil }
    return next.png.bytes
  }

  /// The raster of `tree`, drawn from the raster of `base` where that is the same size.
  private static func raster(
    of tree: RenderTree, drawing: Size, request: RenderRequest, limits: Limits,
    after base: SceneCache?
  ) throws(RenderError) -> LastRaster {
    let background = request.background
    // The earlier state gives its raster up, so that a redraw changes it in place rather
    // than a copy (that state renders from scratch if it is asked to again).
    if let base, let old = base.tree.withLock({ $0 }),
      let last = base.raster.withLock({ kept -> LastRaster? in
        guard let raster = kept, raster.drawing == drawing, raster.background == background
        else { return nil }
        kept = nil
        return raster
      })
    {
      switch tree.change(since: old) {
      case .none:
        return last
      case .region(let box):
        // Only the pixels the change can reach are drawn again (as many as make the result
        // exactly a full render), and only the PNG bands whose rows changed deflate.
        var bitmap = last.bitmap
        let png = last.png
        let coverage = last.coverage
        _ = consume last
        let rows = try tree.redraw(
          changedIn: box, in: &bitmap, covering: drawing, background: background,
          limits: limits, cancellation: request.cancellation, coverage: coverage)
        let next = try bitmap.sessionPNG(reusing: png, changedRows: rows.changed)
        return LastRaster(
          drawing: drawing, background: background, bitmap: bitmap, png: next,
          coverage: coverage)
      case .everything:
        let bitmap = try tree.rasterize(
          covering: drawing, background: background, limits: limits,
          cancellation: request.cancellation)
        let png = try bitmap.sessionPNG(
          reusing: last.png, changedRows: bitmap.rows(differingFrom: last.bitmap))
        return LastRaster(
          drawing: drawing, background: background, bitmap: bitmap, png: png,
          coverage: last.coverage)
      }
    }
    let bitmap = try tree.rasterize(
      covering: drawing, background: background, limits: limits,
      cancellation: request.cancellation)
    return LastRaster(
      drawing: drawing, background: background, bitmap: bitmap, png: try bitmap.sessionPNG(),
      coverage: CoverageCache(width: bitmap.width, height: bitmap.height))
  }
}
