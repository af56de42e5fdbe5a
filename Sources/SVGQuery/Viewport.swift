import SVGGeometry
import SVGRender

/// The rendered view of a drawing: scrolled, zoomed and drawn at a device scale.
///
/// *Viewport coordinates* are pixels of that view as drawn (device pixels), from its
/// top-left corner; the scroll offset is in the same pixels. A canvas point `c` (CSS pixels
/// of the drawing at zoom 1) is at `c × zoom × scale − scroll` in the view, so a view
/// scrolled by (0, 100) at zoom 2 shows canvas (5, 55) at viewport (10, 10). Tolerances given
/// with viewport points are in viewport pixels too.
public struct Viewport: Hashable, Sendable {
  public var scroll: Point
  public var zoom: Double
  /// Device pixels per CSS pixel (2 on a "retina" display).
  public var scale: Double
  /// The view's size in viewport pixels; nil for the whole drawing as rendered (its size ×
  /// zoom × scale). Points outside it hit nothing, as in a browser.
  public var size: Size?

  public init(scroll: Point = .zero, zoom: Double = 1, scale: Double = 1, size: Size? = nil) {
    self.scroll = scroll
    self.zoom = zoom
    self.scale = scale
    self.size = size
  }

  /// Viewport pixels per canvas pixel.
  public var factor: Double { zoom * scale }

  /// Maps canvas pixels to viewport pixels.
  public var canvasToViewport: Transform {
    Transform(a: factor, b: 0, c: 0, d: factor, e: -scroll.x, f: -scroll.y)
  }

  /// Whether a viewport point lies inside the view of a drawing of `drawing` size (CSS px).
  public func contains(_ p: Point, drawing: Size) -> Bool {
    let s = size ?? Size(width: drawing.width * factor, height: drawing.height * factor)
    return p.x >= 0 && p.y >= 0 && p.x < s.width && p.y < s.height
  }
}

extension Scene {
  /// The document point shown at viewport point `p`.
  public func documentPoint(fromViewport p: Point, _ viewport: Viewport) -> Point {
    let toViewport = viewport.canvasToViewport * documentToCanvas
    return (toViewport.inverted ?? .identity).apply(p)
  }

  /// Where document point `p` is shown in the viewport.
  public func viewportPoint(fromDocument p: Point, _ viewport: Viewport) -> Point {
    (viewport.canvasToViewport * documentToCanvas).apply(p)
  }
}
