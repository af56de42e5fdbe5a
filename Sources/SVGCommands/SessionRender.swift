import SVGGeometry
import SVGQuery
import SVGRender
import SVGTree
import Synchronization

/// What a session keeps of one state of its document, shared by the copies of that state:
/// the render tree, the scene built on it, and the last PNG rendered of it. A state made by
/// a command also holds the nearest earlier state that was rendered (its ``base``) until it
/// is rendered itself, and the previous state's scene until it has its own: a re-render
/// after a recolour draws again only what changed, and its scene keeps the boxes and the
/// spatial index of the shapes that did not move. Path data is parsed once per session.
final class SceneCache: Sendable {
  let tree = Mutex<RenderTree?>(nil)
  let scene = Mutex<Scene?>(nil)
  let raster = Mutex<LastRaster?>(nil)
  /// The nearest earlier state with a raster; dropped once this state has one.
  let base: Mutex<SceneCache?>
  /// The previous state's scene; dropped once this state has one.
  let previousScene: Mutex<Scene?>
  let pathData: PathDataCache

  /// The cache of a state that follows the state `previous` kept.
  init(after previous: SceneCache? = nil) {
    var rendered: SceneCache?
    var scene: Scene?
    if let previous {
      rendered = previous.raster.withLock { $0 != nil } ? previous : previous.base.withLock { $0 }
      scene = previous.scene.withLock { $0 } ?? previous.previousScene.withLock { $0 }
    }
    base = Mutex(rendered)
    previousScene = Mutex(scene)
    pathData = previous?.pathData ?? PathDataCache()
  }
}

/// A PNG rendered of a session state, with the tree it was drawn from and its pixels.
struct LastRaster: Sendable {
  /// The device pixels the drawing was scaled to, and the background.
  var drawing: Size
  var background: Color?
  var bitmap: Bitmap
  var png: EncodedPNG
}

extension EditableDocument {
  /// Renders ``current`` as `request` asks: the same bytes as `request.render(renderTree())`.
  ///
  /// A PNG of the fast encoding is kept with its pixels. The next PNG of the same size and
  /// background, after commands that leave the structure as it was (recolours, moves,
  /// reorders), starts from it: the new render tree is compared with the one drawn (see
  /// `RenderTree.change(since:)`), only the region where they differ is cleared and drawn
  /// again (the whole drawing clipped to it), and only the PNG bands holding its rows are
  /// deflated again. Anything else (other formats, `smallPNG`, a filter in the drawing, a
  /// first render) renders in full.
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
    if let base, let last = base.raster.withLock({ $0 }), last.drawing == drawing,
      last.background == background, let old = base.tree.withLock({ $0 })
    {
      switch tree.change(since: old) {
      case .none:
        return last
      case .region(let box):
        // Canvas to device pixels as the renderer scales, and a pixel of margin for
        // anti-aliasing.
        let sx = drawing.width / tree.size.width
        let sy = drawing.height / tree.size.height
        let device = Rect(
          x: box.minX * sx - 1, y: box.minY * sy - 1, width: box.width * sx + 2,
          height: box.height * sy + 2)
        guard device.minY.isFinite, device.maxY.isFinite else { break }
        let bitmap = try tree.rasterize(
          region: device, onto: last.bitmap, covering: drawing, background: background,
          limits: limits, cancellation: request.cancellation)
        let height = Double(bitmap.height)
        let top = min(height, max(0, device.minY.rounded(.down)))
        let rows = Int(top)..<Int(max(top, min(height, device.maxY.rounded(.up))))
        let png = try bitmap.fastPNG(reusing: last.png, changedRows: rows)
        return LastRaster(drawing: drawing, background: background, bitmap: bitmap, png: png)
      case .everything:
        break
      }
    }
    let bitmap = try tree.rasterize(
      covering: drawing, background: background, limits: limits,
      cancellation: request.cancellation)
    return LastRaster(
      drawing: drawing, background: background, bitmap: bitmap, png: try bitmap.fastPNG())
  }
}
