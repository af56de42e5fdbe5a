import SVGGeometry
import SVGTree

/// The resolved drawing: what the backends paint and the queries read.
///
/// Built once from a source ``Document``: `use` expanded, styles computed, paint servers and
/// `objectBoundingBox` units resolved, markers instantiated, invalid content dropped with a
/// diagnostic. Nothing in it refers back to CSS or attribute text.
public struct RenderTree: Sendable {
  /// Intrinsic size of the drawing in CSS pixels (the root `width`/`height`, or the viewBox).
  public var size: Size
  /// The root group; its transform maps the root viewBox into the `size` rectangle, so
  /// document coordinates (the root's user space) become CSS pixels.
  public var root: Group
  /// What was dropped, replaced or unsupported while building.
  public var diagnostics: [Diagnostic]

  public init(size: Size, root: Group, diagnostics: [Diagnostic] = []) {
    self.size = size
    self.root = root
    self.diagnostics = diagnostics
  }
}

public struct Size: Hashable, Sendable {
  public var width: Double
  public var height: Double
  public init(width: Double, height: Double) {
    self.width = width
    self.height = height
  }
}

/// A node of the render tree.
///
/// Groups and images are boxed (`indirect`), so a node is the size of a ``PathNode``, not of
/// the largest case: the nodes of a drawing of many thousand shapes are copied while it is
/// built and drawn, and held in arrays of children.
public enum RenderNode: Sendable {
  indirect case group(Group)
  indirect case path(PathNode)
  indirect case image(ImageNode)

  /// The source element the node was made from (the `use` instance's target, for clones).
  public var source: NodeID? {
    switch self {
    case .group(let g): g.source
    case .path(let p): p.source
    case .image(let i): i.source
    }
  }
}

/// A container: transform, opacity, clip, mask, filters and blending apply to its children
/// as one layer.
public struct Group: Sendable {
  public var source: NodeID?
  /// Maps this group's user space into its parent's.
  public var transform: Transform = .identity
  /// Maps this group's user space to document coordinates (the root's user space).
  public var absoluteTransform: Transform = .identity
  public var opacity: Double = 1
  public var blendMode: BlendMode = .normal
  public var isolate = false
  public var clipPath: ClipPath?
  public var mask: Mask?
  /// Filters applied in order to the group's content, before clip, mask and opacity.
  public var filters: [Filter] = []
  public var children: [RenderNode] = []

  public init(source: NodeID? = nil) { self.source = source }

  /// Whether something inside blends with what is below it, outside an isolated layer of
  /// its own: drawn over a background, such a group must be isolated from it first.
  public var containsBlending: Bool {
    children.contains {
      guard case .group(let g) = $0 else { return false }
      return g.blendMode != .normal || (!g.needsLayer && g.containsBlending)
    }
  }

  /// Whether drawing needs an offscreen layer rather than drawing straight to the target.
  public var needsLayer: Bool { clipPath != nil || needsLayerBesideClip }

  /// Whether something but the clip path needs a layer: opacity, blending, isolation, a mask
  /// or filters.
  var needsLayerBesideClip: Bool {
    opacity < 1 || blendMode != .normal || isolate || mask != nil || !filters.isEmpty
  }
}

/// A filled and/or stroked path, in its parent group's user space.
public struct PathNode: Sendable {
  public var source: NodeID?
  public var path: Path
  public var fill: Fill?
  public var stroke: Stroke?
  public var paintOrder: PaintOrder = .fillThenStroke
  /// `shape-rendering: crispEdges` / `optimizeSpeed` turn anti-aliasing off.
  public var antialias = true
  /// Fill bounding box in the parent's user space (nil for an empty path), computed on
  /// each call: most shapes never need it.
  public var bounds: Rect? { path.bounds }
  /// How the node answers hit tests when not simply where it paints (`pointer-events`,
  /// hidden shapes); nil for a visible shape hit where it paints. See ``resolvedHitArea``.
  public var hitArea: HitArea?

  public init(source: NodeID?, path: Path) {
    self.source = source
    self.path = path
  }
}

public enum PaintOrder: Sendable, Hashable {
  case fillThenStroke
  case strokeThenFill
}

/// A raster or SVG image placed in a viewport rectangle.
public struct ImageNode: Sendable {
  public enum Content: Sendable {
    case raster(Bitmap)
    case svg(RenderTree)
  }

  public var source: NodeID?
  /// The image's viewport (`x`, `y`, `width`, `height`) in the parent's user space.
  public var viewport: Rect
  /// Maps the image's own space (pixels, or the SVG's size) into the viewport.
  public var contentTransform: Transform
  /// Clip to the viewport (everything but `preserveAspectRatio` slice keeps inside anyway).
  public var clip: Rect?
  public var content: Content
  /// `image-rendering: pixelated`/`optimizeSpeed`: nearest-neighbour scaling.
  public var smooth = true

  public init(source: NodeID?, viewport: Rect, contentTransform: Transform, content: Content) {
    self.source = source
    self.viewport = viewport
    self.contentTransform = contentTransform
    self.content = content
  }
}

/// `mix-blend-mode` values: the separable and non-separable CSS blend modes, and
/// `plus-lighter` (CSS Compositing 2), each drawn with the cairo operator of that name.
public enum BlendMode: String, Sendable, CaseIterable {
  case normal, multiply, screen, overlay, darken, lighten
  case colorDodge = "color-dodge", colorBurn = "color-burn", hardLight = "hard-light"
  case softLight = "soft-light", difference, exclusion, hue, saturation, color, luminosity
  case plusLighter = "plus-lighter"
}
