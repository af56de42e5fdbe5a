import SVGGeometry
import SVGTree

/// How big the output is, from a drawing's intrinsic size: rsvg-convert's rules for `-w`,
/// `-h`, `-z`, `-x`, `-y` and `-a`, which the command-line tools share.
///
/// - No size and no zoom: the intrinsic size times the zoom (1 by default).
/// - A width or a height alone: that side, the other following the aspect ratio.
/// - Width and height: exactly that (stretched), or the largest size of the drawing's
///   aspect ratio that fits inside when ``keepAspectRatio`` is set.
/// - A zoom with a width or height: the zoomed size, no larger than the width and height
///   given (each side clamped, or both scaled down together with ``keepAspectRatio``).
public struct OutputSizing: Sendable, Hashable {
  public var width: Double?
  public var height: Double?
  /// Horizontal and vertical zoom; nil when not given (then 1, and sizes are exact).
  public var zoomX: Double?
  public var zoomY: Double?
  public var keepAspectRatio = false

  public init(
    width: Double? = nil, height: Double? = nil, zoomX: Double? = nil, zoomY: Double? = nil,
    keepAspectRatio: Bool = false
  ) {
    self.width = width
    self.height = height
    self.zoomX = zoomX
    self.zoomY = zoomY
    self.keepAspectRatio = keepAspectRatio
  }

  /// The output size, in CSS px, of a drawing whose intrinsic size is `intrinsic`.
  public func size(for intrinsic: Size) -> Size {
    let (w0, h0) = (intrinsic.width, intrinsic.height)
    if zoomX != nil || zoomY != nil {
      let zoomed = Size(width: w0 * (zoomX ?? 1), height: h0 * (zoomY ?? 1))
      guard width != nil || height != nil else { return zoomed }
      let maxW = width ?? .infinity
      let maxH = height ?? .infinity
      if keepAspectRatio {
        let f = min(1, maxW / zoomed.width, maxH / zoomed.height)
        return Size(width: zoomed.width * f, height: zoomed.height * f)
      }
      return Size(width: min(zoomed.width, maxW), height: min(zoomed.height, maxH))
    }
    switch (width, height) {
    case let (w?, h?):
      guard keepAspectRatio, w0 > 0, h0 > 0 else { return Size(width: w, height: h) }
      let f = min(w / w0, h / h0)
      return Size(width: w0 * f, height: h0 * f)
    case let (w?, nil): return Size(width: w, height: w0 > 0 ? h0 * w / w0 : w)
    case let (nil, h?): return Size(width: h0 > 0 ? w0 * h / h0 : h, height: h)
    case (nil, nil): return intrinsic
    }
  }
}

/// Where the drawing goes on the output's page: rsvg-convert's `--page-width`,
/// `--page-height`, `--left` and `--top`. A side not given is the drawing's own.
public struct PageLayout: Sendable, Hashable {
  public var width: Double?
  public var height: Double?
  public var left: Double = 0
  public var top: Double = 0

  public init(width: Double? = nil, height: Double? = nil, left: Double = 0, top: Double = 0) {
    self.width = width
    self.height = height
    self.left = left
    self.top = top
  }

  /// Whether the layout changes anything (a page size or an offset was given).
  public var isSet: Bool { width != nil || height != nil || left != 0 || top != 0 }
}

extension RenderTree {
  /// The drawing scaled to `size` (CSS px) and placed at the layout's offset on its page; the
  /// result's intrinsic size is the page's. What falls outside the page is cut off.
  public func placed(at size: Size, on page: PageLayout) -> RenderTree {
    guard self.size.width > 0, self.size.height > 0 else { return self }
    var group = Group(source: root.source)
    group.transform =
      .translate(page.left, page.top)
      * .scale(size.width / self.size.width, size.height / self.size.height)
    group.absoluteTransform = group.transform
    group.children = [.group(root)]
    return RenderTree(
      size: Size(width: page.width ?? size.width, height: page.height ?? size.height),
      root: group, diagnostics: diagnostics)
  }
}

extension RenderTree {
  /// The drawing sized by `sizing` (from its intrinsic size) and, when `page` is set, placed
  /// on its page. Returns the tree to draw and the output size in CSS px, to draw it at
  /// exactly.
  public func laidOut(sizing: OutputSizing, page: PageLayout = PageLayout())
    -> (tree: RenderTree, size: Size)
  {
    let size = sizing.size(for: self.size)
    guard page.isSet else { return (self, size) }
    let placed = placed(at: size, on: page)
    return (placed, placed.size)
  }
}
