import SVGGeometry
import SVGTree

/// How the inside of a shape is painted.
public struct Fill: Sendable {
  public var paint: RenderPaint
  public var opacity: Double = 1
  public var rule: FillRule = .nonZero

  public init(paint: RenderPaint, opacity: Double = 1, rule: FillRule = .nonZero) {
    self.paint = paint
    self.opacity = opacity
    self.rule = rule
  }
}

/// How the outline of a shape is painted.
public struct Stroke: Sendable {
  public enum LineCap: Sendable { case butt, round, square }
  public enum LineJoin: Sendable { case miter, miterClip, round, bevel, arcs }

  public var paint: RenderPaint
  public var opacity: Double = 1
  public var width: Double = 1
  public var cap: LineCap = .butt
  public var join: LineJoin = .miter
  public var miterLimit: Double = 4
  /// Dash lengths (already doubled when the list had an odd count); nil for a solid line.
  public var dashes: [Double]?
  public var dashOffset: Double = 0
  /// `vector-effect: non-scaling-stroke`: the width is in document pixels whatever the
  /// element's transform.
  public var nonScaling = false

  public init(paint: RenderPaint) { self.paint = paint }
}

/// A resolved paint: a colour or a paint server with every unit already in user space.
///
/// Gradients are boxed (`indirect`): a paint, and so every ``Fill`` and ``Stroke``, is the
/// size of a colour, not of a gradient's points and transform.
public enum RenderPaint: Sendable {
  case color(Color)
  indirect case linearGradient(LinearGradient)
  indirect case radialGradient(RadialGradient)
  case pattern(Pattern)
}

public struct GradientStop: Sendable, Hashable {
  public var offset: Double
  /// The stop colour with `stop-opacity` folded into its alpha.
  public var color: Color

  public init(offset: Double, color: Color) {
    self.offset = offset
    self.color = color
  }
}

public enum SpreadMethod: Sendable, Hashable { case pad, reflect, repeating }

/// A linear gradient in the painted element's user space.
public struct LinearGradient: Sendable {
  public var start: Point
  public var end: Point
  /// gradientTransform, with the bounding-box mapping folded in for objectBoundingBox units.
  public var transform: Transform
  public var spread: SpreadMethod
  public var stops: [GradientStop]
}

/// A radial gradient in the painted element's user space (centre, radius, focal point and
/// focal radius).
public struct RadialGradient: Sendable {
  public var center: Point
  public var radius: Double
  public var focus: Point
  public var focalRadius: Double
  public var transform: Transform
  public var spread: SpreadMethod
  public var stops: [GradientStop]
}

/// A pattern tile in the painted element's user space.
public final class Pattern: Sendable {
  /// The tile rectangle, in pattern space.
  public let tile: Rect
  /// patternTransform (and the bounding-box mapping for objectBoundingBox units).
  public let transform: Transform
  /// The tile's content, in pattern space (viewBox and contentUnits applied).
  public let content: Group

  public init(tile: Rect, transform: Transform, content: Group) {
    self.tile = tile
    self.transform = transform
    self.content = content
  }
}

/// A clipping path: its children's shapes (filled with their clip-rule) form the clip region.
public final class ClipPath: Sendable {
  /// clipPath's own transform, with the bounding-box mapping for objectBoundingBox units.
  public let transform: Transform
  /// A clip-path on the clipPath element itself: the two regions intersect.
  public let clipPath: ClipPath?
  public let children: [RenderNode]

  public init(transform: Transform, clipPath: ClipPath?, children: [RenderNode]) {
    self.transform = transform
    self.clipPath = clipPath
    self.children = children
  }
}

/// A mask: its content's luminance (or alpha) times the masked layer.
public final class Mask: Sendable {
  public enum Kind: Sendable { case luminance, alpha }
  /// The mask region in the masked element's user space; nothing outside it shows.
  public let region: Rect
  public let kind: Kind
  /// The mask content in the masked element's user space (contentUnits applied).
  public let content: Group
  /// A mask on the mask element itself.
  public let mask: Mask?

  public init(region: Rect, kind: Kind, content: Group, mask: Mask?) {
    self.region = region
    self.kind = kind
    self.content = content
    self.mask = mask
  }
}
